"""Course grading: `judge.py grade ROSTER` judges every student's files for a course.

The formats (records, policy, output files) are fixed in docs/grading.md. The modules:
roster (which file of whom is judged, seeds, lateness), grader (the driver's one engine
client, core/engine.py, as a grade run uses it: the policy, bubblewrap, a judgement),
scoring, store (the records, the lock), batch (workers per GPU, progress), exporters
(CSV, JUnit, HTML, feedback), cli (the command's options), platforms/ (Gradescope,
PrairieLearn, Slurm, the bundle). Their texts are in core/texts/grading.txt.
"""

SCHEMA = "cudajudge-grade/1"
