/* The device-only check beside nvcc; see early_check.h. */
#include "build/early_check.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "device_only.h"

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_dev == b->st_dev && a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* Checks the file as it is now; done when it did not change while read. */
static void check_now(struct early_check *c)
{
	struct stat before, after;
	if (stat(c->ii, &before) != 0)
		return;
	char *refusal = device_only_refusal(c->root, c->source, c->ii, &c->entered);
	if (stat(c->ii, &after) == 0 && same_file(&before, &after)) {
		c->refusal = refusal;
		c->seen = before;
		c->done = true;
	} else {
		free(refusal);
		entered_files_free(&c->entered);
	}
}

/* Whether an inotify event in buf[0, n) says ii's name was closed after
 * writing (or moved into place). */
static bool closed_written(const char *buf, ssize_t n, const char *name)
{
	for (ssize_t at = 0; at < n;) {
		const struct inotify_event *e =
		        (const struct inotify_event *)(const void *)(buf + at);
		if (e->len && !strcmp(e->name, name) && (e->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)))
			return true;
		at += (ssize_t)(sizeof *e + e->len);
	}
	return false;
}

static void *watch(void *arg)
{
	struct early_check *c = arg;
	const char *slash = strrchr(c->ii, '/');
	const char *name = slash ? slash + 1 : c->ii;
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	for (;;) {
		struct pollfd fds[2] = {{c->inotify, POLLIN, 0}, {c->wake, POLLIN, 0}};
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return NULL;
		}
		/* the file's event first: one queued before nvcc ended is its file */
		if (!fds[0].revents)
			return NULL; /* nvcc ended first: checked after it */
		ssize_t n = read(c->inotify, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return NULL;
		if (closed_written(buf, n, name)) {
			check_now(c);
			return NULL;
		}
	}
}

void early_check_start(struct early_check *c, const char *root, const char *source, const char *ii)
{
	memset(c, 0, sizeof *c);
	c->root = root;
	c->source = source;
	c->ii = ii;
	c->inotify = c->wake = -1;
	char dir[PATH_MAX];
	const char *slash = strrchr(ii, '/');
	if (!slash || (size_t)(slash - ii) >= sizeof dir)
		return;
	memcpy(dir, ii, (size_t)(slash - ii));
	dir[slash - ii] = '\0';
	c->inotify = inotify_init1(IN_CLOEXEC);
	c->wake = eventfd(0, EFD_CLOEXEC);
	if (c->inotify < 0 || c->wake < 0 ||
	    inotify_add_watch(c->inotify, dir, IN_CLOSE_WRITE | IN_MOVED_TO) < 0 ||
	    pthread_create(&c->thread, NULL, watch, c) != 0) {
		if (c->inotify >= 0)
			close(c->inotify);
		if (c->wake >= 0)
			close(c->wake);
		c->inotify = c->wake = -1;
		return;
	}
	c->started = true;
}

char *early_check_finish(struct early_check *c, bool built, struct entered_files *entered)
{
	if (c->started) {
		uint64_t one = 1;
		if (write(c->wake, &one, sizeof one) != (ssize_t)sizeof one) {
			/* cannot happen for an eventfd below its limit; the thread then
			 * ends with the file's event or never: joined all the same */
		}
		pthread_join(c->thread, NULL);
		close(c->inotify);
		close(c->wake);
		c->started = false;
	}
	struct stat now;
	if (c->done && (!built || stat(c->ii, &now) != 0 || !same_file(&now, &c->seen))) {
		free(c->refusal); /* not the file nvcc compiled: checked again */
		c->refusal = NULL;
		entered_files_free(&c->entered);
		c->done = false;
	}
	memset(entered, 0, sizeof *entered);
	if (!built)
		return NULL;
	if (!c->done)
		return device_only_refusal(c->root, c->source, c->ii, entered);
	*entered = c->entered;
	memset(&c->entered, 0, sizeof c->entered);
	return c->refusal;
}
