"""``combowhist simulate``: many games or deals between bots, summarized.

A progress bar goes to stderr on a terminal; the summary table to stdout, or the result as
JSON (``--json``) or its rows as CSV (``--csv FILE``, ``-`` for stdout).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TextIO

from combowhist.bots import Bot
from combowhist.simulate import SimulationResult, simulate_deals, simulate_games

__all__ = ["progress_bar", "run_simulation"]

_BAR_WIDTH = 30


def progress_bar(stream: TextIO, what: str) -> Callable[[int, int], None]:
    """A progress callback that redraws one line on ``stream``: done/total, a bar, the
    rate and the time left."""
    started = time.monotonic()

    def show(done: int, total: int) -> None:
        filled = _BAR_WIDTH * done // total if total else _BAR_WIDTH
        elapsed = time.monotonic() - started
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        end = "\n" if done >= total else ""
        print(f"\r{done}/{total} {what} [{'#' * filled}{'.' * (_BAR_WIDTH - filled)}] "
              f"{rate:.0f}/s, {left:.0f}s left ", end=end, file=stream, flush=True)

    return show


def run_simulation(args: argparse.Namespace, bots: list[Bot], out: TextIO) -> SimulationResult:
    """Run the simulation ``args`` ask for and print its summary, JSON or CSV."""
    counting = "deals" if args.deals is not None else "games"
    progress = progress_bar(sys.stderr, counting) if sys.stderr.isatty() else None
    seed = args.seed if args.seed is not None else 0
    if args.deals is not None:
        result = simulate_deals(args.deals, players=args.players, profile=args.profile,
                                bots=bots, seed=seed, workers=args.workers, progress=progress)
    else:
        result = simulate_games(args.games, players=args.players, profile=args.profile,
                                variant=args.variant, rounds=args.rounds, bots=bots,
                                seed=seed, workers=args.workers, progress=progress)
    if args.csv == "-":
        result.to_csv(out)
    elif args.csv is not None:
        result.to_csv(args.csv)
    if args.json:
        print(result.to_json(indent=2), file=out)
    elif args.csv != "-":
        print(result.summary(), file=out)
    return result
