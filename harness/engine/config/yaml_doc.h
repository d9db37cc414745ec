/* The one YAML document of a configuration file's text, for its two loaders
 * (problems.yaml: config/catalog.c; a grading policy: config/policy.c):
 * libyaml's parse, what libyaml said when it failed, a second document
 * refused rather than ignored without a word, and the loader's walk of the
 * document, which stops at its first error. Each loader words a failure its
 * own way. */
#ifndef HARNESS_ENGINE_CONFIG_YAML_DOC_H
#define HARNESS_ENGINE_CONFIG_YAML_DOC_H

#include <setjmp.h>
#include <stddef.h>
#include <yaml.h>

enum yaml_doc_result {
	YAML_DOC_OK,        /* *doc holds the document: yaml_document_delete() it */
	YAML_DOC_MALFORMED, /* libyaml could not parse the text */
	YAML_DOC_SECOND,    /* a second document follows, from failure->mark */
	YAML_DOC_REFUSED,   /* the walk found an error (and said it) */
};

struct yaml_doc_failure {
	yaml_error_type_t error;
	const char *problem, *context; /* libyaml's words (string literals), or NULL */
	yaml_mark_t mark;              /* where the problem is, or the second document */
	size_t offset;                 /* a reader error's byte offset: it has no mark */
};

/* Parses text into *doc and, when it is one document, runs walk(ctx, root)
 * (root NULL for an empty text), which stops at an error by longjmp(fail, 1);
 * *doc is deleted after. */
enum yaml_doc_result yaml_doc_walk(const char *text, size_t len, yaml_document_t *doc, jmp_buf fail,
                                   void (*walk)(void *ctx, yaml_node_t *root), void *ctx,
                                   struct yaml_doc_failure *failure);

#endif
