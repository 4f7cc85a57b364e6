"""Computer players, and helpers that let them play deals and games.

A bot is any object with a ``choose(deal, seat, rng)`` method returning one of
``deal.legal_moves()``; ``seat`` is a seat of the deal (in a :class:`~combowhist.Game`,
``game.seat_of(player)``), and the bots here refuse any seat but ``deal.to_move``. They
read only what ``deal.view(seat)`` shows that seat (its own hand, the public record,
exposed cards), so they never peek at hidden cards.

>>> import random
>>> from combowhist import Deal
>>> from combowhist.bots import HeuristicBot, RandomBot, play_deal
>>> deal = play_deal(Deal.new(seed=3), [RandomBot()] * 4, random.Random(3))
>>> deal.is_over
True
>>> deal = play_deal(Deal.new(seed=3), [HeuristicBot()] * 4, random.Random(3))
>>> deal.is_over
True
"""

from combowhist.bots.base import (
    Bot,
    RandomBot,
    check_turn,
    play_deal,
    play_game,
    play_states,
)
from combowhist.bots.heuristic import HeuristicBot
from combowhist.bots.search import SearchBot

__all__ = ["Bot", "HeuristicBot", "RandomBot", "SearchBot", "check_turn", "play_deal",
           "play_game", "play_states"]
