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
from cudajudge_cli.core.texts import tr

from . import base


def add_arguments(parser):
    """Adds the platform options to the grade command's parser."""
    from .. import similarity
    from . import bundle, slurm
    group = parser.add_argument_group(tr("grade_h_platforms"))
    group.add_argument("--gradescope", action="store_true", help=tr("grade_h_gradescope"))
    group.add_argument("--prairielearn", action="store_true", help=tr("grade_h_prairielearn"))
    group.add_argument("--prepare", metavar="FILE", help=tr("grade_h_prepare"))
    group.add_argument("--reference-cases", metavar="FILE", help=tr("grade_h_reference_cases"))
    group.add_argument("--ignore-deadline", action="store_true",
                       help=tr("grade_h_ignore_deadline"))
    group.add_argument("--only-exercises", nargs="+", metavar="ID", default=[],
                       help=tr("grade_h_only_exercises"))
    group.add_argument("--bundle", metavar="PLATFORM", help=argparse.SUPPRESS)
    bundle.add_gradescope_options(group)
    slurm.add_arguments(group)
    group.add_argument("--shard", metavar="I/N", help=tr("grade_h_shard"))
    group.add_argument("--status", metavar="DIR", help=tr("grade_h_status"))
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


def run(options):
    """Runs the platform mode the options ask for and returns its exit status; None when
    they ask for none (or for --shard, which only narrows options.only), so that the
    ordinary grade run goes on."""
    from .. import similarity
    from . import gradescope, prairielearn, slurm
    lang = getattr(options, "lang", None) or "en"
    try:
        if getattr(options, "bundle", None):
            print(tr("grade_bundle_moved", platform=options.bundle), file=sys.stderr)
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
                raise slurm.SlurmError(tr("slurm_need_roster", lang, option="--slurm"))
            return slurm.run_submit(options, grade_passthrough(options))
        if getattr(options, "similarity", False):
            if not options.roster:
                raise slurm.SlurmError(tr("slurm_need_roster", lang, option="--similarity"))
            return similarity.run(options)
        if getattr(options, "shard", None):
            if not options.roster:
                raise slurm.SlurmError(tr("slurm_need_roster", lang, option="--shard"))
            from ..roster import list_students
            chosen = slurm.shard_students(list_students(options.roster), options.shard)
            if not chosen:
                print(tr("slurm_empty_shard", lang, spec=options.shard))
                return 0
            options.only = [s for s in chosen if not options.only or s in options.only]
    except (slurm.SlurmError, JudgeError) as err:
        print(err, file=sys.stderr)
        return 2
    return None
