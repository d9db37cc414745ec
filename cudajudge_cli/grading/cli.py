"""The `grade` command's options and entry point: add_arguments(parser) and
run(options) -> int, as every driver command has them. Reached through
`python3 judge.py grade` (commands/grade.py), its only door.
Exit status: 0 all judged, 1 usage (a missing roster, unknown students), 2 the judge or
the machine failed (the engine, an invalid policy, a locked DIR).
"""

import os
import random
import sys

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import current_language, tr

from . import platforms  # Gradescope, PrairieLearn, Slurm, similarity

STARTING_POLICY = """\
# A grading policy for `python3 judge.py grade ROSTER --policy THIS_FILE`.
# Every key is explained in docs/grading.md; `build/cudajudge policy THIS_FILE --root .`
# checks it and prints it with every default filled in. Unknown keys are errors.

course: "My course"       # shown in the report and in each student's feedback
language: en              # en or zh: the language of the feedback and the report

# The cases of each exercise come from this seed, so a regrade judges the same cases.
seed: {seed}
seed_per_student: false   # true: each student gets other cases (or: grade --seed-per-student)
round: 2                  # decimals of the points

# Lateness: the last git commit that touched the file when the student's folder is a git
# repository, else the file's modification time (each record says which).
# deadline: "2026-12-15T23:59:00Z"
late:
  penalty_per_day: 10     # percent of the exercise's points per started day late
  # max_days: 5           # later than this: 0 points
  grace_minutes: 0

# What passing the wrong way costs, in percent of the exercise's correctness points.
penalties:
  RULE: 100               # a required primitive missing or a forbidden one used
  RACE: 100               # a data race or memory error found
  speed: 50               # a speed rule missed (correct, but not fast enough)

# Performance points are only given on a GPU (never on the emulator).
performance:
  method: ratio           # ratio: against the reference timed in the same run; or tier
  runs: 3                 # best of K rounds of timed launches
  full_at: 1.2            # full points at or below 1.2 x the reference's time
  none_beyond: 10         # none beyond 10 x; in between points x full_at / ratio
  tiers: {{bronze: 0.5, silver: 0.8, gold: 1.0}}   # method tier: the share of the points

# On Gradescope (grade-bundle gradescope, grade --gradescope; docs/platforms.md). Options
# on the command line (--hidden-visibility, --leaderboard) override these.
gradescope:
  hidden_visibility: after_due_date  # hidden cases: hidden, after_due_date or after_published
  leaderboard: false      # true: the median times on the leaderboard (GPU runs only)
  stdout_visibility: hidden   # the judge's own log: hidden, visible, after_due_date, ...
  time_budget_s: 540      # stop grading after this, under Gradescope's timeout

# grade ROSTER --similarity (Dolos): --threshold overrides both.
similarity:
  threshold: 0.8          # flag pairs of submissions at or above this similarity (0..1)
  reference_threshold: 0.8    # and submissions this close to the reference solution

exercises:
  - id: warp_scan
    points: 10            # correctness points
    performance: 5        # performance points (GPU only)
    correctness: per_case # all: all or nothing; per_case: shared by the cases' weights
    cases:                # optional, by position from 1 (python3 judge.py warp_scan --json)
      - {{case: 1, weight: 2}}
      - {{case: 2, hidden: true}}   # hidden: left out of the student's feedback
  - id: block_reduce_sum
    points: 10
"""


def add_arguments(parser):
    lang = current_language()
    parser.add_argument("roster", nargs="?", metavar="ROSTER", help=tr("grade_h_roster", lang))
    parser.add_argument("--policy", metavar="FILE", help=tr("grade_h_policy", lang))
    parser.add_argument("--out", metavar="DIR", help=tr("grade_h_out", lang))
    parser.add_argument("--init-policy", metavar="FILE", help=tr("grade_h_init", lang))
    parser.add_argument("--jobs", type=int, default=0, metavar="N", help=tr("grade_h_jobs", lang))
    parser.add_argument("--gpus", default="all", metavar="all|0,1|none",
                        help=tr("grade_h_gpus", lang))
    parser.add_argument("--emulate", action="store_true", help=tr("grade_h_emulate", lang))
    parser.add_argument("--seed-per-student", action="store_true",
                        help=tr("grade_h_seed_per_student", lang))
    parser.add_argument("--regrade", nargs="+", metavar="STUDENT", default=[],
                        help=tr("grade_h_regrade", lang))
    parser.add_argument("--only", nargs="+", metavar="STUDENT", default=[],
                        help=tr("grade_h_only", lang))
    parser.add_argument("--sandbox", choices=["auto", "none"], default="auto",
                        help=tr("grade_h_sandbox", lang))
    parser.add_argument("--lines", action="store_true", help=tr("grade_h_lines", lang))
    parser.add_argument("--export-only", action="store_true", help=tr("grade_h_export_only", lang))
    platforms.add_arguments(parser)


def init_policy(path, lang):
    if os.path.exists(path):
        raise JudgeError(tr("grade_policy_exists", lang, path=path), 1)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(STARTING_POLICY.format(seed=random.SystemRandom().randrange(1, 2**31)))
    print(tr("grade_policy_written", lang, path=path))
    return 0


def run(options):
    lang = current_language()
    try:
        if options.init_policy:
            return init_policy(options.init_policy, lang)
        if (code := platforms.run(options)) is not None:
            return code
        if not options.roster:
            print(tr("grade_need_roster", lang), file=sys.stderr)
            return 1
        from .batch import GradeRun
        grade = GradeRun(options)
        if options.export_only:
            return grade.export_only()
        return grade.run()
    except JudgeError as err:
        print(str(err), file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:  # before or after the batch (the batch handles its own;
        # a judgement under way when it came was stopped by the engine client)
        print(tr("grade_interrupted", lang, done=0), file=sys.stderr)
        return 130
