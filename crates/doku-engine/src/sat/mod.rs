//! The solver for hard large boards: the givens pruned by the matching filter
//! (see [`crate::alldiff_search`]), the open cells encoded as clauses over variables
//! "cell c holds digit d", and a clause-learning SAT search ([`cdcl`]).
//!
//! The 25x25 Gecode instances with about 43% givens sit at the
//! quasigroup-completion phase transition: depth-first search with any
//! propagation we tried thrashes there for many minutes, while learning from
//! each conflict solves them in seconds (the slowest in tens of seconds).
//!
//! Tried and measured slower on those instances: box-line segment variables
//! (locked candidates by unit propagation: fewer conflicts on some, each
//! twice as dear), and the matching filter as a propagator explained by
//! Hall-set clauses (a third of the conflicts, five times the cost each).
//!
//! Also measured on the 18 Gecode 25x25 puzzles (first solution, CPU
//! seconds; conflict counts are deterministic, times were taken on a loaded
//! machine): failed-literal probing of every positive literal at level 0
//! fixes 35-130 literals per puzzle but sends the search elsewhere, and over
//! the first 13 puzzles cost 76 s against 51 s without it; Luby restarts of
//! 128 conflicts a unit took 52 s against 14 s over the first six, of 2048 a
//! unit 70 s against 79 s in total with 4% fewer conflicts (one tail puzzle
//! 25 s -> 2 s, another 5 s -> 27 s): the order of the tails changes, not
//! their weight, so 512 stays. Activity decay 0.9 instead of 0.95: 93 s
//! (one puzzle past a 40 s cap) against 79 s.
//!
//! Conflict counts swing by 2-10x on one puzzle when only the initial
//! variable order changes, so search changes were measured over the 18
//! puzzles under three variable orders (54 runs, each capped at 150k
//! conflicts, about 6 s; totals of capped conflicts, fewer is better):
//! Luby 512 alone 2.78M (9 capped); rephasing every 1000, 2000, ...
//! conflicts (initial, best, inverted, best) 2.51M (7), but on the file's
//! own order it took puzzle 1 to 84 s and 9 to 41 s (sat-anchor total
//! 1.90x Kissat's against 1.68x), so it was dropped; the same every 500 and tiered deletion (LBD <= 6 kept while used) were no
//! better over the first two orders (1.95M, 1.99M against 1.79M), and
//! bumping reason-side literals was worse (3.07M alone, 3.58M with
//! rephasing). Kissat-style focused mode (glucose restarts on LBD moving
//! averages, 1/32 against 1/4096, margin 1.1, decay 0.8, saved phases
//! only), alone or switched with this stable mode every 1000 k^2
//! conflicts, was worse on nearly every puzzle: these satisfiable
//! instances want the target phase. Keeping the trail's levels on restart
//! (trail reuse) saved no time per conflict: restarts are rare next to
//! the ~300 literals propagated per conflict, which are the cost
//! (propagation is 80% of the time, about 140 ns a literal).
//!
//! Where a propagated literal's time goes (counted on puzzle 4, per
//! literal): 6.2 watches visited, 3.0 clauses fetched from the arena (2.3
//! of them learned), 2.4 watches moved to another literal, 2.5 binary
//! implications. Learned clauses, not the sudoku constraints, are the
//! watch traffic. Kept: when the replacement watch found is already true,
//! the watch stays and takes it as blocker (18 puzzles, file order: 1.21M
//! conflicts and 71 s CPU before, 0.87M and 50 s after; puzzle 10 17 s ->
//! 6 s, 15 25 s -> 17 s, 5 0.9 s -> 8 s). Measured and dropped: the
//! cell/row/column/box at-least-one clauses as counted groups (members not
//! yet false counted on assignment, the last one implied, the group the
//! reason) fetch 40% fewer clauses but cost the same 131 ns a literal
//! (the counters move into assign and backtrack) and send the search
//! elsewhere: first 14 puzzles 38 s -> 132 s (puzzle 9 0.6 s -> 67 s);
//! on top of the kept blocker rule, puzzles 1 and 9 went 1 s -> 67 s and
//! 5 s -> 63 s over the first 14.
//! Each literal's binary and watch lists side by side in one struct (one
//! cache line for both starts): same search, 4.63-4.76 s against
//! 4.65-4.77 s on puzzle 4.
//!
//! Vivification of learned clauses (CaDiCaL's: after each reduction, at
//! level 0, the clauses of LBD <= 6 not tried before have their literals
//! assumed false one by one, dropping those found false and cutting at a
//! true one or a conflict, within 10% of the search's propagations): over
//! the 18 puzzles under orders 0, 1, 2 (`gecode_conflicts`, cap 150k),
//! 3.06M conflicts (7 capped) against 2.70M (7 capped); puzzle 1 hit the
//! cap under all three orders (25k, capped, 127k without).
//!
//! Counting (`count_up_to`, limit 2: a model, then a proof there is no
//! other). Conflicts in file order, capped at 300k, puzzles 11-14 / 6-8 /
//! 16: excluding the model by all its values (before) 283k / 331k / >300k;
//! by its decisions only, 304k on 11-14; the proof in the focused mode
//! 254k / 329k / 291k (with activity decay 0.8 there 289k on 11-14); cell
//! by cell in the stable mode 337k / 233k; cell by cell in the focused
//! mode (kept) 249k / 229k / >300k. A puzzle with several solutions could
//! pay for proofs of fixed cells before a free one: puzzles 13 and 14 with
//! 2 or 4 givens blanked (8 boards, `solve --count --limit 2`, CPU) took
//! 6.35 s in all against 6.31 s before (each 0.5-1.7 s, either way).
//!
//! Shrinking learned clauses (kept; Fleury and Biere's, as in Kissat).
//! Learned clauses averaged 50 literals over 19.5 levels (LBD) on
//! puzzles 1-2: the literals of one lower level are replaced by that
//! level's own implication point when the walk back meets only literals
//! of that level or ones the clause implies. Conflicts over the 18
//! puzzles, orders 0-3, cap 150k (before: 3.65M, 10 capped): shrinking
//! alone shortens clauses 3% and took order 0 to 883k (3 capped) from
//! 771k; with the lower-level literals met allowed when minimisation
//! proves them implied (Kissat's shrink=3) 5% shorter, 3.21M (8 capped);
//! with the new literal also bumped (kept) 3.06M (6 capped), and puzzle
//! 15, capped under all four orders before, solves under all four
//! (18k-130k). Minimisation now poisons failed paths and keeps proved
//! literals marked: the same clauses for 7% fewer instructions (callgrind,
//! puzzle 2). On top of shrinking, reductions every 2000 + 150 k
//! conflicts instead of 2000 + 300 k: 2.31M (7 capped) against 2.11M (5)
//! over orders 0-2; every 2000 + 600 k: 1.44M (2 capped) against 1.25M
//! (1) over orders 0-1.
//! sat-anchor with shrinking against the base 9bb8a78, Kissat and both
//! in turn on each puzzle. Load 1-2: first solution 24.3 s against
//! Kissat's 49.7 (0.49x; base 52.1 s, 1.05x), worst 3.6 s (puzzle 10;
//! base's 15 at 16.6 s, now 0.7 s); at load 5 0.44x, at load 6-8 0.47x.
//! `--count`, load 1-3.5: 196.2 s against 211.2 (0.93x; base 366.0 s
//! with puzzle 9 past the 120 s limit, 1.73x); puzzle 10 57 s against
//! Kissat's 31; at load 8-11 1.03x. Measured and dropped on top of
//! shrinking: Glucose's update of a learned clause's LBD when it takes
//! part in an analysis, 1.42M conflicts (1 capped) against 1.25M (1)
//! over orders 0-1.
//!
//! A race on the spare core (measured, not merged; branch s8-sat, commits
//! 78ff562 to 08fe32b): a board with 1000+ variables searched twice at
//! once when a core is free, the copy in shuffled initial order 1, the
//! first answer winning. Conflicts (k, cap 150k) of orders 0 / 1 / 2 / 3
//! on puzzles 1-16: 1: 25/cap/127/98, 4: 74/105/58/76, 5: 140/31/83/34,
//! 7: 38/3/41/7, 9: 84/cap/cap/cap, 10: 108/cap/83/cap, 11: 7/54/48/81,
//! 15 capped under all four; 771k for order 0 alone, 605k for the better
//! of orders 0 and 1, at twice the CPU. sat-anchor on a quiet machine:
//! 45.0 s against Kissat's 50.9 (0.89x; puzzle 5 8.5 -> 1.5 s, 7 2.2 ->
//! 0.3 s, 10 6.0 -> 7.6 s, 15 still 16.7 s), against 59.8 / 59.6 (1.00x)
//! for the single search in the paired run. At load 3-4 (no core idle)
//! it took 1.66x Kissat's: each racer costs a whole search's CPU. Kept
//! out: 11% for a second thread, a load-average guard to avoid the loss
//! on a busy machine, and a tail (puzzle 15) no order fixes. Trading
//! learned units, binaries and glue clauses of up to 8 literals between
//! the racers at restarts re-rolled both searches (puzzle 15 37.7 ->
//! 2.4 s CPU, 9 11 -> 48 s, 10 capped): the tails move, they do not
//! shrink, and the answer stops being reproducible.
//!
//! Session 10 (conflicts over the 18 puzzles, orders 0 / 1 / 2 / 3, cap
//! 150k, capped runs counted at 150k; base 504k / 744k / 860k / 923k,
//! 3.06M in all, 6 capped). Kept: boards a third given or more skip the
//! matching-filter search ([`learns_from_the_start`]); the search is
//! unchanged, the 0.15-0.3 s its 1000 branches took on each puzzle are
//! saved (sat-anchor first solution 0.44x Kissat's against the base's
//! 0.50x, both at load 6-8; `doku solve` CPU over the 18, paired: 21.9 s
//! against 24.7 s; `solve --count` 0.3 s less CPU a puzzle). Chronological backtracking not built: a
//! backjump averages 1.5 levels (never over 100, Kissat's threshold;
//! puzzles 1-8) yet undoes 310-340 literals, so it would not fire.
//! Measured and dropped: the replacement watch searched from where the
//! last search stopped (Gent's saved position) is 3-5% less CPU a
//! conflict but 3.20M conflicts (3 capped), order 0 792k; deciding,
//! instead of a variable's false phase, the member of its cell its phase
//! holds true (70% of decisions are negative) 1.83M (5 capped) against
//! 1.25M (1) over orders 0-1, puzzle 4 17k -> 141k; prefetching the
//! clause two watches ahead, same search, no less CPU (6.1-6.5 s against
//! 6.0-6.2 s for 200k conflicts); the target trail kept over restarts
//! (never reset) 818k / 906k / 711k / 766k, 3.23M (7 capped); activity
//! decay 0.975 799k (1 capped) / 853k (3) on orders 0-1, and deleting 75%
//! of the candidates at each reduction (Kissat's fraction) 807k (2) /
//! 948k (3), both stopped there. Every change made order 0 worse
//! (710-820k against 504k): the settings were tuned on that order, so
//! judge by all four.
//!
//! Session 15, counting (`gecode_conflicts` with `SAT_COUNT=1`, order 0,
//! cap 250k; base 1.78M conflicts, puzzles 1, 9, 10 capped). The proof is
//! one hard refutation: on puzzle 1 the model takes 42k conflicts, the
//! first cell `Instance::second_by_cells` asks (two candidates) 198k,
//! the next 16 cells 1-6.5k each, and then every cell is fixed. Asking
//! every cell within 1000 conflicts first (times 4 a round) does not dodge
//! it: most cells use up the budget, 19.5 s CPU against 14.2 s. The
//! matching-filter search (box-line on) on that first refutation did not
//! finish in 3M branches (40 s). Measured and dropped: the matching filter
//! with box-line at level 0 over the learner's fixed literals, before the
//! proof and after each proved cell, its removals added as units (8
//! candidates at the start, 0-37 after a cell) 1.78M (2 capped); the proof
//! in a fresh solver, as Kissat's anchor does it, 2.13M (5); the proof in
//! the stable mode 1.79M (3); activity decay 0.9 in the focused mode 1.87M
//! (4); restart margin 1.2 1.75M (2); reductions every 2000 + 600 k 1.63M
//! (2); learned clauses of LBD <= 6 never deleted 1.56M (2), but each
//! conflict dearer: sat-anchor `--count` 0.84x Kissat's against the base's
//! 0.78x (separate runs, load 6-8; puzzle 4 113k conflicts in 31.9 s
//! against 143k in 31.5 s). Profile of `solve --count` on puzzle 4:
//! propagation 75%, its hottest instruction the first use of a clause
//! fetched from the arena (14% of it).
//!
//! Session 16, counting (`gecode_conflicts`, `SAT_COUNT=1`, cap 250k;
//! base 1.78M conflicts with 3 capped under order 0, 1.75M with 2 under
//! order 1). Kept: the proof asks the cells by the activity of their
//! model literal, highest first, instead of fewest candidates first:
//! 1.63M (2 capped) / 1.62M (2), fewer on 14 of the 16 puzzles either
//! order solves (puzzle 1 under order 0 now 235k instead of capped, 4
//! 143k -> 104k, 16 191k -> 169k). Measured and dropped: most
//! candidates first 1.83M (4 capped); the focused mode deciding by a
//! move-to-front queue (Kissat's VMTF, seeded by activity) instead of
//! VSIDS 2.14M (6); on top of the kept order, the proof's saved phases
//! the model's inverted 1.61M (2), the target phase in the focused mode
//! 1.63M (3).
//!
//! Session 17, all-different beyond the clauses (commit deeef16, reverted):
//! Hall sets of two per house (naked and hidden pairs) as a theory of the
//! learner, looked for only where a cell's candidates or a digit's places
//! in a house came down to two, at each propagation fixpoint; each removal
//! explained by a clause kept beside the trail (dropped on backtrack), not
//! watched. Counting, order 0, cap 250k: 1.41M conflicts (2 capped)
//! against 1.63M, fewer on nearly every puzzle; over puzzles 1-8 and
//! 11-16 902k against 1118k (naked pairs alone 1037k, hidden alone 1048k,
//! Hall sets up to three 884k), order 1 966k against 1114k. But each
//! conflict costs 20-40% more (puzzle 4: 91 us against 73; the check is
//! 11% of the time, the rest longer reasons and more literals to
//! propagate): `solve --count --limit 2` over 12 puzzles 35.2 s CPU
//! against 33.5 s, alternated; sat-anchor `--count` on puzzles 2, 4, 6,
//! 11, 12, 14 0.54x Kissat's against 0.50x with it off (same binary)
//! and 0.52x for the base. First solutions, order 0: 677k conflicts
//! against 512k. A matching per house kept by repair, used only to
//! detect a house with no perfect matching (its conflict explained by the
//! Hall violation): 1.55M counting conflicts, no propagation gained.
//!
//! Session 17, a race of shuffled-order copies on idle cores (branch
//! `s17-portfolio`, not merged): the 18 Gecode 25x25s, base / `--jobs 1`
//! / `--jobs 2` alternating at load 4-7 on 2 cores, wall and CPU seconds
//! in all: first solutions 37.5 / 37.0 / 58.3 wall, 20.9 / 20.9 / 34.7
//! CPU; counts (model raced, proof on the winner) 197.7 / 196.5 / 233.1
//! wall, 109.7 / 110.1 / 130.1 CPU. Racing whole counts gains nothing: the
//! proof's conflicts under orders 0 / 1 / 2 are within 20% on every
//! puzzle. With copies started only while the machine shows an idle core,
//! sat-anchor read the same as one search (0.46x, 0.78x `--count`), so
//! the gain stays unmeasured here (session 8 on a quiet machine: 605k
//! conflicts for the better of two orders against 771k), against a first
//! solution that would depend on which copy won.
//!
//! Session 18, the proof's hard question on two cores (cube and conquer;
//! [`Instance::split_question`]). A question still open after 10k
//! conflicts is split by lookahead (of the 64 most active open variables,
//! under the question's assumption, the one whose two values each imply
//! most, scored (1 + a)(1 + b)) into cubes refuted under assumptions.
//! Conflicts (`gecode_conflicts`, `SAT_COUNT=1`, order 0) on puzzles 1 /
//! 9 / 10 / 4 / 16, base 235k / 390k / 345k / 105k / 169k, 1244k in all;
//! "side by side" counts the longer of two shares, "CPU" both:
//! all cubes in one solver one after the other cost what the unsplit
//! question costs (2 cubes 1265k, 4 1211k, 8 1182k): nothing for one
//! core. One cube per copy (2 copies): 1062k side by side, 1356k CPU;
//! 4 cubes dealt in turn to 2 copies (kept): 975k / 1299k (puzzle 9
//! 390k -> 237k, 16 169k -> 131k, 1 235k -> 249k); 8 cubes 1152k /
//! 1425k; 16 cubes 1048k / 1334k. The cubes are uneven and deeper
//! splits do not even them (puzzle 1's first question, 4 cubes: 95k, 4k,
//! 30k, 2k; 8 cubes: 156k and seven under 30k): one cube keeps most of
//! the work. Over the 18 puzzles (cap 250k, none capped): 1.94M
//! conflicts CPU, 1.58M side by side (-15%), against 1.86M unsplit
//! (puzzle 15 195k -> 209k CPU, 5 and 8 the same).
//! A cube refuted with its last assumption false at a level above 0 used
//! to leave the earlier assumptions on the trail, and the next cube,
//! assuming one of them false, was "refuted" at once (puzzle 9: 84k
//! conflicts in all); `solve` now starts from level 0. The split runs
//! only when the machine showed a core idle since the model's search
//! began (as the session 17 race learned: a copy on a busy core halves
//! both searches); on a busy machine the question goes on unsplit after
//! the 10k (1.81M over the 18: the pause is a restart). Dropped: the two
//! shares one after the other on a busy machine, which keeps the search
//! the same at any load: `solve --count --limit 2` over the 18 at load
//! 5-8, alternating with the base, 108.1 s CPU against 104.5 s. Kept
//! as built, at load 3-4 (no core idle, so unsplit), puzzles 1, 9, 10,
//! 4, 16, 5, 8, 15 alternating with the base: 86.7 s CPU against 89.2 s,
//! wall 95.3 s against 98.4 s. The gain on a spare core is measured in
//! conflicts only: this machine had no core idle all session.
//!
//! Session 19, the cost of a conflict with the search unchanged (same
//! conflicts over the 18 puzzles, orders 0 and 1, first solutions and
//! counts). Per literal propagated on puzzle 10 (60k conflicts, ~290
//! literals a conflict): 6.2 watches, 2.4 clauses fetched (1.7 learned, 18
//! literals on average), 2.3 replacement scans of 2.8 literals, 1.6
//! watches moved, 2.5 binary implications; the live arena peaks near 180k
//! words (720 KB), so clauses, watches and binary lists sit in the 1 MB
//! second-level cache (cachegrind with a 1 MB last level: 0.4M misses
//! against 56M first-level misses over 15k conflicts): the cost is
//! first-level misses, branches and instructions, not memory. Kept:
//! propagation over the solver's fields borrowed apart (kept in
//! registers, assignment inlined), the clause's length alone in front of
//! its literals (flags, LBD and slot behind them), the analysis's vectors
//! kept between conflicts, and at each reduction the arena rebuilt in the
//! order the watch lists name the clauses (as Kissat does): 14% fewer
//! instructions (cachegrind, puzzle 10, 15k conflicts, 2.64G -> 2.27G);
//! CPU, alternating with the base on fixed conflict caps (load 4-5):
//! puzzle 10 first solution, 40k conflicts, 1.56 s -> 1.42 s (4 pairs);
//! puzzle 1 counting, 80k conflicts, 3.48 s -> 3.17 s (3 pairs). The
//! watch-order rebuild alone, against compacting in arena order at each
//! reduction: 1.45 s -> 1.43 s, 3.19 s -> 3.16 s (1-2%). Measured and
//! dropped: a bit per literal saying whether its binary list is empty, to
//! skip the list's header (most literals propagated are negative, whose
//! lists are empty): 1-2% more CPU; the heap's membership check inlined
//! into backtracking: no change.
//!
//! Session 19, the search (first solutions, `gecode_conflicts`, cap 150k,
//! orders 0-7; base 504k / 744k / 860k / 923k / 801k / 886k / 618k /
//! 713k, 6.05M in all, 10 capped). Measured, not merged (branch
//! `s19-heur`, commit 7fedeef): the stable mode rephases at a restart
//! after 1000, then 2000, 3000, ... more conflicts, by turns to
//! the best phase (the longest conflict-free trail since the last
//! rephase, Kissat's B) and to a walk (Kissat's W, in that commit:
//! ProbSAT with break weight 3^-b over the original long clauses and all
//! binaries, from the phases the search would decide, 5 flips per
//! conflict of the interval; its best assignment, 4-50 of ~20k clauses
//! unsatisfied, becomes the saved and target phases): 751k / 546k / 466k
//! / 543k / 683k / 723k / 641k / 610k, 4.96M (9 capped), 18% fewer, 24%
//! fewer over orders 1-7; the tuned order 0 is worse (puzzle 1 42k ->
//! 99k, 9 50k -> capped, 15 18k -> 111k), and that is the order
//! sat-anchor times: `doku solve` on the 18, base and new alternating
//! (load 7-8), 41.1 s CPU against 21.6 s (puzzle 9 2.4 -> 13.2 s). A
//! flip costs 0.27 us, 2.5 flips a conflict on average (about 1% of a
//! conflict). It is left out for that file order, as session 8's
//! rephasing was, though it is the better search on any other order.
//! Counting (order 0,
//! `SAT_SPLIT=0`, puzzles 1-16, cap 250k): 1587k (2 capped) against
//! 1625k (2); the proof, in the focused mode, never rephases. Earlier
//! rephasing (initial, best, inverted, best; session 8) had no walk.
//! Measured and dropped: best only (B at every rephase) 666k / 527k /
//! 747k / 779k on orders 0-3 (2.72M, 6 capped) against 2.31M (4) with
//! the walk and 3.03M (6) for the base; walk only (W at every rephase)
//! 553k / 816k / 825k / 849k (3.04M, 6); one walk of 100k flips before
//! the search (initial phases with 54-61 clauses unsatisfied) 6.14M (12
//! capped) over orders 0-7; learning-rate branching (LRB, Liang et al.
//! 2016, with the reason-side rate and locality, alpha 0.4 -> 0.06)
//! instead of VSIDS in the stable mode 5.03M (8 capped) against 4.72M
//! (9) over orders 0-5, order 0 838k; LRB in the proof too, counting
//! puzzles 1-4, 475k (1 capped) against 356k; starting activities
//! 0.001 / the cell's candidates (fewest candidates first, ties by the
//! order) 2.03M (2 capped) against 2.11M (5) on orders 0-2, stopped
//! there.
//!
//! Session 19, balancing the two copies ([`cubes`]; `gecode_conflicts`,
//! `SAT_COUNT=1`, cap 250k a copy, orders 0 and 1; base 3.57M conflicts
//! CPU, 3.09M side by side, puzzles 9 and 10 capped under order 1; side by
//! side under order 0 1.57M). The cubes wait in a shared queue and each
//! copy takes the next when its own is refuted; the copies now run
//! under the solver's own deadline (they used to replace a background
//! check's cancel flag with their own, so a cancelled check ran the
//! question to its end). Measured in lockstep (the copy behind in
//! conflicts goes next, the same at any load). Kept: the queue alone,
//! each cube searched to its end by one copy: on 9 and 10 the same
//! conflicts as dealing in turn (9: 157k | 172k; 10 260k side by side
//! against 257k); order 0 side by side 1.47M against 1.57M (puzzle 1
//! 250k -> 213k, 4 103k -> 95k, 12 37k -> 31k, 15 183k -> 174k), CPU
//! 1.95M against 1.93M; order 1, puzzles 1-8, 540k against 568k.
//! Measured and dropped, work stealing: a copy searches its cube in
//! turns of 500 conflicts (each a restart) and, when the other has
//! nothing left, splits its cube by lookahead and queues one half
//! (iterative cube and conquer): 3.93M CPU, 2.94M side by side, 9 and 10
//! capped under both orders. Elsewhere it balances (order 0 without 9
//! and 10: 949k side by side against 1077k; puzzle 1 250k -> 188k, 4 103k
//! -> 90k), but where the four cubes were already even (9: 157k | 172k)
//! the work grows with each steal: puzzle 9 alone (cap 700k) 395k CPU /
//! 238k side by side before, 440k / 260k with turns of 5000 (2 steals),
//! 485k / 278k with turns of 500 and no units passed (6 steals). Without
//! passing fixed literals between the copies, order 0: 9 and 10 still
//! capped, puzzle 1 333k against 296k, 16 164k against 183k; one cube at
//! the start instead of four, split by stealing only: the same (1 297k,
//! 15 251k, 9 and 10 capped). Racing instead of splitting (the idle copy
//! searches the busy one's cube too, the first refutation ending it for
//! both; turns of 500), order 0 without 9 and 10: 1045k side by side
//! (puzzle 1 250k -> 239k, 15 183k -> 169k), 1.48M CPU against 1.15M
//! (puzzle 1 271k -> 410k), and 9 and 10 capped again:
//! the copy that keeps its cube is slowed too, so the cost is in the turns
//! (a restart every 500 conflicts, units taken in) rather than in the
//! split. Untried for want of time: interrupting a copy only when the
//! other is idle (a flag its deadline checks every 256 conflicts) instead
//! of turns; that needs a [`crate::Deadline`] with two cancel flags, and a
//! lockstep measure that does not restart at each turn. Splitting after
//! 5k conflicts instead of [`SPLIT_AFTER`]'s 10k (queue, order 0, cap
//! 250k, lockstep): 1.50M side by side (puzzle 10 capped) against 1.47M.
//!
//! Session 20, stealing by interrupt ([`cubes`]; `gecode_conflicts`,
//! `SAT_COUNT=1`, cap 250k a copy, puzzles 1-16, side by side / CPU;
//! base order 0 1469k / 1940k, order 1 1450k / 2094k with 9 and 10
//! capped, counted at 250k / 500k). A copy that finds the queue empty
//! sets the other's interrupt flag, which its deadline includes (a
//! [`crate::Deadline`] now keeps every cancel flag it is given, so a
//! background check's cancel still stops both copies); the other stops
//! at its next look (every 256 conflicts), splits its cube by lookahead,
//! queues one half and goes on with the other. No turns: lockstep
//! pauses a copy at each look without restarting it
//! ([`Cdcl::solve_paused`]), so each copy searches as in a thread of its
//! own. Kept: the half goes with a copy of the splitting solver
//! (`fork`: its learned clauses, activities and phases), and the
//! question starts in 8 cubes: order 0 1350k / 1886k (puzzle 1 213k ->
//! 166k, 4 102k -> 81k, 10 260k -> 229k, 15 138k -> 125k, 9 238k ->
//! 245k), order 1 1429k / 2079k. Measured on the way: stealing without
//! the fork, 4 cubes: 1418k / 1997k, order 1 1458k / 2132k (the stolen
//! half searched without the other's clauses costs nearly what the whole
//! cube did: puzzle 16, order 1, 42k | 35k before, 42k | 43k); 8 cubes
//! 1380k / 1934k, 1444k / 2103k; fork, 4 cubes, 1366k / 1909k, 1432k /
//! 2088k. Dropped: 2 cubes and stealing (order 0: 9 and 10 capped);
//! splitting after 5k conflicts (4 cubes, no fork) 1391k / 2022k against
//! 1418k / 1997k. Where the cubes are even (puzzle 9: 169k | 169k) the
//! floor is the serial part: the model (about 50k) and the question's
//! first 10k.
//!
//! Session 20, the cost of a conflict again (search unchanged: the same
//! conflicts over the 18 puzzles, orders 0 and 1, first solutions and
//! counts; `doku solve` on the 18 the same output). Cachegrind with branch
//! simulation, puzzle 10, 15k conflicts: 42.6M of 482M branches
//! mispredicted, 21.8M of them in propagation; the clause's two watched
//! literals put in order by a branch on which one is false (2.95M) and the
//! test of the other one (2.97M) were two coin flips. Kept: that order set
//! without a branch (xor of the two with the false one), the other literal
//! tested without first comparing it to the blocker; backtracking no
//! longer resets reasons (read only for assigned variables) and tests heap
//! membership inline before a call to insert (most variables undone were
//! implied, never popped); the heap of `u32`; an assignment's two values
//! in one store. 2.27G -> 2.16G instructions, 36.4M mispredictions; CPU,
//! alternating on fixed conflict caps (load 7-9): puzzle 10 first
//! solution, 40k conflicts, 1436 ms -> 1321 ms (4 pairs, -8%; the
//! branchless order alone 1352 ms); puzzle 1 counting (`SAT_SPLIT=0`),
//! 60k conflicts, 2252 ms -> 2081 ms (3 pairs, -7.6%; the order alone
//! 2122 ms). The rest without the branchless order: no gain alone (1425
//! against 1425 ms, 2238 against 2220 ms), as session 19 found for the
//! inlined membership test, but 2% on top of it. `doku solve` on the 18,
//! 2 pairs: 20.0 s -> 18.9 s CPU. Measured and dropped: the watch loop as
//! `Vec::retain_mut` (the closure is not inlined: 2.61G instructions);
//! each binary list tested all true without a branch before the loop
//! (2.20G instructions, 37.8M mispredictions, 1355 against 1334 ms). Left:
//! the blocker test (5.0M mispredictions), the end of each watch list
//! (4.9M, short lists) and the binary implications' value test (4.1M,
//! true or open); a branchless assignment there needs a trail with spare
//! room and a stale level and reason written back for true literals.
//!
//! Session 20, a count's first model raced on an idle core (branch
//! `s20-race`, commits ceef04a and 4a9f94b, not merged;
//! `gecode_conflicts`, `SAT_COUNT=1`, order 0, cap 250k, lockstep, the
//! second copy started at the main copy's 2000th conflict; base 1.469M
//! conflicts side by side, 1.94M CPU). The better of two orders is a
//! fifth fewer conflicts to a model: first solutions, order 0 512k,
//! better of order 0 and order s started 2000 conflicts late 420k (s =
//! 1), 400k (2), 439k (3). But a count's conflicts barely move: raced
//! against order 1, the proof in the winner, 1.478M side by side (2.36M
//! CPU), the second copy winning on 7 of the 18 (2, 6, 7, 8, 11, 13,
//! 16); on those seven its proof took 220k against the main copy's 153k
//! at most (puzzle 8 54k against 22k, 13 17k against 3k): a model found
//! sooner leaves the proof less learned, so model and proof together
//! cost about the same. The proof in the main copy as it stood when the
//! second answered: 1.502M. The proof's copy given the other's fixed
//! literals, binary clauses and learned clauses of LBD <= 6 (never
//! deleted after): puzzle 9 capped; the other 17 1.08M against 1.23M
//! (puzzle 1 213k -> 142k, 8 92k -> 68k, 10 260k -> 229k, 15 138k ->
//! 153k); LBD <= 20: puzzle 10 capped, the other 17 1.10M against 1.21M
//! (15 138k -> 195k). As session 8 found for trading during the search,
//! the tails move rather than shrink.
//! Fixed literals and binary clauses only: puzzle 9 capped, the other 17
//! 1.29M against 1.23M; up to LBD 2: 1.57M (puzzle 15 138k -> 252k).
//! The branch's harness measures it with `SAT_RACE`, `SAT_RACE_AFTER`,
//! `SAT_RACE_PROOF=main` and `SAT_RACE_SHARE=lbd`. First solutions were
//! not raced: a copy runs only when a core shows idle, so a board with
//! several solutions would print another solution on a busy machine than
//! on a quiet one (for the 18 it would save about a fifth of the
//! conflicts).

mod cdcl;
mod cubes;
mod idle;

use super::board::Board;
use super::solver::geometry;
use super::{Deadline, TimedOut};
use crate::alldiff_search;
use cdcl::{Cdcl, Lit, SatAnswer};
use cubes::{Schedule, Shares, Sharing};
use idle::{CpuTimes, IDLE_ENOUGH};

/// Whether clause learning should take a large `board` from the start,
/// without the matching-filter search's branch budget first. With a third
/// of the cells given or more, the learner answers in a few milliseconds
/// where that search is quick, and the search's 1000 branches (0.15-0.3 s
/// on a 25x25) are thrown away where it thrashes: on the 25x25 Gecode
/// puzzles (43% given) a tenth of the first-solution time. Sparser boards
/// have many solutions, which the search finds faster.
pub(crate) fn learns_from_the_start(board: &Board) -> bool {
    3 * board.filled_count() >= board.values().len()
}

/// Some solution of `board`, if it has one.
/// `Err` if `deadline` passed first.
pub(crate) fn first_solution(board: &Board, deadline: Deadline) -> Result<Option<Board>, TimedOut> {
    let Some(mut instance) = Instance::new(board) else {
        return Ok(None);
    };
    instance.solver.set_deadline(deadline);
    instance.first_solution(None)
}

/// The number of solutions of `board`, counting stops at `limit`: each
/// solution found is excluded by a clause before searching again, and the
/// second is looked for cell by cell (see [`Instance::second_by_cells`]).
/// `Err` if `deadline` passed first.
pub(crate) fn count_up_to(
    board: &Board,
    limit: usize,
    deadline: Deadline,
) -> Result<usize, TimedOut> {
    if limit == 0 {
        return Ok(0);
    }
    let Some(mut instance) = Instance::new(board) else {
        return Ok(0);
    };
    instance.solver.set_deadline(deadline);
    instance.count_up_to(limit, None)
}

/// One board as clauses.
struct Instance {
    board: Board,
    /// Candidates of every cell after the matching filter.
    domains: Vec<u64>,
    /// For each variable, its cell and digit index (0-based).
    meaning: Vec<(usize, u32)>,
    solver: Cdcl,
    /// The open cells' literals of the last model excluded.
    excluded: Vec<Lit>,
    /// See [`SPLIT_AFTER`] (a field so that tests can split every question).
    split_after: u64,
    /// Whether a core is spare, decided without looking at the machine
    /// (tests and measurements); `None`: look.
    spare_core: Option<bool>,
    /// Since when the machine's idle time counts towards a spare core.
    idle_since: CpuTimes,
    /// How a split question's cubes are first made and then shared out
    /// (fields so that tests and measurements can change them).
    cube_depth: usize,
    sharing: Sharing,
    schedule: Schedule,
    /// How each split question's work went, for measuring.
    shares: Vec<Shares>,
}

/// Deciding "this cell holds this digit" first, as a person would,
/// propagates far more than ruling one candidate out.
const INITIAL_PHASE: bool = true;

/// Conflicts a cell's question in the proof gets in one search before it
/// is split in cubes (see [`Instance::split_question`]): most questions
/// take 1-6.5k, the one hard refutation of a proof 30-200k.
const SPLIT_AFTER: u64 = 10_000;

/// How many times a hard question is halved before the two copies start
/// on it: into 8 cubes (with stealing; 4 without, session 18).
const CUBE_DEPTH: usize = 3;

/// How many of the most active variables the split's lookahead tries.
const LOOKAHEAD_CANDIDATES: usize = 64;

/// How the two copies refuting a split question share out its cubes:
/// each takes the next from the queue when its own is refuted, and one
/// that finds the queue empty interrupts the other for half its cube.
const SHARING: Sharing = Sharing {
    lookahead: LOOKAHEAD_CANDIDATES,
    share_units: true,
    steal: true,
    look_every: cdcl::CLOCK_EVERY_CONFLICTS,
    fork: true,
};

/// No variable for this cell and digit.
const NO_VAR: u32 = u32::MAX;

impl Instance {
    /// `None` if the matching filter already proves `board` unsolvable.
    fn new(board: &Board) -> Option<Instance> {
        let domains = alldiff_search::filtered_domains(board)?;
        let n = board.size();
        let mut var_of = vec![NO_VAR; domains.len() * n];
        let mut meaning = Vec::new();
        for (cell, &domain) in domains.iter().enumerate() {
            if domain.count_ones() < 2 {
                continue;
            }
            for digit in bits(domain) {
                var_of[cell * n + digit as usize] = meaning.len() as u32;
                meaning.push((cell, digit));
            }
        }
        // Exactly one digit per open cell, and exactly one cell per digit
        // a house still lacks. Pairs of cells sharing a row and a box would
        // give the same at-most-one pair twice; those are removed.
        let mut long = Vec::new();
        let mut pairs = Vec::new();
        let mut group = Vec::with_capacity(n);
        for (cell, &domain) in domains.iter().enumerate() {
            if domain.count_ones() >= 2 {
                group.clear();
                group.extend(bits(domain).map(|d| var_of[cell * n + d as usize]));
                exactly_one(&group, &mut long, &mut pairs);
            }
        }
        let geo = geometry(board.shape());
        for cells in &geo.house_cells {
            let placed = cells
                .iter()
                .map(|&c| domains[c as usize])
                .filter(|d| d.is_power_of_two())
                .fold(0u64, |acc, d| acc | d);
            for digit in bits(board.shape().all_digits() & !placed) {
                group.clear();
                group.extend(
                    cells
                        .iter()
                        .map(|&c| var_of[c as usize * n + digit as usize])
                        .filter(|&v| v != NO_VAR),
                );
                exactly_one(&group, &mut long, &mut pairs);
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let mut solver = Cdcl::new(meaning.len(), INITIAL_PHASE);
        for (a, b) in pairs {
            solver.add_clause(&[!Lit::positive(a), !Lit::positive(b)]);
        }
        for clause in &long {
            solver.add_clause(clause);
        }
        Some(Instance {
            board: board.clone(),
            domains,
            meaning,
            solver,
            excluded: Vec::new(),
            split_after: SPLIT_AFTER,
            spare_core: None,
            idle_since: CpuTimes::now(),
            cube_depth: CUBE_DEPTH,
            sharing: SHARING,
            schedule: Schedule::Threads,
            shares: Vec::new(),
        })
    }

    /// Some solution, searching for at most `budget` conflicts (`None`: no
    /// limit); `Err` when the budget or the deadline ran out first.
    fn first_solution(&mut self, budget: Option<u64>) -> Result<Option<Board>, TimedOut> {
        match self.solver.solve(budget) {
            SatAnswer::Satisfiable => Ok(self.model()),
            SatAnswer::Unsatisfiable => Ok(None),
            SatAnswer::Unknown => Err(TimedOut),
        }
    }

    /// The number of solutions, up to `limit`, within `budget` conflicts
    /// in all (`None`: no limit).
    fn count_up_to(&mut self, limit: usize, budget: Option<u64>) -> Result<usize, TimedOut> {
        let stop_at = budget.map(|b| self.solver.conflicts().saturating_add(b));
        // The model's search is the window in which a spare core shows.
        self.idle_since = CpuTimes::now();
        let mut count = 0;
        while count < limit {
            let left = stop_at.map(|stop| stop.saturating_sub(self.solver.conflicts()));
            let answer = if count == 1 {
                self.second_by_cells(stop_at)
            } else {
                self.solver.solve(left)
            };
            match answer {
                SatAnswer::Satisfiable => {
                    count += 1;
                    self.exclude_model();
                }
                SatAnswer::Unsatisfiable => break,
                SatAnswer::Unknown => return Err(TimedOut),
            }
        }
        Ok(count)
    }

    /// Looks for a model other than the excluded one cell by cell: for
    /// each open cell, whether it can hold anything but its digit in that
    /// model. Each "no" is a unit clause that makes the next question
    /// easier; the first "yes" is a second model. The cells whose digits
    /// the search for the model met most in conflicts are asked first:
    /// the learned clauses say most about them.
    fn second_by_cells(&mut self, stop_at: Option<u64>) -> SatAnswer {
        let mut cells = std::mem::take(&mut self.excluded);
        let solver = &self.solver;
        cells.sort_by(|a, b| {
            solver
                .activity(b.var())
                .total_cmp(&solver.activity(a.var()))
        });
        let mut answer = SatAnswer::Unsatisfiable;
        for &holds in &cells {
            if self.solver.is_fixed_true(holds) {
                continue;
            }
            let left = stop_at.map(|stop| stop.saturating_sub(self.solver.conflicts()));
            self.solver.assume(&[!holds]);
            let alone = left.map_or(self.split_after, |left| left.min(self.split_after));
            let mut cell_answer = self.solver.solve(Some(alone));
            if cell_answer == SatAnswer::Unknown
                && left.is_none_or(|left| left > alone)
                && !self.solver.deadline().passed()
            {
                cell_answer = if self.has_spare_core() {
                    self.split_question(!holds, stop_at)
                } else {
                    let left = stop_at.map(|stop| stop.saturating_sub(self.solver.conflicts()));
                    self.solver.solve(left)
                };
            }
            match cell_answer {
                SatAnswer::Unsatisfiable if !self.solver.is_contradictory() => {
                    self.solver.assume(&[]);
                    self.solver.add_clause(&[holds]);
                }
                other => {
                    answer = other;
                    break;
                }
            }
        }
        self.solver.assume(&[]);
        self.excluded = cells;
        answer
    }

    /// Whether the machine showed a core idle since the model's search
    /// began or the last split (then the window starts again).
    fn has_spare_core(&mut self) -> bool {
        let idle = self.idle_since.idle_cores_until_now();
        self.idle_since = CpuTimes::now();
        self.spare_core.unwrap_or(idle >= IDLE_ENOUGH)
    }

    /// Whether the model can differ where `assumed` says, on two cores:
    /// the question split in cubes on literals chosen by lookahead, which
    /// two copies of the solver refute (see [`cubes::refute`]; each
    /// copy's learned clauses hold without the assumptions, so each cube
    /// helps the next). The copy that found a model goes on as the
    /// solver, else the first, given the units the other fixed. The answer
    /// is the same whichever copy ends first.
    fn split_question(&mut self, assumed: Lit, stop_at: Option<u64>) -> SatAnswer {
        let mut cubes = vec![vec![assumed]];
        for _ in 0..self.cube_depth {
            let mut halves = Vec::new();
            for cube in cubes {
                self.solver.assume(&cube);
                if let Some(split) = self.solver.lookahead_split(self.sharing.lookahead) {
                    for side in [split, !split] {
                        let mut half = cube.clone();
                        half.push(side);
                        halves.push(half);
                    }
                } else if !self.solver.refutes_by_propagation() {
                    halves.push(cube);
                }
            }
            cubes = halves;
        }
        let solver = std::mem::replace(&mut self.solver, Cdcl::new(0, INITIAL_PHASE));
        let refutation = cubes::refute(solver, cubes, stop_at, self.sharing, self.schedule);
        self.solver = refutation.solver;
        self.shares.push(refutation.shares);
        refutation.answer
    }

    /// The board the last satisfiable search found.
    fn model(&self) -> Option<Board> {
        let mut values: Vec<u8> = self
            .domains
            .iter()
            .map(|&d| {
                if d.is_power_of_two() {
                    d.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        for (var, &(cell, digit)) in self.meaning.iter().enumerate() {
            if self.solver.is_true(Lit::positive(var as u32)) {
                values[cell] = digit as u8 + 1;
            }
        }
        Board::from_values(self.board.shape(), values).filter(Board::is_solved)
    }

    /// Forbids the last model: some open cell must differ.
    fn exclude_model(&mut self) {
        self.excluded = (0..self.meaning.len() as u32)
            .map(Lit::positive)
            .filter(|&lit| self.solver.is_true(lit))
            .collect();
        let clause: Vec<Lit> = self.excluded.iter().map(|&lit| !lit).collect();
        self.solver.add_clause(&clause);
        // The next search is a proof that there is no other model, for a
        // unique puzzle: frequent restarts and saved phases, as Kissat
        // does when not expecting a model.
        self.solver.set_focused(true);
        // The phases still point at the excluded solution; searching for
        // another from there was measured a quarter slower.
        self.solver.reset_phases(INITIAL_PHASE);
    }
}

/// Clauses saying exactly one of the variables in `group` is true: one long
/// clause, and the pairs (as `(low, high)`) that may not both be true.
fn exactly_one(group: &[u32], long: &mut Vec<Vec<Lit>>, pairs: &mut Vec<(u32, u32)>) {
    long.push(group.iter().map(|&v| Lit::positive(v)).collect());
    for (i, &a) in group.iter().enumerate() {
        for &b in &group[i + 1..] {
            pairs.push((a.min(b), a.max(b)));
        }
    }
}

/// The indices of the set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    /// Conflicts and wall-clock time on the 25x25 Gecode puzzles under several
    /// initial variable orders, for judging changes to the search:
    /// `SAT_ORDERS=0,1,2 SAT_CAP=150000 SAT_COUNT=1 SAT_LINES=1-18 cargo
    /// test --release -p doku-engine --lib sat::tests::gecode_conflicts --
    /// --ignored --nocapture` (order 0 is the encoding's own; `SAT_COUNT=1`
    /// counts up to 2, the uniqueness check). The proof's hard questions
    /// are split as on a spare core, the two copies in lockstep (the
    /// conflicts the same at any load); `SAT_SPLIT=threads` runs them in
    /// two threads, `SAT_SPLIT=busy` goes on without splitting as on a
    /// busy machine, `SAT_SPLIT=0` never stops to ask. A split question
    /// prints as (kept copy's conflicts | other's = side by side / cubes
    /// stolen). `SAT_SPLIT_AFTER`, `SAT_DEPTH`, `SAT_STEAL`, `SAT_FORK` and
    /// `SAT_UNITS` (0 or 1) override the split's settings.
    #[test]
    #[ignore = "a measuring tool, minutes long"]
    fn gecode_conflicts() {
        let env = |name: &str, default: &str| std::env::var(name).unwrap_or(default.to_string());
        let shared = std::env::var("DOKU_SHARED")
            .unwrap_or(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared").to_string());
        let text = std::fs::read_to_string(format!("{shared}/data/25x25_gecode.txt"))
            .expect("the Gecode 25x25 file");
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let orders: Vec<u64> = env("SAT_ORDERS", "0")
            .split(',')
            .map(|o| o.parse().expect("SAT_ORDERS"))
            .collect();
        let cap: u64 = env("SAT_CAP", "150000").parse().expect("SAT_CAP");
        let counting = env("SAT_COUNT", "0") == "1";
        let range = env("SAT_LINES", "1-18");
        let (from, to) = range.split_once('-').expect("SAT_LINES a-b");
        let (from, to): (usize, usize) = (from.parse().unwrap(), to.parse().unwrap());
        let (mut total, mut capped, mut seconds) = (0u64, 0, 0.0);
        // Conflicts one after the other with split questions' shares side
        // by side (what a spare core makes of `total`).
        let mut along = 0u64;
        for &order in &orders {
            let mut row = format!("order {order}:");
            for number in from..=to {
                let board = crate::format::parse_puzzle(lines[number - 1], Default::default())
                    .expect("a puzzle");
                let clock = std::time::Instant::now();
                let mut instance = Instance::new(&board).expect("solvable");
                match env("SAT_SPLIT", "1").as_str() {
                    "0" => instance.split_after = u64::MAX,
                    "busy" => instance.spare_core = Some(false),
                    split => {
                        instance.spare_core = Some(true);
                        if split != "threads" {
                            instance.schedule = Schedule::Lockstep;
                        }
                    }
                }
                let knob = |name: &str| std::env::var(name).ok().map(|v| v.parse().expect(name));
                instance.split_after = knob("SAT_SPLIT_AFTER").unwrap_or(instance.split_after);
                instance.cube_depth = knob("SAT_DEPTH").map_or(instance.cube_depth, |d| d as usize);
                instance.sharing.steal =
                    knob("SAT_STEAL").map_or(instance.sharing.steal, |s| s == 1);
                instance.sharing.fork = knob("SAT_FORK").map_or(instance.sharing.fork, |f| f == 1);
                instance.sharing.share_units =
                    knob("SAT_UNITS").map_or(instance.sharing.share_units, |u| u == 1);
                if order != 0 {
                    instance.solver.shuffle_initial_order(order);
                }
                let answer = if counting {
                    instance.count_up_to(2, Some(cap)).map(|c| c as u64)
                } else {
                    instance.first_solution(Some(cap)).map(|s| {
                        assert!(s.expect("a solution").is_solved());
                        1
                    })
                };
                let used = clock.elapsed().as_secs_f64();
                seconds += used;
                // A split question's shares: the kept one goes on as the
                // solver; the other's conflicts are CPU beside it.
                let inherited: u64 = instance.shares.iter().map(|s| s.inherited).sum();
                let kept = instance.solver.conflicts() - inherited;
                let others: u64 = instance.shares.iter().map(|s| s.other).sum();
                let beside: u64 = instance
                    .shares
                    .iter()
                    .map(|s| s.along.saturating_sub(s.kept))
                    .sum();
                let conflicts = kept + others;
                total += conflicts;
                along += kept + beside;
                let shares: String = instance
                    .shares
                    .iter()
                    .map(|s| {
                        let (kept, other, along) = (s.kept / 1000, s.other / 1000, s.along / 1000);
                        format!(" ({kept}k|{other}k={along}k/{})", s.steals)
                    })
                    .collect();
                match answer {
                    Ok(found) => {
                        assert_eq!(found, 1, "puzzle {number}");
                        row += &format!(" {number}:{}k{shares}/{used:.1}s", conflicts / 1000);
                    }
                    Err(TimedOut) => {
                        capped += 1;
                        row += &format!(" {number}:CAP/{used:.1}s");
                    }
                }
            }
            println!("{row}");
        }
        println!(
            "total {total} conflicts ({along} with shares side by side), {capped} capped, {seconds:.1} s"
        );
    }

    #[test]
    fn counts_the_empty_4x4_sudoku_and_latin_square() {
        let sudoku = Board::empty(Shape::sudoku(4).expect("4x4"));
        assert_eq!(
            count_up_to(&sudoku, 1000, Deadline::NEVER).expect("no deadline"),
            288
        );
        let latin = Board::empty(Shape::latin(4).expect("4x4 Latin"));
        assert_eq!(
            count_up_to(&latin, 1000, Deadline::NEVER).expect("no deadline"),
            576
        );
        assert_eq!(
            count_up_to(&latin, 7, Deadline::NEVER).expect("no deadline"),
            7
        );
        assert_eq!(
            count_up_to(&latin, 0, Deadline::NEVER).expect("no deadline"),
            0
        );
    }

    /// Puzzles blanked from one full grid of `shape`, `count` of them at
    /// each of `keep_percents`.
    fn blanked_puzzles(
        shape: Result<Shape, crate::ShapeError>,
        keep_percents: &[u64],
        count: usize,
    ) -> Vec<Board> {
        let full = first_solution(&Board::empty(shape.expect("valid shape")), Deadline::NEVER)
            .expect("no deadline")
            .expect("a full grid");
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut puzzles = Vec::new();
        for &keep_percent in keep_percents {
            for _ in 0..count {
                puzzles.push(crate::test_support::blanked(&full, keep_percent, &mut seed));
            }
        }
        puzzles
    }

    /// Counts `puzzle` up to 3 with every proof question split in cubes at
    /// its first conflict and an idle copy's interrupt seen at every
    /// conflict in lockstep, against the matching-filter search.
    fn count_split_everywhere(
        puzzle: &Board,
        schedule: Schedule,
        cube_depth: usize,
        fork: bool,
    ) -> Instance {
        let expected =
            alldiff_search::count_up_to(puzzle, 3, u64::MAX, Deadline::NEVER).expect("no budget");
        let mut instance = Instance::new(puzzle).expect("solvable");
        instance.split_after = 0;
        instance.spare_core = Some(true);
        instance.schedule = schedule;
        instance.cube_depth = cube_depth;
        instance.sharing.look_every = 1;
        instance.sharing.fork = fork;
        let count = instance.count_up_to(3, None).expect("no budget");
        assert_eq!(
            count, expected,
            "{schedule:?}, depth {cube_depth}, fork {fork}: {puzzle:?}"
        );
        instance
    }

    #[test]
    fn split_proofs_count_as_the_matching_filter_search() {
        let mut puzzles = blanked_puzzles(Shape::sudoku(9), &[45, 35, 30, 25], 2);
        puzzles.extend(blanked_puzzles(Shape::latin(6), &[45, 35, 30, 25], 2));
        puzzles.extend(blanked_puzzles(Shape::sudoku(12), &[30, 25], 4));
        for (cube_depth, fork) in [(0, true), (CUBE_DEPTH, true), (0, false)] {
            let (mut split, mut steals) = (0, 0);
            for schedule in [Schedule::Threads, Schedule::Lockstep] {
                for puzzle in &puzzles {
                    let instance = count_split_everywhere(puzzle, schedule, cube_depth, fork);
                    split += instance.shares.len();
                    if schedule == Schedule::Lockstep {
                        steals += instance.shares.iter().map(|s| s.steals).sum::<usize>();
                    }
                }
            }
            assert!(split > 0, "no question was hard enough to split");
            // Four cubes at the start leave these small questions little
            // to steal.
            assert!(cube_depth > 0 || steals > 0, "no cube was stolen");
        }
    }

    /// A second solution that only the copy given half of the other's cube
    /// finds still counts (the copies in lockstep, so the same cubes are
    /// stolen on every run).
    #[test]
    fn a_solution_in_a_stolen_cube_counts() {
        let mut puzzles = blanked_puzzles(Shape::sudoku(12), &[30, 25], 100);
        puzzles.extend(blanked_puzzles(Shape::sudoku(9), &[30], 100));
        for fork in [true, false] {
            let found_in_stolen = puzzles.iter().any(|puzzle| {
                let instance = count_split_everywhere(puzzle, Schedule::Lockstep, 0, fork);
                instance.shares.iter().any(|s| s.model_in_stolen_cube)
            });
            assert!(
                found_in_stolen,
                "no model was found in a stolen cube (fork {fork})"
            );
        }
    }

    /// Boards with many solutions answer at once even when every question
    /// is split and the copies interrupt each other at every conflict.
    #[test]
    fn sparse_boards_count_with_every_question_split() {
        for (size, givens) in [(16, 0), (25, 0), (25, 1)] {
            let mut values = vec![0; size * size];
            values[..givens].fill(1);
            let board = Board::from_values(Shape::sudoku(size).expect("a square size"), values)
                .expect("fits");
            for schedule in [Schedule::Threads, Schedule::Lockstep] {
                let mut instance = Instance::new(&board).expect("solvable");
                instance.split_after = 0;
                instance.spare_core = Some(true);
                instance.schedule = schedule;
                instance.sharing.look_every = 1;
                assert_eq!(
                    instance.count_up_to(3, None),
                    Ok(3),
                    "{size}x{size}, {givens} given"
                );
            }
        }
    }

    /// A split question gives up at its deadline however the copies run,
    /// also when that is a cancel flag (the copies, which stop at flags of
    /// their own when the other wants work, once searched on under those
    /// alone), and the same question without one is refuted (8 pigeons in
    /// 7 holes: thousands of conflicts). The solver that goes on keeps the
    /// deadline.
    #[test]
    fn a_split_question_gives_up_at_its_deadline() {
        let mut solver = cdcl::tests::pigeonhole(8, 7);
        solver.set_focused(true);
        for schedule in [Schedule::Threads, Schedule::Lockstep] {
            let refutation = cubes::refute(solver.clone(), vec![vec![]], None, SHARING, schedule);
            assert_eq!(refutation.answer, SatAnswer::Unsatisfiable, "{schedule:?}");
            assert_eq!(refutation.solver.deadline(), &Deadline::NEVER);
            let shares = refutation.shares;
            assert!(shares.along > 1000, "refuted at once: {shares:?}");
        }
        // A background check's cancel flag counts as well as a moment.
        let cancelled = Arc::new(AtomicBool::new(true));
        for deadline in [
            Deadline::at(std::time::Instant::now()),
            Deadline::NEVER.or_cancelled_by(cancelled),
        ] {
            solver.set_deadline(deadline.clone());
            for schedule in [Schedule::Threads, Schedule::Lockstep] {
                let refutation =
                    cubes::refute(solver.clone(), vec![vec![]], None, SHARING, schedule);
                assert_eq!(refutation.answer, SatAnswer::Unknown, "{schedule:?}");
                assert_eq!(refutation.solver.deadline(), &deadline);
            }
        }
    }

    #[test]
    fn clashing_or_dead_end_givens_have_no_solution() {
        let shape = Shape::sudoku(4).expect("4x4");
        // Two 1s in the first row.
        let clash = Board::from_values(shape, vec![1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
            .expect("fits");
        assert_eq!(
            first_solution(&clash, Deadline::NEVER).expect("no deadline"),
            None
        );
        assert_eq!(
            count_up_to(&clash, 2, Deadline::NEVER).expect("no deadline"),
            0
        );
        // No clash, but the top-left cell sees 1 and 4 in its row, 2 in its
        // column and 3 in its box.
        let dead_end =
            Board::from_values(shape, vec![0, 1, 4, 0, 0, 3, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])
                .expect("fits");
        assert!(dead_end.conflicts().is_empty());
        assert_eq!(
            first_solution(&dead_end, Deadline::NEVER).expect("no deadline"),
            None
        );
        assert_eq!(
            count_up_to(&dead_end, 2, Deadline::NEVER).expect("no deadline"),
            0
        );
    }

    #[test]
    fn agrees_with_the_matching_filter_search_on_small_puzzles() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for shape in [
            Shape::sudoku(4),
            Shape::sudoku(6),
            Shape::sudoku(9),
            Shape::latin(5),
        ] {
            let shape = shape.expect("valid shape");
            let full = first_solution(&Board::empty(shape), Deadline::NEVER)
                .expect("no deadline")
                .expect("a full grid");
            assert!(full.is_solved());
            for keep_percent in [70u64, 50, 35] {
                let puzzle = crate::test_support::blanked(&full, keep_percent, &mut seed);
                let expected = alldiff_search::count_up_to(&puzzle, 300, u64::MAX, Deadline::NEVER)
                    .expect("no budget");
                assert_eq!(
                    count_up_to(&puzzle, 300, Deadline::NEVER).expect("no deadline"),
                    expected,
                    "{puzzle:?}"
                );
                let solution = first_solution(&puzzle, Deadline::NEVER)
                    .expect("no deadline")
                    .expect("solvable");
                assert!(solution.is_solved());
                let kept = puzzle.values().iter().zip(solution.values());
                assert!(kept.into_iter().all(|(&p, &s)| p == 0 || p == s));
            }
        }
    }
}
