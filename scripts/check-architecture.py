#!/usr/bin/env python3
"""Checks that the documentation of the package's shape matches Package.swift.

- docs/ARCHITECTURE.md, "Where each stage lives": one row per target (first column, in backticks;
  system library targets may share a row) with the targets it depends on (second column, in
  backticks, or "—"). Every target of Package.swift but the test targets has a row, and every
  row's dependencies are exactly those of Package.swift.
- README.md, "Architecture": names (in backticks) every target of the pipeline: every library and
  executable target but TestSupport and PlanetBenchmarks.

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


def main():
    targets = package()
    problems = []

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
