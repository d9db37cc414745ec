"""cudajudge_cli.core.texts.grading: what `judge.py grade` and `grade-bundle` say to
instructors and students, in English and Chinese: why a file was not judged, how the
points were computed, the run's progress, the feedback files and report.html
("grade_..."), and the platforms: what they share ("platform_..."), Gradescope's and
PrairieLearn's results ("gs_...", "pl_..."), Slurm ("slurm_..."), the bundle
("bundle_..."), similarity ("sim_..."). Records keep codes (reasons, verdicts); these
texts are for people.

One of the tables that core/texts/__init__.py joins into TEXTS; said through tr() by
grading/ and view/model.py (a graded record's report).
"""

TEXTS = {
    # ---- why an exercise was not judged (record not_judged.detail) ----------------
    "grade_nj_missing": ("no file for this exercise (looked for {names})",
                         "没有这个练习的文件（找过 {names}）"),
    "grade_nj_two_candidates": ("two files for this exercise: {paths}; keep one and grade again",
                                "这个练习有两个文件：{paths}；只保留一个后重新评分"),
    "grade_nj_symlink_out": ("{path} is a symbolic link that leads outside the roster; "
                             "put the file itself there",
                             "{path} 是指向名单文件夹之外的符号链接；请放入文件本身"),
    "grade_nj_too_large": ("{path} is {size} bytes, more than the 1 MiB a submission may have",
                           "{path} 有 {size} 字节，超过了提交文件 1 MiB 的上限"),
    "grade_nj_binary": ("{path} holds a NUL byte: it is not a source file",
                        "{path} 含有 NUL 字节：它不是源代码文件"),
    "grade_nj_undecodable": ("{path} is not valid UTF-8 text (first bad byte at offset {offset})",
                             "{path} 不是有效的 UTF-8 文本（第一个错误字节在偏移 {offset}）"),
    "grade_nj_unreadable": ("{path} could not be read: {error}", "无法读取 {path}：{error}"),
    "grade_not_judged": ("not judged", "未评测"),

    # ---- score explanations --------------------------------------------------------
    "grade_ex_correct_all": ("correctness {got}/{max} ({verdict})", "正确性 {got}/{max}（{verdict}）"),
    "grade_ex_correct_cases": ("correctness {got}/{max} ({passed} of {total} weight passed)",
                               "正确性 {got}/{max}（通过的权重 {passed}/{total}）"),
    "grade_ex_perf": ("performance {got}/{max} ({why})", "性能 {got}/{max}（{why}）"),
    "grade_ex_penalty": ("{kind} {points}", "{kind} {points}"),
    "grade_ex_total": ("= {got}/{max}", "= {got}/{max}"),
    "grade_perf_emulator": ("no GPU: the emulator gives no performance points",
                            "没有 GPU：模拟器不给性能分"),
    "grade_perf_not_ac": ("performance points need AC", "性能分要求 AC"),
    "grade_perf_no_timing": ("no timing from the engine", "评测引擎没有给出计时"),
    "grade_perf_ratio_full": ("{ratio:.2f}x the reference: full points at <= {full:g}x",
                              "是参考实现的 {ratio:.2f} 倍：<= {full:g} 倍得满分"),
    "grade_perf_ratio_none": ("{ratio:.2f}x the reference: none beyond {none:g}x",
                              "是参考实现的 {ratio:.2f} 倍：超过 {none:g} 倍不得分"),
    "grade_perf_ratio_part": ("{ratio:.2f}x the reference: {full:g}/{ratio:.2f} of the points",
                              "是参考实现的 {ratio:.2f} 倍：得 {full:g}/{ratio:.2f} 的分数"),
    "grade_perf_tier": ("tier {tier}: {share:g} of the points", "档次 {tier}：得 {share:g} 的分数"),
    "grade_perf_no_tier": ("below the bronze tier", "未达到 bronze 档"),
    "grade_pen_rule": ("RULE: {rules}; {pct:g}% of the correctness points off",
                       "RULE：{rules}；扣除正确性分数的 {pct:g}%"),
    "grade_pen_race": ("RACE: a data race or memory error; {pct:g}% of the correctness points off",
                       "RACE：数据竞争或内存错误；扣除正确性分数的 {pct:g}%"),
    "grade_pen_speed": ("a speed rule missed ({got:.2f}x, needs {needs:g}x); {pct:g}% off",
                        "未达到速度要求（{got:.2f} 倍，需要 {needs:g} 倍）；扣除 {pct:g}%"),
    "grade_pen_late": ("{days} day(s) late ({source}); {pct:g}% off",
                       "迟交 {days} 天（{source}）；扣除 {pct:g}%"),
    "grade_pen_too_late": ("{days} day(s) late, more than the {max} allowed: 0 points",
                           "迟交 {days} 天，超过允许的 {max} 天：0 分"),
    "grade_late_git": ("the last commit of the file", "该文件的最后一次提交"),
    "grade_late_mtime": ("the file's modification time", "文件的修改时间"),

    # ---- the run ---------------------------------------------------------------------
    "grade_locked": ("another grade run (process {pid}) is writing {out}: wait for it to end, "
                     "or give another --out",
                     "另一个评分进程（进程 {pid}）正在写入 {out}：请等它结束，或用 --out 换一个文件夹"),
    "grade_no_roster": ("{roster} is not a folder: give the folder with one folder per student",
                        "{roster} 不是文件夹：请给出每个学生一个子文件夹的名单文件夹"),
    "grade_no_students": ("{roster} has no student folders", "{roster} 里没有学生文件夹"),
    "grade_unknown_students": ("no student folder named {names} in {roster}",
                               "{roster} 里没有名为 {names} 的学生文件夹"),
    "grade_no_gpu_emulator": ("no GPU here: every submission is judged on the emulator "
                              "({jobs} at a time) and no performance points are given",
                              "这里没有 GPU：所有提交都在模拟器上评测（同时 {jobs} 个），不给性能分"),
    "grade_on_gpus": ("judging on GPU {gpus} ({jobs} compiles at a time per GPU)",
                      "在 GPU {gpus} 上评测（每个 GPU 同时编译 {jobs} 个）"),
    "grade_sandbox_none": ("--sandbox none: test programs run without bubblewrap; use it only "
                           "for files you trust",
                           "--sandbox none：测试程序不在 bubblewrap 中运行；只对可信的文件这样做"),
    "grade_no_bwrap": ("bubblewrap (bwrap) is not installed: test programs get the engine's "
                       "confinement only; `apt-get install bubblewrap` adds it",
                       "没有安装 bubblewrap（bwrap）：测试程序只有评测引擎自带的隔离；"
                       "`apt-get install bubblewrap` 可以加上"),
    "grade_bwrap_fails": ("bubblewrap (bwrap) is installed but cannot start a sandbox here (no user "
                          "or PID namespaces?): test programs get the engine's confinement only",
                          "已安装 bubblewrap（bwrap），但在这里无法创建沙箱（没有 user 或 PID 命名"
                          "空间？）：测试程序只有评测引擎自带的隔离"),
    "grade_plan": ("{todo} to judge, {done} already judged, {nj} not judged, {ignored} files ignored",
                   "待评测 {todo} 个，已评测 {done} 个，未评测 {nj} 个，忽略文件 {ignored} 个"),
    "grade_line": ("[{n}/{total}] {student} {exercise}: {verdict} {points}/{max} ({seconds:.1f} s)",
                   "[{n}/{total}] {student} {exercise}：{verdict} {points}/{max}（{seconds:.1f} 秒）"),
    "grade_bar": ("{done}/{total} judged, {left} left, about {eta} to go",
                  "已评测 {done}/{total}，剩余 {left} 个，约需 {eta}"),
    "grade_finished": ("graded {students} students: {judged} judged now, {kept} kept from before, "
                       "{nj} not judged; outputs in {out}",
                       "已为 {students} 名学生评分：本次评测 {judged} 个，沿用之前的 {kept} 个，"
                       "未评测 {nj} 个；结果在 {out}"),
    "grade_interrupted": ("stopped: {done} judgements are saved; run the same command again to "
                          "judge the rest",
                          "已停止：{done} 个评测结果已保存；再次运行同一命令即可评测其余的"),
    "grade_policy_written": ("wrote a starting policy to {path}: edit it, then "
                             "`python3 judge.py grade ROSTER --policy {path}`",
                             "已写入初始策略 {path}：修改后运行 "
                             "`python3 judge.py grade ROSTER --policy {path}`"),
    "grade_policy_exists": ("{path} exists already: give another name or remove it first",
                            "{path} 已存在：换一个名字，或先删除它"),
    "grade_unknown_exercises": ("not exercises of the policy: {names}; name exercises the policy "
                                "lists", "不是策略中的练习：{names}；请写策略列出的练习"),
    "grade_no_nvcc": ("nvcc, the CUDA compiler, is not found here: without it the device-only check "
                      "and the rules on the compiled code do not run (docs/security.md). Install the "
                      "CUDA toolkit, or say `allow_without_nvcc: true` in {policy} to grade without "
                      "these checks",
                      "这里找不到 nvcc（CUDA 编译器）：没有它，仅设备代码检查和针对编译结果的规则检查都不会"
                      "运行（见 docs/security.md）。请安装 CUDA toolkit，或在 {policy} 中写上 "
                      "`allow_without_nvcc: true` 以在没有这些检查的情况下评分"),
    "grade_check_device_only": ("the device-only check (host code and C library calls in device "
                                "code)", "仅设备代码检查（设备代码中的主机代码和 C 库调用）"),
    "grade_check_ptx_rules": ("the rules on nvcc's compiled code (checked on the source text "
                              "instead)", "针对 nvcc 编译结果的规则检查（改为只检查源代码文本）"),
    "grade_judge_error": ("the judge could not judge this file ({detail}); it is judged again on "
                          "the next grade run",
                          "评测系统无法评测这个文件（{detail}）；下次评分时会重新评测"),

    # ---- feedback and report -----------------------------------------------------------
    "grade_fb_title": ("Feedback for {student}", "{student} 的评测反馈"),
    "grade_fb_total": ("Total: {points} of {max} points", "总分：{points} / {max}"),
    "grade_fb_exercise": ("{title} ({exercise}): {points} of {max} points, verdict {verdict}",
                          "{title}（{exercise}）：{points} / {max} 分，结果 {verdict}"),
    "grade_fb_file": ("file: {file} (sha256 {sha})", "文件：{file}（sha256 {sha}）"),
    "grade_fb_how": ("how: {explain}", "计分：{explain}"),
    "grade_fb_message": ("judge: {message}", "评测：{message}"),
    "grade_fb_cases": ("cases:", "测试用例："),
    "grade_fb_failed_count": ("{failed} of {total} cases failed", "{total} 个用例中有 {failed} 个未通过"),
    "grade_fb_hidden": ("{count} hidden case(s): {passed} passed", "{count} 个隐藏用例：通过 {passed} 个"),
    "grade_fb_timing": ("time: {median} ms, {ratio:.2f}x the reference (best of {runs} runs)",
                        "时间：{median} ms，是参考实现的 {ratio:.2f} 倍（{runs} 次中最好的一次）"),
    "grade_fb_late": ("submitted {submitted}, {days} day(s) after the deadline {deadline}",
                      "提交于 {submitted}，晚于截止时间 {deadline} {days} 天"),
    "grade_fb_reproduce": ("to judge it yourself with the same cases, from your clone of the "
                           "course's repository: {command}",
                           "在你克隆的课程仓库根目录中，用同样的用例自己评测：{command}"),
    "grade_ce_below": ("{file} does not compile; the compiler's messages are below",
                       "{file} 无法编译；编译器的输出在下面"),
    "grade_case_hidden": ("hidden case", "隐藏用例"),
    "grade_rp_title": ("Grades", "成绩"),
    "grade_rp_glance": ("The class at a glance", "全班概览"),
    "grade_rp_verdicts": ("Verdicts per exercise", "各练习的评测结果"),
    "grade_rp_scores": ("Score distribution (share of the total points)", "分数分布（占总分的比例）"),
    "grade_rp_times": ("Time against the reference (AC on a GPU)", "与参考实现的时间比（GPU 上 AC 的提交）"),
    "grade_rp_no_times": ("No times: judged on the emulator, which gives no performance points.",
                          "没有时间数据：在模拟器上评测，不给性能分。"),
    "grade_rp_students": ("Students", "学生"),
    "grade_rp_student": ("Student", "学生"),
    "grade_rp_total": ("Total", "总分"),
    "grade_rp_ignored": ("Files ignored (they match no exercise)", "忽略的文件（不对应任何练习）"),
    "grade_rp_backend": ("Judged on: {backend}{device}. Policy sha256 {policy}. Engine {engine}.",
                         "评测后端：{backend}{device}。策略 sha256 {policy}。评测引擎 {engine}。"),
    "grade_rp_emulated": ("Judged on the emulator: no performance points were given.",
                          "在模拟器上评测：没有给性能分。"),
    "grade_rp_checks_not_run": ("Graded without nvcc, as the policy allows (allow_without_nvcc): "
                                "these checks did not run: {checks}.",
                                "按策略允许（allow_without_nvcc）在没有 nvcc 的情况下评分：以下检查没有"
                                "运行：{checks}。"),
    "grade_fb_checks_not_run": ("Graded without these checks (no nvcc on the grader): {checks}.",
                                "评分时没有运行以下检查（评测机上没有 nvcc）：{checks}。"),
    "grade_rp_similarity": ("Similarity (Dolos)", "相似度（Dolos）"),
    "grade_rp_sim_about": ("Pairs of submissions at or above {threshold} and submissions at or above "
                           "{reference} against the reference solution, the exercise's template "
                           "ignored. A high similarity is a reason to look, not a verdict.",
                           "相似度不低于 {threshold} 的提交配对，以及与参考解相似度不低于 {reference} "
                           "的提交（忽略练习模板）。相似度高只是值得查看的理由，不是结论。"),
    "grade_rp_sim_compared": ("{n} submissions compared", "比较了 {n} 份提交"),
    "grade_rp_sim_none": ("no pair at or above the threshold, none close to the reference",
                          "没有达到阈值的配对，也没有与参考解接近的提交"),
    "grade_rp_sim_pair": ("students", "学生"),
    "grade_rp_sim_score": ("similarity", "相似度"),
    "grade_rp_sim_longest": ("longest shared fragment", "最长的相同片段"),
    "grade_rp_sim_near": ("close to the reference solution", "与参考解接近"),
    "grade_rp_submission": ("file {file} sha256 {sha}, seed {seed}, {backend}, late {days} day(s) "
                            "({source})",
                            "文件 {file} sha256 {sha}，随机种子 {seed}，{backend}，迟交 {days} 天"
                            "（{source}）"),
    "grade_rp_case": ("case", "用例"),
    "grade_rp_verdict": ("verdict", "结果"),
    "grade_rp_detail": ("detail", "详情"),
    "grade_rp_generated": ("Written {when} from {count} records.", "生成于 {when}，共 {count} 条记录。"),

    # ---- the command's options ----------------------------------------------------------
    "grade_h_roster": ("the folder with one folder per student", "名单文件夹：每个学生一个子文件夹"),
    "grade_h_policy": ("the grading policy (YAML; see docs/grading.md)",
                       "评分策略（YAML；见 docs/grading.md）"),
    "grade_h_out": ("where the records and outputs go (default ./grades)",
                    "记录和结果写到哪里（默认 ./grades）"),
    "grade_h_init": ("write a commented starting policy to FILE and stop",
                     "把带注释的初始策略写到 FILE，然后结束"),
    "grade_h_jobs": ("judgements at once per GPU (default 6), or emulator runs at once (default: "
                     "one per core)",
                     "每个 GPU 同时评测的数量（默认 6），或同时运行的模拟器数量（默认每核一个）"),
    "grade_h_gpus": ("which GPUs get a worker (CUDA_VISIBLE_DEVICES values), or none",
                     "哪些 GPU 各分配一个评测进程（CUDA_VISIBLE_DEVICES 的值），或 none"),
    "grade_h_emulate": ("judge on the emulator even where there is a GPU (no performance points)",
                        "即使有 GPU 也用模拟器评测（不给性能分）"),
    "grade_h_seed_per_student": ("other cases for each student (else the same cases for all)",
                                 "每个学生用不同的用例（否则所有人用相同的用例）"),
    "grade_h_regrade": ("judge these students again even when their records stand",
                        "即使已有有效记录，也重新评测这些学生"),
    "grade_h_only": ("judge these students only", "只评测这些学生"),
    "grade_h_sandbox": ("none: test programs run without bubblewrap (with a warning)",
                        "none：测试程序不在 bubblewrap 中运行（会给出警告）"),
    "grade_h_lines": ("one line per judgement even on a terminal", "即使在终端上也每个评测输出一行"),
    "grade_h_export_only": ("judge nothing; write the outputs from the stored records",
                            "不评测；只根据已保存的记录生成结果文件"),
    "grade_one_door": ("grading has one command: python3 judge.py grade ... (python3 judge.py grade "
                       "--help)", "评分只有一个命令：python3 judge.py grade ...（python3 judge.py grade --help）"),
    "grade_need_roster": ("grade: give ROSTER (the folder with one folder per student), or "
                          "--init-policy FILE",
                          "grade：请给出 ROSTER（每个学生一个子文件夹的名单文件夹），或 --init-policy FILE"),

    # ---- the platforms: what they share (platforms/base.py) ----------------------------------
    "platform_no_policy_file": ("{path}: no such policy file; write one with `python3 judge.py grade "
                                "--init-policy FILE`",
                                "{path}：没有这个策略文件；可用 `python3 judge.py grade --init-policy FILE` "
                                "生成一个"),
    "platform_bad_visibility": ("gradescope.hidden_visibility must be hidden, after_due_date or "
                                "after_published, not {value!r}: fix the policy",
                                "gradescope.hidden_visibility 必须是 hidden、after_due_date 或 "
                                "after_published，而不是 {value!r}：请修改策略"),
    "platform_grade_failed": ("judge.py grade stopped with status {code} and no record: {error}",
                              "judge.py grade 以状态 {code} 结束且没有任何记录：{error}"),
    "platform_unreachable": ("{folder} cannot be entered by other users (mode {mode:o}): the user "
                             "`cudajudge` that grades could not reach the submission; set TMPDIR to a "
                             "folder such as /tmp",
                             "其他用户无法进入 {folder}（权限 {mode:o}）：负责评测的用户 `cudajudge` "
                             "将无法读取提交；请把 TMPDIR 设为 /tmp 这样的文件夹"),
    "platform_exercise_line": ("{exercise}: {verdict}, {points}/{max} points. {message}",
                               "{exercise}：{verdict}，{points}/{max} 分。{message}"),
    "platform_compile_log": ("The compiler's messages:", "编译器输出："),
    "platform_checks_not_run": ("Without nvcc, the CUDA compiler, on this grader these checks did not "
                                "run: {checks} (docs/security.md). The course's policy allows grading "
                                "without them.",
                                "这台评测机上没有 nvcc（CUDA 编译器），以下检查没有运行：{checks}"
                                "（见 docs/security.md）。课程策略允许在没有这些检查的情况下评分。"),
    "platform_failed_log": ("grading failed: {error}", "评分失败：{error}"),
    "platform_prepare_failed": ("the references are not all AC here ({bad}): the image cannot grade; "
                                "see the output above",
                                "这里的参考解并非全部 AC（{bad}）：该镜像无法评分；请看上面的输出"),
    "platform_no_code_hash": ("{exercise}: the engine kept no hash of the reference's code, so a copy "
                              "of it would not be caught (is the engine older than this grading?)",
                              "{exercise}：评测引擎没有保存参考解代码的哈希，因此无法识别对它的抄袭"
                              "（评测引擎是否比这套评分代码旧？）"),
    "platform_prepared": ("{n} references judged AC; their case counts are kept for grading in {path}",
                          "{n} 个参考解评测为 AC；已把它们的用例数保存到 {path} 供评分使用"),

    # ---- Gradescope's results.json (platforms/gradescope.py) ---------------------------------
    "gs_not_finished": (
        "Grading did not finish (a crash or the time limit). Score 0 for now: submit again, "
        "and if this repeats tell the course staff.",
        "评分未能完成（程序崩溃或超时）。暂记 0 分：请重新提交；若再次出现，请联系课程教员。"),
    "gs_internal": (
        "The autograder failed before it could grade your files: {error}. This is not your "
        "code's fault; tell the course staff.",
        "自动评分程序在评分之前出错：{error}。这不是你的代码的问题，请联系课程教员。"),
    "gs_no_files": (
        "No exercise file was found in your submission (expected: {names}). Upload the .cu "
        "files with these names.",
        "在你的提交中没有找到练习文件（应为：{names}）。请上传这些名字的 .cu 文件。"),
    "gs_late": (
        "Submitted {days} day(s) after the due date {due}: {pct}% taken off each exercise.",
        "在截止时间 {due} 之后 {days} 天提交：每道练习扣除 {pct}% 的分数。"),
    "gs_late_zero": (
        "Submitted {days} day(s) after the due date {due}, more than the {max} days allowed: "
        "0 points.",
        "在截止时间 {due} 之后 {days} 天提交，超过允许的 {max} 天：0 分。"),
    "gs_no_gpu": (
        "Judged on the CPU emulator (no GPU here): correctness only, no performance points.",
        "在 CPU 模拟器上评测（这里没有 GPU）：只评正确性，没有性能分。"),
    "gs_case_name": ("{exercise}: case {index} {name}", "{exercise}：用例 {index} {name}"),
    "gs_total": ("Total: {points}/{max} points.", "总分：{points}/{max}。"),
    "gs_written": ("results written to {path}: score {score}", "结果已写入 {path}：得分 {score}"),
    "gs_timed_out": (
        "Grading stopped after {seconds} s, the time this autograder allows: the exercises "
        "not judged by then score 0 ({names}). Submit again; if it repeats, tell the course "
        "staff.",
        "评分在 {seconds} 秒后停止（本自动评分程序允许的时间）：届时尚未评测的练习记 0 分"
        "（{names}）。请重新提交；若再次出现，请联系课程教员。"),

    # ---- PrairieLearn's results.json (platforms/prairielearn.py) -----------------------------
    "pl_not_finished": (
        "Grading did not finish (a crash or the time limit); this attempt is not counted. "
        "Submit again, and if this repeats tell the course staff.",
        "评分未能完成（程序崩溃或超时），本次提交不计次数。请重新提交；若再次出现，请联系课程教员。"),
    "pl_internal": (
        "The grader failed before it could grade your files: {error}. This attempt is not "
        "counted; tell the course staff.",
        "评分程序在评分之前出错：{error}。本次提交不计次数，请联系课程教员。"),
    "pl_judge_error": (
        "The judge could not judge {exercise} ({message}): not your code's fault, this "
        "attempt is not counted. Submit again, and if this repeats tell the course staff.",
        "评测程序无法评测 {exercise}（{message}）：这不是你的代码的问题，本次提交不计次数。"
        "请重新提交；若再次出现，请联系课程教员。"),
    "pl_compile_error": ("{exercise} did not compile; the compiler said:\n{log}",
                         "{exercise} 编译失败，编译器输出：\n{log}"),
    "pl_summary": ("{points}/{max} points ({verdicts}).", "{points}/{max} 分（{verdicts}）。"),
    "pl_no_gpu": ("Judged on the CPU emulator: correctness only, no performance points.",
                  "在 CPU 模拟器上评测：只评正确性，没有性能分。"),
    "pl_hidden_line": ("case {index} {hidden}: {verdict}", "用例 {index} {hidden}：{verdict}"),
    "pl_not_judged": ("not judged", "未评测"),
    "pl_written": ("results written to {path}: gradable {gradable}, score {score}",
                   "结果已写入 {path}：gradable {gradable}，得分 {score}"),

    # ---- Slurm (platforms/slurm.py) ----------------------------------------------------------
    "slurm_submitted": ("submitted: job array {array} ({shards} shards of {students} students), "
                        "collect job {collect} after it\nfollow it with: python3 judge.py grade "
                        "--status {out}",
                        "已提交：作业数组 {array}（{students} 名学生分为 {shards} 片），其后是汇总作业 "
                        "{collect}\n查看进度：python3 judge.py grade --status {out}"),
    "slurm_no_sbatch": ("sbatch was not found: run this on a Slurm login node, or use --dry-run to "
                        "see the scripts",
                        "找不到 sbatch：请在 Slurm 登录节点上运行，或用 --dry-run 查看脚本"),
    "slurm_sbatch_failed": ("sbatch refused {script} (exit {code}): {error}\nthe scripts are in "
                            "{folder}; fix the option it names (--partition, --gres) and submit again",
                            "sbatch 拒绝了 {script}（退出码 {code}）：{error}\n脚本在 {folder}；"
                            "请改正它指出的选项（--partition、--gres）后重新提交"),
    "slurm_no_students": ("no student folders in {roster}: a student is a folder directly inside "
                          "the roster (docs/grading.md)",
                          "{roster} 中没有学生文件夹：花名册中直接的子文件夹才是学生（见 docs/grading.md）"),
    "slurm_not_a_batch": ("{out} holds no Slurm batch ({file} is missing): start one with "
                          "`python3 judge.py grade ROSTER --slurm --out {out}`",
                          "{out} 中没有 Slurm 批次（缺少 {file}）：用 `python3 judge.py grade ROSTER "
                          "--slurm --out {out}` 开始一个"),
    "slurm_status_line": ("shard {index}: {done}/{total} judged{je}{state}",
                          "分片 {index}：已评 {done}/{total}{je}{state}"),
    "slurm_status_total": ("{done} of {total} judgements recorded ({pct}%); collected: {collected}",
                           "已记录 {total} 项评测中的 {done} 项（{pct}%）；已汇总：{collected}"),
    "slurm_need_out": ("--slurm needs --out DIR, on a file system every node sees",
                       "--slurm 需要 --out DIR，且位于每个节点都能访问的文件系统上"),
    "slurm_need_roster": ("{option} needs ROSTER (the folder with one folder per student)",
                          "{option} 需要 ROSTER（每个学生一个子文件夹的文件夹）"),
    "slurm_empty_shard": ("shard {spec} holds no student: nothing to do",
                          "分片 {spec} 中没有学生：无事可做"),
    "slurm_submit_hint": ("# submit with: sbatch --parsable {grade}, then sbatch "
                          "--dependency=afterok:<that job id> {collect}",
                          "# 提交方法：sbatch --parsable {grade}，然后 sbatch "
                          "--dependency=afterok:<该作业号> {collect}"),
    "slurm_je_note": (", {n} JE (judged again on a rerun)", "，{n} 个 JE（重新运行时会再评）"),
    "slurm_yes": ("yes", "是"),
    "slurm_no": ("no", "否"),
    "slurm_bad_shard": ("--shard wants I/N with 0 <= I < N, for example 3/8, not {spec!r}",
                        "--shard 需要 I/N 且 0 <= I < N，例如 3/8，而不是 {spec!r}"),

    # ---- the bundle a platform is given (platforms/bundle.py) --------------------------------
    "bundle_written": ("{path}: {n} files; {next}", "{path}：{n} 个文件；{next}"),
    "bundle_next_gradescope": ("upload it as the autograder of a programming assignment "
                               "(docs/platforms.md, Gradescope)",
                               "请把它作为编程作业的自动评分程序上传（见 docs/platforms.md 的 Gradescope 一节）"),
    "bundle_next_prairielearn": ("unpack it, `docker build` its Dockerfile and name the image in the "
                                 "question's info.json (docs/platforms.md, PrairieLearn)",
                                 "解压后用其中的 Dockerfile 执行 `docker build`，并在题目的 info.json 中写上该"
                                 "镜像（见 docs/platforms.md 的 PrairieLearn 一节）"),

    # ---- similarity (similarity.py) ----------------------------------------------------------
    "sim_no_node": ("Similarity needs Node.js 18 or newer (found: {found}). Install it "
                    "(sudo apt-get install -y nodejs npm) and then Dolos: npm install --prefix "
                    "{folder} @dodona/dolos-lib. Grading itself does not need either.",
                    "相似度检查需要 Node.js 18 或更新版本（找到：{found}）。请安装（sudo apt-get "
                    "install -y nodejs npm），再安装 Dolos：npm install --prefix {folder} "
                    "@dodona/dolos-lib。评分本身不需要它们。"),
    "sim_no_dolos": ("Dolos is not installed (looked in {places}). Install it with: npm install "
                     "--prefix {folder} @dodona/dolos-lib (or set CUDAJUDGE_DOLOS_DIR to a folder "
                     "where it is installed). Grading itself does not need it.",
                     "没有安装 Dolos（查找了 {places}）。安装方法：npm install --prefix {folder} "
                     "@dodona/dolos-lib（或把 CUDAJUDGE_DOLOS_DIR 设为已安装它的文件夹）。评分本身不需要它。"),
    "sim_dolos_failed": ("Dolos failed on {exercise} (exit {code}): {error}",
                         "Dolos 在 {exercise} 上出错（退出码 {code}）：{error}"),
    "sim_header": ("Similarity (Dolos, template ignored), threshold {threshold}:",
                   "相似度（Dolos，忽略模板），阈值 {threshold}："),
    "sim_pair": ("  {exercise}: {a} and {b}: {score}", "  {exercise}：{a} 与 {b}：{score}"),
    "sim_reference": ("  {exercise}: {a} and the reference solution: {score}",
                      "  {exercise}：{a} 与参考解：{score}"),
    "sim_none": ("  no pair at or above the threshold", "  没有达到阈值的配对"),
    "sim_compared": ("{exercise}: {n} submissions compared", "{exercise}：比较了 {n} 份提交"),

    # ---- the options of grade and grade-bundle (help) ------------------------------------
    "grade_h_platforms": ("platforms (docs/platforms.md)", "平台（见 docs/platforms.md）"),
    "grade_h_gradescope": ("grade /autograder/submission into /autograder/results/"
                           "results.json (inside a Gradescope autograder)",
                           "把 /autograder/submission 评分并写入 /autograder/results/"
                           "results.json（在 Gradescope 自动评分环境中）"),
    "grade_h_prairielearn": ("grade /grade/student into /grade/results/results.json "
                             "(inside a PrairieLearn external grader)",
                             "把 /grade/student 评分并写入 /grade/results/results.json"
                             "（在 PrairieLearn 外部评分器中）"),
    "grade_h_prepare": ("when a grading image is built (setup.sh): judge the "
                        "policy's references and keep their case counts in FILE",
                        "构建评分镜像时（setup.sh）：评测策略中的参考解，并把它们的"
                        "用例数保存到 FILE"),
    "grade_h_reference_cases": ("the case counts --prepare kept (the references are out "
                                "of reach when grading)",
                                "--prepare 保存的用例数（评分时无法读取参考解）"),
    "grade_h_ignore_deadline": ("leave lateness out: the platform judges it", "不计迟交：由平台判断"),
    "grade_h_only_exercises": ("grade only these exercises of the policy", "只评测策略中的这些练习"),
    "grade_h_shard": ("grade only shard I of N of the roster (what each "
                      "Slurm task does)",
                      "只评花名册 N 个分片中的第 I 片（每个 Slurm 任务做的事）"),
    "grade_h_status": ("how far a Slurm batch in DIR is", "DIR 中的 Slurm 批次进行到哪一步"),
    "bundle_h_hidden_visibility": ("Gradescope: how hidden cases are shown (else the "
                                   "policy's gradescope.hidden_visibility, else "
                                   "after_due_date)",
                                   "Gradescope：隐藏用例如何显示（否则取策略的 "
                                   "gradescope.hidden_visibility，再否则 after_due_date）"),
    "bundle_h_leaderboard": ("Gradescope: put the median times on the leaderboard "
                             "(else the policy's gradescope.leaderboard)",
                             "Gradescope：把中位耗时放上排行榜（否则取策略的 "
                             "gradescope.leaderboard）"),
    "bundle_h_platform": ("the platform", "平台"),
    "bundle_h_policy": ("the course policy (docs/grading.md)", "课程的评分策略（见 docs/grading.md）"),
    "bundle_h_out": ("the zip to write (default autograder.zip, or "
                     "prairielearn-grader.zip)",
                     "要写入的 zip（默认 autograder.zip 或 "
                     "prairielearn-grader.zip）"),
    "slurm_h_slurm": ("grade on a Slurm cluster: a job array of shards, "
                      "then a collect job",
                      "在 Slurm 集群上评分：分片作业数组，然后是汇总作业"),
    "slurm_h_partition": ("the Slurm partition for the jobs", "作业使用的 Slurm 分区"),
    "slurm_h_gres": ("generic resources per task, for example gpu:1", "每个任务的通用资源，例如 gpu:1"),
    "slurm_h_max_running": ("at most N array tasks at once (--array=0-K%%N)",
                            "最多同时运行 N 个数组任务（--array=0-K%%N）"),
    "slurm_h_shards": ("how many array tasks (default: one per student, "
                       "at most 64)",
                       "数组任务的个数（默认每个学生一个，最多 64 个）"),
    "slurm_h_dry_run": ("print the batch scripts instead of submitting them", "只打印批处理脚本，不提交"),
    "slurm_h_collect": ("merge the shards of a Slurm batch (its batch.json) and "
                        "write the exports: what collect.sbatch runs",
                        "合并 Slurm 批次（其 batch.json）的各分片并写出导出文件："
                        "collect.sbatch 运行的就是它"),
    "slurm_h_time": ("the time limit of each task (sbatch --time)", "每个任务的时间限制（sbatch --time）"),
    "sim_h_similarity": ("compare the submissions with each other and the "
                         "reference (Dolos; optional)",
                         "把提交彼此比较，并与参考解比较（Dolos，可选）"),
    "sim_h_threshold": ("flag pairs at or above this similarity, 0..1 "
                        "(default: the policy's similarity.threshold, else 0.8)",
                        "标出相似度不低于此值（0..1）的配对（默认取策略的 "
                        "similarity.threshold，否则 0.8）"),
    "grade_bundle_moved": ("`judge.py grade --bundle` is now `python3 judge.py grade-bundle {platform} "
                           "--policy FILE --out ZIP`: run that",
                           "`judge.py grade --bundle` 已改为 `python3 judge.py grade-bundle {platform} "
                           "--policy FILE --out ZIP`：请运行它"),
    "grade_case_hidden_paren": ("(hidden case)", "（隐藏用例）"),
}
