"""``combowhist analyse``: is a combo bid possible with a hand (R8's exact layer)?

``combowhist analyse --hand "AS KS …" --bid zero+hurry [--players 3] [--profile NAME]``
prints ``possible`` or ``impossible``; for a possible bid, a deal in which the declarer
completes it, every hand as dealt and every move (see :func:`combowhist.analysis.witness`).

>>> import io
>>> out = io.StringIO()
>>> run_analyse("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "zero+hurry", "1.4.1", 4, out)
>>> print(out.getvalue().splitlines()[0])
zero+hurry with AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S: impossible (R8)
"""

from __future__ import annotations

from typing import TextIO

from combowhist.analysis import DEFAULT_MAX_NODES, witness
from combowhist.bids import ComboBid
from combowhist.cards import CardSet
from combowhist.cli.render import deal_result_text, describe_move, hand_text
from combowhist.profiles import load_profile

__all__ = ["run_analyse"]


def _seat(seat: int) -> str:
    return f"player {seat}"


def run_analyse(hand: str, bid: str, profile: str, players: int, out: TextIO,
                max_nodes: int = DEFAULT_MAX_NODES) -> None:
    """Decide whether ``bid`` is possible for a bidder holding ``hand`` and print the
    answer, with the witness deal move by move when it is."""
    rules = load_profile(profile)
    combo = ComboBid.parse(bid, rules, players)
    cards = CardSet.parse(hand)
    found = witness(cards, combo, players=players, max_nodes=max_nodes)
    head = f"{combo} with {cards}"
    if found is None:
        print(f"{head}: impossible (R8)", file=out)
        print("  no split of the unseen cards and no legal choices and plays by everyone "
              "complete it (exhaustive search)", file=out)
        return
    print(f"{head}: possible (R8)", file=out)
    print(f"A deal in which {_seat(found.declarer)} completes it "
          f"(profile {rules}, {players} players, dealer {_seat(found.deal.dealer)}):",
          file=out)
    for seat, dealt in enumerate(found.hands):
        print(f"  {_seat(seat)}: {hand_text(dealt)}", file=out)
    deal = found.deal
    replay = type(deal).from_hands(found.hands, profile=rules, dealer=deal.dealer)
    for _, move in deal.log:
        after = replay.apply(move)
        for line in describe_move(replay, move, after, _seat):
            print(f"  {line}", file=out)
        replay = after
    assert deal.result is not None
    print(deal_result_text(deal.result, _seat, deal.result.guesses), file=out)
