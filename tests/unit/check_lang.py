#!/usr/bin/env python3
"""Checks every text of the engine's C sources in both languages.

The engine's own texts live in one table, harness/engine/report/texts.def:
each TEXT(code, "english", "中文") has both languages, a Chinese that is not the
English and holds Chinese characters, the same {fields} in both, and a code of
its own. No file of the engine's rooms says anything outside that table (no
L(), no English phrase in a string literal).

For each L("english", "中文") (or LT(...), its form for static tables) under
harness/ (in .c, .h and .cpp files; the emulator has an L() of its own, in
harness/emu/internal.h, for the reports the test binary writes):
  - both arguments are string literals (adjacent literals are joined);
  - the Chinese is not empty, not the English, and holds Chinese characters;
  - both, read as printf formats, take the same conversions in the same order
    (%lld and %g stay %lld and %g, in that order; a '*' width counts too).
And in every .c file under harness/problems that includes lang.h (the
exercises' cases, whose texts are translated), no English phrase is left outside L(): a string
literal of two or more English words that is not an argument of L() fails.
Files that do not include lang.h yet are listed, and do not fail.
The same holds in the files of STRICT (the race reports, the rules, the
emulator's reports), where a literal that only parses a tool's output (an
argument of strstr, strncmp, ...) or is in ALLOWED, with its reason, passes.

Usage: check_lang.py [ROOT]     (ROOT: the repository, by default two folders up)
Exit status 0 when everything holds, 1 with one line per problem otherwise.
"""

import os
import re
import sys

# ---------------------------------------------------------------------------
# A small C tokenizer: string literals, identifiers and punctuation, with
# comments, character constants and preprocessor lines handled.
# ---------------------------------------------------------------------------

ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'",
           "a": "\a", "b": "\b", "f": "\f", "v": "\v", "?": "?"}


def unescape(body):
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if nxt == "x":
                m = re.match(r"[0-9a-fA-F]+", body[i + 2:])
                out.append(chr(int(m.group(0), 16)))
                i += 2 + len(m.group(0))
                continue
            if nxt in "01234567":
                m = re.match(r"[0-7]{1,3}", body[i + 1:])
                out.append(chr(int(m.group(0), 8)))
                i += 1 + len(m.group(0))
                continue
            out.append(ESCAPES.get(nxt, nxt))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def tokens(text):
    """(kind, value, line, start, end): kind is 'str', 'id', 'punct' or 'pp'
    (a whole preprocessor line, its value the directive's text)."""
    i, line, n = 0, 1, len(text)
    at_line_start = True
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if ch in " \t\r\f\v":
            i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch == "#" and at_line_start:
            start, start_line = i, line
            while i < n and not (text[i] == "\n" and text[i - 1] != "\\"):
                if text[i] == "\n":
                    line += 1
                i += 1
            yield ("pp", text[start:i], start_line, start, i)
            continue
        at_line_start = False
        if ch == '"' or (ch in "uUL" and text.startswith('"', i + 1)) or \
                text.startswith('u8"', i):
            start = i
            i = text.index('"', i) + 1
            body_start = i
            while text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            yield ("str", unescape(text[body_start:i]), line, start, i + 1)
            i += 1
            continue
        if ch == "'":
            start = i
            i += 1
            while text[i] != "'":
                i += 2 if text[i] == "\\" else 1
            yield ("punct", text[start:i + 1], line, start, i + 1)
            i += 1
            continue
        m = re.match(r"[A-Za-z_]\w*|\d[\w.]*", text[i:])
        if m:
            yield ("id", m.group(0), line, i, i + len(m.group(0)))
            i += len(m.group(0))
            continue
        yield ("punct", ch, line, i, i + 1)
        i += 1


def literal_runs(toks, k):
    """The adjacent string literals starting at toks[k]: (joined text, next index)."""
    parts = []
    while k < len(toks) and toks[k][0] == "str":
        parts.append(toks[k][1])
        k += 1
    return "".join(parts), k


def find_translations(text):
    """Every L(...) or LT(...) in text: (line, english, chinese) or (line, None, why)
    when the arguments are not two string literals. Also returns the token
    indices of the literals inside L(), for the untranslated check."""
    toks = list(tokens(text))
    found, inside = [], set()
    for k, tok in enumerate(toks):
        if tok[0] != "id" or tok[1] not in ("L", "LT") or k + 1 >= len(toks) or \
                toks[k + 1][:2] != ("punct", "("):
            continue
        if k > 0 and toks[k - 1][:2] == ("punct", "."):
            continue  # a member named L
        line = tok[2]
        en, j = literal_runs(toks, k + 2)
        ok = j > k + 2 and j < len(toks) and toks[j][:2] == ("punct", ",")
        zh, m = literal_runs(toks, j + 1) if ok else ("", j)
        ok = ok and m > j + 1 and m < len(toks) and toks[m][:2] == ("punct", ")")
        if not ok:
            found.append((line, None, f"the arguments of {tok[1]}() are not two string literals"))
            continue
        inside.update(range(k + 2, m))
        found.append((line, en, zh))
    return found, toks, inside


# ---------------------------------------------------------------------------
# printf conversions
# ---------------------------------------------------------------------------

CONVERSION = re.compile(r"%(?P<flags>[-+ #0']*)(?P<width>\*|\d+)?(?:\.(?P<prec>\*|\d*))?"
                        r"(?P<length>hh|h|ll|l|j|z|t|L|q)?(?P<conv>[diouxXeEfFgGaAcspn%])")


def conversions(fmt):
    """The arguments a printf format takes, in order, as (length, conversion)
    pairs ('*' for a width or precision taken from the arguments). A '%'
    that starts no conversion is reported as ('?', text)."""
    out, i = [], 0
    while True:
        i = fmt.find("%", i)
        if i < 0:
            return out
        m = CONVERSION.match(fmt, i)
        if not m:
            out.append(("?", fmt[i:i + 6]))
            i += 1
            continue
        i = m.end()
        if m.group("conv") == "%":
            continue
        if m.group("width") == "*":
            out.append(("", "*"))
        if m.group("prec") == "*":
            out.append(("", "*"))
        conv = m.group("conv")
        conv = "d" if conv == "i" else conv
        out.append((m.group("length") or "", conv))


# The engine's files that may still write L(): none.
INSPECT = ()

# Files outside harness/problems whose every English phrase is in L() or LT(), or in
# the table (a T_ code).
STRICT = ("harness/engine/verdict/race_report.c",
          "harness/emu/reports.cpp", "harness/emu/barriers.cpp", "harness/emu/warps.cpp",
          "harness/emu/watchdog.cpp", "harness/emu/memory.cpp", "harness/emu/scheduler.cpp",
          "harness/engine/judge.c", "harness/engine/verdict/sanitize.c",
          "harness/engine/inspect/device_only.c", "harness/engine/run/device.c",
          "harness/engine/build/compiler.c", "harness/engine/build/host_object.c",
          "harness/engine/build/linked.c", "harness/engine/build/emu_build.c",
          "harness/engine/backends/emu.c", "harness/engine/backends/gpu.c",
          "harness/engine/backends/linked.c", "harness/engine/backends/sanitizer.c",
          "harness/engine/backends/backend.c", "harness/engine/run/test_run.c",
          "harness/engine/verdict/case_verdict.c", "harness/engine/verdict/build_verdict.c",
          "harness/engine/profile/profile_run.c", "harness/engine/profile/profile_report.c")
# Not in STRICT, as they hold no words for the learner: check.c (numbers only),
# report.c (JSON keys and the engine's texts, written as they are) and the
# emulator's runtime_api.cpp (CUDA's own error strings, as a GPU's runtime
# returns them).

# Literals read, not shown: arguments of these functions (and asm) pass.
PARSING = {"strstr", "strncmp", "strcmp", "memcmp", "strchr", "sscanf", "starts", "strlen",
           "asm", "after"}  # after(): sanitize.c's "the text after this phrase"

# English that stays English in these files, and why.
ALLOWED = {
    "harness/engine/verdict/race_report.c": {
        "atomic write", "atomic read",  # ThreadSanitizer's words, keys of kind_text()
    },
    "harness/engine/rules.c": {
        # the rule names of problems.yaml, not translated
        "shfl.sync, vote.sync, shared-memory, syncthreads, atomicCAS, threadfence, "
        "cooperative-groups, grid-sync, stream-wait-event, pinned-memory, async-copy, "
        "libraries",
        "rules: nvcc -ptx: %s\n",  # CJ_RULES_DEBUG, for the judge's developers
    },
}

HAN = re.compile("[\u3400-\u9fff\uf900-\ufaff]")
WORD = re.compile(r"[(\[\"']*[A-Za-z]{2,}[)\]\"',.:;?!]*")


def english_phrase(text):
    """Two or more English words (identifiers such as block_total are not words)."""
    return sum(1 for w in text.split() if WORD.fullmatch(w)) >= 2


def check_pair(en, zh):
    """What is wrong with one L(en, zh), as a list of sentences."""
    problems = []
    if not zh.strip():
        problems.append("the Chinese is empty")
    elif zh == en:
        problems.append("the Chinese is the English")
    elif not HAN.search(zh) and en.strip():
        problems.append("the Chinese has no Chinese characters")
    if "\ufffd" in zh or "\ufffd" in en:
        problems.append("a broken UTF-8 character")
    ce, cz = conversions(en), conversions(zh)
    if ce != cz:
        problems.append(f"printf conversions differ: English {fmt_conv(ce)}, "
                        f"Chinese {fmt_conv(cz)}")
    return problems


def fmt_conv(convs):
    return "[" + ", ".join("%" + a + b for a, b in convs) + "]" if convs else "none"


def untranslated(toks, inside):
    """English phrases in string literals that are not arguments of L():
    (line, text). #include lines and other preprocessor lines are skipped."""
    out, k = [], 0
    while k < len(toks):
        if toks[k][0] != "str" or k in inside:
            k += 1
            continue
        line = toks[k][2]
        text, k = literal_runs(toks, k)
        if english_phrase(text):
            out.append((line, text))
    return out


def enclosing_call(toks, k):
    """The name of the function whose argument list holds toks[k], or None."""
    depth = 0
    for j in range(k - 1, -1, -1):
        kind, value = toks[j][0], toks[j][1]
        if kind == "punct" and value in ")]":
            depth += 1
        elif kind == "punct" and value in "([":
            if depth == 0:
                return toks[j - 1][1] if value == "(" and j > 0 and \
                    toks[j - 1][0] == "id" else None
            depth -= 1
        elif kind == "punct" and value in ";{}" and depth == 0:
            return None
    return None


def strict_untranslated(rel, toks, inside):
    """untranslated() for a file of STRICT, less what PARSING and ALLOWED let pass."""
    allowed = ALLOWED.get(rel, set())
    out, k = [], 0
    while k < len(toks):
        if toks[k][0] != "str" or k in inside:
            k += 1
            continue
        start, line = k, toks[k][2]
        text, k = literal_runs(toks, k)
        if not english_phrase(text) or text.replace("\n", "\\n") in allowed or \
                text in allowed or enclosing_call(toks, start) in PARSING:
            continue
        out.append((line, text))
    return out


def includes_lang(toks):
    return any(t[0] == "pp" and re.match(r'#\s*include\s+"((\.\./)+engine/)?lang\.h"', t[1])
               for t in toks)


# ---------------------------------------------------------------------------


FIELD = re.compile(r"\{([A-Za-z_]\w*)(?::[^}]*)?\}")


def fields_of(text):
    """The {field} names of a table text ("{{" is a brace, not a field)."""
    return set(FIELD.findall(text.replace("{{", "")))


def check_table(root):
    """(failures, count of texts) for harness/engine/report/texts.def."""
    rel = os.path.join("harness", "engine", "report", "texts.def")
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        toks = list(tokens(f.read()))
    failures, codes = [], set()
    for k, tok in enumerate(toks):
        if tok[:2] != ("id", "TEXT") or k + 1 >= len(toks) or toks[k + 1][:2] != ("punct", "("):
            continue
        line, code = tok[2], toks[k + 2][1] if k + 2 < len(toks) else ""
        en, j = literal_runs(toks, k + 4)
        zh, m = literal_runs(toks, j + 1)
        if toks[k + 2][0] != "id" or toks[k + 3][:2] != ("punct", ",") or j == k + 4 or \
                m == j + 1 or toks[m][:2] != ("punct", ")"):
            failures.append(f"{rel}:{line}: not TEXT(code, \"english\", \"中文\")")
            continue
        if code in codes:
            failures.append(f"{rel}:{line}: the code {code} is there twice")
        codes.add(code)
        for problem in check_pair(en, zh):
            if not problem.startswith("printf conversions differ"):
                failures.append(f"{rel}:{line}: {problem}: {code}")
        if fields_of(en) != fields_of(zh):
            failures.append(f"{rel}:{line}: {code}: English fields {sorted(fields_of(en))}, "
                            f"Chinese fields {sorted(fields_of(zh))}")
        if "%" in en.replace("%%", "") or "%" in zh.replace("%%", ""):
            failures.append(f"{rel}:{line}: {code}: a printf conversion in a table text "
                            "(name a field instead)")
    if not codes:
        failures.append(f"{rel}: no TEXT() at all: is the scanner looking in the right place?")
    return failures, len(codes)


def check_tree(root):
    """(failures, notes, count of L() pairs and table texts checked)."""
    failures, count = check_table(root)
    notes = []
    harness = os.path.join(root, "harness")
    for folder, dirs, files in os.walk(harness):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith((".c", ".h", ".cpp")):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            if rel == os.path.join("harness", "engine", "report", "lang.h"):
                continue  # the definition, and examples in its comment
            found, toks, inside = find_translations(text)
            for line, en, zh in found:
                if en is None:
                    failures.append(f"{rel}:{line}: {zh}")
                    continue
                count += 1
                for problem in check_pair(en, zh):
                    failures.append(f"{rel}:{line}: {problem}: L({en!r}, {zh!r})")
            unix_rel = rel.replace(os.sep, "/")
            in_engine = unix_rel.startswith("harness/engine/") and unix_rel not in INSPECT
            if in_engine and found:
                failures.append(f"{rel}:{found[0][0]}: L() in the engine: its texts live in "
                                "harness/engine/report/texts.def")
            if unix_rel in STRICT:
                if not found and not re.search(r"\bT_[a-z]", text):
                    failures.append(f"{rel}: no L(en, zh) and no text of the table at all: its "
                                    "reports are not translated")
                for line, phrase in strict_untranslated(rel.replace(os.sep, "/"), toks,
                                                        inside):
                    failures.append(f"{rel}:{line}: English outside L(): {phrase!r}")
            in_problems = (rel.replace(os.sep, "/").startswith("harness/problems/")
                           and name.endswith(".c"))
            if in_problems and includes_lang(toks):
                for line, phrase in untranslated(toks, inside):
                    failures.append(f"{rel}:{line}: English outside L(): {phrase!r}")
            elif in_problems and not found and untranslated(toks, set()):
                notes.append(f"{rel}: not translated yet (does not include lang.h)")
    return failures, notes, count


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
    root = os.path.abspath(root)
    if not os.path.isdir(os.path.join(root, "harness")):
        print(f"check_lang.py: {root} has no harness/ folder", file=sys.stderr)
        return 2
    failures, notes, count = check_tree(root)
    for note in notes:
        print("note:", note)
    for failure in failures:
        print(failure)
    print(f"{count} texts (the table's and L(en, zh) pairs) checked, {len(failures)} problems")
    if count == 0:
        print("no L(en, zh) found: is the scanner looking in the right place?")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
