"""cudajudge_cli.core.texts.command_line: judge.py's command line in English and
Chinese: each command's one-line summary (help_cmd_<name>), each option's help, and
argparse's own messages translated (cli.py).

One of the tables that core/texts/__init__.py joins into TEXTS; said through tr() by
cli.py and commands/.
"""

TEXTS = {
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
}
