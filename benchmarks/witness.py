"""Benchmark: R8's exact layer, one possibility check per (hand, combo) pair.

Random hands (dealt from a seed) x random combo bids drawn from the auction's legal list
(:func:`combowhist.rules.auction.bid_moves`), editions 1.4.1 and 1.4.2, 3 and 4 players.
A check is :func:`combowhist.analysis.is_possible` with its cache emptied first (the
search alone); for the possible ones the witness deal (:func:`~combowhist.analysis.witness`:
the search's line of play from the cache, replayed through the engine) is timed too.
Prints, per edition and player count and overall: median, p90, p99 and max time per check,
and how many checks were possible, impossible, or undecided (the search's bound reached, or
a rule not covered yet: Rank Trump); then how many of the auction's combos share a
:func:`~combowhist.analysis.possibility_key` (the checks a hand needs for them all).

    python benchmarks/witness.py [--pairs N] [--seed S] [--max-nodes N] [--covered] [--no-solver]
                                 [--weak]
    python benchmarks/witness.py --sweep HANDS [--seed S] [--minimum WORTH]
    python benchmarks/witness.py --mixed HANDS [--seed S] [--timeout SECONDS]

``--covered`` draws only the combos the SAT solver of the ``exact`` extra covers
(:func:`~combowhist.analysis.solver_covers`); whether the solver is used is printed first
(``--no-solver``: the search alone, as without the extra). ``--weak`` checks the hands of
small cards of :data:`WEAK_HANDS` in turn instead of random hands.
``--sweep`` measures instead what the first exact ``len(legal_moves())`` of an auction
costs: for each of HANDS hands (1.4.2, 4 players, seeds S, S + 1, …), from cold caches, the
whole list decided as ``len`` decides it (:meth:`~combowhist.rules.possibility.PossibleWith.many`:
each key once, a found line settling the keys it completes), with how many keys were
searched and how many a line settled. (Before lines were shared, ``--sweep SECONDS``
timed keys one by one and extrapolated; the figures below of that kind say so.)
``--mixed`` measures the same on random hands of both editions and player counts, each in
a process of its own with a time limit: hand ``n`` is dealt with seed S + n, 1.4.1 for
even ``n``, 3 players for ``n`` = 0, 1 (mod 4). The docs' random-hand samples are
``--mixed 60 --seed 200`` and ``--seed 300``. The single checks print, besides the
quantiles, how many took over 200 ms (steadier than the p99 from run to run).

The issue's targets: median <= 5 ms, p99 <= 200 ms (aim: median <= 1 ms); the first
``len`` of an auction with a new hand <= 2 s. There is no reference implementation to take
a ratio against; figures vary between machines.

Figures (200 checks, seed 1, max_nodes 20,000, a shared 2-core machine, load about 2; the
two runs one after the other):

=====================  ==========  =========  =======  ==========  ============
search                 median      p90        p99      undecided   not covered
=====================  ==========  =========  =======  ==========  ============
before issue 13 step 2 4.3 ms      2.7 s      27.4 s   18          17
fast pass, Rank Trump  4.0 ms      2.9 s      22.5 s   17          14
=====================  ==========  =========  =======  ==========  ============

Far from the p99 target: the tail is heavy combos (Taintless Master's Game with Sloth and
Plague; Lock, Ending Dog and Greed on Max Trump; Mail) that the search leaves undecided
at the bound or decides after seconds. A witness after its check (built from the cached
search): median 0.5 ms, against 4.7 ms before (the search again). The auction's 133,145
combos (1.4.1, 1.4.2) have 8,562 possibility keys. The tail is the goal more than the
specials: Taintless Master's Game alone, for the hand ``AS 7S 5S 2S AH 5H AD JD 9D 3D AC
9C 4C``, is undecided at 20,000 nodes after 26 s. The same 200 checks again a stop later
(same search): median 3.9 ms, p90 2.8 s, p99 22.2 s, none impossible.

The sweep (``--sweep 1200 --seed 5``, max_nodes 20,000, the other core busy): the hand
``KS 6S 3S JH 6H JD 8D 6D 2D AC KC 5C 3C``, 661 of its 8,562 keys in 1,204 s: 488
possible, 0 impossible, 110 undecided, 63 not covered; median 2.4 ms, mean 1.8 s a key, so
about 15,600 s (4.3 hours) for every key, against the target of 2 s; and with 17% of the
keys undecided, no exact ``len`` at all.

The SAT solver (``--covered --pairs 100 --seed 2``, the combos it covered then, Plague and
Justice included): with it, median 12 ms, p90 0.95 s, p99 1.9 s, none undecided;
``--no-solver``, median 11 ms, p90 6.4 s, p99 21 s, 11 undecided.

Once the solver covered every combo (Grill, Block Trump, Sub Trump, Rank Trump, Mail,
Master's Mail, guesses, Limbo, the goals that compare, the capture goal) and Sloth left the
key beside all but Block Trump (4,935 keys), ``--pairs 100 --seed 1``, the machine shared
with other runs (load about 3 on 2 cores): **100 possible, none undecided, none not
covered**; median 13.5 ms, p90 1.7 s, p99 and slowest 15.2 s (Rank Trump with Mail and
Master's Mail, a possible combo the solver takes seconds to find a deal for); a witness
after its check, median 0.6 ms. By edition and players: 1.4.1 3p median 9 ms, p90 1.1 s;
1.4.1 4p 16 ms, 3.1 s; 1.4.2 3p 13 ms, 0.5 s; 1.4.2 4p 22 ms, 4.1 s. The sweep of the same
hand as above (``--sweep 900 --seed 5``): 1,835 of its 4,935 keys in 902 s, all possible,
**none undecided**; median 19 ms, p90 1.4 s, p99 5.1 s, slowest 11.5 s; mean 0.49 s a
key, so about 2,400 s (40 minutes) for every key, against 4.3 hours with 17% undecided
before, and the target of 2 s.

With lines of play shared between keys (a found line settles the keys of its play, and of
neighbouring plays, whose conditions its tricks meet; keys decided neighbours first, then
by falling worth), ``--sweep 2 --seed 5``, one core free: the hand above, all 4,935 keys
possible, **442 searched, 4,493 settled by a line, 343 s**; the hand ``JS 7S AH JH 8H 7H
3H QD 8D 4D QC JC 10C``, 406 searched, 292 s. Keys one by one (this stop's profile of the
first hand, 1,227 keys in 480 s, 46% of them to the solver, which took 99% of the time)
would take about 1,900 s. Still two orders of magnitude above the target of 2 s: the
searched keys, about one per play, cost 0.8 s each, nearly all of it in the solver.

More lines shared (Master's Mail beside Mail or Rank Trump and Sloth under Block Trump as
neighbour steps, lines of other trump rules and of Hurry and Iron the other way re-checked
play by play, a neighbour's line kept for its new play, Greed's keys first), ``--sweep 2
--seed 5``, the machine otherwise idle: the first hand **45 searched, 4,890 settled,
50 s**; the second 45 searched, 44 s; ``--sweep 1 --seed 7``, the hand ``QS 5S 4S 3S AH
8H 3H KD 10D 7D 6D 3D 8C``, 50 searched, 68 s. What is left is about one solver call per
root play (Plague, with or without Mail, by trump rule, some of Hurry and Iron), each
about a second; the SAT form's leaner clauses (38% fewer) did not change that, nor did other
solvers of python-sat on those 42 root instances, the other core busy (CaDiCaL 1.5.3
47 s, Kissat 4.0.4 46 s, CaDiCaL 3.0.0 40 s, MapleCM 179 s).

Mail (beside any trump rule but Rank Trump) solved at the first lead, the solver picking
only the declarer's 3 cards out and 3 in, machine otherwise idle: ``--sweep 2 --seed 5``
48 searched, 38 s and 51 searched, 31 s; ``--sweep 1 --seed 7`` 43 searched, 47 s. The 16
Mail roots of the first hand took the solver 16.0 s against 23.6 s before. ``--pairs 100
--seed 1``: median 7.3 ms, p90 0.84 s, p99 and slowest 3.4 s (before, idle: median
7.0-7.2 ms, p90 1.1-1.3 s, slowest 8.7-9.4 s); four of the five slowest are Rank Trump with
Mail or Master's Mail, which the solver still models exchange by exchange. Tried and
dropped on the root instances: the solver's phases set all false (7x slower) or all true,
from the previous root's model (within noise), or towards D passing low cards and getting
high ones (faster on one hand, slower on another); fixing the plague suit first (no gain);
symmetry breaking between unseen cards with no card of D's between them (slower: 6.5 s
against 4.4 s on 18 roots without Mail); a randomised greedy search before the solver (200
dives found 9 of 41 roots).

The solver's first try with the choices the search would make (where D would rather take
tricks: trump in D's longest suit, Rank Trump's card of it for D's weakest, Mail's 3 weakest
out for the 3 strongest unseen; the reverse otherwise), then every choice with what it
learnt kept, machine otherwise idle: ``--sweep 2 --seed 5`` 49 searched, 27 s and 46
searched, 17 s; ``--sweep 1 --seed 7`` 36 searched, 26 s. ``--pairs 100 --seed 1``: median
6.2 ms, p90 0.30 s, p99 and slowest 0.70 s; ``--seed 2``: median 7.1 ms, p90 0.30 s,
slowest 1.25 s. The search choosing its Mail, Rank Trump and trump order by whether D
wants any trick rather than the first (as the solver does) changed nothing measurable
(24.0 s against 26.4 s and 19.8 s against 20.0 s, the other core busy) and was left as it
is; a preferred plague suit made the solver slower. With the formula's variables numbered
by a plain dict (half of a solver call was Python building it): ``--sweep 2 --seed 5``
49 searched, 24 s and 46 searched, 16 s; ``--pairs 100 --seed 1`` median 5.4 ms, p90
0.26 s, p99 and slowest 0.67 s.

A whole list's solver lines made to hold with Hurry the other way where they can (every
seat follows trick 1's suit), and each combo's key read off a table kept per space (built
once per process, 0.7 s; it was 3.5 s of every new hand's first ``len``); the sweep now
decides the list as ``len`` does (:meth:`PossibleWith.positions`) and counts solver calls.
A day when the machine ran about 20% slower than before (the same code: ``--sweep 3 --seed
5`` 45, 34 and 33 solver calls in 25-30 s, 18 s and 26-33 s; ``--pairs 100 --seed 1``
median 6.8 ms, p90 0.31 s, slowest 1.2 s): 28, 24 and 25 solver calls in 19.5 s, 10.3 s and
17.3 s; single checks unchanged (median 6.9 ms, p90 0.29 s, slowest 0.81 s; ``--seed 2``:
8.7 ms, 0.33 s, 1.5 s). A fresh process's first exact ``len`` of an auction (1.4.2 house
rule, 4 players, seeds 5, 6, 7): 17.8 s, 9.4 s and 17.1 s, against 32.3 s, 24.0 s and 30.1
s. Tried and dropped, in interleaved runs: lines made to hold with Iron the other way as
well (the winner of every trick the top card in both orders, or no ace in a trick with
another card of its suit): whole lists 1.5-4x slower, as far fewer such lines exist and the
solver's proofs that none does cost more than the calls saved; "exactly one" of up to 6
literals written pair by pair (10-20% quicker on a hand's roots, but single checks' p90
0.42 s against 0.28 s and the slowest 1.5 s against 0.7 s); the solver's phases set toward
the line of the same key with Hurry, Iron or the trump rule the other way (noise); CaDiCaL
1.9.5, Glucose 4, MiniSat and CaDiCaL 3.0 on 41 roots (within 10% of CaDiCaL 1.5.3, or
slower); a line of Iron the other way re-checked after the unseen cards of each suit were
renamed in the other order (the rank relations among unseen cards kept): hundreds such
lines held, but they settled 0-2 more keys a hand (28, 22 and 25 solver calls against 28,
24 and 25).

CaDiCaL 1.9.5 (python-sat's ``Cadical195``) with ``stabilizeonly`` in place of CaDiCaL
1.5.3's defaults, interleaved: the 264 solver instances of ``--pairs 300`` with seeds 3 and
4 (those that reached the solver) and of the whole lists of hands 5 and 7 took 65 s against
83 s (1.9.5's defaults: quicker on the roots, 22.8 s against 28.0 s, slower on the single
checks, 60.6 s against 57.2 s; stable mode with 1.5.3, 77 s; on the roots, no inprocessing
or no local search, slower).
Single checks: ``--seed 1`` median 5.3 ms, p90 0.26 s, slowest 0.63 s (were 5.4 ms,
0.27 s, 0.63 s); ``--seed 2`` 7.1 ms, 0.21 s, 0.58 s (were 7.3 ms, 0.28 s, 1.25 s);
``--pairs 300 --seed 3`` p90 0.26 s, p99 0.85 s (were 0.35 s, 1.8 s); ``--seed 4`` p90
0.29 s, p99 1.1 s, slowest 6.3 s (were 0.30 s, 0.90 s, 1.9 s): each solver has instances
where it takes seconds and the other a fraction, and running both in turn with growing
conflict budgets cost more than it saved (73-99 s on the 264). A hand's first exact
``len``: 14.0 s, 8.2 s and 18.1 s (were 16.5 s, 9.4 s and 17.4 s); solver calls 29, 23 and
30 (were 28, 24 and 25: other lines settle other keys). Tried and dropped: the deal of the
previous root's line as assumptions (every such try had a model, yet finding its play took
the solver as long: the play, not the deal, is the hard part); the winner's helpers (a card
of the suit in the trick, a stronger card in it) defined both ways, or a count of each
trick's cards (noise or slower, with CaDiCaL 1.5.3).
Defining "a seat plays a card of this suit in this trick" both ways (it was implied by the
card alone) took the 264 instances from 64.4 s and 66.6 s to 60.9 s and 60.5 s (slowest
2.2 s against 6.3 s), so it was kept; "at most one" in the log (bitwise) encoding, 5%
quicker alone, was no better beside it (63.0 s and 68.1 s), and was left out. Both kept
changes together, interleaved with the code before them: a hand's first exact ``len``
11.6 s, 8.0 s and 15.9 s (were 16.2 s, 8.9 s and 16.0 s); ``--pairs 100 --seed 1`` median
5.1 ms, p90 0.27 s, slowest 0.57 s (were 5.3 ms, 0.26 s, 0.69 s); ``--seed 2`` 7.1 ms,
0.22 s, 0.64 s (were 7.2 ms, 0.28 s, 1.2 s). Of 300 checks, 175 never reach the solver
(median 1.7 ms), yet only 137-139 finish within 5 ms, which is why the median sits at 5-7
ms pure Python. The compiled build (mypyc) compiling ``combowhist.rules.possibility``:
168 of those 300 within 5 ms; ``--pairs 100`` median 2.2 ms and 2.6 ms (seeds 1 and 2)
against 5.2 ms and 7.0 ms pure Python, interleaved; p90, slowest and a hand's first
``len`` unchanged (10.8 s, 8.0 s, 15.8 s against 11.4 s, 7.9 s, 15.9 s).
Lines of a play without Mail made lines with Mail (3 swapped pairs of close cards of the
same suits) and lines with Iron the other way reranked, with Mail keys decided after their
play without it: a hand's whole list 27 to 17, 21 to 11, 27 to 16, 23 to 12 and 26 to 12
solver calls (hands 1 and 2 of 1.4.2, 4 players; 1 and 2 of 1.4.1, 3 players; 3 of 1.4.1,
4 players); reranking alone saves 0-2 calls in 4 of 11 hands. Deriving a Plague line
from a line without it (naming each suit, re-checked), with the keys without Plague
decided first, cost more calls than it saved (17-23 against 11-17), so it was dropped.
Plague judged without counting where D takes 12 or 13 tricks: the 24 s instance of hand 1
takes 3.5 s. Together, interleaved with the code before: a hand's first exact ``len``
7.2 s, 6.9 s and 10.8 s (were 15.1 s, 10.0 s and 19.1 s); the deal of the previous
solver line as phases (polarity hints) for the next: 8.1 s against 8.5 s on hand 5's 28
roots, noise. The weakest hand (2-4 of each suit and the 5 of clubs): a Block Trump +
Hurry + Plague + Greed + Lock + Ending Dog call ran past six minutes, old code and new.
Taintless Master's Game with Ending Dog (every trick but the last) decided by the
every-trick search as well, its answer without Plague shared with the key with Plague,
and a line without Plague re-checked under each plague suit, whole lists as ``--sweep``
decides them, interleaved with the code before: 1.4.2 with 4 players, seeds 5, 6, 7, 10
and 11, 3.4, 3.7, 6.9, 4.6 and 5.7 s before, 3.0, 3.5, 4.3, 3.7 and 4.4 s after (24.3 s to
18.9 s; solver calls 58 to 48). What is left on seed 7 is one solver call per root, the
slowest Max Trump with Lock, Ending Dog, Greed and Plague (about 1 s, Iron either way).
The search's order of moves taught Plague, Lock and Greed (search order only, the same
answers): of the cards with the same claim, a plague card goes to a trick D loses (R33);
D loses a trick it must not take with its lowest cards where it wants a trick later, and
takes one with its cheapest card above the table's best; an opponent's discard in a
trick D takes is its highest. Beside it the search's inner loop a little quicker (the last
seat of a trick yields it, Hall's condition checked only where some void bars a card and
only over the void seats, the static layer's answers shared by searches with the same
conditions), and a new hand's single check no longer works out its neighbouring plays.
Interleaved with the code before, idle machine: ``--pairs 100 --seed 1`` median 2.4 ms,
p90 0.22 s, slowest 0.51 s (were 4.6 ms, 0.20 s, 0.52 s); ``--seed 2`` 1.9 ms, 0.22 s,
0.46 s (were 7.1 ms, 0.20 s, 0.63 s); 600 checks (seeds 1-4, 150 each): median 2.2 ms,
p90 0.18 s, p99 0.53 s, 166 reaching the solver (were 5.0 ms, 0.24 s, 0.57 s, 232).
The p99 is the solver's (0.2-0.7 s on possible combos the 200-state search misses, most
with Mail, Master's Mail or Lock with Greed; Rank Trump with Mail goes to it directly).
Whole lists, seeds 5, 6, 7, 10, 11: 2.3, 2.5, 3.6, 2.7, 3.4 s (14.5 s, 35 solver calls;
were 18.4 s, 48); the weak hands unchanged (50 s, 6 s, 11 s: the every-trick proofs).
Then the trump suit, Mail's and Rank Trump's cards chosen by whether D wants any trick
rather than the first (Lock's first tricks had made the search try D's shortest suit as
trump and pass its strongest cards): 600 checks median 1.5 ms, p90 0.16 s, p99 0.58 s, 120
reaching the solver; the five hands 13.8 s, 27 solver calls. (Counted without timing, as
search order is deterministic: 166 to 120 of 600 checks reach the solver.)
Rank Trump before Mail or Master's Mail looked for by the fast pass first (1,000 states;
exchanges that leave the laid cards where they are) rather than sent to the solver: its
55 of the 600 checks 8.1 s to 0.6 s (one reaching the solver, against all 55); all 600:
median 1.4 ms, p90 0.07 s, p99 0.50 s, 66 reaching the solver; the five hands 11.1 s, 17
solver calls (13.2 s, 27 the same hour). The solver, tuned on the 120 instances it got
before (CaDiCaL's elimination, probing, local search, initial phases; phase hints for the
tricks D wants and for D's cards), gained nothing beyond noise.
Tried and dropped: the card of justice the fast pass tries (D's own cards first, either
way, or the strongest unseen ones; one card or three or four instead of two): 57-79
solver calls of the 600 against 66, and on 600 other checks (seeds 5-8) 68-70 against
71, within the luck of ordering; a search of 1,000 states before the solver in whole lists
only: the five typical hands 11.7 s to 10.7 s (17 to 10 solver calls), but the weak hands
slower (11.0 to 11.5 s, 4.3 to 5.1 s, 51.3 to 52.8 s). What is left on typical hands'
whole lists is Max Trump with Greed, Lock, Ending Dog and Plague (about 1 s a solver call;
for one hand the search needs 12,590 states, 14 s, in the trump suit it tries first, where
the solver names a suit of three cards).
The every-trick search bounding each seat's plays to come in its own best order of D's
tricks, four orders of D's leads in turns, and the proof with Hurry serving the key
without it: the weak hands 13.3 s, 5.0 s, 61.7 s to 2.5 s, 4.4 s, 24.1 s; the five
typical hands 13.7 s against 13.2 s the same hour. Tried and dropped there: the per-seat
bound only with 9 tricks or fewer left (cheaper to set up, but 24 hard every-trick
questions 27.5 s to 51.3 s: it cuts near the root); on the solver's side, the either-leader
assumption of whole lists given its own budget of 2,000 or 10,000 conflicts (the five
hands 14.0 s to 16.1 s and 16.9 s), the unseen cards' symmetry broken from the start (the
66 single-check instances 18.0 s to 20.7 s), and a plain phase of 2,000-10,000 conflicts
before it is broken (on two samples of 66 instances, within noise of 20,000).
Also tried and dropped before: an opponent's discard in a trick D takes, its highest first (median
1.4 ms and 145 solver calls of 600, but one weak hand's Grill search 2,388 to 49,558
states); a longer search before the solver (1,000 or 3,000 states: single checks' p90
and a hand's whole list slower, as the search fails more often than it finds); a smaller
conflict budget for the solver's preferred choices (3,000 or 1,000: whole lists 21 s and
27 s against 18 s) or for Hurry either way apart (no gain); other solvers of python-sat
on 53 single-check instances (CaDiCaL 1.9.5 11 s; MiniSat 41 s, MergeSat 42 s, Glucose 4
54 s, Lingeling 89 s); keeping the every-trick search's ``OutOfStates`` (nothing to save:
the key without Plague is settled by the line with it).
Tried and dropped after that, interleaved with the code before on 14 typical hands' whole
lists (1.4.1 with 3 players, seeds 1-4; 1.4.2 with 4, seeds 5-7, 10-16): the solver asked
a key with Plague (nearly every solver call left in a whole list: Plague beside Lock,
Ending Dog and Greed, where Plague makes the puzzle 3 to 60 times harder) the key without
it first, its line named with each plague suit (single checks) or its cards' tricks given
as a brief hint (300 conflicts) to the solve with Plague, which then goes on from there:
30.6 s and 30.3 s against 30.1 s and 32.5 s (seeds 5-11 a quarter quicker, the 3-player
hands slower, the weak hands unchanged; an every-trick key's solver fallback three times
slower, so it was left out there); the same with a first try of the key with Plague
within 2,000 conflicts: no better. A plague suit D takes no card of (a stronger puzzle
tried first): 3 times slower. The fast pass's 200 states spread over more pre-game
branches at no discrepancy, or at 0 and 1 only: 71 and 65 of the 600 single checks
reaching the solver, against 66. The every-trick search checking a child's memo before
its necessary conditions: the weak hands 2.6, 4.7, 26.8 s against 2.5, 4.5, 26.6 s.
Tried and dropped after that. Of the 66 single checks (of 600) that reach the solver,
the solver's own search is nearly all the time (12.7 of 14.5 s on the 30 slowest; the
clauses 0.02-0.05 s to build and 0.01-0.03 s to load). The search before the solver
bounded at 1,000 or 5,000 tricks (or, simulated from measured runs, at 30-200 ms of its
own): p99 0.61 s to 0.94 s and 2.26 s (or no better), as many of its tricks are costly
(Justice and Mail branches). The plague suit assumed first: the easiest suit solves 1.5
to 5 times quicker than the free choice, but neither D's shortest suit nor the trump
suit is it often enough. CaDiCaL's phases set from a close line of the same hand, the
cards' tricks: from the key without Plague's line (the Plague solve 22.2 s to 9.9 s on
71 instances, but that line cost 12.7 s of solving; decided first in whole lists, 30.0 s
against 27.3 s for 12 typical hands), from the hand's last solver line (30.5 s against
30.5 s, single hands 40% either way), from the line of the play with Iron the other way
(28.9 s and 30.2 s against 29.6 s and 30.6 s). Plague's "no more plague cards than that
opponent" as one at-most-13 count over D's plague cards and those the opponent does not
take (a sequential counter or a totalizer) in place of two counts compared: 71 Plague
instances 27.0 s and 24.5 s against 25.7 s, single instances up to three times either
way.
The next stop measured 1,200 other checks (``rng`` seed 2): median 1.35 ms, p90 0.071 s,
p99 0.61 s, and one of 122 s, the worst yet: Taintless Master's Game with Hurry, Iron and
Plague, 3 participants, 1.4.1, for ``3S 2S AH QH JH 10H QD 6D 3D 2D AC 4C 3C``. Its key is
12 of the 13 tricks without trump, any one lost, impossible here: the every-trick search
covers all 13 and all but the last, not this, and the solver proves it only after about
3 million conflicts (split by the trick lost, 13 assumptions in turn: 202 s). The 4.2 s
check of the first sample is the same key, possible. Tried and dropped at that stop:
a sound necessary condition for that key (a line losing trick k, D's card below an
unseen card of its suit, gives with the two swapped a line taking every trick, so with
each suit's lowest card of D's traded for its strongest unseen one no line taking all 13
would prove it impossible) is too weak: for that hand every such trade takes all 13. The
solver first asked for a line holding with Iron either way (no ace in a trick with
another card of its suit where that suit decides the trick), as for Hurry: within the
preferred choices' budget one hand's whole list went from 4.0 s to 23 s (the assumption
left Mail puzzles without a model for 100,000 conflicts); with a budget of its own of
5,000 or 2,000 conflicts, 14 typical hands 31.4 s and 33.7 s against 32.5 s. A kept
line's replays under other plays kept and read back (about 2,400 a hand, 1,050
distinct): 2.33 s against 2.29 s a hand. Implied clauses for the solver to propagate (a
suit present in a trick only if one of its cards is; a card beaten only if a stronger
one is there; the next trick's leader only its taker): ``present`` both ways took 171
whole-list instances 17%, 9% and 7% quicker under three shuffle seeds, but 136
single-check instances of the second sample 28% and 14% slower; the others within
noise. Two solver configurations (seeds, shuffles, preferred choices or not) in turns:
at most 15% less; run side by side the slow tail would halve, but python-sat holds the
GIL while it solves (two threads take as long as one after the other), so that would
take processes.
The stop after: that check 0.5 s by the proof for all but one trick, and the same proof
for Taintless Master's Game with Greed and Justice (that hand's whole list from past ten
minutes to 25-28 s; ten hands of small cards 2.4-31 s). The compiled build was found
twice as slow as pure Python on whole lists (a generator over a generator, built in full
by mypyc: every neighbour line converted and checked); fixed, 14 typical hands 63.8 s to
30.2 s. The short search for the combo without Plague, Justice, Mail and Master's Mail,
its line made a line of the combo, before the solver: 1,200 single checks 136 solver
calls to 70, p90 0.09 s to 0.03 s, p99 about 0.55 s as before; whole lists 47 calls to
34. Tried and dropped there: the same proof for 11 tricks in play (Taintless Master's
Game with Justice: two lost tricks, two cards to spare) proved nothing on five weak
hands (0.0-1.3 s each; the slow key there, with Ending Dog too, is possible: the solver
finds it in 32-45 s); a longer search without Plague (600 or 1,500 tricks against 200:
32 solver calls against 34, 33.3 s and 40.2 s against 30.6 s); R8's formula module
compiled too (mypyc changes how its known-true literals reach python-sat's counters, and
at most 0.3 s a hand was to gain).
The stop after. Of the 1,200 checks' time outside the solver, much went on plays made
only to be refused: a Lock trick D could not lose had its 590 plays made and refused one by
one each time. The search now reads who must take a trick (the static layer, D or anyone
else) and cuts a seat's card as soon as it gives the trick to the wrong side: time
outside the solver 13.0 s to 10.2 s, checks over 0.2 s outside it 9 to 2. The card of
justice no longer a branch (52 cards; the fast pass had tried two): one award, at any
trick, the card named afterwards from its trick; in the solver, at most one trick awarded
in place of a card variable per card (its 30 instances with Justice 9.2 s to 5.7 s of
solving). A deal already beplagued cut at once (R33). In all: 30.6 s to 21.3-21.6 s, p90
0.025 s to 0.016 s, p99 0.50 s to 0.44 s, 47 to 32 checks over 0.2 s, 70 to 60 solver
calls; the static layer now counts the most tricks for D first where D wants tricks
(cold checks' median back from 1.52 ms to 1.4-1.5 ms). Whole lists gained nothing: their
solver calls are nearly all without Justice, and three of the 33 on the 14 typical hands
took 1.5-2.1x longer with the formula's variables numbered anew (two took 1.4x less;
56 calls of 16 other hands 17.2 s before, 17.6 s after): 29.2 and 30.1 s before, 30.9
and 34.0 s after. The solver's "at most one trick awarded" as a counter took one weak
hand's possible Taintless Master's Game with Ending Dog, Justice and Plague from 20.5 s
(card variables) to 45.4 s; pair by pair, 14.6 s (and the 30 single-check instances with
Justice 5.2 s against 5.4 s). Tried
and dropped there: a longer search before the solver now that its tricks are cheaper (400
or 500 tricks: 42-43 solver calls against 60, no quicker in all); the deal of the line
found without Plague given to the solver as assumptions (only 5 of 70 solver calls had
such a line); the answers of the cut's question kept apart (no gain).
The stop after. Nearly every solver call left was a possible combo, and the search at
1,000-3,000 tricks found many of them in 0.02-0.1 s where the solver took 0.2-2.5 s, but
a longer search still lost overall (measured per call: 1,200 checks 12.6 s of solving
against 14.3-49 s with 500-6,000 tricks before it; whole lists no better; the solver and
longer searches in turns, simulated from those times, no better either). What the search
missed was an order: the opponents played their weakest cards under D's, keeping the
high trumps that then overruffed D's small ones. A second search of 200 tricks with the
opponents shedding their strong cards where D wants a later trick (the strongest under
D's in a trick D takes; in one D loses, the cheapest that beats D, then the strongest)
finds most of those lines within 13-40 tricks: solver calls 60 to 17 (1,200 checks), 28
to 7 (600), 36 to 8-9 (whole lists). Of the discards under D's card, shedding the
strongest first and keeping the cards' built order (suit by suit) did about as well (17
and 16 calls of the 1,200); the weakest first, 23-24. Tried and dropped there: CaDiCaL's
options again (elimination, local search, initial phase, target phases, lucky phases;
within noise, elimination off a third quicker on whole lists' calls and slower on single
checks'); a third order, shedding only trumps (1,200 checks 12 over 0.2 s against 14,
600 checks 5 against 4); the relaxed line (without Plague, Justice and the mails) also
searched in the shedding order (17 to 12 solver calls, no quicker). Kept after that:
Rank Trump before the mails (the fast pass's 1,000 tricks, then the solver) first looks
200 tricks in each order: of its 160 checks in the two samples, over 0.2 s 3 to 1 (each
order's times measured apart and their sums compared), and in the samples themselves two
of them 0.2 s and 0.47 s to 0.05 s and 0.04 s, a few others 0.03 s slower; the whole
samples' counts over 0.2 s within noise (14 and 14, 2 and 2), whole lists the same.
Hands of small cards, one check at a time (``--weak --pairs 40 --seed 1``, pure Python,
the other core busy): median 1.8 ms; the 3-player hands' checks all under 0.02 s, 1.4.2's
4-player hand's under 0.14 s; the weakest hand (2s to 4s and the 5 of clubs) 25 ms median,
but 3 of its 8 checks took 17 s, 20 s and 146 s: Master's Trump and Taintless Master's
Game possible (found by the solver only), and Max Trump + Justice + Greed + Plague
impossible (the solver's proof of a counting argument: each of D's cards is its suit's
lowest). Its Taintless Master's Game + Hurry + Iron + Mail took the solver 56 s alone,
13-55 s as its assumptions and limits were varied (noise of the solver's path, not a
setting that helps); the search misses it at 20,000 tricks in either order. That hand's
whole list (``len``) was not done after 15 minutes: 21 solver calls in it, 508 s of
solving, the slowest 44 s (Plague beside Mail in any direction).
The stop after. The every-trick search's joint condition on the opponents asked in a
shared form and remembered across searches (the same answers): the slowest impossible
Taintless Master's Game of the second sample 0.49 s to 0.19-0.26 s, hands of small cards'
whole lists 1-2 s less outside the solver. A relaxed line that needs every trick but the
last taken from the every-trick search (250 states) instead of the general search: that
sample's slowest check (Taintless Master's Game with Justice, Sloth, Hurry, Ending Dog and
Plague) 1.1 s to 0.1 s; with every trick (Greed) as well, one check 0.35 s to 0.9 s (a
state of the every-trick search costs about a millisecond where no line exists), so not
there. Taintless Master's Game with Justice (11 in play, two lost) proven out of reach as
the one-trick proof does, two tricks left out: the weakest hand's such keys, 305 s, 13 s,
11 s and 1 s of solving before, 0.03 s. Pure Python, the two samples one beside the other
on the two cores (so each about 5% slower than alone; runs vary by that much): the second
sample's checks over 0.2 s 12-14 to 9-11 (p99 0.19-0.20 s), the first's (600, seed 1)
1, p99 0.15 s. The weakest hand's whole list is still far off: 21 minutes in, 23 solver
calls and 716 s of solving, the slowest 251 s: Max Trump with Iron, Greed, Plague, Lock
and Ending Dog proven impossible (a counting argument again: D's trumps are the four
lowest, so D wins a trick only by ruffing a suit it is void in, or leading one every
opponent is void in), and the possible Plague keys beside Mail, Lock and Ending Dog the
solver finds in 10-45 s each.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from combowhist import CardSet, ComboBid, Deal, load_profile
from combowhist.analysis import (
    is_possible,
    possibility_key,
    solver_covers,
    witness,
)
from combowhist.compiled import compiled_modules
from combowhist.errors import AnalysisError
from combowhist.profiles import RuleProfile
from combowhist.rules import possibility
from combowhist.rules.auction import bid_moves
from combowhist.rules.possibility import clear_caches


def _quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _check(hand: CardSet, combo: ComboBid, players: int, max_nodes: int
           ) -> tuple[str, float]:
    """One possibility check with the cache emptied first: its outcome and seconds."""
    clear_caches()
    start = time.perf_counter()
    try:
        possible = is_possible(hand, combo, players=players, max_nodes=max_nodes)
        outcome = "possible" if possible else "impossible"
    except AnalysisError as error:
        outcome = "undecided" if "would open" in str(error) else "not covered"
    return outcome, time.perf_counter() - start


def _tally() -> dict[str, int]:
    return {"possible": 0, "impossible": 0, "undecided": 0, "not covered": 0}


WEAK_HANDS = (
    ("1.4.1", 4, "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C"),
    ("1.4.2", 4, "10S 7S 6S 4S 7H 6H 4H 2D 10C 9C 8C 7C 6C"),
    ("1.4.1", 3, "3S 2S AH QH JH 10H QD 6D 3D 2D AC 4C 3C"),
    ("1.4.1", 3, "3H 3S 5C 2D 4H 6D 5H 3C 5S 4C 6S QD JD"),
    ("1.4.1", 4, "7D 2C 5C 2H 6C 9D 5H 3C 8S 4C 2S QD JD"),
)
"""Hands of small cards (``--weak``), where R8's checks are hardest: few lines of play
complete a combo, so the search seldom finds one and the solver must. Random deals
seldom deal such hands; their checks are measured apart from the random sample."""


def run(pairs: int, seed: int, max_nodes: int, covered: bool = False,
        weak: bool = False) -> None:
    rng = random.Random(seed)
    rows: dict[tuple[str, int], list[float]] = {}
    tally = _tally()
    slowest: list[tuple[float, str]] = []
    built: list[float] = []
    for n in range(pairs):
        if weak:  # each of the weak hands in turn
            edition, players, text = WEAK_HANDS[n % len(WEAK_HANDS)]
            profile = load_profile(edition)
            hand = CardSet.parse(text)
        else:
            edition = rng.choice(("1.4.1", "1.4.2"))
            players = rng.choice((3, 4))
            profile = load_profile(edition)
            hand = Deal.new(players, profile=profile, seed=rng.randrange(10**9)).dealt_hands[1]
        combos = _combos(profile, players, covered)
        combo = combos[rng.randrange(len(combos))]
        outcome, elapsed = _check(hand, combo, players, max_nodes)
        if outcome == "possible":
            start = time.perf_counter()
            witness(hand, combo, players=players, max_nodes=max_nodes)
            built.append(time.perf_counter() - start)
        tally[outcome] += 1
        rows.setdefault((edition, players), []).append(elapsed)
        slowest.append((elapsed, f"{edition} {players}p {combo} [{hand}] {outcome}"))
    everything = [t for times in rows.values() for t in times]
    print(f"the SAT solver (exact extra): {'used' if possibility.SOLVER else 'not used'}")
    print(f"{pairs} checks, seed {seed}, max_nodes {max_nodes}: " +
          ", ".join(f"{n} {k}" for k, n in tally.items()))
    print(f"{'':14} {'n':>5} {'median':>10} {'p90':>10} {'p99':>10} {'max':>10} "
          f"{'>200ms':>8}")
    for (edition, players), times in sorted(rows.items()):
        _line(f"{edition} {players}p", times)
    _line("all", everything)
    if built:
        _line("witness", built)
    print("slowest:")
    for elapsed, text in sorted(slowest, reverse=True)[:5]:
        print(f"  {elapsed * 1000:9.1f} ms  {text}")
    for edition in ("1.4.1", "1.4.2"):
        for players in (3, 4):
            space = bid_moves(load_profile(edition), players, 1).space
            keys, _ = possibility.keyed_space(space)
            print(f"{edition} {players}p: {len(space)} combos in the auction's list, "
                  f"{len(keys)} possibility keys")


def _combos(profile: RuleProfile, players: int, covered: bool) -> list[ComboBid]:
    """The auction's combos, or with ``covered`` those the SAT solver decides."""
    key = (profile, players, covered)
    if key not in _COMBOS:
        combos = [move.combo for move in bid_moves(profile, players, 1)]
        _COMBOS[key] = [c for c in combos if solver_covers(possibility_key(c))] if covered \
            else combos
    return _COMBOS[key]


_COMBOS: dict[tuple[RuleProfile, int, bool], list[ComboBid]] = {}


def sweep(hands: int, seed: int, minimum: int = 1) -> None:
    """What the first exact ``len(legal_moves())`` of an auction costs: for each of
    ``hands`` hands (1.4.2, 4 players, dealt with seeds ``seed``, ``seed + 1``, …), from
    cold caches, the auction's whole list (its combos worth at least ``minimum``) decided
    as ``len`` decides it (:meth:`PossibleWith.positions`: each key once, the hardest
    first, a found line settling the keys it completes), after the space's key table (once
    per process, timed apart)."""
    profile = load_profile("1.4.2")
    space = bid_moves(profile, 4, minimum).space
    start = time.perf_counter()
    _, key_at = possibility.keyed_space(space)
    print(f"key table: {len(space)} combos, {len(set(key_at))} keys, "
          f"{time.perf_counter() - start:.1f} s (once per process)", flush=True)
    if "combowhist.rules.possibility" in compiled_modules():
        print("combowhist.rules.possibility runs compiled: it calls the search and the solver "
              "directly, so the counts below stay 0 (the pure-Python package counts them)")
    calls = {"searched": 0, "solver": 0}

    def counted(name: str, call: Callable[..., possibility.Line | None]
                ) -> Callable[..., possibility.Line | None]:
        def counting(*args: Any, **kwargs: Any) -> possibility.Line | None:
            calls[name] += 1
            return call(*args, **kwargs)
        return counting

    search, solved = possibility._line_of_play, possibility.solved
    possibility._line_of_play = counted("searched", search)  # the keys no line settled
    possibility.solved = counted("solver", solved)
    try:
        for n in range(hands):
            hand = Deal.new(4, profile=profile, seed=seed + n).dealt_hands[1]
            clear_caches()
            calls.update(searched=0, solver=0)
            start = time.perf_counter()
            possible = possibility.PossibleWith(hand.mask, 4)
            positions = possible.positions(space)
            elapsed = time.perf_counter() - start
            impossible = sum(1 for answer in possible._answers.values() if not answer)
            decided = len(possible._answers)
            print(f"hand {hand}: {len(space)} combos, {len(positions)} possible; {decided} "
                  f"keys, {impossible} impossible; {calls['searched']} searched "
                  f"({calls['solver']} by the solver), {decided - calls['searched']} settled "
                  f"by a line; {elapsed:.1f} s", flush=True)
    finally:
        possibility._line_of_play, possibility.solved = search, solved


def mixed_sweep(hands: int, seed: int, timeout: float) -> None:
    """What the first exact ``len(legal_moves())`` costs on random hands of both editions
    and player counts: hand ``n`` is dealt with seed ``seed + n``, 1.4.1 for even ``n``
    and 1.4.2 for odd, 3 players for ``n`` = 0, 1 and 4 for 2, 3 (mod 4). Each is decided in
    a fresh process (:func:`first_len`), so nothing learnt on one hand helps the next,
    stopped after ``timeout`` seconds."""
    times = []
    for n in range(hands):
        edition, players = ("1.4.1", "1.4.2")[n % 2], (3, 4)[n // 2 % 2]
        try:
            done = subprocess.run(
                [sys.executable, __file__, "--first-len", edition, str(players), str(seed + n)],
                capture_output=True, text=True, timeout=timeout, check=True)
        except subprocess.TimeoutExpired:
            times.append(math.inf)
            print(f"{edition} {players}p seed {seed + n}: over {timeout:g} s", flush=True)
            continue
        times.append(float(done.stdout.split()[0]))
        print(f"{edition} {players}p seed {seed + n}: {done.stdout.strip()}", flush=True)
    finished = [t for t in times if t < math.inf]
    slowest = f"{max(finished):.2f} s" if finished else "none finished"
    print(f"{hands} hands: median {statistics.median(times):.2f} s, "
          f"{sum(1 for t in times if t > 2)} over 2 s, "
          f"{len(times) - len(finished)} over {timeout:g} s, slowest finished {slowest}")


def first_len(edition: str, players: int, seed: int) -> None:
    """One hand's first exact ``len``, in this process from cold: prints the seconds it
    took (the space's key table built first, not timed), the combos possible, the hand."""
    profile = load_profile(edition)
    space = bid_moves(profile, players, 1).space
    possibility.keyed_space(space)
    hand = Deal.new(players, profile=profile, seed=seed).dealt_hands[1]
    start = time.perf_counter()
    positions = possibility.PossibleWith(hand.mask, players).positions(space)
    print(f"{time.perf_counter() - start:.2f} s, {len(positions)} possible, {hand}")


def _line(label: str, times: list[float]) -> None:
    ms = [t * 1000 for t in times]
    print(f"{label:14} {len(ms):5d} {statistics.median(ms):8.2f}ms "
          f"{_quantile(ms, 0.9):8.2f}ms {_quantile(ms, 0.99):8.2f}ms {max(ms):8.2f}ms "
          f"{sum(1 for t in ms if t > 200):8d}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-nodes", type=int, default=20_000)
    parser.add_argument("--covered", action="store_true",
                        help="draw only the combos the SAT solver covers (solver_covers)")
    parser.add_argument("--no-solver", action="store_true",
                        help="the search alone, as without the exact extra")
    parser.add_argument("--weak", action="store_true",
                        help="the checks of hands of small cards (WEAK_HANDS) in turn, "
                             "instead of random hands")
    parser.add_argument("--sweep", type=int, metavar="HANDS",
                        help="instead: decide the whole auction's list for HANDS random "
                             "hands, as the first exact len(legal_moves()) does")
    parser.add_argument("--minimum", type=int, default=1,
                        help="with --sweep: the least worth of the combos listed")
    parser.add_argument("--mixed", type=int, metavar="HANDS",
                        help="instead: the first exact len(legal_moves()) of HANDS random "
                             "hands, both editions, 3 and 4 players, each in a process of "
                             "its own")
    parser.add_argument("--timeout", type=float, default=90,
                        help="with --mixed: the seconds a hand may take")
    parser.add_argument("--first-len", nargs=3, metavar=("EDITION", "PLAYERS", "SEED"),
                        help=argparse.SUPPRESS)  # one hand of --mixed
    args = parser.parse_args()
    if args.no_solver:
        possibility.SOLVER = False
    if args.first_len is not None:
        edition, players, seed = args.first_len
        first_len(edition, int(players), int(seed))
    elif args.mixed is not None:
        mixed_sweep(args.mixed, args.seed, args.timeout)
    elif args.sweep is not None:
        sweep(args.sweep, args.seed, args.minimum)
    else:
        run(args.pairs, args.seed, args.max_nodes, args.covered, args.weak)


if __name__ == "__main__":
    main()
