"""cudajudge_cli.core.texts: every text the driver and the web server show people,
in English and Chinese, in one table, and the one lookup: tr(key, **fields).

Used by every module that shows text: the commands, the report (view/), the web
server (its answers carry both languages, Text.pair()) and the page itself, which
gets the whole table from GET /api/texts. To change or add a text, edit TEXTS:
tests/python/test_texts.py checks that both languages have the same placeholders,
that every key used exists and every key exists for a use, and that the driver
prints no text for people that is not in the table.

Longer than 500 lines because it is one table: every text of the driver, the web
server and the page in two languages, kept together so that a translator reads
them side by side. (grading/texts.py joins it when grading moves onto core/.)
"""

import os

# ---------------------------------------------------------------------------
# Everything the learner reads, in English and Chinese
#
# One entry per text: key -> (English, Chinese). Placeholders are str.format
# fields and must be the same in both (tests/python checks it). Families of
# keys: "verdict:AC", "tier:gold", "rule:shfl.sync" (the names of the engine's
# verdicts, tiers and problems.yaml's rules), "web_..." (the web server),
# "page_..." (the page of `judge.py web`). The engine's own texts (case names,
# diagnoses, compiler output) are shown as the engine wrote them.
# ---------------------------------------------------------------------------

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
    # -- exercise names -----------------------------------------------------
    "ambiguous_id": ("'{name}' could be any of: {ids}; type more of the name",
                     "'{name}' 可能是以下任何一题：{ids}；请多输入几个字符"),
    "unknown_id_close": ("unknown exercise '{name}'; did you mean: {close}?",
                         "没有题目叫 '{name}'；你是不是想找：{close}？"),
    "unknown_id": ("unknown exercise '{name}'; see them all with: python3 judge.py list",
                   "没有题目叫 '{name}'；查看所有题目：python3 judge.py list"),
    # -- overview and list --------------------------------------------------
    "overview_title": ("cudajudge: {solved} of {total} exercises solved",
                       "cudajudge：{total} 道题已通过 {solved} 道"),
    "col_chapter": ("chapter", "章节"),
    "col_progress": ("progress", "进度"),
    "col_solved": ("solved", "已通过"),
    "col_attempted": ("attempted", "尝试中"),
    "col_untouched": ("untouched", "未开始"),
    "col_id": ("id", "编号"),
    "col_title": ("title", "标题"),
    "col_best": ("best", "最好结果"),
    "col_best_time": ("best time", "最好用时"),
    "col_tries": ("tries", "次数"),
    "next_title": ("next: {id} · {title}", "下一题：{id} · {title}"),
    "next_tried": (" (judged {n} times, best {best})", "（已评测 {n} 次，最好结果 {best}）"),
    "step_read": ("read the task", "阅读题目"),
    "step_edit": ("edit", "编辑"),
    "step_create": ("create your file", "创建你的文件"),
    "step_judge": ("judge it", "评测"),
    "step_watch": ("judge on every save", "每次保存自动评测"),
    "step_hint": ("stuck?", "卡住了？"),
    "overview_more": ("all exercises: python3 judge.py list · all commands: "
                      "python3 judge.py --help",
                      "所有题目：python3 judge.py list · 所有命令：python3 judge.py --help"),
    "list_footer": ("{solved} of {total} solved; judge one with: python3 judge.py <id>",
                    "已通过 {solved}/{total}；评测某一题：python3 judge.py <编号>"),
    "list_next": ("next: python3 judge.py show {id}", "下一题：python3 judge.py show {id}"),
    # -- show ---------------------------------------------------------------
    "show_chapter": ("chapter: {chapter}", "章节：{chapter}"),
    "show_aliases": ("also called: {aliases}", "别名：{aliases}"),
    "show_signature": ("contract:", "接口约定："),
    "show_statement": ("statement:", "题目："),
    "show_launch": ("launch configuration:", "启动配置："),
    "show_check": ("checking: {check}", "判定方式：{check}"),
    "show_exact": ("exact", "精确比较"),
    "show_tolerance": ("rtol {rtol}, atol {atol}", "相对误差 {rtol}，绝对误差 {atol}"),
    "show_backends": ("backends: {backends}", "后端：{backends}"),
    "show_skip_emu": ("not judged on the CPU emulator (--emulate): {reason}",
                      "不能在 CPU 模拟器上评测（--emulate）：{reason}"),
    "show_skip_sanitize": ("not judged under compute-sanitizer (--sanitize): {reason}",
                           "不能在 compute-sanitizer 下评测（--sanitize）：{reason}"),
    "show_rules_require": ("must use: {rules}", "必须使用：{rules}"),
    "show_rules_forbid": ("must not use: {rules}", "不得使用：{rules}"),
    "show_hints": ("{n} hints, {seen} seen: python3 judge.py hint {id}",
                   "共 {n} 条提示，已看 {seen} 条：python3 judge.py hint {id}"),
    "show_progress": ("your attempts: {n}, best {best}", "你的评测次数：{n}，最好结果 {best}"),
    "show_file": ("file to edit: {file}", "要编辑的文件：{file}"),
    "show_judge": ("judge it: python3 judge.py {id} · on every save: python3 judge.py watch {id}",
                   "评测：python3 judge.py {id} · 保存即评测：python3 judge.py watch {id}"),
    # -- hint and solution --------------------------------------------------
    "hint_none": ("{id} has no hints", "{id} 没有提示"),
    "hint_title": ("hint {n} of {total} for {id}:", "{id} 的提示 {n}/{total}："),
    "hint_more": ("{left} more: python3 judge.py hint {id}",
                  "还有 {left} 条：python3 judge.py hint {id}"),
    "hint_last": ("that was the last hint; all of them: python3 judge.py hint {id} --all",
                  "这是最后一条提示；查看全部：python3 judge.py hint {id} --all"),
    "solution_locked": ("the solution of {id} opens once your code is accepted (your best so "
                        "far: {best}).\njudge it with: python3 judge.py {id}\n"
                        "or see it anyway with: python3 judge.py solution {id} --force",
                        "{id} 的参考解在你的代码通过（AC）之后才会显示（目前最好结果：{best}）。\n"
                        "评测：python3 judge.py {id}\n"
                        "仍要查看：python3 judge.py solution {id} --force"),
    "solution_not_judged": ("not judged yet", "还没有评测过"),
    "solution_title": ("{file}:", "{file}："),
    "reference_missing": ("{file} is missing; the repository is incomplete "
                          "(git checkout -- reference/ restores it)",
                          "{file} 不存在，仓库不完整（git checkout -- reference/ 可以恢复）"),
    "catalog_restore": ("problems.yaml is the judge's catalog of exercises; if you did not "
                        "mean to change it, `git checkout -- problems.yaml` restores it",
                        "problems.yaml 是判题器的题目目录；如果不是有意修改，"
                        "`git checkout -- problems.yaml` 可以恢复它"),
    # -- reset --------------------------------------------------------------
    "template_missing": ("{file} is missing; the repository is incomplete "
                         "(git checkout -- templates/ restores it)",
                         "{file} 不存在，仓库不完整（git checkout -- templates/ 可以恢复）"),
    "reset_same": ("{file} already matches the template; nothing to do",
                   "{file} 与模板相同，无需重置"),
    "reset_question": ("replace {file} with a fresh copy of {template}?",
                       "用 {template} 的新副本替换 {file}？"),
    "reset_question_backup": (" (your file is kept as {backup})", "（你的文件会保存为 {backup}）"),
    "confirm_suffix": (" [y/N] ", " [y/N] "),
    "reset_needs_yes": ("not replacing anything without confirmation; add --yes",
                        "没有确认，不会替换任何文件；请加上 --yes"),
    "nothing_changed": ("nothing changed", "没有任何改动"),
    "reset_saved": ("saved your file as {backup}", "你的文件已保存为 {backup}"),
    "reset_done": ("{file} is a fresh copy of {template}", "{file} 已替换为 {template} 的新副本"),
    "created_from_template": ("created {file} from {template}", "已从 {template} 创建 {file}"),
    # -- watch --------------------------------------------------------------
    "watch_header": ("watching {file} · judged at {time} · Ctrl-C to stop",
                     "正在监视 {file} · 评测于 {time} · 按 Ctrl-C 退出"),
    "watch_waiting": ("waiting for you to save {file}...", "等待你保存 {file}..."),
    "watch_waiting_file": ("{file} does not exist yet; waiting for it...",
                           "{file} 还不存在，等待创建..."),
    "watch_moved_on": ("{done} accepted! Moving on to {next} · {title}",
                       "{done} 通过！进入下一题 {next} · {title}"),
    "watch_tip_next": ("(watch --next moves on to the next exercise after AC)",
                       "（watch --next 会在通过后自动进入下一题）"),
    "watch_stopped": ("stopped watching", "已停止监视"),
    "bad_interval": ("'{value}' is not a number of seconds between 0 and 60",
                     "'{value}' 不是 0 到 60 之间的秒数"),
    # -- progress file ------------------------------------------------------
    "state_in_exercises": ("CUDAJUDGE_STATE={folder} is inside exercises/; progress is "
                           "never kept with your code: choose another folder",
                           "CUDAJUDGE_STATE={folder} 位于 exercises/ 之内；进度不能和你的代码"
                           "放在一起，请换一个目录"),
    "progress_corrupt": ("warning: {file} could not be read; it is set aside as {kept} and "
                         "your progress starts afresh",
                         "警告：无法读取 {file}，已另存为 {kept}，进度重新开始记录"),
    "progress_unreadable": ("warning: cannot read {file} ({error}); going on without it",
                            "警告：无法读取 {file}（{error}），继续运行但不使用它"),
    "progress_not_saved": ("warning: progress not saved in {folder} ({error}); judging goes on",
                           "警告：进度未能保存到 {folder}（{error}），评测照常进行"),
    # -- editor -------------------------------------------------------------
    "editor_wrote": ("wrote {file}: {n} exercise files, checked by clangd as CUDA for sm_{arch}",
                     "已写入 {file}：{n} 个练习文件，clangd 会按 sm_{arch} 的 CUDA 代码检查"),
    "editor_cuda": ("CUDA headers from {cuda}", "CUDA 头文件来自 {cuda}"),
    "editor_no_cuda": ("warning: nvcc not found, so clangd will not find the CUDA headers; "
                       "fix: {fix}",
                       "警告：找不到 nvcc，clangd 将找不到 CUDA 头文件；解决办法：{fix}"),
    "editor_no_clangd": ("clangd is not on PATH (editors often bring their own); "
                         "to install it: {fix}",
                         "PATH 中没有 clangd（编辑器通常自带）；安装方法：{fix}"),
    "editor_old_clangd": ("clangd {major} knows GPU architectures up to sm_{arch}; "
                          "the judge itself compiles for your GPU",
                          "clangd {major} 最高只支持 sm_{arch}；评测时仍按你的 GPU 编译"),
    "editor_next": ("open an exercise in an editor that uses clangd, or check one with: {check}",
                    "用支持 clangd 的编辑器打开练习文件，或用以下命令检查：{check}"),
    "editor_no_exercises": ("there is no exercises/*.cu yet; python3 judge.py reset <id> "
                            "creates one",
                            "还没有 exercises/*.cu；python3 judge.py reset <编号> 可以创建"),
    "editor_write_failed": ("could not write {file}: {error}", "无法写入 {file}：{error}"),
    # -- check --------------------------------------------------------------
    "check_ok": ("ok", "通过"),
    "check_fail": ("FAIL", "失败"),
    "check_skip": ("skip", "跳过"),
    "check_judged_alone": ("(judged again alone: {verdict} beside other runs)",
                           "（单独重新评测：与其他运行共享设备时为 {verdict}）"),
    "check_missing": ("missing {file}", "缺少 {file}"),
    "check_no_verdict": ("{file}: no verdict for {expected}", "{file}：{expected} 没有对应的结果"),
    "check_wrong": ("got {got}, expected {expected}  {file}  {took}",
                    "得到 {got}，应为 {expected}  {file}  {took}"),
    "check_no_device_note": ("(no CUDA device)", "（没有 CUDA 设备）"),
    "check_not_on_backend": ("{file}  (not judged on {backend}: see the file)",
                             "{file}  （不在 {backend} 上评测：见文件开头）"),
    "check_on_emu": ("checking on the CPU emulator ({backend})",
                     "在 CPU 模拟器上检查（{backend}）"),
    "check_on_gpu": ("checking on the GPU ({backend})", "在 GPU 上检查（{backend}）"),
    "check_on_sanitize": ("checking on the GPU under compute-sanitizer ({tool}; small cases, "
                          "no timing)",
                          "在 GPU 上用 compute-sanitizer 检查（{tool}；只用小用例，不计时）"),
    "expected_not": ("not {verdict}", "非 {verdict}"),
    "expected_unknown_folder": ("the unknown folder '{folder}' (use one of: {folders})",
                                "未知目录 '{folder}'（可用：{folders}）"),
    "check_nothing_ran": ("no CUDA device: nothing could be run (the files were only compiled)",
                          "没有 CUDA 设备：什么都没有运行（文件只做了编译）"),
    "check_line": ("check: {passed} passed, {failed} failed",
                   "check: 通过 {passed}，失败 {failed}"),
    "check_line_skipped": (", {skipped} skipped", "，跳过 {skipped}"),
    # -- doctor -------------------------------------------------------------
    "doctor_ok": ("ok", "正常"),
    "doctor_missing": ("missing", "缺失"),
    "doctor_python": ("python {version}", "python {version}"),
    "doctor_tool": ("{tool} {version}", "{tool} {version}"),
    "doctor_python_old": (" (3.9 or newer needed; install python3)",
                          "（需要 3.9 或更新版本；请安装 python3）"),
    "doctor_fix": ("{what}: fix: {fix}", "{what}：解决办法：{fix}"),
    "doctor_engine_override": ("engine: CUDAJUDGE_ENGINE={engine} (build skipped)",
                               "评测引擎：CUDAJUDGE_ENGINE={engine}（跳过构建）"),
    "doctor_build_configured": ("build folder {build}: configured; install the missing tools "
                                "first",
                                "构建目录 {build}：已配置；请先安装缺失的工具"),
    "doctor_build_not_set_up": ("build folder {build}: not set up yet; install the missing "
                                "tools first",
                                "构建目录 {build}：尚未配置；请先安装缺失的工具"),
    "doctor_build_failed": ("build folder {build}: the build failed",
                            "构建目录 {build}：构建失败"),
    "doctor_build_ok": ("build folder {build}: up to date", "构建目录 {build}：已是最新"),
    "doctor_gpu_unknown": ("GPU: could not ask the engine", "GPU：无法向评测引擎查询"),
    "doctor_no_gpu": ("no CUDA device found{reason}: exercises that allow it are judged on "
                      "the CPU emulator (correctness only, no timing)",
                      "没有找到 CUDA 设备{reason}：允许模拟的题目会在 CPU 模拟器上评测"
                      "（只检查正确性，不计时）"),
    "doctor_no_gpu_driver": ("no GPU driver on this machine (no NVIDIA driver is loaded), so "
                             "there is no GPU to judge on: exercises that allow it are judged "
                             "on the CPU emulator instead (correctness only, no timing)",
                             "这台机器没有 GPU 驱动（没有加载 NVIDIA 驱动），因此没有可用的 GPU："
                             "允许模拟的题目改在 CPU 模拟器上评测（只检查正确性，不计时）"),
    "doctor_no_cxx": ("C++ compiler for the CPU emulator: {fix}", "CPU 模拟器需要的 C++ 编译器：{fix}"),
    "doctor_no_tsan": ("{cxx} cannot build with -fsanitize=thread, which the CPU emulator "
                       "needs: {fix} (gcc's libtsan)",
                       "{cxx} 无法使用 -fsanitize=thread 编译，而 CPU 模拟器需要它：{fix}"
                       "（gcc 的 libtsan）"),
    "doctor_emulator": ("CPU emulator: {cxx} with ThreadSanitizer",
                        "CPU 模拟器：{cxx}，带 ThreadSanitizer"),
    "doctor_sanitizer": ("compute-sanitizer {version} ({path}): --sanitize can run",
                         "compute-sanitizer {version}（{path}）：可以使用 --sanitize"),
    "doctor_no_sanitizer": ("compute-sanitizer not found (needed only by --sanitize): it comes "
                            "with the CUDA toolkit (package cuda-sanitizer-<version>); or set "
                            "COMPUTE_SANITIZER to its path",
                            "没有找到 compute-sanitizer（只有 --sanitize 需要）：它随 CUDA "
                            "工具包提供（软件包 cuda-sanitizer-<版本>）；也可以把它的路径写进 "
                            "COMPUTE_SANITIZER"),
    "doctor_sanitizer_broken": ("compute-sanitizer at {path} does not run ({why}): --sanitize "
                                "will fail; reinstall the CUDA toolkit's sanitizer",
                                "{path} 处的 compute-sanitizer 无法运行（{why}）：--sanitize "
                                "会失败；请重新安装 CUDA 工具包的 sanitizer"),
    "doctor_gpu": ("GPU {name} ({arch}){copy}", "GPU {name}（{arch}）{copy}"),
    "doctor_copy": (", copy bandwidth {gbps} GB/s", "，复制带宽 {gbps} GB/s"),
    "doctor_state": ("progress in {folder}: {n} attempts, {solved} solved",
                     "进度保存在 {folder}：{n} 次评测，已通过 {solved} 题"),
    "doctor_backend_gpu": ("backend: gpu (python3 judge.py ID --emulate uses the CPU emulator "
                           "instead)",
                           "后端：gpu（python3 judge.py 编号 --emulate 改用 CPU 模拟器）"),
    "doctor_backend_emu": ("backend: emu (the CPU emulator: correctness, races and deadlocks; "
                           "no timing)",
                           "后端：emu（CPU 模拟器：检查正确性、数据竞争和死锁；不计时）"),
    "doctor_backend_none": ("backend: none (code is compiled but cannot be run here)",
                            "后端：无（代码会被编译，但无法在这里运行）"),
    "version_unknown": ("(version unknown)", "（版本未知）"),
    # -- selftest -----------------------------------------------------------
    "selftest_line": ("selftest: {passed} passed, {failed} failed, {skipped} skipped",
                      "selftest: 通过 {passed}，失败 {failed}，跳过 {skipped}"),
    "selftest_quick_judged": ("ok    {file}: {verdict} on {backend} ({took})",
                              "通过  {file}：在 {backend} 上为 {verdict}（{took}）"),
    "selftest_quick_wrong": ("FAIL  {file}: {verdict} on {backend}, expected {expected}",
                             "失败  {file}：在 {backend} 上为 {verdict}，应为 {expected}"),
    "selftest_quick_no_backend": ("FAIL  {file}: nothing here can run it (no GPU, and the CPU "
                                  "emulator is not built); python3 judge.py doctor says what "
                                  "to install",
                                  "失败  {file}：这里无法运行它（没有 GPU，CPU 模拟器也没有构建）；"
                                  "python3 judge.py doctor 会说明需要安装什么"),
    "selftest_quick_line": ("selftest --quick: {passed} passed, {failed} failed, {skipped} "
                            "skipped (the whole suite: python3 judge.py selftest)",
                            "selftest --quick: 通过 {passed}，失败 {failed}，跳过 {skipped}"
                            "（完整测试：python3 judge.py selftest）"),
    "selftest_override": ("note: CUDAJUDGE_ENGINE is set; the tests still use the build in "
                          "{build}",
                          "注意：设置了 CUDAJUDGE_ENGINE；测试仍使用 {build} 中的构建"),
    "selftest_status": ("meson test exited with status {status}; retry with: {retry}",
                        "meson test 以状态 {status} 退出；重试：{retry}"),
    # -- building the judge -------------------------------------------------
    "cuda_fix": ("install the CUDA toolkit (https://developer.nvidia.com/cuda-downloads), "
                 "then put its bin/ on PATH or set CUDA_PATH to it",
                 "安装 CUDA 工具包（https://developer.nvidia.com/cuda-downloads），"
                 "然后把它的 bin/ 加入 PATH，或把 CUDA_PATH 设为它的目录"),
    "missing_tool": ("missing {tool}; fix: {fix}", "缺少 {tool}；解决办法：{fix}"),
    "missing_nvcc": ("missing nvcc, the CUDA compiler; fix: {fix}",
                     "缺少 CUDA 编译器 nvcc；解决办法：{fix}"),
    "missing_pkg_config": ("missing pkg-config (needed to find libyaml); fix: {fix}",
                           "缺少 pkg-config（查找 libyaml 需要它）；解决办法：{fix}"),
    "missing_libyaml": ("missing libyaml (pkg-config cannot find yaml-0.1); fix: {fix}",
                        "缺少 libyaml（pkg-config 找不到 yaml-0.1）；解决办法：{fix}"),
    "cannot_build": ("cannot build the judge:", "无法构建评测程序："),
    "cannot_run": ("could not run {tool}: {error}", "无法运行 {tool}：{error}"),
    "cannot_run_fix": ("could not run {tool}: {error}; fix: {fix}",
                       "无法运行 {tool}：{error}；解决办法：{fix}"),
    "build_failed": ("building the judge failed: `{command}` exited with status {status}. "
                     "Its last lines:\n{tail}\nretry by hand with:\n    {retry}",
                     "构建评测程序失败：`{command}` 以状态 {status} 退出。最后几行：\n{tail}\n"
                     "可以手动重试：\n    {retry}"),
    "building_first": ("building the judge (first run only: 2 to 5 minutes on 2 CPU cores, "
                       "longer on a busy machine)...",
                       "正在构建评测程序（仅首次运行：在 2 核 CPU 上需 2 到 5 分钟，"
                       "机器繁忙时更久）..."),
    "read_only_checkout": ("this checkout is read-only: building in {build} and keeping "
                           "progress in {state} (CUDAJUDGE_BUILD and CUDAJUDGE_STATE choose "
                           "other folders)",
                           "这个检出目录是只读的：改为在 {build} 构建，进度保存在 {state}"
                           "（可用 CUDAJUDGE_BUILD 和 CUDAJUDGE_STATE 指定其他目录）"),
    "build_busy": ("another judge is building {build}; waiting for it to finish...",
                   "另一个评测进程正在构建 {build}，等待它完成..."),
    "building_progress": ("building the judge: {done}/{total} after {s} s",
                          "正在构建评测程序：{done}/{total}，已用 {s} 秒"),
    "building_update": ("updating the judge build...", "正在更新评测程序的构建..."),
    "engine_not_built": ("the build finished but {engine} is missing; retry with: {retry}",
                         "构建完成，但找不到 {engine}；重试：{retry}"),
    # -- the engine misbehaving ---------------------------------------------
    "engine_override_missing": ("CUDAJUDGE_ENGINE={path} does not exist; unset it to use "
                                "the built engine",
                                "CUDAJUDGE_ENGINE={path} 不存在；取消这个变量即可使用构建好的评测引擎"),
    "engine_failed": ("the judge engine {what}; this is not your code's fault.",
                      "评测引擎{what}；这不是你的代码的问题。"),
    "engine_last_messages": ("its last messages:", "它最后的输出："),
    "engine_cannot_start": ("could not start the judge engine {engine}: {error}",
                            "无法启动评测引擎 {engine}：{error}"),
    "engine_not_json_for": ("printed something that is not JSON for `{what}`",
                            "对 `{what}` 输出了非 JSON 内容"),
    "engine_unexpected_for": ("printed an unexpected answer for `{what}`",
                              "对 `{what}` 给出了意外的回答"),
    "engine_while_catalog": ("{how} while reading problems.yaml", "在读取 problems.yaml 时{how}"),
    "engine_while_policy": ("{how} while reading the grading policy",
                            "在读取评分策略时{how}"),
    "policy_invalid": ("the policy is not valid:\n{error}\nfix that line and grade again",
                       "策略无效：\n{error}\n修改那一行后重新评分"),
    "policy_empty": ("{path}:1:1: the policy is empty (blank lines or comments only): write "
                     "at least its exercises, or start from `python3 judge.py grade "
                     "--init-policy FILE`",
                     "{path}:1:1：策略是空的（只有空行或注释）：至少写出要评测的练习，或从 "
                     "`python3 judge.py grade --init-policy FILE` 生成的初始策略开始"),
    "policy_unreadable": ("{path}: the policy cannot be read ({error}): give an existing file, "
                          "or write one with `python3 judge.py grade --init-policy FILE`",
                          "{path}：无法读取策略（{error}）：请给出存在的文件，或用 "
                          "`python3 judge.py grade --init-policy FILE` 生成一个"),
    "engine_while_device": ("{how} while looking for a GPU", "在查找 GPU 时{how}"),
    "engine_no_problem_list": ("gave a catalog without a problem list",
                               "给出的题目目录里没有题目列表"),
    "engine_no_result": ("gave no result", "没有给出结果"),
    "engine_printed_not_json": ("printed a line that is not JSON: {line}",
                                "输出了一行非 JSON 内容：{line}"),
    "engine_no_summary": ("stopped without a summary", "没有给出总结就停止了"),
    "exit_crashed": ("crashed ({signal})", "崩溃了（{signal}）"),
    "exit_status": ("exited with status {status}", "以状态 {status} 退出"),
    # -- the command line ---------------------------------------------------
    "error_prefix": ("error: {message}", "错误：{message}"),
    "interrupted": ("interrupted", "已中断"),
    "internal_error": ("judge.py: internal error: {kind}: {error}\nrun again with "
                       "CUDAJUDGE_DEBUG=1 to see where, and please report it",
                       "judge.py：内部错误：{kind}：{error}\n"
                       "设置 CUDAJUDGE_DEBUG=1 重新运行可以看到出错位置，请报告这个问题"),
    "usage_error": ("{prog}: error: {message}", "{prog}：错误：{message}"),
    "usage_see_help": ("see the options with: {command}", "查看用法：{command}"),
    "help_usage": ("usage: ", "用法："),
    "help_positionals": ("arguments", "参数"),
    "help_options": ("options", "选项"),
    "help_judging_options": ("judging options (python3 judge.py ID [FILE] [options])",
                             "评测选项（python3 judge.py 编号 [FILE] [选项]）"),
    "help_help": ("show this help and exit", "显示帮助并退出"),
    "help_description": ("Judge CUDA exercises. `python3 judge.py` shows your progress and the "
                         "next exercise; `python3 judge.py ID` judges exercises/ID.cu.",
                         "CUDA 练习评测。`python3 judge.py` 显示你的进度和下一题；"
                         "`python3 judge.py 编号` 评测 exercises/编号.cu。"),
    "help_epilog": ("Exit status: 0 accepted, 1 your code failed, 2 usage or environment error.",
                    "退出状态：0 通过，1 你的代码未通过，2 用法或环境错误。"),
    "help_lang": ("language of the output (default: from LC_ALL, LC_MESSAGES or LANG)",
                  "输出语言（默认根据 LC_ALL、LC_MESSAGES 或 LANG）"),
    "help_color": ("colour: auto (on a terminal, unless NO_COLOR is set), always or never",
                   "颜色：auto（终端上显示，除非设置了 NO_COLOR）、always 或 never"),
    "help_id": ("exercise id, alias or unambiguous prefix", "题目编号、别名或不会混淆的前缀"),
    "help_id_optional": ("exercise id, alias or prefix (default: the next exercise to do)",
                         "题目编号、别名或前缀（默认：下一道要做的题）"),
    "help_file": ("the file to judge (default: exercises/<id>.cu)",
                  "要评测的文件（默认：exercises/<编号>.cu）"),
    "help_seed": ("reproduce a run with this seed", "用这个随机种子复现一次评测"),
    "help_json": ("print the engine's case and summary objects, one per line",
                  "逐行输出评测引擎的用例和总结 JSON 对象"),
    "help_no_perf": ("skip the timing run", "跳过计时"),
    "help_judge_verbose": ("show every failing case in full", "详细显示每个失败的用例"),
    "help_watch_next": ("after AC, move on to the next unsolved exercise",
                        "通过后自动进入下一道未通过的题"),
    "help_interval": ("how often to look at the file, in seconds (default 0.1)",
                      "检查文件变化的间隔秒数（默认 0.1）"),
    "help_hint_all": ("show every hint at once", "一次显示全部提示"),
    "help_force": ("show it even though the exercise is not solved yet",
                   "即使还没有通过也显示"),
    "help_yes": ("do not ask for confirmation", "不再询问确认"),
    "help_check_ids": ("exercises to check (default: all of them)", "要检查的题目（默认：全部）"),
    "help_verbose": ("show the engine's message for every file", "显示每个文件的评测引擎消息"),
    "help_jobs": ("files judged at once (default: one per CPU core on the emulator, at most "
                  "6 on a GPU, where they compile at once and run one at a time)",
                  "同时评测的文件数（默认：模拟器上每个 CPU 核一个，GPU 上最多 6 个，"
                  "同时编译、逐个运行）"),
    "help_sanitize": ("judge the GPU build under NVIDIA compute-sanitizer: memory errors (RE), "
                      "data races and barrier errors (RACE) at your file's lines; small cases, "
                      "no timing",
                      "在 NVIDIA compute-sanitizer 下评测 GPU 版本：内存错误（RE）、数据竞争和"
                      "屏障错误（RACE），并指出你文件中的行；只用小用例，不计时"),
    "help_tool": ("with --sanitize: memcheck (default), racecheck, synccheck, initcheck, or all "
                  "of them in turn",
                  "与 --sanitize 一起使用：memcheck（默认）、racecheck、synccheck、initcheck，"
                  "或 all 依次运行全部"),
    "sanitize_and_emulate": ("--sanitize runs on the GPU and --emulate on the CPU: choose one",
                             "--sanitize 在 GPU 上运行，--emulate 在 CPU 上运行：只能选一个"),
    "tool_without_sanitize": ("--tool chooses a compute-sanitizer tool: add --sanitize",
                              "--tool 用来选择 compute-sanitizer 的工具：请加上 --sanitize"),
    "help_emulate": ("judge on the CPU emulator even when a GPU is present (stricter about "
                     "races and barriers; no timing)",
                     "即使有 GPU 也在 CPU 模拟器上评测（对数据竞争和屏障更严格；不计时）"),
    "help_cmd_judge": ("judge an exercise (the default)", "评测一道题（默认命令）"),
    "help_cmd_watch": ("judge again every time the file is saved", "每次保存文件时重新评测"),
    "help_cmd_list": ("the exercises, with your best verdicts and times",
                      "题目列表，以及你的最好结果和用时"),
    "help_cmd_show": ("an exercise's statement, contract and launch configuration",
                      "题目描述、接口约定和启动配置"),
    "help_cmd_hint": ("the next hint for an exercise", "显示一道题的下一条提示"),
    "help_cmd_solution": ("the reference solution, once your code is accepted",
                          "参考解（在你的代码通过之后）"),
    "help_cmd_reset": ("start an exercise over from its template", "从模板重新开始一道题"),
    "help_cmd_editor": ("write compile_commands.json so that clangd understands the exercises",
                        "生成 compile_commands.json，让 clangd 理解练习代码"),
    "help_cmd_web": ("practise in the browser: a local page with an editor, the same judge and "
                     "progress", "在浏览器中练习：带编辑器的本地页面，评测和进度与终端相同"),
    "help_cmd_check": ("judge references, templates and known submissions",
                       "评测参考解、模板和已知提交"),
    "help_cmd_doctor": ("check the tools and the GPU", "检查工具和 GPU"),
    "help_cmd_selftest": ("run the project's tests (all of them: up to an hour on a busy "
                          "2-core machine; --quick: whether the install works, in seconds "
                          "once the judge is built)",
                          "运行项目自带的测试（全部：在繁忙的 2 核机器上最多约一小时；--quick："
                          "只检查安装是否可用，评测程序构建好之后只需几秒）"),
    "help_selftest_quick": ("only check that the install works: the build (2 to 5 minutes on "
                            "a fresh clone), then one exercise judged (its reference AC, its "
                            "template not) and the quickest unit tests, 15 to 40 seconds",
                            "只检查安装是否可用：构建（新克隆的仓库需 2 到 5 分钟），然后评测一道题"
                            "（参考解通过，模板不通过）并运行最快的单元测试，15 到 40 秒"),
    "help_cmd_grade": ("grade a class: every student's files, for a course",
                       "为课程评分：评测全班每个学生的文件"),
    "help_cmd_grade_bundle": ("write the zip a course platform is given (gradescope, "
                              "prairielearn) from a grading policy",
                              "根据评分策略生成课程平台（gradescope、prairielearn）所需的 zip"),
    # argparse's own messages: the English is argparse's wording (see translate_argparse)
    "argparse_required": ("the following arguments are required: {names}",
                          "缺少以下参数：{names}"),
    "argparse_invalid_choice": ("argument {name}: invalid choice: {value} (choose from "
                                "{choices})",
                                "参数 {name}：无效的选择 {value}（可选：{choices}）"),
    "argparse_unrecognized": ("unrecognized arguments: {names}", "无法识别的参数：{names}"),
    "argparse_invalid_value": ("argument {name}: invalid {kind} value: {value}",
                               "参数 {name}：{value} 不是有效的 {kind} 值"),
    "argparse_expected_one": ("argument {name}: expected one argument",
                              "参数 {name} 需要一个值"),
    "argparse_ignored_explicit": ("argument {name}: ignored explicit argument {value}",
                                  "参数 {name} 不接受值 {value}"),
    "argparse_argument": ("argument {name}: {detail}", "参数 {name}：{detail}"),
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
    # -- the web server (judge.py web): its terminal lines and its answers to the page
    "web_help_port": ("the port to listen on (default 8765; 0: any free port)",
                      "监听的端口（默认 8765；0 表示任选空闲端口）"),
    "web_help_host": ("the address to listen on (default 127.0.0.1: this machine only)",
                      "监听的地址（默认 127.0.0.1：仅本机）"),
    "web_help_open": ("open the page in the browser", "在浏览器中打开页面"),
    "web_listening": ("practice in the browser: {url}\n"
                      "open that address (it carries the key to this session); Ctrl-C stops the server",
                      "在浏览器中练习：{url}\n"
                      "打开这个地址（其中带有本次会话的密钥）；按 Ctrl-C 停止服务器"),
    "web_listening_wide": ("warning: listening on {host}, not only on this machine: anyone who "
                           "learns the address can judge code here",
                           "警告：正在监听 {host}，不只是本机：知道地址的人都能在这里评测代码"),
    "web_stopped": ("stopped the server", "服务器已停止"),
    "web_port_busy": ("port {port} cannot be used ({error}); choose another with --port N, "
                      "or --port 0 for any free one",
                      "端口 {port} 无法使用（{error}）；用 --port N 换一个，或用 --port 0 任选空闲端口"),
    "web_bad_token": ("this address lacks the session key: open the address that "
                      "`python3 judge.py web` printed",
                      "这个地址缺少会话密钥：请打开 `python3 judge.py web` 打印的地址"),
    "web_bad_host": ("refused: the request names host {host!r}, not this server "
                     "(127.0.0.1:{port} or localhost:{port}); open the printed address",
                     "已拒绝：请求指向主机 {host!r}，而不是本服务器（127.0.0.1:{port} 或 "
                     "localhost:{port}）；请打开打印出的地址"),
    "web_bad_origin": ("refused: the request came from another site ({origin})",
                       "已拒绝：请求来自其他网站（{origin}）"),
    "web_not_found": ("nothing at {path}; the page starts at /", "{path} 不存在；页面从 / 开始"),
    "web_bad_body": ("the request must carry a JSON object (Content-Type: application/json)",
                     "请求必须携带一个 JSON 对象（Content-Type: application/json）"),
    "web_bad_source": ("the file's text must be a string", "文件内容必须是字符串"),
    "web_bad_seed": ("the seed must be a whole number from 0 to 4294967295",
                     "随机种子必须是 0 到 4294967295 之间的整数"),
    "web_missing_field": ("the request lacks {name}", "请求缺少 {name}"),
    "web_bad_request": ("the request could not be read: {error}", "无法读取请求：{error}"),
    "web_unknown_id": ("there is no exercise {id!r}; the overview lists them all",
                       "没有题目 {id!r}；总览页列出了全部题目"),
    "web_busy": ("a judgement of {id} is still running: wait for its verdict, then judge again",
                 "{id} 的评测仍在进行：请等它给出结果后再评测"),
    "web_busy_build": ("the judge is still being built (first run only: 2 to 5 minutes on 2 "
                       "CPU cores): judge again when it is ready",
                       "评测程序仍在构建中（仅首次运行：在 2 核 CPU 上需 2 到 5 分钟）："
                       "构建完成后再评测"),
    "web_build_failed": ("building the judge failed:\n{error}\nfix it as said, then reload the page",
                         "构建评测程序失败：\n{error}\n按提示修复后重新加载页面"),
    "web_judge_failed": ("the judge could not judge this file:\n{error}",
                         "评测程序无法评测这个文件：\n{error}"),
    "web_driver_error": ("the judge says: {error}", "评测程序提示：{error}"),
    "web_internal": ("internal error of the web server ({kind}: {error}); please report it, "
                     "and judge in the terminal meanwhile (python3 judge.py ID)",
                     "网页服务器内部错误（{kind}：{error}）；请报告这个问题，"
                     "在此之前可在终端评测（python3 judge.py ID）"),
    "web_cannot_save": ("could not save {file}: {error}; check that the folder is writable",
                        "无法保存 {file}：{error}；请检查该文件夹是否可写"),
    "web_cannot_read": ("could not read {file}: {error}", "无法读取 {file}：{error}"),
    "web_too_large": ("the file is larger than {kb} KiB; an exercise needs far less",
                      "文件超过 {kb} KiB；一道题用不了这么多"),
    "web_not_judged": ("not judged yet", "尚未评测"),
    "web_solution_locked": ("the solution of {id} opens once your code is accepted "
                            "(your best so far: {best}); judge it first",
                            "{id} 的参考解在你的代码通过后开放（目前最好结果：{best}）；请先评测"),
    # -- the page of `judge.py web` (web/src/main.js) ----------------------------
    "page_solved_of": ("{solved} of {total} exercises solved", "{total} 道题已通过 {solved} 道"),
    "page_next": ("next", "下一题"),
    "page_statement": ("Statement", "题目"),
    "page_contract": ("Contract", "接口"),
    "page_launch": ("Launch configuration", "启动配置"),
    "page_checking": ("checking", "检查方式"),
    "page_exact": ("exact", "精确比较"),
    "page_tolerance": ("within rtol {rtol}, atol {atol}", "允许误差 rtol {rtol}，atol {atol}"),
    "page_backends": ("backends", "后端"),
    "page_must_use": ("must use", "必须使用"),
    "page_must_not_use": ("must not use", "不得使用"),
    "page_also_called": ("also called", "别名"),
    "page_hints": ("Hints", "提示"),
    "page_hint_button": ("show a hint ({seen} of {total} seen)",
                         "显示一条提示（已看 {seen}/{total}）"),
    "page_hints_all_seen": ("all {total} hints seen", "{total} 条提示已全部看过"),
    "page_no_hints": ("no hints for this exercise", "本题没有提示"),
    "page_solution": ("Solution", "参考解"),
    "page_solution_button": ("show the solution", "显示参考解"),
    "page_solution_closed": ("opens once your code is accepted", "你的代码通过后开放"),
    "page_history": ("Your attempts", "你的提交"),
    "page_no_attempts": ("not judged yet", "尚未评测"),
    "page_judge": ("Judge", "评测"),
    "page_judge_key": ("Ctrl-Enter", "Ctrl-Enter"),
    "page_judging": ("judging...", "评测中..."),
    "page_save": ("Save", "保存"),
    "page_saved": ("saved", "已保存"),
    "page_modified": ("modified (saved when you judge; Ctrl-S saves now)",
                      "已修改（评测前自动保存；Ctrl-S 立即保存）"),
    "page_reset": ("Reset to the template", "恢复为模板"),
    "page_reset_confirm": ("Replace {file} with the template? Your file is kept as "
                           "{file}.bak-TIME first.",
                           "用模板替换 {file}？你的文件会先保存为 {file}.bak-时间。"),
    "page_reset_done": ("restored the template; your file was kept as {backup}",
                        "已恢复模板；你的文件已保存为 {backup}"),
    "page_reset_same": ("restored the template", "已恢复模板"),
    "page_changed_outside": ("{file} was changed outside the page.", "{file} 在页面之外被修改了。"),
    "page_load_disk": ("load it", "载入它"),
    "page_keep_mine": ("keep mine", "保留我的"),
    "page_reloaded": ("{file} changed on disk: loaded", "{file} 在磁盘上有改动：已载入"),
    "page_seed": ("seed", "随机种子"),
    "page_judge_again_seed": ("judge again with this seed", "用这个种子再评测一次"),
    "page_no_report": ("Judge the file to see its report here.", "评测后在这里查看报告。"),
    "page_built": ("judge built in {s} s", "评测程序构建完成，用时 {s} 秒"),
    "page_case_progress": ("{done} cases judged", "已评测 {done} 个用例"),
    "page_progress_change": ("progress: {before} → {after} · {solved} of {total} solved",
                             "进度：{before} → {after} · 已通过 {solved}/{total}"),
    "page_back": ("← chapters", "← 章节"),
    "page_line_link_title": ("move the cursor to this line", "把光标移到这一行"),
    "page_lang_switch": ("中文", "English"),
}


# ---------------------------------------------------------------------------
# The language in use, and the one lookup
# ---------------------------------------------------------------------------

LANGUAGES = ("en", "zh")
_language = "en"


def set_language(lang):
    global _language
    _language = lang if lang in LANGUAGES else "en"


def current_language():
    return _language


def tr(key, lang=None, **fields):
    """The text for key in lang (default: the language in use), its fields filled in.
    A field that is a Text, or a catalog's {"en", "zh"} pair, is said in the same
    language."""
    lang = lang if lang in LANGUAGES else _language
    text = TEXTS[key][1 if lang == "zh" else 0]
    if not fields:
        return text
    return text.format(**{name: in_language(value, lang) for name, value in fields.items()})


def in_language(value, lang):
    """A field's value in lang: a Text said in it, a catalog's {"en", "zh"} pair picked."""
    if isinstance(value, Text):
        return value.say(lang)
    if isinstance(value, dict) and ("en" in value or "zh" in value):
        return value.get(lang) or value.get("en") or ""
    return value


class Text:
    """A text not yet said in a language: a key and its fields. str() says it in
    the language in use; pair() in both, for the web page ({"en": ..., "zh": ...})."""

    def __init__(self, key, **fields):
        self.key, self.fields = key, fields

    def say(self, lang=None):
        return tr(self.key, lang, **self.fields)

    def pair(self):
        return {lang: self.say(lang) for lang in LANGUAGES}

    def __str__(self):
        return self.say()

    def __eq__(self, other):
        return isinstance(other, Text) and (self.key, self.fields) == (other.key, other.fields)

    def __repr__(self):
        return f"Text({self.key!r}, {self.fields!r})"


def language_from_environment(env=None):
    """zh when the first of LC_ALL, LC_MESSAGES, LANG that is set starts with zh."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def verdict_name(verdict, lang=None):
    key = f"verdict:{verdict}"
    return tr(key if key in TEXTS else "verdict_unknown", lang)


def rule_meaning(rule, lang=None):
    key = f"rule:{rule}"
    return tr(key, lang) if key in TEXTS else str(rule)


def tier_name(tier, lang=None):
    key = f"tier:{tier}"
    return tr(key, lang) if key in TEXTS else str(tier)


def is_tier(tier):
    return isinstance(tier, str) and f"tier:{tier}" in TEXTS


def localized(pair):
    """The text of an {"en": ..., "zh": ...} pair, falling back to English."""
    if isinstance(pair, str):
        return pair
    if not isinstance(pair, dict):
        return ""
    return pair.get(_language) or pair.get("en") or ""


def localized_list(pairs):
    """The list of an {"en": [...], "zh": [...]} pair, falling back to English."""
    if not isinstance(pairs, dict):
        return []
    chosen = pairs.get(_language) or pairs.get("en") or []
    return [str(item) for item in chosen] if isinstance(chosen, list) else []
