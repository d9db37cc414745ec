"""Course grading: `judge.py grade ROSTER` judges every student's files for a course.

The formats (records, policy, output files) are fixed in docs/grading.md. The modules:
roster (which file of whom is judged), policy (the engine's validated policy, seeds),
lateness, engine (one judgement through build/cudajudge), scoring, store (the records,
the lock), batch (workers per GPU, progress), exporters (CSV, JUnit, HTML, feedback),
texts (every message in English and Chinese), cli (the command's options).
"""

SCHEMA = "cudajudge-grade/1"
