"""cudajudge_cli: the driver behind judge.py (see docs/driver-layout.md).

judge.py puts the folder above this package on sys.path and calls cli.main.
"""
