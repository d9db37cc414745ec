"""cudajudge_cli.learn: the learner's side: the exercises by name (catalog.py),
the progress store (progress.py), the learner's workspace (practice.py), what a
learner does (actions.py: judge and record, reset, hint, solution) and the
editor's view of the files (clangd.py). Used by commands/ and web/ alike.
"""
