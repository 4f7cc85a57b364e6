"""``combowhist replay FILE``: step through a saved deal or game.

Every move of the file is replayed through the engine, so a file that replays is legal.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from combowhist.cli.narrate import narrate
from combowhist.cli.render import describe_move, hand_text
from combowhist.deal import Deal
from combowhist.errors import SerializationError
from combowhist.profiles import RuleProfile
from combowhist.serialize import (
    DEAL_FORMAT,
    GAME_FORMAT,
    deal_from_data,
    game_from_data,
    game_states,
)

__all__ = ["replay_file"]


def _paused(items: Iterator[Any], inp: TextIO, out: TextIO, wait_first: bool) -> Iterator[Any]:
    """Pass items on, waiting for Enter before each one (but the first unless
    ``wait_first``); 'q' or the end of input stops."""
    for number, item in enumerate(items):
        if number or wait_first:
            print("-- Enter for the next step, q to stop -- ", end="", file=out, flush=True)
            answer = inp.readline()
            if not answer or answer.strip().lower() == "q":
                return
        yield item


def _replay_deal(data: dict[str, Any], out: TextIO, inp: TextIO | None,
                 profile: RuleProfile | None) -> None:
    final = deal_from_data(data, profile)  # checks every move first
    deal = Deal.from_hands(final.dealt_hands, profile=final.profile, dealer=final.dealer,
                           scores=final.scores, potentials=final.potentials)
    print(f"{deal.players}-player deal, profile {deal.profile}, dealer seat {deal.dealer}",
          file=out)
    for seat, hand in enumerate(deal.dealt_hands):
        print(f"  seat {seat}: {hand_text(hand)}", file=out)
    moves: Iterator[Any] = iter(final.history)
    if inp is not None:
        moves = _paused(moves, inp, out, wait_first=True)
    for move in moves:
        after = deal.apply(move)
        for line in describe_move(deal, move, after, lambda seat: f"seat {seat}"):
            print(line, file=out)
        deal = after


def replay_file(path: Path, out: TextIO, inp: TextIO | None = None,
                profile: RuleProfile | None = None) -> None:
    """Print the replay of the saved deal or game at ``path``; with ``inp``, wait for
    Enter between steps. ``profile`` replaces the file's own (for a file saved before
    format version 2 that names a house rule without holding it). Raises
    SerializationError for a file that is not a valid save, before anything is printed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, a huge integer
        raise SerializationError(f"{path}: not valid JSON: {error}") from None
    except RecursionError:
        raise SerializationError(f"{path}: not valid JSON: nested too deeply") from None
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == DEAL_FORMAT:
        _replay_deal(data, out, inp, profile)
    elif kind == GAME_FORMAT:
        game_from_data(data, profile)  # checks every action before anything is told
        states: Iterator[Any] = game_states(data, profile)
        narrate(states if inp is None else _paused(states, inp, out, wait_first=False), out)
    else:
        raise SerializationError(f"{path}: not a saved deal or game (its 'format' is "
                                 f"{kind!r}, not {DEAL_FORMAT!r} or {GAME_FORMAT!r})")
