"""cudajudge_cli.core: what every part of the driver stands on: where things are
(workspace.py), the engine's build (build.py), the one client of the engine
(engine.py), the one table of texts (texts/, a file per area) and the user's
errors (errors.py).
Used by learn/, view/, commands/, web/ and grading/.
"""
