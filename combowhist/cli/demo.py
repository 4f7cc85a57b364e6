"""``combowhist demo``: bots play a whole game while you watch, in a few seconds.

The first deal is told move by move, with every hand; later deals get a line each.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TextIO

from combowhist.bots import Bot
from combowhist.cli.narrate import narrate
from combowhist.game import Game

__all__ = ["bot_states", "run_demo"]


def bot_states(game: Game, bots: Sequence[Bot], rng: random.Random,
               max_deals: int) -> Iterator[Game]:
    """``game`` and every state after it as ``bots`` play it, until it ends or has had
    ``max_deals`` deals."""
    yield game
    while game.deal is not None and game.deals < max_deals:
        deal = game.deal
        seat = deal.to_move
        assert seat is not None
        game = game.apply(bots[game.participants[seat]].choose(deal, seat, rng))
        yield game


def run_demo(game: Game, bots: Sequence[Bot], rng: random.Random, out: TextIO,
             full_deals: int = 1, max_deals: int = 200) -> Game:
    """Play and tell ``game`` (see the module docs); return its last state."""
    last = narrate(bot_states(game, bots, rng, max_deals), out, full_deals)
    assert last is not None
    if last.ending is None:
        print(f"stopped after {last.deals} deals without a winner", file=out)
    return last
