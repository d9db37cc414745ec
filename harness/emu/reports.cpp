/*
 * The words of the emulator's reports (deadlocks, partial warps, faults,
 * endless loops): the language, the names of threads, blocks and places,
 * and fail(), which hands a report to the engine and ends the program.
 */
#include "internal.h"

namespace cj_emu
{

/* ---- reports ----------------------------------------------------------- */

/* The language of the reports: Chinese when CJ_LANG is "zh" (the engine sets
 * it for the test binary, see spawn_test in harness/engine/judge.c), else
 * English. Read once, in start_emulator(), before any fiber, the watchdog or
 * the signal handler can need it. */
int report_lang = -1; /* -1 unknown, 0 English, 1 Chinese */

bool zh_reports()
{
	if (report_lang < 0) {
		const char *l = std::getenv("CJ_LANG");
		report_lang = l && std::strcmp(l, "zh") == 0;
	}
	return report_lang == 1;
}

/* printf into a string, for a report whose format is an L() pair (the
 * compiler checks both branches against the arguments). */
__attribute__((format(printf, 1, 2))) std::string fmt(const char *format, ...)
{
	va_list ap, again;
	va_start(ap, format);
	va_copy(again, ap);
	int n = std::vsnprintf(nullptr, 0, format, ap);
	va_end(ap);
	std::string s(n > 0 ? (size_t)n : 0, '\0');
	if (n > 0)
		std::vsnprintf(&s[0], (size_t)n + 1, format, again);
	va_end(again);
	return s;
}

/* Between two parts of a list: "; " or "；". */
const char *semi()
{
	return zh_reports() ? "；" : "; ";
}

/* The file a report has named already: later places in it say only "line N". */
const char *named_file;

std::string where(const char *file, int line)
{
	if (named_file && std::strcmp(named_file, file) == 0)
		return zh_reports() ? "第 " + std::to_string(line) + " 行"
		                    : "line " + std::to_string(line);
	named_file = file;
	return std::string(file) + ":" + std::to_string(line);
}

std::string at_place(const std::string &place)
{
	return place.empty() ? std::string() : fmt(L(" at %s", "（位于 %s）"), place.c_str());
}

namespace
{

/* The names of threads and blocks, written into a buffer without a library
 * call: races.cpp renames a detector fiber whenever another CUDA thread last
 * used it, which happens at nearly every resume, and string building through
 * the race detector's interceptors cost a quarter of a run. */
struct name_writer {
	char *at, *end;
	void put(const char *s)
	{
		while (*s && at < end)
			*at++ = *s++;
	}
	void num(unsigned v)
	{
		char digits[12];
		int n = 0;
		do
			digits[n++] = (char)('0' + v % 10);
		while (v /= 10);
		while (n && at < end)
			*at++ = digits[--n];
	}
	/* "7", or "(7,1,0)" when `three` */
	void index(const uint3 &v, bool three)
	{
		if (!three) {
			num(v.x);
			return;
		}
		put("(");
		num(v.x);
		put(",");
		num(v.y);
		put(",");
		num(v.z);
		put(")");
	}
	void block()
	{
		put("block ");
		index(Bp->block, Bp->grid_dim.y > 1 || Bp->grid_dim.z > 1);
	}
	void thread(int linear)
	{
		put(L("thread ", "线程 "));
		index(Bp->fibers[linear].tid, Bp->block_dim.y > 1 || Bp->block_dim.z > 1);
	}
};

} // namespace

std::string block_name()
{
	char name[48];
	name_writer w{name, name + sizeof name - 1};
	w.block();
	*w.at = '\0';
	return name;
}

void write_who(char *name, size_t size, int linear)
{
	name_writer w{name, name + size - 1};
	if (zh_reports()) {
		w.block();
		w.put(" 的");
		w.thread(linear);
	} else {
		w.thread(linear);
		w.put(" of ");
		w.block();
	}
	*w.at = '\0';
}

std::string who(int linear)
{
	char name[96];
	write_who(name, sizeof name, linear);
	return name;
}

/* "0-15, 32-47" */
std::string ranges(const std::vector<int> &ids)
{
	std::string s;
	int shown = 0;
	for (size_t i = 0; i < ids.size(); ++i) {
		size_t j = i;
		while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1)
			++j;
		if (shown++ == 6) {
			s += ", ...";
			break;
		}
		s += (s.empty() ? "" : ", ") + std::to_string(ids[i]);
		if (j > i)
			s += "-" + std::to_string(ids[j]);
		i = j;
	}
	return s;
}

const char *op_name(op_kind op)
{
	switch (op) {
	case OP_SHFL_IDX:
		return "__shfl_sync";
	case OP_SHFL_UP:
		return "__shfl_up_sync";
	case OP_SHFL_DOWN:
		return "__shfl_down_sync";
	case OP_SHFL_XOR:
		return "__shfl_xor_sync";
	case OP_ALL:
		return "__all_sync";
	case OP_ANY:
		return "__any_sync";
	case OP_BALLOT:
		return "__ballot_sync";
	case OP_SYNCWARP:
		return "__syncwarp";
	case OP_MATCH_ANY:
		return "__match_any_sync";
	case OP_ACTIVEMASK:
		return "__activemask";
	}
	return L("a warp operation", "某个 warp 操作");
}

/* What a waiting or finished thread is doing, for reports; `one`: said of a
 * single thread ("thread 0 has exited", "threads 1-31 have exited"). */
std::string doing(const fiber &f, bool one)
{
	switch (f.st) {
	case EXITED:
		return one ? L("has exited", "已经退出") : L("have exited", "都已经退出");
	case AT_BARRIER:
		return (one ? L("waits at __syncthreads() ", "在 __syncthreads() 处等待，")
		            : L("wait at __syncthreads() ", "都在 __syncthreads() 处等待，")) +
		       where(f.file, f.line);
	case AT_GRID_BARRIER:
		return (one ? L("waits at grid.sync() ", "在 grid.sync() 处等待，")
		            : L("wait at grid.sync() ", "都在 grid.sync() 处等待，")) +
		       where(f.file, f.line);
	case IN_COLLECTIVE:
		return (one ? L("waits in ", "在 ") : L("wait in ", "都在 ")) +
		       std::string(op_name(f.op)) + L(" ", " 中等待，") + where(f.file, f.line);
	default:
		return one ? L("is still running", "仍在运行")
		           : L("are still running", "都仍在运行");
	}
}

/* Groups threads by what they do: "threads 0-15 wait at ...; threads 16-31 have exited". */
std::string census(const std::vector<int> &ids, const fiber *fibers)
{
	if (!fibers)
		fibers = Bp->fibers;
	/* Grouped by the full description; worded with where()'s short form. */
	const char *named = named_file;
	named_file = nullptr;
	std::vector<std::pair<std::string, std::vector<int>>> groups;
	for (int id : ids) {
		std::string d = doing(fibers[id], false); /* the grouping key */
		named_file = nullptr;
		auto it = std::find_if(groups.begin(), groups.end(),
		                       [&](const auto &g) { return g.first == d; });
		if (it == groups.end())
			groups.push_back({d, {id}});
		else
			it->second.push_back(id);
	}
	named_file = named;
	std::string s;
	for (auto &g : groups) {
		s += (s.empty() ? "" : semi()) +
		     std::string(g.second.size() > 1 ? L("threads ", "线程 ")
		                                     : L("thread ", "线程 ")) +
		     ranges(g.second);
		s += " " + doing(fibers[g.second.front()], g.second.size() == 1);
	}
	return s;
}

std::string bytes_text(size_t bytes)
{
	static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
	if (bytes < 1024)
		return fmt(bytes == 1 ? L("%zu byte", "%zu 字节") : L("%zu bytes", "%zu 字节"),
		           bytes);
	double v = (double)bytes / 1024;
	int u = 0;
	while (v >= 1024 && u < 3)
		v /= 1024, ++u;
	return v == (double)(size_t)v ? fmt("%zu %s", (size_t)v, units[u])
	                              : fmt("%.1f %s", v, units[u]);
}

[[noreturn]] void fail(int code, const std::string &text)
{
	std::fflush(nullptr);
	/* Byte by byte through a volatile pointer: no intercepted library call
	 * that the race detector would see (the watchdog thread calls this too). */
	if (cj_error_sink && cj_error_sink_len) {
		volatile char *sink = cj_error_sink;
		size_t n = std::min(text.size(), cj_error_sink_len - 1);
		/* cut before a whole UTF-8 character, never inside one */
		while (n < text.size() && n > 0 && (text[n] & 0xc0) == 0x80)
			--n;
		for (size_t i = 0; i < n; ++i)
			sink[i] = text[i];
		sink[n] = '\0';
	}
	if (cj_current_case)
		cj_current_case->state = CJ_CASE_FAILED;
	_exit(code);
}

} // namespace cj_emu
