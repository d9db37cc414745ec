/* The object check of the host-code exercises; see hostobj.h. The line a
 * finding is reported at comes from the one lexer (c_lexer.h). */
#include "hostobj.h"

#include <ctype.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_lexer.h"
#include "util.h"

/* nvcc's own constructor: registers the file's kernels with the runtime. */
static const char nvcc_register[] = "_ZL24__sti____cudaRegisterAllv";

/* What the learner's host code may call, besides the CUDA runtime API. */
static const char *const allowed_calls[] = {
        /* the C++ runtime that ordinary C++ needs */
        "__cxa_guard_acquire", "__cxa_guard_release", "__cxa_guard_abort", "_Unwind_Resume",
        "__gxx_personality_v0", "__cxa_begin_catch", "__cxa_end_catch", "__cxa_rethrow",
        "__cxa_allocate_exception", "__cxa_free_exception", "__cxa_throw", "__cxa_pure_virtual",
        "_ZSt9terminatev", "__stack_chk_fail", "_Znwm", "_Znam", "_ZdlPv", "_ZdaPv", "_ZdlPvm",
        "_ZdaPvm", "_ZnwmRKSt9nothrow_t", "_ZnamRKSt9nothrow_t",
        "_ZNSt6chrono3_V212steady_clock3nowEv", "_ZNSt6chrono3_V212system_clock3nowEv",
        /* memory, strings, printing */
        "malloc", "calloc", "realloc", "free", "aligned_alloc", "posix_memalign", "memset",
        "memcpy", "memmove", "memcmp", "strlen", "strcmp", "strncmp", "printf", "fprintf", "puts",
        "putchar", "fputs", "fputc", "fwrite", "fflush", "stdout", "stderr", "snprintf", "sprintf",
        "__printf_chk", "__fprintf_chk", "__sprintf_chk", "__snprintf_chk", "__memcpy_chk",
        "__memset_chk", "__memmove_chk", "abort", "abs", "labs", "llabs", "qsort", "rand", "srand",
        "__assert_fail",
        /* maths */
        "sqrt", "sqrtf", "exp", "expf", "log", "logf", "pow", "powf", "fabs", "fabsf", "fma",
        "fmaf", "floor", "floorf", "ceil", "ceilf", "sin", "sinf", "cos", "cosf", "tanh", "tanhf",
        "fmin", "fminf", "fmax", "fmaxf", "round", "roundf", "ldexp", "ldexpf", "frexp", "frexpf",
        "exp2", "exp2f", "log2", "log2f", "erf", "erff", NULL};

/* Runtime API calls that hand out driver functions or patch the process. */
static const char *const refused_cuda[] = {"cudaGetDriverEntryPoint",
                                           "cudaGetDriverEntryPointByVersion", NULL};

static bool in_list(const char *name, const char *const *list)
{
	for (; *list; ++list)
		if (!strcmp(name, *list))
			return true;
	return false;
}

static bool call_allowed(const char *name)
{
	if (!strncmp(name, "cuda", 4))
		return !in_list(name, refused_cuda);
	if (!strncmp(name, "__cuda", 6)) /* nvcc's registration and launch calls */
		return true;
	if (!strncmp(name, "_ZSt", 4) && strstr(name, "__throw_")) /* std's throw helpers */
		return true;
	return in_list(name, allowed_calls);
}

/* Names that are the judge's, the toolkit's or the libraries'. */
static bool reserved_word(const char *w, size_t len)
{
	static const char *const prefixes[] = {"cj_",   "CJ_", "cuda", "__cuda", "__nv",
	                                       "__gnu", "std", "main", NULL};
	for (const char *const *p = prefixes; *p; ++p) {
		size_t n = strlen(*p);
		if (len >= n && !strncmp(w, *p, n))
			return !strcmp(*p, "main") ? len == 4 : true;
	}
	return len > 2 && w[0] == 'c' && w[1] == 'u' && isupper((unsigned char)w[2]); /* cuXxx */
}

/* A global definition the learner's file may make: a C++ (mangled) name
 * whose first component is not reserved, nor a replacement of a global
 * operator (new, delete). `weak`: inline and template code, which std's
 * headers instantiate in every file that uses them. On a refusal `word`
 * gets the identifier to look for. */
static bool definition_allowed(const char *name, bool weak, char *word, size_t wlen)
{
	snprintf(word, wlen, "%s", name);
	if (!strncmp(name, "DW.ref.", 7)) /* the exception personality's pointer */
		return true;
	if (strncmp(name, "_Z", 2))
		return false; /* extern "C": would replace a C library or runtime function */
	const char *s = name + 2;
	if (!strncmp(s, "TV", 2) || !strncmp(s, "TI", 2) || !strncmp(s, "TS", 2) ||
	    !strncmp(s, "GV", 2))
		s += 2;
	while (*s == 'Z' || *s == 'N' || *s == 'K' || *s == 'L')
		++s;
	if (*s == 'S') /* std:: and its abbreviations */
		return weak;
	if (!isdigit((unsigned char)*s))
		return false; /* a global operator */
	size_t len = strtoul(s, (char **)&s, 10);
	if (strlen(s) < len)
		return false;
	snprintf(word, wlen, "%.*s", (int)len, s);
	return !reserved_word(s, len);
}

struct elf {
	const unsigned char *data;
	size_t size;
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *sh;
	const char *shstr;
};

static const Elf64_Shdr *section(const struct elf *e, size_t i)
{
	return i < e->eh->e_shnum ? &e->sh[i] : NULL;
}

static bool in_file(const struct elf *e, const Elf64_Shdr *s)
{
	return s->sh_type == SHT_NOBITS ||
	       (s->sh_offset <= e->size && s->sh_size <= e->size - s->sh_offset);
}

static const char *sec_name(const struct elf *e, const Elf64_Shdr *s)
{
	return s->sh_name < e->sh[e->eh->e_shstrndx].sh_size ? e->shstr + s->sh_name : "";
}

/* The name of symbol `i` of symbol table `symtab`; a section symbol is
 * named by its section. */
static const char *sym_name(const struct elf *e, const Elf64_Shdr *symtab, size_t i,
                            const Elf64_Sym **out)
{
	if (i >= symtab->sh_size / sizeof(Elf64_Sym))
		return "";
	const Elf64_Sym *sym = (const Elf64_Sym *)(e->data + symtab->sh_offset) + i;
	*out = sym;
	if (ELF64_ST_TYPE(sym->st_info) == STT_SECTION) {
		const Elf64_Shdr *s = section(e, sym->st_shndx);
		return s ? sec_name(e, s) : "";
	}
	const Elf64_Shdr *str = section(e, symtab->sh_link);
	if (!str || !in_file(e, str) || sym->st_name >= str->sh_size)
		return "";
	return (const char *)e->data + str->sh_offset + sym->st_name;
}

/* The function a section of -ffunction-sections holds: ".text.startup.F" -> F. */
static const char *function_of_section(const char *sec)
{
	static const char *const kinds[] = {".text.startup.", ".text.unlikely.", ".text.hot.",
	                                    ".text.exit.",    ".text.",          NULL};
	for (const char *const *k = kinds; *k; ++k)
		if (!strncmp(sec, *k, strlen(*k)))
			return sec + strlen(*k);
	return sec;
}

static bool refuse(struct hostobj_result *out, enum hostobj_finding f, const char *name,
                   const char *word)
{
	out->finding = f;
	snprintf(out->name, sizeof out->name, "%s", name);
	snprintf(out->word, sizeof out->word, "%s", word ? word : "");
	return false;
}

static bool check_elf(const struct elf *e, struct hostobj_result *out)
{
	const Elf64_Shdr *symtab = NULL;
	for (size_t i = 0; i < e->eh->e_shnum; ++i)
		if (e->sh[i].sh_type == SHT_SYMTAB && in_file(e, &e->sh[i]))
			symtab = &e->sh[i];
	if (!symtab)
		return refuse(out, HOSTOBJ_UNREADABLE, "no symbol table", NULL);
	for (size_t i = 0; i < e->eh->e_shnum; ++i) {
		const Elf64_Shdr *s = &e->sh[i];
		const char *name = sec_name(e, s);
		bool exit_table = s->sh_type == SHT_FINI_ARRAY || s->sh_type == SHT_PREINIT_ARRAY ||
		                  !strncmp(name, ".fini_array", 11) ||
		                  !strncmp(name, ".preinit_array", 14) ||
		                  !strncmp(name, ".ctors", 6) || !strncmp(name, ".dtors", 6);
		if (exit_table && s->sh_size > 0)
			return refuse(out, HOSTOBJ_EXIT_TABLE, name, NULL);
		if (s->sh_type != SHT_RELA || !in_file(e, s))
			continue;
		const Elf64_Shdr *target = section(e, s->sh_info);
		const char *tname = target ? sec_name(e, target) : "";
		bool startup = (target && target->sh_type == SHT_INIT_ARRAY) ||
		               !strncmp(tname, ".init_array", 11);
		const char *fn = function_of_section(tname);
		const Elf64_Rela *r = (const Elf64_Rela *)(e->data + s->sh_offset);
		for (size_t k = 0; k < s->sh_size / sizeof *r; ++k) {
			const Elf64_Sym *sym = NULL;
			const char *sn = sym_name(e, symtab, ELF64_R_SYM(r[k].r_info), &sym);
			if (startup) {
				/* nvcc's registration, in a section of its own */
				const char *f = function_of_section(sn);
				if (strcmp(f, nvcc_register)) {
					/* _GLOBAL__sub_I_*: the file's dynamic initialisation */
					char word[96] = "";
					if (strncmp(f, "_GLOBAL_", 8))
						definition_allowed(f, false, word, sizeof word);
					return refuse(out, HOSTOBJ_STARTUP, word, word);
				}
				continue;
			}
			if (!sym || sym->st_shndx != SHN_UNDEF ||
			    ELF64_ST_TYPE(sym->st_info) == STT_SECTION || !*sn)
				continue;
			if (!strcmp(sn, "atexit") && !strcmp(fn, nvcc_register))
				continue; /* nvcc's registration unregisters at exit */
			if (!call_allowed(sn))
				return refuse(out, HOSTOBJ_CALL, sn, sn);
		}
	}
	/* Undefined symbols no relocation names, and every definition. */
	size_t n = symtab->sh_size / sizeof(Elf64_Sym);
	for (size_t i = 1; i < n; ++i) {
		const Elf64_Sym *sym = NULL;
		const char *sn = sym_name(e, symtab, i, &sym);
		int bind = ELF64_ST_BIND(sym->st_info), type = ELF64_ST_TYPE(sym->st_info);
		if (bind == STB_LOCAL || type == STT_SECTION || type == STT_FILE || !*sn)
			continue;
		if (sym->st_shndx == SHN_UNDEF) {
			if (!call_allowed(sn) && strcmp(sn, "atexit"))
				return refuse(out, HOSTOBJ_CALL, sn, sn);
			continue;
		}
		char word[96];
		if (!definition_allowed(sn, bind == STB_WEAK, word, sizeof word))
			return refuse(out, HOSTOBJ_DEFINITION, sn, word);
	}
	return true;
}

bool hostobj_check(const char *path, struct hostobj_result *out)
{
	memset(out, 0, sizeof *out);
	size_t size = 0;
	char *data = read_file(path, &size);
	struct elf e = {(const unsigned char *)data, size, (const Elf64_Ehdr *)data, NULL, NULL};
	bool ok = data && size >= sizeof(Elf64_Ehdr) && !memcmp(data, ELFMAG, SELFMAG) &&
	          e.eh->e_ident[EI_CLASS] == ELFCLASS64 && e.eh->e_type == ET_REL &&
	          e.eh->e_shentsize == sizeof(Elf64_Shdr) && e.eh->e_shoff <= size &&
	          (size - e.eh->e_shoff) / sizeof(Elf64_Shdr) >= e.eh->e_shnum &&
	          e.eh->e_shstrndx < e.eh->e_shnum;
	if (ok) {
		e.sh = (const Elf64_Shdr *)(e.data + e.eh->e_shoff);
		ok = in_file(&e, &e.sh[e.eh->e_shstrndx]);
	}
	if (!ok) {
		free(data);
		return refuse(out, HOSTOBJ_UNREADABLE, path, NULL);
	}
	e.shstr = (const char *)e.data + e.sh[e.eh->e_shstrndx].sh_offset;
	ok = check_elf(&e, out);
	free(data);
	return ok;
}

int hostobj_line_of(const char *source, const char *word)
{
	char *text = read_file(source, NULL);
	int line = text ? c_first_identifier_line(text, word) : 0;
	free(text);
	return line;
}
