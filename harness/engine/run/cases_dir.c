/* The cases kept in a folder; see cases_dir.h.
 *
 * A file holds a head (what it is, for which key), the case table as
 * make_cases left it (its pointers replaced on reading), each buffer's place
 * in the case file, then each buffer's bytes in order: an input's (or in-out
 * buffer's) contents, its golden output, its tolerance scale. Outputs are
 * not kept: case_set_prepare poisons them before every run. The bytes are
 * written, and the inputs read back into the case file, in pieces of 8 MiB
 * on every core; the golden outputs and scales are read where they lie in
 * the file's mapping. */
#include "run/cases_dir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backends/backend.h"
#include "parallel.h"
#include "util.h"

#define CASES_FILE_MAGIC "cjcases"
#define CASES_FILE_VERSION 1u
#define PIECE_BYTES ((int64_t)8 << 20)

struct file_head {
	char magic[8];
	uint32_t version;
	uint32_t n;
	uint64_t used;
	uint64_t inputs_hash;
	uint64_t bytes; /* the whole file */
	uint32_t int_poison;
	uint32_t pad;
	char key[sizeof((struct cases_key *)0)->name];
};

const char *cases_from_name(enum cases_from from)
{
	return from == CASES_KEPT ? "kept" : from == CASES_SAVED ? "saved" : "made";
}

bool cases_may_be_kept(unsigned backend_supports, bool prebuilt)
{
	return (backend_supports & BACKEND_NO_HOST_CODE) || prebuilt;
}

void cases_key_make(struct cases_key *k, const char *id, int64_t perf_n, uint64_t seed, bool timed,
                    bool emulated)
{
	/* The engine that made them: another build may make other cases. */
	struct stat st;
	unsigned long long engine = 0;
	if (stat("/proc/self/exe", &st) == 0)
		engine = (unsigned long long)st.st_size * 1000003ull ^
		         (unsigned long long)st.st_mtim.tv_sec * 1000000000ull ^
		         (unsigned long long)st.st_mtim.tv_nsec;
	snprintf(k->name, sizeof k->name, "%.60s-n%lld-s%llu-%s%s-e%llx", id, (long long)perf_n,
	         (unsigned long long)seed, timed ? "timed" : "untimed", emulated ? "-emu" : "",
	         engine);
}

static char *path_of(const char *dir, const struct cases_key *k, const char *ext)
{
	return xasprintf("%s/%s.%s", dir, k->name, ext);
}

int cases_dir_lock(const char *dir, const struct cases_key *k)
{
	char *path = path_of(dir, k, "lock");
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	free(path);
	if (fd < 0)
		return -1;
	while (flock(fd, LOCK_EX) != 0)
		if (errno != EINTR) {
			close(fd);
			return -1;
		}
	return fd;
}

void cases_dir_unlock(int lock)
{
	if (lock >= 0)
		close(lock); /* drops the flock */
}

/* One buffer's bytes between the file and memory, in pieces on every core. */
struct moving {
	int fd;
	uint8_t *mem;
	off_t at; /* in the file */
	bool writing;
	bool failed; /* any piece: written by the pieces, read after */
};

static void move_piece(void *ctx, int64_t lo, int64_t hi)
{
	struct moving *m = ctx;
	while (lo < hi) {
		ssize_t n = m->writing ? pwrite(m->fd, m->mem + lo, (size_t)(hi - lo), m->at + lo)
		                       : pread(m->fd, m->mem + lo, (size_t)(hi - lo), m->at + lo);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			__atomic_store_n(&m->failed, true, __ATOMIC_RELAXED);
			return;
		}
		lo += n;
	}
}

/* Moves len bytes at file offset *at; moves *at on. False on a short move. */
static bool move_bytes(int fd, void *mem, uint64_t len, off_t *at, bool writing)
{
	struct moving m = {fd, mem, *at, writing, false};
	parallel_chunks((int64_t)len, PIECE_BYTES, move_piece, &m);
	*at += (off_t)len;
	return !m.failed;
}

static uint64_t data_bytes(const struct jbuf *b)
{
	return b->count * CJ_ELEM_SIZE;
}

/* The bytes of every buffer of set, in the file's order (NULL mem for those
 * a file without them skips): what move_all moves. */
static uint64_t blob_bytes(const struct case_set *set)
{
	uint64_t n = 0;
	for (int i = 0; i < set->n; ++i)
		for (int b = 0; b < set->cases[i].nbuf; ++b) {
			const struct jbuf *jb = &set->cases[i].buf[b];
			if (jb->role != CJ_OUT)
				n += data_bytes(jb);
			if (jb->expect)
				n += data_bytes(jb);
			if (jb->scale)
				n += jb->count * sizeof *jb->scale;
		}
	return n;
}

static bool move_all(int fd, const struct case_set *set, off_t at, bool writing)
{
	for (int i = 0; i < set->n; ++i)
		for (int b = 0; b < set->cases[i].nbuf; ++b) {
			const struct jbuf *jb = &set->cases[i].buf[b];
			if (jb->role != CJ_OUT &&
			    !move_bytes(fd, jb->data, data_bytes(jb), &at, writing))
				return false;
			if (jb->expect && !move_bytes(fd, jb->expect, data_bytes(jb), &at, writing))
				return false;
			if (jb->scale &&
			    !move_bytes(fd, jb->scale, jb->count * sizeof *jb->scale, &at, writing))
				return false;
		}
	return true;
}

static size_t table_bytes(uint32_t n)
{
	return n * (sizeof(struct jcase) + CJ_MAX_BUFS * sizeof(uint64_t));
}

bool cases_dir_save(const char *dir, const struct cases_key *k, const struct case_set *set,
                    uint64_t inputs_hash, char *err, size_t errlen)
{
	struct file_head head = {.version = CASES_FILE_VERSION,
	                         .n = (uint32_t)set->n,
	                         .used = set->used,
	                         .inputs_hash = inputs_hash,
	                         .int_poison = set->int_poison};
	memcpy(head.magic, CASES_FILE_MAGIC, sizeof CASES_FILE_MAGIC);
	snprintf(head.key, sizeof head.key, "%s", k->name);
	size_t table = table_bytes(head.n);
	head.bytes = sizeof head + table + blob_bytes(set);
	uint8_t *front = xcalloc(1, sizeof head + table);
	memcpy(front, &head, sizeof head);
	memcpy(front + sizeof head, set->cases, (size_t)set->n * sizeof(struct jcase));
	uint64_t *offsets =
	        (uint64_t *)(front + sizeof head + (size_t)set->n * sizeof(struct jcase));
	for (int i = 0; i < set->n; ++i)
		for (int b = 0; b < set->cases[i].nbuf; ++b)
			offsets[i * CJ_MAX_BUFS + b] =
			        (uint64_t)((uint8_t *)set->cases[i].buf[b].data - set->base);

	char *tmp = xasprintf("%s/%s.%ld.part", dir, k->name, (long)getpid());
	char *path = path_of(dir, k, "cases");
	bool ok = false;
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
	} else {
		off_t at = 0;
		if (ftruncate(fd, (off_t)head.bytes) != 0 ||
		    !move_bytes(fd, front, sizeof head + table, &at, true) ||
		    !move_all(fd, set, at, true))
			snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		else if (close(fd) != 0)
			snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		else if (fd = -1, rename(tmp, path) != 0)
			snprintf(err, errlen, "cannot rename %s: %s", tmp, strerror(errno));
		else
			ok = true;
		if (fd >= 0)
			close(fd);
		if (!ok)
			unlink(tmp);
	}
	free(front);
	free(tmp);
	free(path);
	return ok;
}

/* The inputs' bytes (and in-out buffers') from the file into the case file;
 * the golden outputs and scales stay in the file's mapping, where set points
 * them. False on a short read or a file that does not fit. */
static bool read_kept(int fd, struct case_set *set, uint64_t at)
{
	for (int i = 0; i < set->n; ++i)
		for (int b = 0; b < set->cases[i].nbuf; ++b) {
			struct jbuf *jb = &set->cases[i].buf[b];
			bool had_expect = jb->expect != NULL, had_scale = jb->scale != NULL;
			if (jb->role != CJ_OUT &&
			    !move_bytes(fd, jb->data, data_bytes(jb), &(off_t){(off_t)at}, false))
				return false;
			if (jb->role != CJ_OUT)
				at += data_bytes(jb);
			jb->expect = had_expect ? set->kept + at : NULL;
			at += had_expect ? data_bytes(jb) : 0;
			jb->scale = had_scale ? (double *)(void *)(set->kept + at) : NULL;
			at += had_scale ? jb->count * sizeof *jb->scale : 0;
			if (at > set->kept_len)
				return false;
		}
	return true;
}

bool cases_dir_load(const char *dir, const struct cases_key *k, struct case_set *set,
                    uint64_t *inputs_hash)
{
	char *path = path_of(dir, k, "cases");
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	free(path);
	if (fd < 0)
		return false;
	struct file_head head;
	struct stat st;
	bool ok = fstat(fd, &st) == 0 && (uint64_t)st.st_size >= sizeof head &&
	          pread(fd, &head, sizeof head, 0) == (ssize_t)sizeof head &&
	          !memcmp(head.magic, CASES_FILE_MAGIC, sizeof CASES_FILE_MAGIC) &&
	          head.version == CASES_FILE_VERSION && head.n <= CASES_MAX &&
	          !strncmp(head.key, k->name, sizeof head.key) && head.used <= set->reserved &&
	          (uint64_t)st.st_size == head.bytes &&
	          sizeof head + table_bytes(head.n) <= head.bytes;
	if (ok) {
		/* The golden outputs are read where they lie: a copy of hundreds of
		 * MiB would cost about what making them does. Private: nothing the
		 * engine does can change the file. */
		set->kept = mmap(NULL, head.bytes, PROT_READ, MAP_PRIVATE, fd, 0);
		set->kept_len = head.bytes;
		if (set->kept == MAP_FAILED)
			set->kept = NULL, ok = false;
	}
	if (ok) {
		memcpy(set->cases, set->kept + sizeof head, head.n * sizeof(struct jcase));
		const uint64_t *offsets = (const uint64_t *)(void *)(set->kept + sizeof head +
		                                                     head.n * sizeof(struct jcase));
		set->n = (int)head.n;
		for (int i = 0; i < set->n; ++i) {
			struct jcase *c = &set->cases[i];
			if (c->nbuf < 0 || c->nbuf > CJ_MAX_BUFS)
				c->nbuf = 0, ok = false;
			for (int b = 0; b < c->nbuf; ++b) {
				struct jbuf *jb = &c->buf[b];
				uint64_t off = offsets[i * CJ_MAX_BUFS + b];
				jb->initial = NULL;
				if (off < sizeof(struct cj_wire_header) || off > head.used ||
				    jb->count > (head.used - off) / CJ_ELEM_SIZE)
					ok = false;
				else
					jb->data = set->base + off;
			}
		}
	}
	ok = ok && sizeof head + table_bytes(head.n) + blob_bytes(set) == head.bytes &&
	     read_kept(fd, set, sizeof head + table_bytes(head.n));
	close(fd);
	if (!ok) {
		if (set->kept)
			munmap(set->kept, set->kept_len);
		set->kept = NULL;
		set->kept_len = 0;
		set->n = 0;
		memset(set->cases, 0, sizeof set->cases);
		return false;
	}
	set->used = head.used;
	set->int_poison = (uint8_t)head.int_poison;
	*inputs_hash = head.inputs_hash;
	return true;
}
