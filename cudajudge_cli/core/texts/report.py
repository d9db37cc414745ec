"""cudajudge_cli.core.texts.report: the texts of a judgement's report, in English and
Chinese: the header, the cases, the timing and phases, the verdict and the rules, what
to do next, and the names of the engine's verdicts, tiers and problems.yaml's rules
(the families "verdict:AC", "tier:gold", "rule:shfl.sync").

One of the tables that core/texts/__init__.py joins into TEXTS; said through tr() by
view/model.py, view/report.py and the page (web/src/main.js).
"""

TEXTS = {
    # -- judging: the report ------------------------------------------------
    "seed": ("seed {seed}", "随机种子 {seed}"),
    "no_device": ("no CUDA device", "没有 CUDA 设备"),
    "device_label": ("{backend} ({detail})", "{backend} ({detail})"),
    "differ": ("{bad} of {total} elements differ", "{total} 个元素中有 {bad} 个不一致"),
    "differ_unwritten": ("{bad} of {total} elements differ ({n} never written)",
                         "{total} 个元素中有 {bad} 个不一致（其中 {n} 个从未写入）"),
    "diagnosis": ("diagnosis: {text}", "诊断：{text}"),
    "compile_log": ("compiler output:", "编译器输出："),
    "program_output": ("your program printed (ignored by the judge):",
                       "你的程序输出（评测时忽略）："),
    "time": ("time {ms} ms (median of {reps})", "耗时 {ms} ms（{reps} 次的中位数）"),
    "gbps": ("{gbps} GB/s", "{gbps} GB/s"),
    "time_spread": ("fastest {lo} ms, slowest {hi} ms", "最快 {lo} ms，最慢 {hi} ms"),
    "time_noisy": ("a noisy measurement: the slowest run took {pct}% longer than the fastest "
                   "(another program may be using the GPU); judge again for a steadier time",
                   "测量有噪声：最慢的一次比最快的一次多用了 {pct}%（可能有别的程序在使用 "
                   "GPU）；请再评测一次以得到更稳定的时间"),
    "pct_of_copy": ("{pct}% of copy bandwidth", "达到复制带宽的 {pct}%"),
    "pct_of_copy_tier": ("{pct}% of copy bandwidth ({tier})", "达到复制带宽的 {pct}%（{tier}）"),
    "ms_tier": ("{ms} ms ({tier})", "{ms} ms（{tier}）"),
    "ratio": ("{ratio}x the reference's time", "耗时是参考解的 {ratio} 倍"),
    "ms": ("{ms} ms", "{ms} ms"),
    "unit_seconds": ("{s} s", "{s} 秒"),
    "phase_compile": ("compile {s} s", "编译 {s} 秒"),
    "phase_link": ("link {s} s", "链接 {s} 秒"),
    "phase_cases": ("cases {s} s", "准备用例 {s} 秒"),
    "phase_wait": ("waiting for the device {s} s", "等待设备 {s} 秒"),
    "phase_run": ("run {s} s", "运行 {s} 秒"),
    "phase_reference": ("timing the reference {s} s", "为参考解计时 {s} 秒"),
    "reproduce": ("reproduce: {command}", "复现：{command}"),
    "more_details": ("(the first failing case in full; all of them: {command})",
                     "（只详细显示了第一个失败的用例；查看全部：{command}）"),
    "col_index": ("index", "下标"),
    "col_buffer": ("buffer", "缓冲区"),
    "col_block": ("block", "块"),
    "col_warp": ("warp", "warp"),
    "col_lane": ("lane", "lane"),
    "col_expected": ("expected", "期望"),
    "col_got": ("got", "实际"),
    "verdict_unknown": ("unknown verdict", "未知结果"),
    "running_compile": ("compiling...", "正在编译..."),
    "running_link": ("linking...", "正在链接..."),
    "running_device": ("checking the GPU...", "正在检查 GPU..."),
    "running_run": ("running your code...", "正在运行你的代码..."),
    "running_reference": ("timing the reference...", "正在为参考解计时..."),
    "running_rules": ("checking the rules...", "正在检查规则..."),
    "rules_broken": ("rules of this exercise broken:", "违反了本题的规则："),
    "rule_required": ("{rule} ({meaning}) is required, and {file} never uses it",
                      "本题要求使用 {rule}（{meaning}），但 {file} 中没有用到"),
    "rule_forbidden": ("{rule} ({meaning}) is forbidden, and {where} uses it ({found})",
                       "本题禁止使用 {rule}（{meaning}），但 {where} 用到了（{found}）"),
    "rule_output_right": ("apart from that, the output was right on every case",
                          "除此之外，所有用例的输出都是正确的"),
    "rules_broken_too": ("the code also breaks rules of this exercise:",
                         "此外，代码还违反了本题的规则："),
    "rule_output_unchecked": ("the output was not checked (no device to run it on)",
                              "输出没有检查（没有可以运行它的设备）"),
    "rule_output_unchecked_library": (
        "the CPU emulator cannot compile these libraries, so the output was not checked: "
        "write the code with the exercise's own primitives",
        "CPU 模拟器无法编译这些库，所以输出没有检查：请用本题要求的原语来写"),
    "rules_source_only": ("the rules were checked on the source text only (nvcc could not "
                          "produce PTX here), a weaker check than on a machine with nvcc",
                          "规则只在源代码文本上检查（这里 nvcc 无法生成 PTX），"
                          "比在装有 nvcc 的机器上的检查要弱"),
    "rules_fix": ("change the code so that it keeps the rules (python3 judge.py show {id} "
                  "lists them), then judge it again",
                  "修改代码使其遵守规则（python3 judge.py show {id} 会列出规则），然后重新评测"),
    # -- judging: what next -------------------------------------------------
    "next_after_ac": ("next: {id} · {title} (python3 judge.py show {id})",
                      "下一题：{id} · {title}（python3 judge.py show {id}）"),
    "all_solved": ("every exercise is solved. Chasing gold? `python3 judge.py list` shows "
                   "your best times.",
                   "所有题目都已通过。想冲金牌？`python3 judge.py list` 可以看到你的最好成绩。"),
    "skipping_gpu_only": ("(this machine has no GPU: {ids} can be judged only on one, so "
                          "`next` passes over them)",
                          "（这台机器没有 GPU：{ids} 只能在 GPU 上评测，所以“下一题”会跳过它们）"),
    "all_solved_here": ("every exercise this machine can judge is solved; {ids} can be judged "
                        "only on a GPU: judge them on a machine that has one",
                        "这台机器能评测的题目都已通过；{ids} 只能在 GPU 上评测：请换一台有 GPU 的机器评测"),
    "stuck_hint": ("stuck? python3 judge.py hint {id} ({seen} of {total} hints seen)",
                   "卡住了？python3 judge.py hint {id}（已看 {seen}/{total} 条提示）"),
    "file_missing": ("{file} does not exist. To start from the template, copy {template} "
                     "there, or run: python3 judge.py reset {id}",
                     "{file} 不存在。要从模板开始，把 {template} 复制过去，"
                     "或者运行：python3 judge.py reset {id}"),
    "named_file_missing": ("{file} does not exist: check the path (a relative path is read "
                           "from the folder you are in, {folder}). Without a file, python3 "
                           "judge.py {id} judges {own}; `reset` restores only that file",
                           "{file} 不存在：请检查路径（相对路径从当前目录 {folder} 读起）。"
                           "不写文件时，python3 judge.py {id} 评测 {own}；`reset` 只恢复那个文件"),
    # -- verdicts, tiers and rules, as the learner reads them -------------------
    "verdict:AC": ("accepted", "通过"),
    "verdict:WA": ("wrong answer", "答案错误"),
    "verdict:CE": ("compile error", "编译错误"),
    "verdict:RE": ("runtime error", "运行时错误"),
    "verdict:TLE": ("time limit exceeded (possible deadlock)", "超时（可能死锁）"),
    "verdict:RULE": ("rule violation", "违反规则"),
    "verdict:RACE": ("data race or unsafe access", "数据竞争或不安全访问"),
    "verdict:JE": ("judge error (not your code's fault)", "评测系统错误（不是你的代码的问题）"),
    "verdict:SKIP": ("skipped", "跳过"),
    "tier:gold": ("gold", "金牌"),
    "tier:silver": ("silver", "银牌"),
    "tier:bronze": ("bronze", "铜牌"),
    # the rules of problems.yaml (`rules:`), in the learner's words
    "rule:shfl.sync": ("warp shuffles, __shfl_*_sync", "warp shuffle，即 __shfl_*_sync"),
    "rule:vote.sync": ("warp votes, __ballot_sync / __any_sync / __all_sync / __match_*_sync",
                       "warp 投票，即 __ballot_sync / __any_sync / __all_sync / __match_*_sync"),
    "rule:shared-memory": ("__shared__ memory", "__shared__ 共享内存"),
    "rule:syncthreads": ("block barriers, __syncthreads()", "block 级屏障，即 __syncthreads()"),
    "rule:atomicCAS": ("compare-and-swap, atomicCAS", "比较并交换，即 atomicCAS"),
    "rule:threadfence": ("memory fences, __threadfence()", "内存栅栏，即 __threadfence()"),
    "rule:cooperative-groups": ("the cooperative_groups API", "cooperative_groups 接口"),
    "rule:grid-sync": ("grid-wide synchronisation, grid.sync()", "整个 grid 的同步，即 grid.sync()"),
    "rule:stream-wait-event": ("cudaStreamWaitEvent in host code", "主机代码中的 cudaStreamWaitEvent"),
    "rule:pinned-memory": ("page-locked host memory, cudaMallocHost / cudaHostAlloc / "
                           "cudaHostRegister",
                           "页锁定主机内存，即 cudaMallocHost / cudaHostAlloc / cudaHostRegister"),
    "rule:async-copy": ("asynchronous copies, cuda::memcpy_async / cp.async",
                        "异步拷贝，即 cuda::memcpy_async / cp.async"),
    "rule:libraries": ("CUB, Thrust or cuBLAS", "CUB、Thrust 或 cuBLAS"),
}
