#!/usr/bin/env python3
"""Turn the raw figures of Benchmarks/run.sh into a Markdown report (stdout).

usage: summarize.py WORK_DIR N...
Reads WORK_DIR/nN/{cold,warm,changed}/: round-*.json (hyperfine, one run per program and round),
planet.time and ref.time (`/usr/bin/time -v`, appended once per run), planet.log and ref.log (each
program's last line: feeds ok/failed); WORK_DIR/results/: meta.env, parse.env, parse.json and
parse-start.json (hyperfine).
Wall time: median of the hyperfine runs. CPU time: median of user+sys. Peak RSS: the largest.
"""
import glob, json, os, statistics, sys

SCENARIOS = [("cold", "cold (empty cache)"), ("warm", "warm (all 304)"), ("changed", "10% changed")]
PROGRAMS = ("planet", "ref")


def read_env(path):
    env = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if "=" in line:
                key, value = line.rstrip("\n").split("=", 1)
                env[key] = value
    return env


def read_time_v(path):
    """Runs of `/usr/bin/time -v -a`: a list of {cpu, rss_mb, status}."""
    runs = []
    if not os.path.exists(path):
        return runs
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.strip()
        if line.startswith("Command being timed:"):
            runs.append({"user": 0.0, "sys": 0.0, "rss_mb": 0.0, "status": 0})
        elif not runs:
            continue
        elif line.startswith("User time (seconds):"):
            runs[-1]["user"] = float(line.split(":")[-1])
        elif line.startswith("System time (seconds):"):
            runs[-1]["sys"] = float(line.split(":")[-1])
        elif line.startswith("Maximum resident set size (kbytes):"):
            runs[-1]["rss_mb"] = int(line.split(":")[-1]) / 1024
        elif line.startswith("Exit status:"):
            runs[-1]["status"] = int(line.split(":")[-1])
    for run in runs:
        run["cpu"] = run["user"] + run["sys"]
    return runs


def scenario_figures(folder, programs=PROGRAMS):
    """{program: {wall, cpu, rss, runs, failed_runs}} or None when the scenario did not run."""
    walls = {p: [] for p in programs}
    for path in sorted(glob.glob(os.path.join(folder, "round-*.json"))):
        for result in json.load(open(path))["results"]:
            walls[result["command"]].extend(result["times"])
    if not any(walls.values()):
        return None
    figures = {}
    for program in programs:
        runs = read_time_v(os.path.join(folder, f"{program}.time"))
        figures[program] = {
            "wall": statistics.median(walls[program]) if walls[program] else None,
            "cpu": statistics.median(r["cpu"] for r in runs) if runs else None,
            "rss": max(r["rss_mb"] for r in runs) if runs else None,
            "runs": len(walls[program]),
            "failed_runs": sum(1 for r in runs if r["status"] != 0),
            "last_line": last_line(os.path.join(folder, f"{program}.log")),
        }
    return figures


def last_line(path):
    if not os.path.exists(path):
        return ""
    lines = [l.strip() for l in open(path, encoding="utf-8", errors="replace") if l.strip()]
    return lines[-1] if lines else ""


def fmt(value, digits=2):
    return "–" if value is None else f"{value:.{digits}f}"


def ratio(a, b, digits=2):
    return "–" if a is None or b is None or b == 0 else f"{a / b:.{digits}f}"


def main():
    work, sizes = sys.argv[1], [int(n) for n in sys.argv[2:]]
    meta = read_env(os.path.join(work, "results", "meta.env"))
    out = []
    out.append(f"# planet vs ref_planet.py — {meta.get('date', '?')}")
    out.append("")
    out.append(f"- commit {meta.get('commit', '?')}, planet binary `{meta.get('planet', '?')}`, "
               f"--jobs {meta.get('jobs', '?')} for both programs")
    out.append(f"- {meta.get('cores', '?')} cores; load average at start {meta.get('load_start', '?')}, "
               f"at end {meta.get('load_end', '?')}. Shared machine: anything else running "
               "(a compile) is in these figures; read them as rough, and compare within one run only.")
    if meta.get("cache_flag") == "0":
        out.append("- this planet has no `--cache` flag: it used its default cache place "
                   "(`.planet/` beside each scenario's feeds.txt)")
    out.append(f"- {meta.get('versions', '')}")
    out.append("- wall: median over the rounds (hyperfine, the two programs alternating, one run each "
               "per round); CPU: median user+sys; peak RSS: largest (`/usr/bin/time -v`). "
               "Ratios are planet/ref: below 1 means planet is cheaper.")
    out.append("")

    figures = {}
    for n in sizes:
        for key, _ in SCENARIOS:
            f = scenario_figures(os.path.join(work, f"n{n}", key))
            if f:
                figures[(n, key)] = f

    out.append("## Builds")
    out.append("")
    out.append("| N | MB | build | rounds | planet wall s | ref wall s | wall planet/ref | ref/planet "
               "| planet CPU s | ref CPU s | CPU planet/ref | planet RSS MB | ref RSS MB | RSS planet/ref |")
    out.append("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        bytes_path = os.path.join(work, f"n{n}", "bytes")
        mb = int(open(bytes_path).read()) / 1e6 if os.path.exists(bytes_path) else None
        for key, label in SCENARIOS:
            f = figures.get((n, key))
            if not f:
                continue
            p, r = f["planet"], f["ref"]
            out.append(f"| {n} | {fmt(mb, 1)} | {label} | {min(p['runs'], r['runs'])} "
                       f"| {fmt(p['wall'], 3)} | {fmt(r['wall'], 3)} | {ratio(p['wall'], r['wall'])} "
                       f"| {ratio(r['wall'], p['wall'], 1)}× "
                       f"| {fmt(p['cpu'])} | {fmt(r['cpu'])} | {ratio(p['cpu'], r['cpu'])} "
                       f"| {fmt(p['rss'], 1)} | {fmt(r['rss'], 1)} | {ratio(p['rss'], r['rss'])} |"
                       + "".join(f" **{q} failed {f[q]['failed_runs']}× (see below)**"
                                 for q in PROGRAMS if f[q]["failed_runs"]))
    out.append("")

    floors = {}
    process_floors = {}
    out.append("## The floor, and the cache")
    out.append("")
    out.append("Floor: `curl-floor.c`, N conditional GETs (all 304) with libcurl's multi interface, "
               "the same `--jobs` at a time, the same nginx, no parsing, no cache, no site. In-process: "
               "median of its rounds inside one process (no process start). As a process: "
               "`curl-floor SAVED JOBS 1`, one whole process per run (start and exit included, as a "
               "cron run of planet), in rounds alternating with warm planet builds through the same "
               "`/usr/bin/time` wrapper: medians of those rounds, the pair the warm goal compares. "
               "Cache: planet's cache file after the cold builds.")
    out.append("")
    out.append("| N | floor in-process s | planet warm wall s | warm / in-process floor "
               "| floor process s | planet warm s (same rounds) | warm / floor process "
               "| floor process CPU s | planet warm CPU s (same rounds) | cache MB | cache KB per feed |")
    out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        rounds = []
        floor_path = os.path.join(work, f"n{n}", "floor.txt")
        if os.path.exists(floor_path):
            for line in open(floor_path, encoding="utf-8"):
                parts = line.split("\t")
                if parts[0].startswith("round") and len(parts) > 2:
                    rounds.append(float(parts[2].split()[0]))
        floors[n] = statistics.median(rounds) if rounds else None
        cache_path = os.path.join(work, f"n{n}", "cache_bytes")
        cache = int(open(cache_path).read()) if os.path.exists(cache_path) else None
        warm = figures.get((n, "warm"))
        wall = warm["planet"]["wall"] if warm else None
        pair = scenario_figures(os.path.join(work, f"n{n}", "floor-process"), ("planet", "floor"))
        process_floors[n] = pair
        fp = pair["floor"] if pair else {"wall": None, "cpu": None}
        pp = pair["planet"] if pair else {"wall": None, "cpu": None}
        out.append(f"| {n} | {fmt(floors[n], 3)} | {fmt(wall, 3)} | {ratio(wall, floors[n])} "
                   f"| {fmt(fp['wall'], 3)} | {fmt(pp['wall'], 3)} | {ratio(pp['wall'], fp['wall'])} "
                   f"| {fmt(fp['cpu'], 3)} | {fmt(pp['cpu'], 3)} "
                   f"| {fmt(cache / 1e6 if cache else None, 1)} | {fmt(cache / 1e3 / n if cache else None, 1)} |")
    out.append("")

    pairs = list(zip(sizes, sizes[1:]))
    if pairs:
        out.append("## Growth with N (cost at the larger N / cost at the smaller)")
        out.append("")
        out.append("| N → N | build | program | wall | CPU | peak RSS |")
        out.append("|---|---|---|---:|---:|---:|")
        for small, large in pairs:
            for key, label in SCENARIOS:
                a, b = figures.get((small, key)), figures.get((large, key))
                if not a or not b:
                    continue
                for program in PROGRAMS:
                    x, y = a[program], b[program]
                    out.append(f"| {small} → {large} ({large / small:g}×) | {label} | {program} "
                               f"| {ratio(y['wall'], x['wall'])} | {ratio(y['cpu'], x['cpu'])} "
                               f"| {ratio(y['rss'], x['rss'])} |")
        out.append("")

    parse_ratio = None
    parse = read_env(os.path.join(work, "results", "parse.env"))
    parse_json = os.path.join(work, "results", "parse.json")
    if os.path.exists(parse_json):
        files, mb = int(parse.get("files", 0)), int(parse.get("bytes", 0)) / 1e6
        totals = {r["command"]: r["mean"] for r in json.load(open(parse_json))["results"]}
        starts = {r["command"]: r["median"]
                  for r in json.load(open(os.path.join(work, "results", "parse-start.json")))["results"]}
        out.append(f"## Parse throughput: {files} XML files, {mb:.1f} MB "
                   f"(`{parse.get('corpus', '?')}`)")
        out.append("")
        out.append("One process per file for both tools (`planet parse FILE --json`: parse, map, "
                   "sanitize, JSON; `xmllint --noout FILE`: libxml2's parse alone, the floor). "
                   f"planet parse failed on {parse.get('planet_failures', '?')} file(s).")
        out.append("")
        out.append("| tool | total s | MB/s | process start ms | MB/s without start |")
        out.append("|---|---:|---:|---:|---:|")
        net = {}
        for tool in ("planet", "xmllint"):
            total, start = totals.get(tool), starts.get(tool)
            rest = total - files * start if total and start is not None else None
            net[tool] = mb / rest if rest and rest > 0 else None
            out.append(f"| {tool} | {fmt(total, 3)} | {fmt(mb / total if total else None)} "
                       f"| {fmt(start * 1000 if start is not None else None, 1)} | {fmt(net[tool])} |")
        gross = ratio(mb / totals["planet"], mb / totals["xmllint"]) if totals.get("planet") and totals.get("xmllint") else "–"
        out.append("")
        out.append(f"planet/xmllint throughput, one process per file: {gross} with process start, "
                   f"{ratio(net['planet'], net['xmllint'])} without.")
        out.append("")
        one_json = os.path.join(work, "results", "parse-one.json")
        if os.path.exists(one_json):
            one = {r["command"]: r["mean"] for r in json.load(open(one_json))["results"]}
            out.append("One process over every file for both (`planet parse --json FILES...`: documents "
                       "parsed concurrently, JSON Lines; `xmllint --noout FILES...`):")
            out.append("")
            out.append("| tool | mean s | MB/s |")
            out.append("|---|---:|---:|")
            for tool in ("planet", "xmllint"):
                t = one.get(tool)
                out.append(f"| {tool} | {fmt(t, 3)} | {fmt(mb / t if t else None)} |")
            if one.get("planet") and one.get("xmllint"):
                parse_ratio = one["xmllint"] / one["planet"]
            out.append("")
            out.append(f"planet/xmllint throughput, one process each: {fmt(parse_ratio, 3)}.")
            out.append("")
        elif net["planet"] and net["xmllint"]:
            parse_ratio = net["planet"] / net["xmllint"]

    out.append("## Targets")
    out.append("")
    def target(label, met, detail):
        out.append(f"- {'met' if met else ('NOT met' if met is not None else 'not measured')}: {label} ({detail})")
    cold, warm = figures.get((1000, "cold")), figures.get((1000, "warm"))
    speed = lambda f: f["ref"]["wall"] / f["planet"]["wall"] if f and f["planet"]["wall"] else None
    s = speed(cold)
    target("1,000 feeds cold ≥ 10× faster than ref", None if s is None else s >= 10, f"{fmt(s, 1)}×")
    s = speed(warm)
    target("1,000 feeds warm ≥ 5× faster than ref", None if s is None else s >= 5, f"{fmt(s, 1)}×")
    rss = [figures[(1000, k)] for k, _ in SCENARIOS if (1000, k) in figures]
    target("1,000 feeds peak RSS below ref's", all(f["planet"]["rss"] < f["ref"]["rss"] for f in rss) if rss else None,
           ", ".join(f"{fmt(f['planet']['rss'], 0)} vs {fmt(f['ref']['rss'], 0)} MB" for f in rss) or "–")
    pair = process_floors.get(1000)
    g = (pair["planet"]["wall"] / pair["floor"]["wall"]
         if pair and pair["planet"]["wall"] and pair["floor"]["wall"] else None)
    target("1,000 feeds warm within 2× of the floor (whole processes, same rounds)",
           None if g is None else g <= 2, f"{fmt(g)}×")
    f = figures.get((1000, "warm"))
    g = f["planet"]["wall"] / floors[1000] if f and floors.get(1000) else None
    target("1,000 feeds warm within 2× of the in-process floor rounds (no process start)",
           None if g is None else g <= 2, f"{fmt(g)}×")
    for key in ("cold", "warm"):
        a, b = figures.get((1000, key)), figures.get((5000, key))
        g = b["planet"]["wall"] / a["planet"]["wall"] if a and b else None
        target(f"5,000 feeds {key} ≤ 5.5× the 1,000-feed build", None if g is None else g <= 5.5, f"{fmt(g)}×")
    for key in ("cold", "warm"):
        a, b = figures.get((1000, key)), figures.get((10000, key))
        g = b["planet"]["wall"] / a["planet"]["wall"] if a and b else None
        target(f"10,000 feeds {key} ≤ 11× the 1,000-feed build", None if g is None else g <= 11, f"{fmt(g)}×")
    big = [figures[(10000, k)] for k, _ in SCENARIOS if (10000, k) in figures]
    target("10,000 feeds peak RSS ≤ 150 MB", max(f["planet"]["rss"] for f in big) <= 150 if big else None,
           f"{fmt(max(f['planet']['rss'] for f in big), 0)} MB" if big else "–")
    every = [f for f in figures.values()]
    target("planet's peak RSS below ref's at every size",
           all(f["planet"]["rss"] < f["ref"]["rss"] for f in every) if every else None,
           ", ".join(f"N={n} {k}: {fmt(f['planet']['rss'], 0)} vs {fmt(f['ref']['rss'], 0)} MB"
                     for (n, k), f in sorted(figures.items())) or "–")
    target("planet parse ≥ 0.5 of xmllint's throughput (one process each over the corpus)",
           None if parse_ratio is None else parse_ratio >= 0.5, f"{fmt(parse_ratio, 3)}")
    out.append("")
    out.append("## What each program said (last run of each build)")
    out.append("")
    for (n, key), f in sorted(figures.items(), key=lambda item: (item[0][0], [k for k, _ in SCENARIOS].index(item[0][1]))):
        failed = ", ".join(f"{p} exited non-zero {f[p]['failed_runs']}×" for p in PROGRAMS if f[p]["failed_runs"])
        out.append(f"- N={n} {key}: planet `{f['planet']['last_line']}`; ref `{f['ref']['last_line']}`"
                   + (f" — {failed}" if failed else ""))
    print("\n".join(out))


main()
