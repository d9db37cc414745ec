"""cudajudge_cli.core.texts.learner: what the learner's commands say, in English and
Chinese: exercise names, the overview and list, show, hint and solution, reset, watch,
the progress file, the editor, check, doctor and selftest.

One of the tables that core/texts/__init__.py joins into TEXTS; said through tr() by
commands/ and learn/.
"""

TEXTS = {
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
}
