/* The one YAML document of a configuration file; see yaml_doc.h. */
#include "config/yaml_doc.h"

#include "util.h"

static void failed(const yaml_parser_t *parser, struct yaml_doc_failure *f)
{
	*f = (struct yaml_doc_failure){.error = parser->error,
	                               .problem = parser->problem,
	                               .context = parser->context,
	                               .mark = parser->problem_mark,
	                               .offset = parser->problem_offset};
}

static enum yaml_doc_result load(const char *text, size_t len, yaml_document_t *doc,
                                 struct yaml_doc_failure *failure)
{
	yaml_parser_t parser;
	if (!yaml_parser_initialize(&parser))
		die("cannot initialise the YAML parser");
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	enum yaml_doc_result r = YAML_DOC_OK;
	yaml_document_t extra;
	if (!yaml_parser_load(&parser, doc)) {
		failed(&parser, failure);
		r = YAML_DOC_MALFORMED;
	} else if (!yaml_parser_load(&parser, &extra)) {
		failed(&parser, failure);
		yaml_document_delete(doc);
		r = YAML_DOC_MALFORMED;
	} else {
		if (yaml_document_get_root_node(&extra)) {
			failure->mark = extra.start_mark;
			yaml_document_delete(doc);
			r = YAML_DOC_SECOND;
		}
		yaml_document_delete(&extra);
	}
	yaml_parser_delete(&parser);
	return r;
}

enum yaml_doc_result yaml_doc_walk(const char *text, size_t len, yaml_document_t *doc, jmp_buf fail,
                                   void (*walk)(void *ctx, yaml_node_t *root), void *ctx,
                                   struct yaml_doc_failure *failure)
{
	enum yaml_doc_result r = load(text, len, doc, failure);
	if (r != YAML_DOC_OK)
		return r;
	if (setjmp(fail)) {
		yaml_document_delete(doc);
		return YAML_DOC_REFUSED;
	}
	walk(ctx, yaml_document_get_root_node(doc));
	yaml_document_delete(doc);
	return YAML_DOC_OK;
}
