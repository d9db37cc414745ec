"""The platform modes of `judge.py grade` (docs/platforms.md): where courses already
grade. Each is an option of the one grade command, never a door of its own:

    --gradescope       one submission inside a Gradescope autograder (gradescope.py)
    --prairielearn     one submission as a PrairieLearn external grader (prairielearn.py)
    --prepare FILE     when a grading image is built: judge the policy's references
    ROSTER --slurm     a class on a Slurm cluster; --status DIR, --collect BATCH (slurm.py)
    --shard I/N        the students of one Slurm task
    ROSTER --similarity  Dolos over the class (grading/similarity.py)

base.py holds what they share; bundle.py the zip a course uploads (`judge.py
grade-bundle`). cli.py adds these options with add_arguments(parser) and calls
run(options) first: it returns an exit status, or None for an ordinary grade run.
"""

import argparse
import sys

from cudajudge_cli.core.errors import JudgeError

from . import base


def add_arguments(parser):
    """Adds the platform options to the grade command's parser."""
    from .. import similarity
    from . import bundle, slurm
    group = parser.add_argument_group(base.pick("platforms (docs/platforms.md)",
                                                "平台（见 docs/platforms.md）"))
    group.add_argument("--gradescope", action="store_true",
                       help=base.pick("grade /autograder/submission into /autograder/results/"
                                      "results.json (inside a Gradescope autograder)",
                                      "把 /autograder/submission 评分并写入 /autograder/results/"
                                      "results.json（在 Gradescope 自动评分环境中）"))
    group.add_argument("--prairielearn", action="store_true",
                       help=base.pick("grade /grade/student into /grade/results/results.json "
                                      "(inside a PrairieLearn external grader)",
                                      "把 /grade/student 评分并写入 /grade/results/results.json"
                                      "（在 PrairieLearn 外部评分器中）"))
    group.add_argument("--prepare", metavar="FILE",
                       help=base.pick("when a grading image is built (setup.sh): judge the "
                                      "policy's references and keep their case counts in FILE",
                                      "构建评分镜像时（setup.sh）：评测策略中的参考解，并把它们的"
                                      "用例数保存到 FILE"))
    group.add_argument("--reference-cases", metavar="FILE",
                       help=base.pick("the case counts --prepare kept (the references are out "
                                      "of reach when grading)",
                                      "--prepare 保存的用例数（评分时无法读取参考解）"))
    group.add_argument("--ignore-deadline", action="store_true",
                       help=base.pick("leave lateness out: the platform judges it",
                                      "不计迟交：由平台判断"))
    group.add_argument("--only-exercises", nargs="+", metavar="ID", default=[],
                       help=base.pick("grade only these exercises of the policy",
                                      "只评测策略中的这些练习"))
    group.add_argument("--bundle", metavar="PLATFORM", help=argparse.SUPPRESS)
    bundle.add_gradescope_options(group)
    slurm.add_arguments(group)
    group.add_argument("--shard", metavar="I/N",
                       help=base.pick("grade only shard I of N of the roster (what each "
                                      "Slurm task does)",
                                      "只评花名册 N 个分片中的第 I 片（每个 Slurm 任务做的事）"))
    group.add_argument("--status", metavar="DIR",
                       help=base.pick("how far a Slurm batch in DIR is",
                                      "DIR 中的 Slurm 批次进行到哪一步"))
    similarity.add_arguments(group)


def grade_passthrough(options):
    """The grade options a Slurm task repeats."""
    args = []
    if getattr(options, "emulate", False):
        args.append("--emulate")
    if getattr(options, "seed_per_student", False):
        args.append("--seed-per-student")
    if getattr(options, "sandbox", "auto") not in (None, "auto"):
        args += ["--sandbox", options.sandbox]
    if getattr(options, "jobs", 0):
        args += ["--jobs", str(options.jobs)]
    return args


BUNDLE_MOVED = ("`judge.py grade --bundle` is now `python3 judge.py grade-bundle {platform} "
                "--policy FILE --out ZIP`: run that",
                "`judge.py grade --bundle` 已改为 `python3 judge.py grade-bundle {platform} "
                "--policy FILE --out ZIP`：请运行它")


def run(options):
    """Runs the platform mode the options ask for and returns its exit status; None when
    they ask for none (or for --shard, which only narrows options.only), so that the
    ordinary grade run goes on."""
    from .. import similarity
    from . import gradescope, prairielearn, slurm
    lang = getattr(options, "lang", None) or "en"
    try:
        if getattr(options, "bundle", None):
            print(BUNDLE_MOVED[1 if base.interface_language(options) == "zh" else 0].format(
                platform=options.bundle), file=sys.stderr)
            return 2
        if getattr(options, "status", None):
            return slurm.status(slurm.load_batch(options.status), lang)
        if getattr(options, "collect", None):
            return slurm.run_collect(slurm.load_batch(options.collect))
        if getattr(options, "prepare", None):
            return base.prepare(options.policy, options.prepare, lang)
        if getattr(options, "gradescope", False):
            return gradescope.run(options)
        if getattr(options, "prairielearn", False):
            return prairielearn.run(options)
        if getattr(options, "slurm", False):
            if not options.roster:
                raise slurm.SlurmError(slurm.text("need_roster", lang, option="--slurm"))
            return slurm.run_submit(options, grade_passthrough(options))
        if getattr(options, "similarity", False):
            if not options.roster:
                raise slurm.SlurmError(slurm.text("need_roster", lang, option="--similarity"))
            return similarity.run(options)
        if getattr(options, "shard", None):
            if not options.roster:
                raise slurm.SlurmError(slurm.text("need_roster", lang, option="--shard"))
            from ..roster import list_students
            chosen = slurm.shard_students(list_students(options.roster), options.shard)
            if not chosen:
                print(slurm.text("empty_shard", lang, spec=options.shard))
                return 0
            options.only = [s for s in chosen if not options.only or s in options.only]
    except (slurm.SlurmError, JudgeError) as err:
        print(err, file=sys.stderr)
        return 2
    return None
