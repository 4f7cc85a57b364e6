"""R8's exact search, issue 13: the card of justice is not a pre-game branch of the search.
Any card of the deck in use may be named (R17) and every one is played, so naming it comes
down to choosing the trick D awards (R29): the search gives D one award at any trick
(:data:`~combowhist.rules.possibility.ANY_TRICK`) and names a card of that trick once the
line is found. Late positions with the card still unnamed are checked against a brute
force in ``test_analysis.py`` (every award of every trick); here the naming, and Plague's
cut of a deal already lost to it (R33)."""

from __future__ import annotations

import pytest

from combowhist import ComboBid, load_profile
from combowhist.analysis import witness
from combowhist.moves import Award, Play
from combowhist.rules.possibility import (
    ANY_TRICK,
    Line,
    Search,
    Setup,
    _named,
)

SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"


def _line(actions: tuple[tuple[str, int, int], ...], takers: tuple[int, ...]) -> Line:
    return Line(Setup(justice=ANY_TRICK, pinned=(0, 0, 0, 0)), actions, (), takers)


def _tricks(count: int) -> tuple[tuple[str, int, int], ...]:
    """``count`` tricks of 4 plays: trick ``n`` holds cards 4n to 4n+3, seats 0-3."""
    return tuple(("play", seat, 4 * n + seat) for n in range(count) for seat in range(4))


def test_r8_r17_r29_the_card_named_is_the_first_of_the_trick_awarded() -> None:
    plays = _tricks(3)
    actions = (*plays[:8], ("award", 1, 0), *plays[8:])  # trick 2 (cards 4-7) awarded
    named = _named(_line(actions, (0, 1, 0)), 4)
    assert named.setup.justice == 4
    assert named.actions == actions


def test_r8_r17_r29_with_no_trick_given_away_the_first_card_played_is_named() -> None:
    # Its trick is awarded to the participant who won it (R29 lets D award it to anyone).
    plays = _tricks(2)
    named = _named(_line(plays, (2, 0)), 4)
    assert named.setup.justice == 0
    assert named.actions == (*plays[:4], ("award", 2, 0), *plays[4:])


def test_r8_r17_a_line_with_its_card_named_is_left_as_it_is() -> None:
    line = Line(Setup(justice=9, pinned=(0, 0, 0, 0)), _tricks(1), (), (0,))
    assert _named(line, 4) is line


@pytest.mark.parametrize("edition", ["1.4.1", "1.4.2"])
def test_r8_r29_the_witness_names_a_card_of_the_trick_it_awards(edition: str) -> None:
    # Thirteen spades and Zero: only by giving away trick 1, led by D, is the bid made.
    found = witness(SPADES, "zero+justice+hurry+penalty+open_hand", profile=edition)
    assert found is not None
    moves = [move for _, move in found.moves]
    award = next(i for i, move in enumerate(moves) if isinstance(move, Award))
    trick = [move.card for move in moves[:award] if isinstance(move, Play)][-4:]
    assert found.deal.justice_card is not None
    assert found.deal.justice_card in trick


@pytest.mark.parametrize(("plagued", "lost"), [
    ((1, 7, 1, 1), True),    # D (seat 1) has 7; another can reach at most 1 + 3 = 4
    ((2, 7, 1, 0), True),
    ((3, 6, 1, 0), False),   # 3 + 3 = 6: a tie keeps D from being the solitary greatest
    ((2, 4, 2, 2), False),
    ((0, 10, 0, 0), False),  # nobody else has one: D may still bring home all 13
])
def test_r8_r33_a_deal_already_beplagued_is_cut(plagued: tuple[int, ...], lost: bool) -> None:
    # Ten plague cards brought home, three left (13 in use).
    assert sum(plagued) == 10
    profile = load_profile("1.4.1")
    search = Search(ComboBid.parse("game+plague", profile), 4, 1, profile.deck(4).mask, 0,
                    100)
    search.setup = Setup(plague=0)
    assert search._beplagued(plagued) is lost
