#!/usr/bin/env python3
r"""Side by side: doku against OR-tools CP-SAT on killer sudokus.

Two sets of killers, each solved and proved unique (solutions counted up
to 2) by both:

  published  tests/fixtures/killer/published.tsv
             (PUZZLE<TAB>SOLUTION<TAB>SOURCE)
  dealt      N killers dealt by `doku generate --variant killer --difficulty any`

doku is timed per puzzle, one process per puzzle
(`doku solve --count --limit 2 --jobs 1 -`, the puzzle on stdin, start-up
included), and once more for the whole set in one process (the batch mean
then has one start-up spread over the set). The start-up alone is measured
on an empty classic line counted to 1 (`--limit 1`) and printed so it can be
taken off. CP-SAT runs in this process: one model per puzzle (one
AllDifferent per row, column and box, one AllDifferent and one linear sum
per cage, the givens fixed), solutions enumerated up to 2, one worker; its
time is the solve alone. Each puzzle (and each batch) runs --repeat times and
its fastest run counts, on both sides (a shared machine's noise only adds).
The medians are per puzzle; ratio = doku median / CP-SAT median. A measuring
stick only: CP-SAT is never a dependency.

    python3 -m venv "$TMPDIR/ortools-env" && "$TMPDIR/ortools-env/bin/pip" install ortools
    cargo build --release
    "$TMPDIR/ortools-env/bin/python" scripts/killer_anchor.py [--doku target/release/doku] \
        [--dealt 50] [--seed 1] [--repeat 3] [--each] [--published FILE...]
    "$TMPDIR/ortools-env/bin/python" scripts/killer_anchor.py --verify [FILE]

--each prints each published puzzle's two times (doku's process, CP-SAT's
solve) before the summary.

--verify (no doku needed): CP-SAT alone checks that every puzzle of FILE
(default tests/fixtures/killer/published.tsv) has exactly one solution and
that it is the published one; exits 1 on any that is not. Run it before
adding a published killer to the fixture.

The houses and cages are built here from the rules' definitions (rows,
columns, boxes of 2x2, 2x3 or 3x3 for sizes 4, 6 and 9; each cage symbol of
the map is a cage, its digits distinct and summing to its sum), not from doku.
"""

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ortools.sat.python import cp_model

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = ROOT / "tests" / "fixtures" / "killer" / "published.tsv"
BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}


def parse_killer(line):
    """(n, givens, cages) of a doku killer line: givens, cage map, sums.
    givens: {cell: digit}; cages: [(cells, sum or None)]."""
    givens_text, cage_map, sums_text = line.split()
    cells = len(givens_text)
    n = round(cells**0.5)
    assert n * n == cells and len(cage_map) == cells, line
    givens = {i: int(ch, 36) for i, ch in enumerate(givens_text) if ch not in ".0"}
    sums = {}
    for entry in sums_text.replace(",", " ").split():
        symbol, value = entry.split("=")
        sums[symbol] = int(value)
    members = {}
    for i, symbol in enumerate(cage_map):
        if symbol != ".":
            members.setdefault(symbol, []).append(i)
    cages = [(members[s], sums.get(s)) for s in members]
    return n, givens, cages


def houses(n):
    br, bc = BOXES[n]
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    out += [
        [(top + i) * n + left + j for i in range(br) for j in range(bc)]
        for top in range(0, n, br)
        for left in range(0, n, bc)
    ]
    return out


class Collect(cp_model.CpSolverSolutionCallback):
    """Keeps the solutions found, stops the search at `limit`."""

    def __init__(self, cells, limit):
        super().__init__()
        self.cells = cells
        self.limit = limit
        self.solutions = []

    def on_solution_callback(self):
        self.solutions.append("".join(str(self.Value(v)) for v in self.cells))
        if len(self.solutions) >= self.limit:
            self.StopSearch()


def cp_sat_solutions(line, limit=2):
    """The solutions of `line` up to `limit` and CP-SAT's time for them:
    (solutions, wall seconds, CPU seconds of this process)."""
    n, givens, cages = parse_killer(line)
    model = cp_model.CpModel()
    cell = [model.NewIntVar(1, n, f"c{i}") for i in range(n * n)]
    for i, digit in givens.items():
        model.Add(cell[i] == digit)
    for house in houses(n):
        model.AddAllDifferent([cell[i] for i in house])
    for members, total in cages:
        model.AddAllDifferent([cell[i] for i in members])
        if total is not None:
            model.Add(sum(cell[i] for i in members) == total)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    found = Collect(cell, limit)
    start, start_cpu = time.perf_counter(), time.process_time()
    status = solver.Solve(model, found)
    seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    # Fewer than `limit` found: the search must have run to its end.
    assert len(found.solutions) >= limit or status in (cp_model.OPTIMAL, cp_model.INFEASIBLE), (
        solver.StatusName(status)
    )
    return found.solutions, seconds, cpu


def read_published(path):
    rows = []
    for raw in Path(path).read_text().splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        puzzle, solution, source = raw.split("\t")
        rows.append((puzzle, solution, source))
    return rows


def verify(path):
    bad = 0
    for puzzle, solution, source in read_published(path):
        found, seconds, _ = cp_sat_solutions(puzzle)
        if found == [solution]:
            verdict = "ok: unique, the published solution"
        else:
            bad += 1
            if not found:
                verdict = "FAIL: no solution"
            elif len(found) > 1:
                verdict = "FAIL: not unique"
            else:
                verdict = f"FAIL: one solution, not the published one: {found[0]}"
        print(f"{verdict:<40} {seconds * 1e3:8.1f}ms  {source}")
    return bad


def doku_count(doku, lines, limit=2):
    """Runs `doku solve --count` on `lines` in one process:
    (counts, wall seconds, CPU seconds of the process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(
        [doku, "solve", "--count", "--limit", str(limit), "--jobs", "1", "-"],
        input="\n".join(lines) + "\n",
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, wall, cpu


def fastest(runs):
    """The fastest of several (wall, CPU) runs, each clock on its own."""
    return min(w for w, _ in runs), min(c for _, c in runs)


def measure(doku, name, lines, labels=None, repeat=1):
    """Each puzzle's times are its fastest of `repeat` runs, on both sides."""
    doku_times = []
    for line in lines:
        runs = []
        for _ in range(repeat):
            counted, wall, cpu = doku_count(doku, [line])
            assert counted == ["1"], f"doku counted {counted} on {line}"
            runs.append((wall, cpu))
        doku_times.append(fastest(runs))
    runs = []
    for _ in range(repeat):
        counted, wall, cpu = doku_count(doku, lines)
        assert counted == ["1"] * len(lines), counted
        runs.append((wall, cpu))
    batch_wall, batch_cpu = fastest(runs)
    sat_times = []
    for line in lines:
        runs = []
        for _ in range(repeat):
            found, wall, cpu = cp_sat_solutions(line)
            assert len(found) == 1, f"CP-SAT found {len(found)} solutions of {line}"
            runs.append((wall, cpu))
        sat_times.append(fastest(runs))
    if labels:
        for label, (dw, dc), (sw, sc) in zip(labels, doku_times, sat_times):
            print(f"    {dw * 1e3:9.2f} {dc * 1e3:9.2f} {sw * 1e3:9.2f} {sc * 1e3:9.2f}  {label}")
    n = len(lines)
    dw = statistics.median(w for w, _ in doku_times)
    dc = statistics.median(c for _, c in doku_times)
    sw = statistics.median(w for w, _ in sat_times)
    sc = statistics.median(c for _, c in sat_times)
    print(
        f"{name:<10} {n:>4} {dw * 1e3:>9.2f} {dc * 1e3:>9.2f} "
        f"{max(w for w, _ in doku_times) * 1e3:>9.2f} "
        f"{batch_wall / n * 1e3:>9.2f} {batch_cpu / n * 1e3:>9.2f} "
        f"{sw * 1e3:>9.2f} {sc * 1e3:>9.2f} {max(w for w, _ in sat_times) * 1e3:>9.2f} "
        f"{dw / sw:>7.2f} {dc / sc:>6.2f}"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--doku", default=str(ROOT / "target" / "release" / "doku"))
    parser.add_argument("--dealt", type=int, default=50, help="killers to deal (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--published", nargs="+", default=[str(PUBLISHED)],
        metavar="FILE", help="published killers to time [default: published.tsv]",
    )
    parser.add_argument("--verify", nargs="?", const=str(PUBLISHED), metavar="FILE")
    parser.add_argument("--each", action="store_true", help="print each published puzzle's times")
    parser.add_argument(
        "--repeat", type=int, default=3,
        help="runs of each puzzle (and of each batch); the fastest counts [default: 3]",
    )
    args = parser.parse_args()
    if args.verify:
        sys.exit(1 if verify(args.verify) else 0)

    doku = args.doku
    startup = [doku_count(doku, ["." * 81], limit=1) for _ in range(5)]
    print(
        "doku start-up (an empty classic counted to 1, fastest of 5): "
        f"{min(s[1] for s in startup) * 1e3:.2f}ms wall, {min(s[2] for s in startup) * 1e3:.2f}ms CPU"
    )
    print(
        "milliseconds per puzzle; w: wall clock, c: CPU time; doku: median and max of one "
        "process per puzzle;\nbatch: one process for the set; sat: CP-SAT's median and max; "
        "ratio: doku median / sat median"
    )
    heads = ["doku w", "doku c", "doku max", "batch w", "batch c", "sat w", "sat c", "sat max"]
    print(f"{'set':<10} {'n':>4} " + " ".join(f"{h:>9}" for h in heads) + f" {'ratio w':>7} {'c':>6}")
    if args.each:
        print("    doku w    doku c  CP-SAT w  CP-SAT c  (each published killer)")
    rows = [row for path in args.published for row in read_published(path)]
    published = [p for p, _, _ in rows]
    measure(
        doku, "published", published, [s for _, _, s in rows] if args.each else None, args.repeat
    )
    nines = [p for p in published if len(p.split()[0]) == 81]
    if len(nines) != len(published):
        measure(doku, "pub. 9x9", nines, repeat=args.repeat)
    if args.dealt:
        deal = [
            doku, "generate", "--variant", "killer", "--difficulty", "any",
            "--count", str(args.dealt), "--seed", str(args.seed),
        ]
        dealt = [
            l for l in subprocess.run(deal, check=True, capture_output=True, text=True).stdout.split("\n")
            if l.strip()
        ]
        measure(doku, "dealt", dealt, repeat=args.repeat)
    print(
        f"doku's times include its start-up; CP-SAT's are the solve alone; each the fastest "
        f"of {args.repeat} runs"
    )


if __name__ == "__main__":
    main()
