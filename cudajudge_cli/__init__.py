"""The parts of judge.py that live in their own files (see judge.py)."""
