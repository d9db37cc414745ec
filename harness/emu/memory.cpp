/*
 * The emulator's device memory: shared memory (the cj_shared section and the
 * dynamic shared array), poisoned before every block so that a read of a slot
 * nothing wrote shows; device buffers, each ending at an inaccessible page;
 * and the fault handler that names the buffer, the element, the thread and
 * the learner's line of an out-of-bounds access.
 */
#include "internal.h"

namespace cj_emu
{

/* Shared memory lies in pages of its own, which fresh_shared_memory() can
 * replace: the dynamic one page-aligned here, the __shared__ variables in
 * the cj_shared section, whose pages shared.ld makes its own; its first
 * bytes are the emulator's, so that the section is there in every program. */
unsigned char dynamic_shared[64 * 1024] __attribute__((aligned(4096)));
__attribute__((section("cj_shared"), aligned(4096), used)) unsigned char static_shared_first[16];

size_t static_shared_bytes()
{
	if (!__start_cj_shared || !cj_shared_end)
		return 0;
	size_t all = (size_t)((uintptr_t)cj_shared_end - (uintptr_t)__start_cj_shared);
	return all > sizeof static_shared_first ? all - sizeof static_shared_first : 0;
}

/* Word by word (not memset, which the race detector would see as the host
 * writing every block's shared memory). */
void poison(unsigned char *p, size_t bytes)
{
	uint32_t word = CJ_EMU_SHARED_POISON;
	for (size_t i = 0; i + 4 <= bytes; i += 4)
		std::memcpy(p + i, &word, 4);
}

namespace
{

/* New pages over [at, at + bytes), whole pages that hold shared memory only:
 * mapped while the race detector ignores this thread, it forgets every
 * access to them (the mapping's interceptor resets their shadow). */
void renew(unsigned char *at, size_t bytes)
{
	__tsan_ignore_thread_begin();
	void *m = mmap(at, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
	               -1, 0);
	__tsan_ignore_thread_end();
	if (m != at)
		fail(CJ_EXIT_CASE_FAILED,
		     L("the emulator could not give a block new shared memory: a judge bug, "
		       "please report it",
		       "模拟器无法为 block 准备新的 shared memory：这是评测程序的 bug，请报告它"));
}

} // namespace

/* Before every block. On a GPU each block has shared memory of its own,
 * which the emulator's one copy stands for in turn: the race detector
 * forgets every access the blocks before made to it, so that they are not
 * this block's to race with and the blocks need no order between them (a
 * block that adds to what another block wrote, without an atomic, races with
 * it). And shared memory nothing wrote reads as SHARED_POISON: a NaN whose
 * payload the engine recognises in the outputs. */
void fresh_shared_memory()
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	/* the section's pages are its own: shared.ld, without which the program
	 * has no cj_shared_end */
	uintptr_t start = (uintptr_t)__start_cj_shared, stop = (uintptr_t)__stop_cj_shared,
	          end = (uintptr_t)cj_shared_end;
	if (!start || !end || start % page || stop % page || stop < end)
		fail(CJ_EXIT_CASE_FAILED,
		     L("the emulator's __shared__ variables are not in pages of their "
		       "own: a judge bug, please report it",
		       "模拟器的 __shared__ 变量没有放在单独的内存页中：这是评测程序的 "
		       "bug，请报告它"));
	if (static_shared_bytes()) {
		/* all of the variables, the emulator's first bytes with them: which
		 * comes first is the link's order */
		renew(__start_cj_shared, stop - start);
		poison(__start_cj_shared, end - start);
	}
	renew(dynamic_shared, sizeof dynamic_shared);
	poison(dynamic_shared, sizeof dynamic_shared);
}

/* ---- memory: every allocation ends at an inaccessible page -------------- */

std::vector<region> regions;

namespace
{

/* The runtime allocates a case's buffers first, in the order of the case
 * record (run_case in run_cases.cu): the k-th allocation of a case whose size
 * is that of buffer k holds that buffer, and reports call it by its name. */
const cj_wire_case *named_case = nullptr;
uint32_t case_allocations = 0;

void name_region(region &r)
{
	r.name[0] = '\0';
	const cj_wire_case *c = cj_current_case;
	if (!c || Bp->running)
		return;
	if (c != named_case) {
		named_case = c;
		case_allocations = 0;
	}
	uint32_t k = case_allocations++;
	if (k < c->nbuf && k < CJ_MAX_BUFS && c->buf[k].count * CJ_ELEM_SIZE == r.bytes) {
		std::memcpy(r.name, c->buf[k].name, sizeof r.name);
		r.name[sizeof r.name - 1] = '\0';
	}
}

} // namespace

/* What precedes harness/ in the name of pc's file (the repository's root as
 * the debug information names it), or "". */
std::string root_of(const void *pc)
{
	char file[512] = "";
	__sanitizer_symbolize_pc(const_cast<void *>(pc), "%s", file, sizeof file);
	const char *h = std::strstr(file, "harness/");
	return h ? std::string(file, (size_t)(h - file)) : std::string();
}

/* The learner's line of the instruction at pc, from the root: the innermost
 * inlined frame that is not the emulator's own headers (an atomic of the shim
 * faults inside it) nor the C++ library's; "" when there is none. The race
 * detector's symbolizer reads the debug information. */
std::string learner_frame(const void *pc, const std::string &root)
{
	char frames[2048] = "";
	__sanitizer_symbolize_pc(const_cast<void *>(pc), "%s:%l", frames, sizeof frames);
	for (const char *f = frames; *f && f < frames + sizeof frames; f += std::strlen(f) + 1) {
		if (std::strstr(f, "harness/emu/") || std::strstr(f, "harness/runtime/") ||
		    std::strstr(f, "/usr/") || !std::strchr(f, ':') || f[0] == '?' ||
		    std::strstr(f, ":0"))
			continue;
		if (!root.empty() && !std::strncmp(f, root.c_str(), root.size()))
			f += root.size();
		return f;
	}
	return "";
}

namespace
{

/* The learner's line of the instruction at pc, for a fault report. */
std::string line_of(const void *pc, const void *frame)
{
	/* The debug information names files as the compiler saw them; reports
	 * name them from the repository, as __FILE__ does (the engine maps it
	 * so): the root is what precedes harness/ in the name of a caller's file
	 * (the glue's kernel, the shim's launch), found up the frame pointers of
	 * the faulting thread's stack. */
	std::string root;
	const fiber *f = Bp->current >= 0 && Bp->running ? &cur() : nullptr;
	uintptr_t low = f ? (uintptr_t)f->stack : 0, high = f ? stack_top(*f) : 0;
	for (int depth = 0; f && depth < 64 && root.empty(); ++depth) {
		uintptr_t at = (uintptr_t)frame;
		if (at < low || at + 16 > high || at % 8)
			break;
		void *const *slots = reinterpret_cast<void *const *>(at);
		root = root_of(static_cast<char *>(slots[1]) - 1);
		frame = slots[0];
	}
	return learner_frame(pc, root);
}

const region *region_near(const void *p)
{
	const unsigned char *a = static_cast<const unsigned char *>(p);
	for (const region &r : regions)
		if (a >= r.map && a < r.map + r.map_bytes)
			return &r;
	return nullptr;
}

} // namespace

void on_fault(int sig, siginfo_t *info, void *uctx)
{
	const unsigned char *a = static_cast<const unsigned char *>(info->si_addr);
	bool write = false;
#if defined(__x86_64__)
	write = (static_cast<ucontext_t *>(uctx)->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#else
	(void)uctx;
#endif
	char text[768];
	std::string by = Bp->current >= 0 && Bp->running
	                         ? who(Bp->current)
	                         : std::string(L("the host code", "主机代码"));
	const region *r = region_near(a);
	std::string line, at, buffer;
	if (r) {
		named_file = nullptr;
		const greg_t *regs = static_cast<ucontext_t *>(uctx)->uc_mcontext.gregs;
		line = line_of(reinterpret_cast<const void *>(regs[REG_RIP]),
		               reinterpret_cast<const void *>(regs[REG_RBP]));
		at = at_place(line);
		buffer = r->name[0] ? fmt(r->bytes == 4 ? L("`%s`, a device buffer of %zu element",
		                                            "device 缓冲区 `%s`（%zu 个元素）")
		                                        : L("`%s`, a device buffer of %zu elements",
		                                            "device 缓冲区 `%s`（%zu 个元素）"),
		                          r->name, r->bytes / 4)
		                    : fmt(L("a device buffer of %zu bytes",
		                            "一个 %zu 字节的 device 缓冲区"),
		                          r->bytes);
	}
	if (r && a >= r->data + r->bytes)
		std::snprintf(
		        text, sizeof text,
		        L("out-of-bounds %s%s by %s: index %zu is past the end of %s (counting "
		          "4-byte elements from 0)",
		          "%s越界%s，由 %s 执行：下标 %zu 超出了 %s 的末尾（按 4 字节元素从 0 "
		          "计数）"),
		        write ? L("write", "写") : L("read", "读"), at.c_str(), by.c_str(),
		        (size_t)(a - r->data) / 4, buffer.c_str());
	else if (r)
		std::snprintf(text, sizeof text,
		              L("out-of-bounds %s%s by %s: %zu bytes before the start of %s (a "
		                "negative index?)",
		                "%s越界%s，由 %s 执行：落在开头之前 %zu 字节处，缓冲区是 "
		                "%s（下标为负？）"),
		              write ? L("write", "写") : L("read", "读"), at.c_str(), by.c_str(),
		              (size_t)(r->data - a), buffer.c_str());
	else if (Bp->current >= 0 && Bp->running && on_guard_page(cur(), (uintptr_t)a))
		std::snprintf(text, sizeof text,
		              L("%s overflowed its stack (%zu KiB): a large local array or deep "
		                "recursion",
		                "%s 的栈溢出了（%zu KiB）：局部数组太大或递归太深"),
		              by.c_str(), STACK_BYTES / 1024);
	else
		std::snprintf(
		        text, sizeof text,
		        L("bad %s of address %p by %s (%s)", "非法%s地址 %p，由 %s 执行（%s）"),
		        write ? L("write", "写入") : L("read", "读取"), info->si_addr, by.c_str(),
		        sig == SIGBUS ? L("bus error", "总线错误")
		                      : L("not device memory", "不是 device 内存"));
	fail(CJ_EXIT_CASE_FAILED, text);
}

cudaError_t allocate(void **ptr, size_t bytes)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t data_pages = (bytes + (size_t)page - 1) / (size_t)page;
	if (data_pages == 0)
		data_pages = 1;
	size_t map_bytes = (data_pages + 2) * (size_t)page;
	void *m = mmap(nullptr, map_bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
	               -1, 0);
	if (m == MAP_FAILED)
		return cudaErrorMemoryAllocation;
	unsigned char *base = static_cast<unsigned char *>(m);
	mprotect(base + page, data_pages * (size_t)page, PROT_READ | PROT_WRITE);
	/* The data ends where the inaccessible page starts, so the first element
	 * past the end faults; the start stays aligned to what the size allows. */
	unsigned char *end = base + page + data_pages * (size_t)page;
	size_t align = bytes % 16 == 0 ? 16 : bytes % 8 == 0 ? 8 : 4;
	size_t rounded = (bytes + align - 1) / align * align;
	regions.push_back(region{base, map_bytes, end - rounded, bytes, {}});
	name_region(regions.back());
	*ptr = end - rounded;
	return cudaSuccess;
}

/* ---- the device heap: malloc() and free() in device code ----------------- */

namespace
{

size_t heap_limit = (size_t)8 << 20; /* CUDA's default cudaLimitMallocHeapSize */
size_t heap_used = 0;
/* The live blocks of the device heap, by address (open addressing). Not a
 * library container: the threads of a launch allocate and free, and the
 * race detector would see its nodes pass between them; this table, written
 * by uninstrumented code, it does not see. A block that finds the table
 * full stays counted as in use. */
const size_t HEAP_SLOTS = 1 << 14;
struct heap_block {
	void *p;
	size_t bytes;
} heap_blocks[HEAP_SLOTS];
size_t heap_tracked;

size_t heap_slot(const void *p)
{
	return (size_t)(((uintptr_t)p >> 4) * 0x9e3779b97f4a7c15ULL >> 50) % HEAP_SLOTS;
}

void heap_track(void *p, size_t bytes)
{
	if (heap_tracked + 1 >= HEAP_SLOTS)
		return;
	size_t k = heap_slot(p);
	while (heap_blocks[k].p)
		k = (k + 1) % HEAP_SLOTS;
	heap_blocks[k] = heap_block{p, bytes};
	++heap_tracked;
}

/* Forgets p (shifting back the blocks after it: no tombstones); its bytes,
 * or 0 when it is not a block of the heap. */
size_t heap_untrack(const void *p)
{
	size_t k = heap_slot(p);
	while (heap_blocks[k].p && heap_blocks[k].p != p)
		k = (k + 1) % HEAP_SLOTS;
	if (!heap_blocks[k].p)
		return 0;
	size_t bytes = heap_blocks[k].bytes;
	heap_blocks[k] = heap_block{nullptr, 0};
	--heap_tracked;
	for (size_t j = (k + 1) % HEAP_SLOTS; heap_blocks[j].p; j = (j + 1) % HEAP_SLOTS) {
		heap_block moved = heap_blocks[j];
		heap_blocks[j] = heap_block{nullptr, 0};
		--heap_tracked;
		heap_track(moved.p, moved.bytes);
	}
	return bytes;
}

} // namespace

void *device_malloc(size_t bytes, const char *file, int line)
{
	if (bytes > heap_limit - heap_used) {
		named_file = nullptr;
		fail(CJ_EXIT_CASE_FAILED,
		     fmt(L("malloc(%zu) at %s by %s asks for %s, more than the device heap has "
		           "left: it holds %s in all (cudaLimitMallocHeapSize), of which %s are in "
		           "use. On a GPU this malloc returns NULL, and writing through it is an "
		           "illegal address. Allocate less in device code (the exercise's data "
		           "lives in the buffers it passes), or have the host raise the heap with "
		           "cudaDeviceSetLimit(cudaLimitMallocHeapSize, bytes) before the launch",
		           "malloc(%zu)（%s，由 %s 执行）申请 %s，超过了 device "
		           "堆剩余的空间：堆一共 "
		           "%s（cudaLimitMallocHeapSize），其中 %s 已被占用。在 GPU 上这个 malloc "
		           "会返回 NULL，通过它写入就是非法地址。请在 device 代码里少分配一些"
		           "（练习的数据放在它传入的缓冲区里），或者让主机代码在 launch 之前用 "
		           "cudaDeviceSetLimit(cudaLimitMallocHeapSize, bytes) 把堆调大"),
		         bytes, where(file, line).c_str(), who(Bp->current).c_str(),
		         bytes_text(bytes).c_str(), bytes_text(heap_limit).c_str(),
		         bytes_text(heap_used).c_str()));
	}
	void *p = std::malloc(bytes ? bytes : 1);
	if (p) {
		heap_track(p, bytes);
		heap_used += bytes;
	}
	return p;
}

void device_free(void *p)
{
	if (p)
		heap_used -= heap_untrack(p);
	std::free(p);
}

size_t device_heap_limit()
{
	return heap_limit;
}

void set_device_heap_limit(size_t bytes)
{
	heap_limit = bytes;
}

} // namespace cj_emu

void *cj_emu_malloc(size_t bytes, const char *file, int line)
{
	if (cj_emu::Bp->current >= 0 && cj_emu::Bp->running)
		return cj_emu::device_malloc(bytes, file, line);
	return std::malloc(bytes);
}

void cj_emu_free(void *p)
{
	cj_emu::device_free(p);
}
