"""The command line that the platform tests (test_images.py, test_slurm.py,
test_similarity.py) share: --root, the checkout whose judge they grade with, and
--build, its build folder, both made absolute. Not a test itself.
"""

import argparse
import os


def parser():
    """An argument parser with --root and --build; a test adds its own options."""
    options = argparse.ArgumentParser()
    options.add_argument("--root", required=True)
    options.add_argument("--build", required=True)
    return options


def absolute(args):
    """args with root and build made absolute."""
    args.root, args.build = os.path.abspath(args.root), os.path.abspath(args.build)
    return args
