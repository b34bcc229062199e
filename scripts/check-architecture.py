#!/usr/bin/env python3
"""Checks that the documentation of the package's shape matches Package.swift.

- docs/ARCHITECTURE.md, "Where each stage lives": one row per target (first column, in backticks;
  system library targets may share a row) with the targets it depends on (second column, in
  backticks, or "—"). Every target of Package.swift but the test targets has a row, and every
  row's dependencies are exactly those of Package.swift.
- README.md, "Architecture": names (in backticks) every target of the pipeline: every library and
  executable target but TestSupport and PlanetBenchmarks.
- `public` only for library API (docs/ARCHITECTURE.md, "Where each stage lives"): in the stage
  targets (STAGES), a declaration is `public` only inside a top-level type (or an extension of
  one) that scripts/public-api.txt lists for its target: the build's entry point and the types its
  face exposes. Stage-to-stage declarations are `package`. FeedParser and Mustache are libraries
  of their own and not checked.
- Functions have a shape (docs/ARCHITECTURE.md, "How the code is written"): no function, initializer
  or subscript in Sources/ spans more than 60 lines, from its declaration to its closing brace,
  unless the comment right above its declaration says why it is longer ("over 60 lines: ...").

The package is read with `swift package dump-package` (its JSON), run from the repository root.

Usage: scripts/check-architecture.py     (exit status 1 and the differences when they disagree)
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def package():
    """Target name -> (type, set of target and product dependency names)."""
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    targets = {}
    for target in json.loads(dump)["targets"]:
        names = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    names.add(dependency[kind][0])
        targets[target["name"]] = (target["type"], names)
    return targets


def section(path, heading):
    """The text of the section of the Markdown file at `path` under `## heading`."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as file:
        text = file.read()
    match = re.search(r"^## " + re.escape(heading) + r"\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not match:
        sys.exit(f"check-architecture: {path} has no section '## {heading}'")
    return match.group(1)


# The stage targets, whose declarations are `package` unless scripts/public-api.txt lists them.
STAGES = ["PlanetBase", "PlanetSubscriptions", "PlanetFetcher", "PlanetCache", "PlanetRiver", "PlanetSite",
          "PlanetPublisher", "Planet", "PlanetCLI"]
DECLARATION = {"struct", "enum", "class", "actor", "protocol", "extension", "typealias", "func", "var", "let",
               "init", "subscript", "macro"}


def code_only(text):
    """`text` with comments and the contents of string literals blanked (newlines kept), so that a
    word or brace found in it is code."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                step = 2 if text.startswith(("/*", "*/"), j) else 1
                depth += 1 if text.startswith("/*", j) else -1 if text.startswith("*/", j) else 0
                j += step
        elif text[i] == '"' or re.match(r'#+"', text[i:i + 8]):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            quote = '"""' if text.startswith('"""', i + hashes) else '"'
            close, j = quote + "#" * hashes, i + hashes + len(quote)
            while j < n and not text.startswith(close, j) and (quote == '"""' or text[j] != "\n"):
                j += 2 if hashes == 0 and text[j] == "\\" else 1
            j = min(n, j + len(close))
        else:
            out.append(text[i])
            i += 1
            continue
        out.append(re.sub(r"[^\n]", " ", text[i:j]))
        i = j
    return "".join(out)


def public_declarations(path):
    """(line, column, top-level name) of each `public` modifier in the Swift file at `path`; the
    name is that of the top-level declaration it is part of (for an extension, the extended type's
    first name component)."""
    with open(path, encoding="utf-8") as file:
        code = code_only(file.read())
    found, pending, depth, top, expect_name = [], [], 0, None, False
    for match in re.finditer(r"[A-Za-z_][A-Za-z0-9_]*|[{}]", code):
        token = match.group(0)
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
            if depth == 0:
                top = None
        elif expect_name:
            top, expect_name = token, False
            found += [(line, column, top) for line, column in pending]
            pending = []
        elif depth == 0 and token in DECLARATION:
            expect_name = token not in ("init", "subscript")
            if not expect_name:
                top = token
        elif token == "public":
            start = match.start()
            place = (code.count("\n", 0, start) + 1, start - code.rfind("\n", 0, start))
            if depth == 0:
                pending.append(place)
            else:
                found.append((*place, top))
    return found


LONG_FUNCTION_LINES = 60
FUNCTION = re.compile(r"\b(func|init|deinit|subscript)\b|[{}()\[\]]|\b(var|let|case|struct|class|enum|extension|"
                      r"protocol|actor)\b")


def functions(path):
    """(first line, line count, name) of each function, initializer and subscript with a body in
    the Swift file at `path`; nested ones included. The count runs from the line of the keyword to
    the line of the closing brace."""
    with open(path, encoding="utf-8") as file:
        code = code_only(file.read())
    tokens = list(FUNCTION.finditer(code))
    found = []
    for index, keyword in enumerate(tokens):
        if keyword.group(1) is None or code[max(0, keyword.start() - 1)] == ".":
            continue
        after = code[keyword.end():]
        if keyword.group(1) in ("init", "subscript") and not re.match(r"[?!]?\s*(<[^>]*>)?\s*\(", after):
            continue  # `Type.init` passed as a function, not a declaration
        depth, body = 0, None
        for token in tokens[index + 1:]:
            text = token.group(0)
            if text in "([":
                depth += 1
            elif text in ")]":
                depth -= 1
            elif depth == 0:
                if text == "{":
                    body = token.start()
                if text == "{" or text == "}" or token.group(1) or token.group(2):
                    break  # a requirement without a body ends at the next declaration
        if body is None:
            continue
        depth, end = 0, None
        for position in range(body, len(code)):
            if code[position] == "{":
                depth += 1
            elif code[position] == "}":
                depth -= 1
                if depth == 0:
                    end = position
                    break
        if end is None:
            continue
        first = code.count("\n", 0, keyword.start()) + 1
        name = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)", after)
        label = name.group(1) if keyword.group(1) == "func" and name else keyword.group(1)
        found.append((first, code.count("\n", 0, end) + 2 - first, label))
    return found


def long_functions():
    """(path, line, count, name) of each function in Sources/ over LONG_FUNCTION_LINES lines whose
    preceding comment lines do not say why ("over 60 lines")."""
    long = []
    for directory, _, names in sorted(os.walk(os.path.join(ROOT, "Sources"))):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as file:
                lines = file.read().split("\n")
            for first, count, label in functions(path):
                if count <= LONG_FUNCTION_LINES:
                    continue
                above, line = [], first - 2
                while line >= 0 and re.match(r"\s*(//|@)", lines[line]):
                    above.append(lines[line])
                    line -= 1
                if not re.search(r"over %d lines" % LONG_FUNCTION_LINES, " ".join(above), re.I):
                    long.append((os.path.relpath(path, ROOT), first, count, label))
    return long


def public_api():
    """The (target, top-level name) pairs scripts/public-api.txt lets be `public`."""
    allowed = set()
    with open(os.path.join(ROOT, "scripts", "public-api.txt"), encoding="utf-8") as file:
        for line in file:
            words = line.split("#")[0].split()
            if len(words) >= 2:
                allowed.add((words[0], words[1]))
    return allowed


def stray_public(allowed):
    """(path, line, column, target, name) of each `public` declaration of a stage target that
    `allowed` does not list."""
    stray = []
    for target in STAGES:
        folder = os.path.join(ROOT, "Sources", target)
        for directory, _, names in sorted(os.walk(folder)):
            for name in sorted(names):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                for line, column, top in public_declarations(path):
                    if (target, top) not in allowed:
                        stray.append((os.path.relpath(path, ROOT), line, column, target, top))
    return stray


def main():
    targets = package()
    problems = []

    for path, line, column, target, name in stray_public(public_api()):
        problems.append(f"{path}:{line}:{column}: 'public' in {target}'s '{name}', which is not library API: "
                        f"make it 'package', or list '{target} {name}' in scripts/public-api.txt if the "
                        f"build's entry point exposes it")

    for path, line, count, name in long_functions():
        problems.append(f"{path}:{line}: '{name}' is {count} lines, over {LONG_FUNCTION_LINES}: give its state a "
                        f"type or its steps names, or say why above it ('// Over {LONG_FUNCTION_LINES} lines: ...')")

    rows = {}
    table = section("docs/ARCHITECTURE.md", "Where each stage lives")
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        names = re.findall(r"`([A-Za-z0-9]+)`", cells[0])
        dependencies = set(re.findall(r"`([A-Za-z0-9]+)`", cells[1]))
        for name in names:
            rows[name] = dependencies
    for name, (kind, dependencies) in sorted(targets.items()):
        if kind == "test":
            continue
        if name not in rows:
            problems.append(f"docs/ARCHITECTURE.md: no row for the target '{name}'")
        elif kind != "system" and rows[name] != dependencies:
            problems.append(f"docs/ARCHITECTURE.md: '{name}' depends on {sorted(dependencies)} in Package.swift, "
                            f"not {sorted(rows[name])}")
    for name in sorted(set(rows) - set(targets)):
        problems.append(f"docs/ARCHITECTURE.md: a row for '{name}', which is not a target of Package.swift")

    readme = section("README.md", "Architecture")
    named = set(re.findall(r"`([A-Za-z0-9]+)`", readme))
    pipeline = {name for name, (kind, _) in targets.items()
                if kind in ("regular", "executable") and name not in ("TestSupport", "PlanetBenchmarks")}
    for name in sorted(pipeline - named):
        problems.append(f"README.md, Architecture: does not name the target '{name}'")

    for problem in problems:
        print("check-architecture: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
