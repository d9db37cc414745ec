"""`judge.py grade-bundle gradescope|prairielearn --policy FILE [--out ZIP]`: writes the
zip a course uploads to its platform (setup.sh, the run script, the policy and this
repository without what students must not see; for PrairieLearn a Dockerfile too), the
only command that does. The work is in cudajudge_cli/grading/platforms/bundle.py.
Registered in commands/__init__.py as "grade-bundle"; see docs/platforms.md.
"""

from cudajudge_cli.grading.platforms import bundle


def add_arguments(parser):
    bundle.add_arguments(parser)


def run(options):
    return bundle.run(options)
