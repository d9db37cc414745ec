"""Every text of `judge.py grade` for instructors and students, in English and Chinese.

Used by the grading modules through t(key, lang, **values); the record keeps the
language-independent codes (reasons, verdicts), the texts are for people.
"""

TEXTS = {
    # ---- why an exercise was not judged (record not_judged.detail) ----------------
    "nj_missing": ("no file for this exercise (looked for {names})",
                   "没有这个练习的文件（找过 {names}）"),
    "nj_two_candidates": ("two files for this exercise: {paths}; keep one and grade again",
                          "这个练习有两个文件：{paths}；只保留一个后重新评分"),
    "nj_symlink_out": ("{path} is a symbolic link that leads outside the roster; "
                       "put the file itself there",
                       "{path} 是指向名单文件夹之外的符号链接；请放入文件本身"),
    "nj_too_large": ("{path} is {size} bytes, more than the 1 MiB a submission may have",
                     "{path} 有 {size} 字节，超过了提交文件 1 MiB 的上限"),
    "nj_binary": ("{path} holds a NUL byte: it is not a source file",
                  "{path} 含有 NUL 字节：它不是源代码文件"),
    "nj_undecodable": ("{path} is not valid UTF-8 text (first bad byte at offset {offset})",
                       "{path} 不是有效的 UTF-8 文本（第一个错误字节在偏移 {offset}）"),
    "nj_unreadable": ("{path} could not be read: {error}", "无法读取 {path}：{error}"),
    "not_judged": ("not judged", "未评测"),

    # ---- score explanations --------------------------------------------------------
    "ex_correct_all": ("correctness {got}/{max} ({verdict})", "正确性 {got}/{max}（{verdict}）"),
    "ex_correct_cases": ("correctness {got}/{max} ({passed} of {total} weight passed)",
                         "正确性 {got}/{max}（通过的权重 {passed}/{total}）"),
    "ex_perf": ("performance {got}/{max} ({why})", "性能 {got}/{max}（{why}）"),
    "ex_penalty": ("{kind} {points}", "{kind} {points}"),
    "ex_total": ("= {got}/{max}", "= {got}/{max}"),
    "perf_emulator": ("no GPU: the emulator gives no performance points",
                      "没有 GPU：模拟器不给性能分"),
    "perf_not_ac": ("performance points need AC", "性能分要求 AC"),
    "perf_no_timing": ("no timing from the engine", "评测引擎没有给出计时"),
    "perf_ratio_full": ("{ratio:.2f}x the reference: full points at <= {full:g}x",
                        "是参考实现的 {ratio:.2f} 倍：<= {full:g} 倍得满分"),
    "perf_ratio_none": ("{ratio:.2f}x the reference: none beyond {none:g}x",
                        "是参考实现的 {ratio:.2f} 倍：超过 {none:g} 倍不得分"),
    "perf_ratio_part": ("{ratio:.2f}x the reference: {full:g}/{ratio:.2f} of the points",
                        "是参考实现的 {ratio:.2f} 倍：得 {full:g}/{ratio:.2f} 的分数"),
    "perf_tier": ("tier {tier}: {share:g} of the points", "档次 {tier}：得 {share:g} 的分数"),
    "perf_no_tier": ("below the bronze tier", "未达到 bronze 档"),
    "pen_RULE": ("RULE: {rules}; {pct:g}% of the correctness points off",
                 "RULE：{rules}；扣除正确性分数的 {pct:g}%"),
    "pen_RACE": ("RACE: a data race or memory error; {pct:g}% of the correctness points off",
                 "RACE：数据竞争或内存错误；扣除正确性分数的 {pct:g}%"),
    "pen_speed": ("a speed rule missed ({got:.2f}x, needs {needs:g}x); {pct:g}% off",
                  "未达到速度要求（{got:.2f} 倍，需要 {needs:g} 倍）；扣除 {pct:g}%"),
    "pen_late": ("{days} day(s) late ({source}); {pct:g}% off",
                 "迟交 {days} 天（{source}）；扣除 {pct:g}%"),
    "pen_too_late": ("{days} day(s) late, more than the {max} allowed: 0 points",
                     "迟交 {days} 天，超过允许的 {max} 天：0 分"),
    "late_git": ("the last commit of the file", "该文件的最后一次提交"),
    "late_mtime": ("the file's modification time", "文件的修改时间"),

    # ---- the run ---------------------------------------------------------------------
    "locked": ("another grade run (process {pid}) is writing {out}: wait for it to end, "
               "or give another --out",
               "另一个评分进程（进程 {pid}）正在写入 {out}：请等它结束，或用 --out 换一个文件夹"),
    "no_roster": ("{roster} is not a folder: give the folder with one folder per student",
                  "{roster} 不是文件夹：请给出每个学生一个子文件夹的名单文件夹"),
    "no_students": ("{roster} has no student folders", "{roster} 里没有学生文件夹"),
    "unknown_students": ("no student folder named {names} in {roster}",
                         "{roster} 里没有名为 {names} 的学生文件夹"),
    "no_gpu_emulator": ("no GPU here: every submission is judged on the emulator "
                        "({jobs} at a time) and no performance points are given",
                        "这里没有 GPU：所有提交都在模拟器上评测（同时 {jobs} 个），不给性能分"),
    "on_gpus": ("judging on GPU {gpus} ({jobs} compiles at a time per GPU)",
                "在 GPU {gpus} 上评测（每个 GPU 同时编译 {jobs} 个）"),
    "sandbox_none": ("--sandbox none: test programs run without bubblewrap; use it only "
                     "for files you trust",
                     "--sandbox none：测试程序不在 bubblewrap 中运行；只对可信的文件这样做"),
    "no_bwrap": ("bubblewrap (bwrap) is not installed: test programs get the engine's "
                 "confinement only; `apt-get install bubblewrap` adds it",
                 "没有安装 bubblewrap（bwrap）：测试程序只有评测引擎自带的隔离；"
                 "`apt-get install bubblewrap` 可以加上"),
    "bwrap_fails": ("bubblewrap (bwrap) is installed but cannot start a sandbox here (no user "
                    "or PID namespaces?): test programs get the engine's confinement only",
                    "已安装 bubblewrap（bwrap），但在这里无法创建沙箱（没有 user 或 PID 命名"
                    "空间？）：测试程序只有评测引擎自带的隔离"),
    "plan": ("{todo} to judge, {done} already judged, {nj} not judged, {ignored} files ignored",
             "待评测 {todo} 个，已评测 {done} 个，未评测 {nj} 个，忽略文件 {ignored} 个"),
    "line": ("[{n}/{total}] {student} {exercise}: {verdict} {points}/{max} ({seconds:.1f} s)",
             "[{n}/{total}] {student} {exercise}：{verdict} {points}/{max}（{seconds:.1f} 秒）"),
    "bar": ("{done}/{total} judged, {left} left, about {eta} to go",
            "已评测 {done}/{total}，剩余 {left} 个，约需 {eta}"),
    "finished": ("graded {students} students: {judged} judged now, {kept} kept from before, "
                 "{nj} not judged; outputs in {out}",
                 "已为 {students} 名学生评分：本次评测 {judged} 个，沿用之前的 {kept} 个，"
                 "未评测 {nj} 个；结果在 {out}"),
    "interrupted": ("stopped: {done} judgements are saved; run the same command again to "
                    "judge the rest",
                    "已停止：{done} 个评测结果已保存；再次运行同一命令即可评测其余的"),
    "policy_written": ("wrote a starting policy to {path}: edit it, then "
                       "`python3 judge.py grade ROSTER --policy {path}`",
                       "已写入初始策略 {path}：修改后运行 "
                       "`python3 judge.py grade ROSTER --policy {path}`"),
    "policy_exists": ("{path} exists already: give another name or remove it first",
                      "{path} 已存在：换一个名字，或先删除它"),
    "unknown_exercises": ("not exercises of the policy: {names}; name exercises the policy "
                          "lists", "不是策略中的练习：{names}；请写策略列出的练习"),
    "no_nvcc": ("nvcc, the CUDA compiler, is not found here: without it the device-only check "
                "and the rules on the compiled code do not run (docs/security.md). Install the "
                "CUDA toolkit, or say `allow_without_nvcc: true` in {policy} to grade without "
                "these checks",
                "这里找不到 nvcc（CUDA 编译器）：没有它，仅设备代码检查和针对编译结果的规则检查都不会"
                "运行（见 docs/security.md）。请安装 CUDA toolkit，或在 {policy} 中写上 "
                "`allow_without_nvcc: true` 以在没有这些检查的情况下评分"),
    "check_device_only": ("the device-only check (host code and C library calls in device "
                          "code)", "仅设备代码检查（设备代码中的主机代码和 C 库调用）"),
    "check_ptx_rules": ("the rules on nvcc's compiled code (checked on the source text "
                        "instead)", "针对 nvcc 编译结果的规则检查（改为只检查源代码文本）"),
    "engine_missing": ("the engine {path} is not built: run `python3 judge.py list` once "
                       "(it builds the judge), then grade again",
                       "评测引擎 {path} 尚未构建：先运行一次 `python3 judge.py list`（它会构建），"
                       "再重新评分"),
    "engine_failed": ("the engine failed ({what}): {detail}", "评测引擎出错（{what}）：{detail}"),
    "engine_not_json": ("the engine printed a line that is not JSON: {line}",
                        "评测引擎输出了不是 JSON 的一行：{line}"),
    "engine_status": ("the engine ended with status {status}", "评测引擎以状态 {status} 结束"),
    "engine_no_summary": ("the engine gave no summary", "评测引擎没有给出总结"),
    "judge_error": ("the judge could not judge this file ({detail}); it is judged again on "
                    "the next grade run",
                    "评测系统无法评测这个文件（{detail}）；下次评分时会重新评测"),

    # ---- feedback and report -----------------------------------------------------------
    "fb_title": ("Feedback for {student}", "{student} 的评测反馈"),
    "fb_total": ("Total: {points} of {max} points", "总分：{points} / {max}"),
    "fb_exercise": ("{title} ({exercise}): {points} of {max} points, verdict {verdict}",
                    "{title}（{exercise}）：{points} / {max} 分，结果 {verdict}"),
    "fb_file": ("file: {file} (sha256 {sha})", "文件：{file}（sha256 {sha}）"),
    "fb_how": ("how: {explain}", "计分：{explain}"),
    "fb_message": ("judge: {message}", "评测：{message}"),
    "fb_cases": ("cases:", "测试用例："),
    "fb_failed_count": ("{failed} of {total} cases failed", "{total} 个用例中有 {failed} 个未通过"),
    "fb_hidden": ("{count} hidden case(s): {passed} passed", "{count} 个隐藏用例：通过 {passed} 个"),
    "fb_timing": ("time: {median} ms, {ratio:.2f}x the reference (best of {runs} runs)",
                  "时间：{median} ms，是参考实现的 {ratio:.2f} 倍（{runs} 次中最好的一次）"),
    "fb_late": ("submitted {submitted}, {days} day(s) after the deadline {deadline}",
                "提交于 {submitted}，晚于截止时间 {deadline} {days} 天"),
    "fb_reproduce": ("to judge it yourself with the same cases, from your clone of the "
                     "course's repository: {command}",
                     "在你克隆的课程仓库根目录中，用同样的用例自己评测：{command}"),
    "ce_below": ("{file} does not compile; the compiler's messages are below",
                 "{file} 无法编译；编译器的输出在下面"),
    "case_hidden": ("hidden case", "隐藏用例"),
    "rp_title": ("Grades", "成绩"),
    "rp_glance": ("The class at a glance", "全班概览"),
    "rp_verdicts": ("Verdicts per exercise", "各练习的评测结果"),
    "rp_scores": ("Score distribution (share of the total points)", "分数分布（占总分的比例）"),
    "rp_times": ("Time against the reference (AC on a GPU)", "与参考实现的时间比（GPU 上 AC 的提交）"),
    "rp_no_times": ("No times: judged on the emulator, which gives no performance points.",
                    "没有时间数据：在模拟器上评测，不给性能分。"),
    "rp_students": ("Students", "学生"),
    "rp_student": ("Student", "学生"),
    "rp_total": ("Total", "总分"),
    "rp_ignored": ("Files ignored (they match no exercise)", "忽略的文件（不对应任何练习）"),
    "rp_backend": ("Judged on: {backend}{device}. Policy sha256 {policy}. Engine {engine}.",
                   "评测后端：{backend}{device}。策略 sha256 {policy}。评测引擎 {engine}。"),
    "rp_emulated": ("Judged on the emulator: no performance points were given.",
                    "在模拟器上评测：没有给性能分。"),
    "rp_checks_not_run": ("Graded without nvcc, as the policy allows (allow_without_nvcc): "
                          "these checks did not run: {checks}.",
                          "按策略允许（allow_without_nvcc）在没有 nvcc 的情况下评分：以下检查没有"
                          "运行：{checks}。"),
    "fb_checks_not_run": ("Graded without these checks (no nvcc on the grader): {checks}.",
                          "评分时没有运行以下检查（评测机上没有 nvcc）：{checks}。"),
    "rp_similarity": ("Similarity (Dolos)", "相似度（Dolos）"),
    "rp_sim_about": ("Pairs of submissions at or above {threshold} and submissions at or above "
                     "{reference} against the reference solution, the exercise's template "
                     "ignored. A high similarity is a reason to look, not a verdict.",
                     "相似度不低于 {threshold} 的提交配对，以及与参考解相似度不低于 {reference} "
                     "的提交（忽略练习模板）。相似度高只是值得查看的理由，不是结论。"),
    "rp_sim_compared": ("{n} submissions compared", "比较了 {n} 份提交"),
    "rp_sim_none": ("no pair at or above the threshold, none close to the reference",
                    "没有达到阈值的配对，也没有与参考解接近的提交"),
    "rp_sim_pair": ("students", "学生"),
    "rp_sim_score": ("similarity", "相似度"),
    "rp_sim_longest": ("longest shared fragment", "最长的相同片段"),
    "rp_sim_near": ("close to the reference solution", "与参考解接近"),
    "rp_generated": ("Written {when} from {count} records.", "生成于 {when}，共 {count} 条记录。"),

    # ---- the command's options ----------------------------------------------------------
    "h_roster": ("the folder with one folder per student", "名单文件夹：每个学生一个子文件夹"),
    "h_policy": ("the grading policy (YAML; see docs/grading.md)",
                 "评分策略（YAML；见 docs/grading.md）"),
    "h_out": ("where the records and outputs go (default ./grades)",
              "记录和结果写到哪里（默认 ./grades）"),
    "h_init": ("write a commented starting policy to FILE and stop",
               "把带注释的初始策略写到 FILE，然后结束"),
    "h_jobs": ("judgements at once per GPU (default 6), or emulator runs at once (default: "
               "one per core)",
               "每个 GPU 同时评测的数量（默认 6），或同时运行的模拟器数量（默认每核一个）"),
    "h_gpus": ("which GPUs get a worker (CUDA_VISIBLE_DEVICES values), or none",
               "哪些 GPU 各分配一个评测进程（CUDA_VISIBLE_DEVICES 的值），或 none"),
    "h_emulate": ("judge on the emulator even where there is a GPU (no performance points)",
                  "即使有 GPU 也用模拟器评测（不给性能分）"),
    "h_seed_per_student": ("other cases for each student (else the same cases for all)",
                           "每个学生用不同的用例（否则所有人用相同的用例）"),
    "h_regrade": ("judge these students again even when their records stand",
                  "即使已有有效记录，也重新评测这些学生"),
    "h_only": ("judge these students only", "只评测这些学生"),
    "h_sandbox": ("none: test programs run without bubblewrap (with a warning)",
                  "none：测试程序不在 bubblewrap 中运行（会给出警告）"),
    "h_lines": ("one line per judgement even on a terminal", "即使在终端上也每个评测输出一行"),
    "h_export_only": ("judge nothing; write the outputs from the stored records",
                      "不评测；只根据已保存的记录生成结果文件"),
    "one_door": ("grading has one command: python3 judge.py grade ... (python3 judge.py grade "
                 "--help)", "评分只有一个命令：python3 judge.py grade ...（python3 judge.py grade --help）"),
    "need_roster": ("grade: give ROSTER (the folder with one folder per student), or "
                    "--init-policy FILE",
                    "grade：请给出 ROSTER（每个学生一个子文件夹的名单文件夹），或 --init-policy FILE"),
}


def t(key, lang="en", **values):
    text = TEXTS[key][1 if lang == "zh" else 0]
    return text.format(**values) if values else text


def interface_language(options=None):
    """The instructor's language: --lang, else the driver's (LANG and friends)."""
    chosen = getattr(options, "lang", None) if options is not None else None
    if chosen:
        return chosen
    from cudajudge_cli.core.texts import current_language
    return current_language()
