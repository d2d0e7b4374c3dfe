#!/usr/bin/env python3
"""Side by side: doku against OR-tools CP-SAT on killer sudokus.

Two sets of killers, each solved and proved unique (solutions counted up
to 2) by both:

  published  tests/fixtures/killer/published.tsv (PUZZLE<TAB>SOLUTION<TAB>SOURCE)
  dealt      N killers dealt by `doku generate --variant killer --difficulty any`

doku is timed per puzzle, one process per puzzle
(`doku solve --count --limit 2 --jobs 1 -`, the puzzle on stdin, start-up
included), and once more for the whole set in one process (the batch mean
then has one start-up spread over the set). The start-up alone is measured
on an empty classic line counted to 1 (`--limit 1`) and printed so it can be
taken off. CP-SAT runs in this process: one model per puzzle (one
AllDifferent per row, column and box, one AllDifferent and one linear sum
per cage, the givens fixed), solutions enumerated up to 2, one worker; its
time is the solve alone. The medians are per puzzle; ratio = doku median /
CP-SAT median. A measuring stick only: CP-SAT is never a dependency.

    python3 -m venv "$TMPDIR/ortools-env" && "$TMPDIR/ortools-env/bin/pip" install ortools
    cargo build --release
    "$TMPDIR/ortools-env/bin/python" scripts/killer_anchor.py [--doku target/release/doku] [--dealt 50] [--seed 1] [--each]
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
    """The solutions of `line` up to `limit` and CP-SAT's time for them."""
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
    start = time.perf_counter()
    status = solver.Solve(model, found)
    seconds = time.perf_counter() - start
    # Fewer than `limit` found: the search must have run to its end.
    assert len(found.solutions) >= limit or status in (cp_model.OPTIMAL, cp_model.INFEASIBLE), (
        solver.StatusName(status)
    )
    return found.solutions, seconds


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
        found, seconds = cp_sat_solutions(puzzle)
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
    """Runs `doku solve --count` on `lines` in one process: (counts, seconds)."""
    start = time.perf_counter()
    out = subprocess.run(
        [doku, "solve", "--count", "--limit", str(limit), "--jobs", "1", "-"],
        input="\n".join(lines) + "\n",
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return out, time.perf_counter() - start


def measure(doku, name, lines, labels=None):
    per_puzzle = []
    for line in lines:
        counted, seconds = doku_count(doku, [line])
        assert counted == ["1"], f"doku counted {counted} on {line}"
        per_puzzle.append(seconds)
    counted, batch = doku_count(doku, lines)
    assert counted == ["1"] * len(lines), counted
    sat = []
    for line in lines:
        found, seconds = cp_sat_solutions(line)
        assert len(found) == 1, f"CP-SAT found {len(found)} solutions of {line}"
        sat.append(seconds)
    if labels:
        for label, d, c in zip(labels, per_puzzle, sat):
            print(f"    {d * 1e3:9.2f}ms {c * 1e3:9.2f}ms  {label}")
    doku_median = statistics.median(per_puzzle)
    sat_median = statistics.median(sat)
    print(
        f"{name:<10} {len(lines):>4} {doku_median * 1e3:>10.2f}ms {max(per_puzzle) * 1e3:>9.2f}ms "
        f"{batch / len(lines) * 1e3:>10.2f}ms {sat_median * 1e3:>11.2f}ms {max(sat) * 1e3:>9.2f}ms "
        f"{doku_median / sat_median:>6.2f}"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--doku", default=str(ROOT / "target" / "release" / "doku"))
    parser.add_argument("--dealt", type=int, default=50, help="killers to deal (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--published", default=str(PUBLISHED))
    parser.add_argument("--verify", nargs="?", const=str(PUBLISHED), metavar="FILE")
    parser.add_argument("--each", action="store_true", help="print each published puzzle's times")
    args = parser.parse_args()
    if args.verify:
        sys.exit(1 if verify(args.verify) else 0)

    doku = args.doku
    startup = statistics.median(
        doku_count(doku, ["." * 81], limit=1)[1] for _ in range(5)
    )
    print(f"doku start-up (an empty classic counted to 1): {startup * 1e3:.2f}ms")
    print(
        f"{'set':<10} {'n':>4} {'doku median':>12} {'doku max':>11} {'doku batch':>12} "
        f"{'CP-SAT median':>13} {'CP-SAT max':>11} {'ratio':>6}"
    )
    rows = read_published(args.published)
    published = [p for p, _, _ in rows]
    measure(doku, "published", published, [s for _, _, s in rows] if args.each else None)
    nines = [p for p in published if len(p.split()[0]) == 81]
    if len(nines) != len(published):
        measure(doku, "pub. 9x9", nines)
    if args.dealt:
        deal = [
            doku, "generate", "--variant", "killer", "--difficulty", "any",
            "--count", str(args.dealt), "--seed", str(args.seed),
        ]
        dealt = [
            l for l in subprocess.run(deal, check=True, capture_output=True, text=True).stdout.split("\n")
            if l.strip()
        ]
        measure(doku, "dealt", dealt)
    print(
        "doku median/max: one process per puzzle, start-up included; doku batch: one process "
        "for the set, per puzzle; CP-SAT: in-process solve, per puzzle; ratio: the medians"
    )


if __name__ == "__main__":
    main()
