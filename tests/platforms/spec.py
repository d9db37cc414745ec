"""The results formats of Gradescope and PrairieLearn as checks, for tests/platforms.

gradescope_problems(results) and prairielearn_problems(results) return a list of
what is wrong with a results.json (empty when it is valid): every field we write
has the type and the values the platform documents, and nothing unknown is there.

Gradescope autograder results (top level): score (number; overrides the tests'
sum), execution_time (seconds), output, output_format, test_output_format,
test_name_format, visibility, stdout_visibility, extra_data, tests[], leaderboard[]
(name, value, order asc|desc). tests[]: score, max_score, status (passed|failed),
name, name_format, number, output, output_format, tags[], visibility, extra_data.
Formats: text, html, simple_format, md, ansi. Visibility: hidden, after_due_date,
after_published, visible.

PrairieLearn external grader results: gradable (bool), score (0..1), format_errors,
message, output, images[], tests[] (name, description, points, max_points, message,
output, images); at most 1 MB.
"""

import json
import numbers

FORMATS = ("text", "html", "simple_format", "md", "ansi")
VISIBILITY = ("hidden", "after_due_date", "after_published", "visible")


def _number(v):
    return isinstance(v, numbers.Real) and not isinstance(v, bool) and v == v and abs(v) != float("inf")


def _check(problems, where, obj, spec, required):
    if not isinstance(obj, dict):
        problems.append("%s: not an object" % where)
        return
    for key in required:
        if key not in obj:
            problems.append("%s: %s missing" % (where, key))
    for key, value in obj.items():
        if key not in spec:
            problems.append("%s: unknown key %s" % (where, key))
            continue
        ok = spec[key](value)
        if not ok:
            problems.append("%s.%s: %r is not allowed here" % (where, key, value))


def _str(v):
    return isinstance(v, str)


def _one_of(values):
    return lambda v: v in values


GS_TOP = {"score": _number, "execution_time": lambda v: _number(v) and v >= 0,
          "output": _str, "output_format": _one_of(FORMATS),
          "test_output_format": _one_of(FORMATS), "test_name_format": _one_of(FORMATS),
          "visibility": _one_of(VISIBILITY), "stdout_visibility": _one_of(VISIBILITY),
          "extra_data": lambda v: isinstance(v, dict), "tests": lambda v: isinstance(v, list),
          "leaderboard": lambda v: isinstance(v, list)}
GS_TEST = {"score": _number, "max_score": lambda v: _number(v) and v >= 0,
           "status": _one_of(("passed", "failed")), "name": _str,
           "name_format": _one_of(FORMATS), "number": _str, "output": _str,
           "output_format": _one_of(FORMATS),
           "tags": lambda v: isinstance(v, list) and all(_str(t) for t in v),
           "visibility": _one_of(VISIBILITY), "extra_data": lambda v: isinstance(v, dict)}
GS_LEADER = {"name": _str, "value": lambda v: _number(v) or _str(v),
             "order": _one_of(("asc", "desc"))}


def gradescope_problems(results):
    problems = []
    _check(problems, "results", results, GS_TOP,
           ("score", "execution_time", "output", "output_format", "visibility",
            "stdout_visibility", "tests"))
    if not isinstance(results, dict):
        return problems
    for i, test in enumerate(results.get("tests") or []):
        _check(problems, "tests[%d]" % i, test, GS_TEST,
               ("name", "number", "score", "max_score", "status", "output", "tags",
                "visibility"))
        if isinstance(test, dict) and _number(test.get("score")) and \
                _number(test.get("max_score")) and test["score"] > test["max_score"] + 1e-9:
            problems.append("tests[%d]: score above max_score" % i)
    for i, entry in enumerate(results.get("leaderboard") or []):
        _check(problems, "leaderboard[%d]" % i, entry, GS_LEADER, ("name", "value"))
    numbers_seen = [t.get("number") for t in results.get("tests") or [] if isinstance(t, dict)]
    if len(set(numbers_seen)) != len(numbers_seen):
        problems.append("tests: two tests have the same number")
    return problems


PL_TOP = {"gradable": lambda v: isinstance(v, bool),
          "score": lambda v: _number(v) and 0 <= v <= 1,
          "format_errors": lambda v: isinstance(v, (dict, list)), "message": _str,
          "output": _str, "images": lambda v: isinstance(v, list),
          "tests": lambda v: isinstance(v, list)}
PL_TEST = {"name": _str, "description": _str, "points": lambda v: _number(v) and v >= 0,
           "max_points": lambda v: _number(v) and v >= 0, "message": _str, "output": _str,
           "images": lambda v: isinstance(v, list)}


def prairielearn_problems(results):
    problems = []
    _check(problems, "results", results, PL_TOP, ("gradable", "score", "message", "tests"))
    if not isinstance(results, dict):
        return problems
    for i, test in enumerate(results.get("tests") or []):
        _check(problems, "tests[%d]" % i, test, PL_TEST,
               ("name", "points", "max_points", "message", "output"))
        if isinstance(test, dict) and _number(test.get("points")) and \
                _number(test.get("max_points")) and test["points"] > test["max_points"] + 1e-9:
            problems.append("tests[%d]: points above max_points" % i)
    if len(json.dumps(results).encode("utf-8")) > 1000000:
        problems.append("results: over 1 MB")
    return problems
