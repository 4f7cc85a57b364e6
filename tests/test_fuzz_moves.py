"""Fuzzing the door of ``Deal.apply`` (issue 9): move text and move objects of every shape,
at random states of random deals. Whatever comes in either applies, and then it is a legal
move and gives the state applying that legal move gives, or it raises a
:class:`~combowhist.errors.CombowhistError` and nothing changes; ``in legal_moves()``
agrees with ``apply`` either way."""

from __future__ import annotations

from typing import Any

import pytest
from checks import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from combowhist import Deal
from combowhist.cards import ALL_CARDS, CardSet, Suit
from combowhist.errors import CombowhistError
from combowhist.moves import (
    Award,
    Commit,
    Guess,
    MakeBid,
    Pass,
    Play,
    Prefer,
    Refill,
    Send,
    SetAtelier,
    SetJustice,
    SetMail,
    SetPlague,
    SetTrump,
    Take,
)
from combowhist.rules import setup
from combowhist.state import Phase
from combowhist.strategies import deals_at_phase, played_deals

pytestmark = pytest.mark.fuzz

#: Deals anywhere: mostly the auction and play, and every pre-game phase too.
STATES = st.one_of(
    played_deals(),
    st.sampled_from((*setup.PHASES, Phase.REFILL, Phase.AWARD)).flatmap(deals_at_phase),
)

#: Characters that look like digits, spaces or card text and are not (or are, oddly).
TRICKY = "²³⁵¹⁰٣০０①\u00a0\u2003\t\x00♠♥♦♣\ufe0f-+.,eE_ "


def check_applies_as_legal(deal: Deal, move: Any) -> None:
    """``apply(move)`` either succeeds exactly when ``move in legal_moves()``, giving the
    state of the matching legal move, or raises a CombowhistError and leaves ``deal`` as
    it was."""
    before = deal.to_json()
    moves = deal.legal_moves()
    try:
        after = deal.apply(move)
    except CombowhistError:
        assert move not in moves, f"{move!r} is in legal_moves() but apply refuses it"
        assert deal.to_json() == before
        return
    assert move in moves, f"apply takes {move!r} but it is not in legal_moves()"
    legal = moves[moves.index(move)]
    expected = deal.apply(legal)
    assert after == expected
    assert after.to_json() == expected.to_json()
    assert after.history[-1] == legal


@st.composite
def legal_text(draw: st.DrawFn, deal: Deal) -> str:
    """The text of a legal move now (if any), in a drawn case."""
    moves = deal.legal_moves()
    if not moves:
        return "pass"
    text = str(moves[draw(st.integers(0, len(moves) - 1))])
    return draw(st.sampled_from((text, text.upper(), text.lower(), f"  {text}\t")))


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few near-miss edits: characters swapped for look-alikes, words
    repeated or dropped, numbers made huge."""
    for _ in range(draw(st.integers(1, 3))):
        words = text.split(" ")
        edit = draw(st.integers(0, 5))
        spot = draw(st.integers(0, max(len(text) - 1, 0)))
        if edit == 0 and text:
            text = text[:spot] + draw(st.sampled_from(TRICKY)) + text[spot + 1:]
        elif edit == 1:
            text = text[:spot] + draw(st.sampled_from(TRICKY)) + text[spot:]
        elif edit == 2 and len(words) > 1:
            del words[draw(st.integers(0, len(words) - 1))]
            text = " ".join(words)
        elif edit == 3:
            text = " ".join([*words, draw(st.sampled_from(words))])
        elif edit == 4:
            text += " " + draw(st.sampled_from(("9" * 5000, "12345678", "0" * 7, "-1", "1e3")))
        else:
            text = text[:spot]
    return text


def any_text(deal: Deal) -> st.SearchStrategy[str]:
    return st.one_of(
        legal_text(deal),
        legal_text(deal).flatmap(mutated),
        st.text(alphabet=st.sampled_from("pasbidguesplyawrdtumh0123456789 SHCD" + TRICKY),
                max_size=30),
        st.sampled_from(("guess ²", "award ⁵", "guess " + "9" * 5000, "prefer S ³",
                         "guess ٣", "award ０", "", "   ", "bid", "bid +", "send")),
    )


@fuzz_settings(60)
@given(data=st.data())
def test_issue9_fuzz_move_text_applies_as_the_legal_move_or_is_refused(
    data: st.DataObject,
) -> None:
    deal = data.draw(STATES, label="deal")
    text = data.draw(any_text(deal), label="text")
    check_applies_as_legal(deal, text)


# -- move objects of wrong shapes ------------------------------------------------------------

#: Field values of every kind: right ones, look-alikes and wrong types.
VALUES = st.one_of(
    st.sampled_from(ALL_CARDS),
    st.sampled_from(list(Suit)),
    st.integers(-2, 14),
    st.sampled_from((None, True, False, 3.0, 5.5, "AS", "S", "3", "left", "up", b"AS",
                     10**30, -(10**30), 10**5000, (), (4, 6), (6, 4), [5], (5.0,), (True,),
                     (10**5000,), ("5",), CardSet(), object())),
    st.builds(CardSet, st.lists(st.sampled_from(ALL_CARDS), max_size=5)),
)
MOVE_CLASSES = (Pass, MakeBid, SetTrump, Prefer, Guess, SetJustice, SetPlague, SetMail,
                Send, Commit, Take, SetAtelier, Refill, Play, Award)
FIELDS = {cls: len(cls.__attrs_attrs__) for cls in MOVE_CLASSES}  # type: ignore[attr-defined]


@st.composite
def move_objects(draw: st.DrawFn, deal: Deal) -> object:
    kind = draw(st.integers(0, 3))
    moves = deal.legal_moves()
    if kind == 0 and moves:
        return moves[draw(st.integers(0, len(moves) - 1))]
    if kind == 1:  # not a move at all
        return draw(st.one_of(VALUES, st.sampled_from((Pass, Suit, [Pass()], {"move": 1}))))
    cls = draw(st.sampled_from(MOVE_CLASSES))
    if kind == 2 and cls is MakeBid and deal.phase is Phase.AUCTION and moves:
        return MakeBid(moves[len(moves) - 1].combo)  # type: ignore[attr-defined]
    return cls(*(draw(VALUES) for _ in range(FIELDS[cls])))


@fuzz_settings(80)
@given(data=st.data())
def test_issue9_fuzz_move_objects_apply_as_legal_moves_or_are_refused(
    data: st.DataObject,
) -> None:
    deal = data.draw(STATES, label="deal")
    move = data.draw(move_objects(deal), label="move")
    check_applies_as_legal(deal, move)
