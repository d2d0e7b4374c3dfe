#!/usr/bin/env python3
"""Side by side: doku against OR-tools CP-SAT on variant puzzles.

Deals N puzzles of a variant with `doku generate` (minimal puzzles, the
hardest to prove unique), then counts the solutions of each up to 2 with
doku (`solve --count --limit 2 --jobs 1`, one process for the batch) and
with CP-SAT (one AllDifferent per house, solutions enumerated up to 2, in
this process). A measuring stick only: CP-SAT is never a dependency.

    python3 -m venv "$TMPDIR/ortools-env" && "$TMPDIR/ortools-env/bin/pip" install ortools
    "$TMPDIR/ortools-env/bin/python" scripts/variant_anchor.py target/release/doku [N]

The houses are built here from the rules' definitions (rows, columns,
3x3 boxes or the region map after the givens, the two diagonals, the four
windoku windows), not from doku.
"""

import statistics
import subprocess
import sys
import time

from ortools.sat.python import cp_model

VARIANTS = ["x", "windoku", "windoku,x", "jigsaw", "jigsaw,x"]
N = 9


def houses(variant, regions):
    cells = [[r * N + c for c in range(N)] for r in range(N)]
    out = cells + [[r * N + c for r in range(N)] for c in range(N)]
    if regions:
        groups = {}
        for cell, symbol in enumerate(regions):
            groups.setdefault(symbol, []).append(cell)
        out += list(groups.values())
    else:
        out += [
            [(br + i) * N + bc + j for i in range(3) for j in range(3)]
            for br in (0, 3, 6)
            for bc in (0, 3, 6)
        ]
    parts = variant.split(",")
    if "x" in parts:
        out.append([i * N + i for i in range(N)])
        out.append([i * N + N - 1 - i for i in range(N)])
    if "windoku" in parts:
        out += [
            [(top + i) * N + left + j for i in range(3) for j in range(3)]
            for top in (1, 5)
            for left in (1, 5)
        ]
    return out


class StopAfter(cp_model.CpSolverSolutionCallback):
    def __init__(self, limit):
        super().__init__()
        self.count = 0
        self.limit = limit

    def on_solution_callback(self):
        self.count += 1
        if self.count >= self.limit:
            self.StopSearch()


def cp_sat_count(line, variant):
    givens, _, regions = line.partition(" ")
    model = cp_model.CpModel()
    cell = [model.NewIntVar(1, N, f"c{i}") for i in range(N * N)]
    for i, ch in enumerate(givens):
        if ch not in ".0":
            model.Add(cell[i] == int(ch))
    for house in houses(variant, regions.strip()):
        model.AddAllDifferent([cell[i] for i in house])
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    stop = StopAfter(2)
    start = time.perf_counter()
    solver.Solve(model, stop)
    return stop.count, time.perf_counter() - start


def main():
    doku = sys.argv[1] if len(sys.argv) > 1 else "target/release/doku"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    print(f"{'variant':<10} {'doku mean':>10} {'CP-SAT median':>14} {'CP-SAT mean':>12} {'ratio':>6}")
    for variant in VARIANTS:
        deal = [doku, "generate", "--variant", variant, "--count", str(count), "--seed", "1"]
        lines = subprocess.run(deal, check=True, capture_output=True, text=True).stdout.split("\n")
        lines = [l for l in lines if l.strip()]
        start = time.perf_counter()
        counted = subprocess.run(
            [doku, "solve", "--count", "--limit", "2", "--jobs", "1", "--variant", variant, "-"],
            input="\n".join(lines) + "\n",
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        doku_total = time.perf_counter() - start
        sat = [cp_sat_count(line, variant) for line in lines]
        assert all(c == 1 for c, _ in sat), f"CP-SAT found a deal of {variant} not unique"
        assert counted and all(c == "1" for c in counted), counted[:5]
        times = [t for _, t in sat]
        doku_mean = doku_total / len(lines)
        print(
            f"{variant:<10} {doku_mean * 1e3:>8.2f}ms {statistics.median(times) * 1e3:>12.2f}ms "
            f"{statistics.mean(times) * 1e3:>10.2f}ms {doku_mean / statistics.mean(times):>6.2f}"
        )
    print("doku: one process for the batch, start-up included; CP-SAT: in-process, per puzzle")


if __name__ == "__main__":
    main()
