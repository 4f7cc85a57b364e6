"""``combowhist demo``: bots play a whole game while you watch, in a few seconds.

The first deal is told move by move, with every hand; later deals get a line each. The demo
speaks for no seat: like a spectator who may look everywhere, it shows every card, face-down
Rank Trump cards and Mail between players included (``combowhist play`` shows only what your
seat's view holds).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TextIO

from combowhist.bots import Bot, play_states
from combowhist.cli.narrate import narrate
from combowhist.game import Game

__all__ = ["run_demo"]


def run_demo(game: Game, bots: Sequence[Bot], rng: random.Random, out: TextIO,
             full_deals: int = 1, max_deals: int = 200) -> Game:
    """Play and tell ``game`` (see the module docs); return its last state."""
    last = narrate(play_states(game, bots, rng, max_deals), out, full_deals)
    assert last is not None
    if last.ending is None:
        print(f"stopped after {last.deals} deals without a winner", file=out)
    return last
