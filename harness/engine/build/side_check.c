/* A check of the learner's file beside the engine's compile; see side_check.h. */
#include "build/side_check.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "report/lang.h"
#include "report/texts.h"
#include "run/supervise.h"
#include "util.h"

/* What the child writes ahead of its log. */
struct side_record {
	enum build_status status;
	double compile_s, check_s;
	bool host_code, object_refused, cached;
	size_t log_len;
};

static void write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		p += n;
		len -= (size_t)n;
	}
}

bool side_check_started(const struct side_check *side)
{
	return side->pid >= 0 || side->held;
}

void side_check_start(struct side_check *side, side_check_fn *check, void *arg)
{
	side->pid = -1;
	side->held = false;
	int fds[2];
	pid_t pid = -1;
	if (pipe2(fds, O_CLOEXEC) == 0) {
		fflush(NULL); /* nothing buffered is written twice */
		pid = fork();
		if (pid < 0) {
			close(fds[0]);
			close(fds[1]);
		}
	}
	if (pid < 0) {
		check(arg, &side->result);
		side->held = true;
		return;
	}
	if (pid == 0) {
		close(fds[0]);
		prctl(PR_SET_PDEATHSIG, SIGKILL); /* ends with the engine, and nvcc with it */
		struct build_result r;
		check(arg, &r);
		struct side_record rec = {r.status,
		                          r.compile_s,
		                          r.check_s,
		                          r.host_code,
		                          r.object_refused,
		                          r.cached,
		                          r.log ? strlen(r.log) : 0};
		write_all(fds[1], &rec, sizeof rec);
		write_all(fds[1], r.log ? r.log : "", rec.log_len);
		_exit(0);
	}
	close(fds[1]);
	side->pid = pid;
	side->fd = fds[0];
	supervise_spare_child(pid);
}

void side_check_finish(struct side_check *side, struct build_result *res)
{
	memset(res, 0, sizeof *res);
	if (side->held) {
		*res = side->result;
		side->held = false;
		return;
	}
	struct side_record rec;
	struct strbuf got = {0};
	char chunk[8192];
	ssize_t n;
	while ((n = read(side->fd, chunk, sizeof chunk)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		sb_add(&got, chunk, (size_t)n);
	}
	close(side->fd);
	while (waitpid(side->pid, NULL, 0) < 0 && errno == EINTR) {
	}
	supervise_unspare_child(side->pid);
	side->pid = -1;
	side->fd = -1;
	size_t len = got.len;
	char *data = sb_take(&got);
	if (len >= sizeof rec) {
		memcpy(&rec, data, sizeof rec);
		if (rec.log_len == len - sizeof rec) {
			res->status = rec.status;
			res->compile_s = rec.compile_s;
			res->check_s = rec.check_s;
			res->host_code = rec.host_code;
			res->object_refused = rec.object_refused;
			res->cached = rec.cached;
			res->log = xstrdup(data + sizeof rec);
			free(data);
			return;
		}
	}
	free(data);
	res->status = BUILD_TOOL_FAILED;
	res->log = xstrdup(text_of(T_nvcc_check_lost));
}
