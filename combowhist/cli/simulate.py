"""``combowhist simulate``: many games or deals between bots, summarized.

The summary table goes to stdout, or the result as JSON (``--json``) or its rows as CSV
(``--csv FILE``, ``-`` for stdout), and one record per deal to ``--per-deal FILE``. Only one
of them can have stdout, and every output file is opened before the run, so that a bad path
fails at once. Without ``--seed`` a seed is drawn and printed to stderr; the JSON and CSV
record it too. A progress bar goes to stderr when stderr is a terminal, never into a pipe
or a file.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, TextIO

from combowhist.bots import Bot
from combowhist.errors import SimulationError
from combowhist.simulate import (
    FORMATS,
    DealWriter,
    SimulationResult,
    simulate_deals,
    simulate_games,
)

__all__ = ["draw_seed", "progress_bar", "run_simulation"]

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


def draw_seed() -> str:
    """A fresh random seed for a run without ``--seed``: a whole number of up to 9 digits,
    as the string ``--seed`` would give, so that the printed seed repeats the run."""
    return str(random.SystemRandom().randrange(10**9))


def run_simulation(args: argparse.Namespace, bots: list[Bot], out: TextIO) -> SimulationResult:
    """Run the simulation ``args`` ask for and print its summary, JSON or CSV (and write
    the per-deal records). Bad output settings are refused before the run."""
    _check_stdout(args)
    with contextlib.ExitStack() as files:
        rows = _rows_file(args, out, files)
        writer = None if args.per_deal is None else files.enter_context(
            _deal_writer(args, out))
        seed = args.seed
        if seed is None:
            seed = draw_seed()
            print(f"seed {seed} (run again with --seed {seed} for the same result)",
                  file=sys.stderr)
        result = _simulate(args, bots, seed, writer)
        if rows is not None:
            result.to_csv(rows)
    if args.json:
        print(result.to_json(indent=2), file=out)
    elif args.csv != "-" and args.per_deal != "-":
        print(result.summary(), file=out)
    return result


def _check_stdout(args: argparse.Namespace) -> None:
    """Refuse two outputs that would both go to stdout."""
    claims = [name for name, wanted in (("--json", args.json), ("--csv -", args.csv == "-"),
                                        ("--per-deal -", args.per_deal == "-")) if wanted]
    if len(claims) > 1:
        raise SimulationError(f"{' and '.join(claims)} would both write to stdout: give "
                              f"all but one of them a file name")


def _rows_file(args: argparse.Namespace, out: TextIO, files: contextlib.ExitStack
               ) -> IO[str] | None:
    """Where the CSV rows go: stdout, or the ``--csv`` file opened now (so a bad path
    fails before the run)."""
    if args.csv is None:
        return None
    if args.csv == "-":
        return out
    try:
        return files.enter_context(Path(args.csv).open("w", newline="", encoding="utf-8"))
    except OSError as error:
        raise SimulationError(f"--csv {args.csv}: cannot write there: "
                              f"{error.strerror or error}") from error


def _deal_writer(args: argparse.Namespace, out: TextIO) -> DealWriter:
    """The ``--per-deal`` file, opened now (so a bad path fails before the run)."""
    to_stdout = args.per_deal == "-"
    form = args.per_deal_format or (None if to_stdout else
                                    FORMATS.get(Path(args.per_deal).suffix.lower()))
    if form is None:
        raise SimulationError(f"--per-deal {args.per_deal}: cannot tell the format: give "
                              f"--per-deal-format csv or jsonl, or name the file "
                              f"*{', *'.join(FORMATS)}")
    try:
        return DealWriter(out if to_stdout else args.per_deal, form)
    except SimulationError as error:
        raise SimulationError(f"--per-deal {args.per_deal}: {error}") from error


def _simulate(args: argparse.Namespace, bots: list[Bot], seed: str,
              writer: DealWriter | None) -> SimulationResult:
    counting = "deals" if args.deals is not None else "games"
    progress = progress_bar(sys.stderr, counting) if sys.stderr.isatty() else None
    if args.deals is not None:
        return simulate_deals(args.deals, players=args.players, profile=args.profile,
                              bots=bots, seed=seed, workers=args.workers, progress=progress,
                              on_deal=writer)
    return simulate_games(args.games, players=args.players, profile=args.profile,
                          variant=args.variant, rounds=args.rounds, bots=bots, seed=seed,
                          workers=args.workers, progress=progress, on_deal=writer)
