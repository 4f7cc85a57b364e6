"""Properties of whole deals, over random hands and random legal move sequences.

Every test runs for 3 and 4 players and both editions, with the public strategies of
:mod:`combowhist.strategies`. Where a property is checked "at every step", the test draws a
finished deal and replays its history from the dealt hands (replaying is itself pinned by
``test_replay_of_history_equals_deal_property``).

The oracles here are written from the rulings, not from the engine's code: who may see which
card (R11, R14, R19, R20, R30), who wins a trick (R23-R25, R29), what completes a bid and what
it scores (R31-R34).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combowhist import (
    Award,
    Card,
    CardSet,
    ComboBid,
    ComboSpace,
    Commit,
    Deal,
    Guess,
    IllegalMoveError,
    InvalidBidError,
    MakeBid,
    Move,
    NotationError,
    Pass,
    Phase,
    Play,
    Prefer,
    Refill,
    Send,
    SetAtelier,
    SetJustice,
    SetMail,
    SetPlague,
    SetTrump,
    Suit,
    Take,
    load_profile,
    parse_move,
)
from combowhist.cards import ALL_CARDS
from combowhist.strategies import (
    any_combo_texts,
    card_sets,
    cards,
    combo_bids,
    deals,
    deals_at_phase,
    hands,
    move_sequences,
    played_deals,
    reachable_phases,
)

EDITIONS = ("1.4.0", "1.4.1", "1.4.2", "1.5.1")
TABLES = pytest.mark.parametrize(
    ("players", "profile"), [(p, e) for p in (3, 4) for e in EDITIONS]
)
"""Every property runs for 3 and 4 players and both editions (R1, R2)."""

TRICKS = 13
FAIL_POINTS = -2
"""R34: a failed bid costs 2 points, 2 more with Penalty."""

# Settings: the whole file runs in well under a minute on 2 cores.
WALK = settings(max_examples=30, deadline=None)
"""Tests that replay a finished deal and check something at every step."""
POINT = settings(max_examples=60, deadline=None)
"""Tests that check one drawn point of a deal."""
CHEAP = settings(max_examples=100, deadline=None)


# -- helpers ----------------------------------------------------------------------------------


class Saved:
    """A drawn deal that Hypothesis shows as the JSON that rebuilds it (its default
    printing of an attrs value dumps the whole rule profile, some 40 kB)."""

    __slots__ = ("deal",)

    def __init__(self, deal: Deal) -> None:
        self.deal = deal

    def __repr__(self) -> str:
        return f"Deal.from_json({self.deal.to_json()!r})"


def draw_deal(data: st.DataObject, strategy: st.SearchStrategy[Deal]) -> Deal:
    """Draw a deal, shown in a falsifying example as its JSON."""
    saved: Saved = data.draw(strategy.map(Saved), label="deal")
    return saved.deal


def start_of(deal: Deal) -> Deal:
    """The deal as dealt, before any move."""
    return Deal.from_hands(deal.dealt_hands, dealer=deal.dealer, profile=deal.profile,
                           scores=deal.scores, potentials=deal.potentials)


def states(deal: Deal) -> Iterator[Deal]:
    """Every state from the deal as dealt to ``deal``, by replaying its history."""
    state = start_of(deal)
    yield state
    for move in deal.history:
        state = state.apply(move)
        yield state


def any_point(players: int, profile: str) -> st.SearchStrategy[Deal]:
    """A deal anywhere: a random walk's end, or a point in a drawn phase."""
    at_phase = st.sampled_from(reachable_phases(profile)).flatmap(
        lambda phase: deals_at_phase(phase, players, profile)
    )
    return st.one_of(played_deals(players, profile, with_scores=True), at_phase)


def sample_indices(count: int, data: st.DataObject, extra: int = 3) -> list[int]:
    """Some indices into a sequence of ``count``: both ends, a spread, and drawn ones."""
    if count == 0:
        return []
    spread = {0, count - 1, *range(0, count, max(1, count // 12))}
    for _ in range(extra):
        spread.add(data.draw(st.integers(0, count - 1), label="index"))
    return sorted(spread)


def sampled_moves(deal: Deal, limit: int, auction_limit: int = 60) -> list[Move]:
    """All legal moves if there are at most ``limit``, else an even spread of them: the
    auction has over 100 000 combo bids (spread over every standard bid, since they are
    listed by standard bid), Mail 286 picks, the atelier up to 715."""
    moves = deal.legal_moves()
    count = len(moves)
    if deal.phase is Phase.AUCTION:
        limit = min(limit, auction_limit)
    if count <= limit:
        return list(moves)
    return [moves[i] for i in range(0, count, count // limit)] + [moves[-1]]


def fingerprint(deal: Deal) -> tuple[Any, ...]:
    """Everything a state holds, as plain values, to see that nothing changed it."""
    return (
        deal.to_json(), deal.phase, deal.to_move, deal.hand_masks, deal.trick_cards,
        deal.winners, deal.taken, deal.atelier_mask, deal.trump_now, deal.flags,
        repr(deal.auction), repr(deal.contract), repr(deal.result), hash(deal),
    )


def first_lead_made(deal: Deal) -> bool:
    """Whether a card has been led to trick 1 (R30's exposure starts then)."""
    return any(isinstance(move, Play) for move in deal.history)


# -- every legal move applies; its text applies alike ------------------------------------------


@TABLES
@WALK
@given(data=st.data())
def test_r5_r29_every_legal_move_applies_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """At every step, every legal move (a spread of 60 in the auction) applies without
    error, by the seat to move, adding exactly that move to the log."""
    deal = draw_deal(data, played_deals(players, profile, finished=True))
    for state in states(deal):
        for move in sampled_moves(state, limit=1000):
            after = state.apply(move)
            assert after.log == (*state.log, (state.to_move, move))
            assert after.dealt_hands == state.dealt_hands


@TABLES
@WALK
@given(data=st.data())
def test_move_text_applies_like_the_move_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """At every step, a legal move's notation parses back to the move and applying the text
    gives the same state as applying the move."""
    deal = draw_deal(data, played_deals(players, profile, finished=True))
    for state in states(deal):
        for move in sampled_moves(state, limit=12):
            text = str(move)
            assert parse_move(text, state.profile) == move
            assert parse_move(text.upper(), state.profile) == move
            assert state.apply(text) == state.apply(move)


# -- illegal moves are refused, and refusing changes nothing -----------------------------------


def candidate_moves(deal: Deal) -> list[Move]:
    """Moves of every kind, most of them illegal at any given point: every card as a play,
    commit, take, refill and card of justice, every suit, bad guesses and preferences, Mail
    picks of the wrong size or cards, too-low, worthless, impossible and foreign bids."""
    rules = deal.profile
    seat = deal.to_move if deal.to_move is not None else 0
    own = deal.hands[seat]
    other = deal.hands[(seat + 1) % deal.players]
    low_own = sorted(own)[:5]
    low_other = sorted(other)[:4]
    out: list[Move] = [Pass()]
    for card in ALL_CARDS:
        out += [Play(card), Commit(card), Take(card), Refill(card), SetJustice(card)]
    for suit in Suit:
        out += [SetTrump(suit), SetPlague(suit), Prefer(suit, 3), Prefer(suit, 6)]
    out += [Prefer(), Prefer(Suit.SPADES, 0), Prefer(None, 2), Prefer(Suit.HEARTS, None)]
    out += [Guess((5,)), Guess((4, 6)), Guess((14,)), Guess((3, 3)), Guess((1, 2, 3)),
            Guess(())]
    out += [SetMail(d) for d in ("left", "right", "across", "up")]
    out += [Award(s) for s in range(-1, deal.players + 1)]
    for size in (2, 3, 4, 5):
        out += [Send(CardSet(low_own[:size])), SetAtelier(CardSet(low_own[:size]))]
    out += [Send(CardSet(low_other[:3])), SetAtelier(CardSet(low_other[:4])),
            Send(CardSet(low_own[:2] + low_other[:1])), SetAtelier(CardSet())]
    space = ComboSpace(rules, deal.players)
    out += [MakeBid(space[0]), MakeBid(space[-1])]
    if deal.high_bid is not None:
        out.append(MakeBid(deal.high_bid))  # equal worth: legal only with more potentials
        foreign = load_profile("1.4.2" if rules.key != "1.4.2" else "1.4.1")
        # 1.4.0 and 1.5.1 rename some bids; 1.5.1 allows impossible ones (R8)
        with contextlib.suppress(NotationError, InvalidBidError):
            out.append(MakeBid(ComboBid.parse(str(deal.high_bid), foreign)))
    # Built without the constructor's checks: worthless (R7), impossible (R8), incompatible
    # (R7): apply checks every bid again.
    bid = rules.bid
    unchecked = ComboBid.unchecked
    out += [
        MakeBid(unchecked(rules, rules.standard_bids[0], ())),  # Bid of Shame, worth 0
        MakeBid(unchecked(rules, bid("zero"), (bid("greed"),))),
        MakeBid(unchecked(rules, next(b for b in rules.standard_bids if b.guesses == 1),
                          (bid("greed"),))),  # Precise: Exact in 1.4.0, Certainty in 1.5.1
        MakeBid(unchecked(rules, bid("grill"), (bid("open_trump"),))),
        MakeBid(unchecked(rules, bid("trump"), (bid("atelier"), bid("open_hand")))),
        MakeBid(unchecked(rules, bid("trump"), (bid("lock"), bid("lock")))),
    ]
    return out


@TABLES
@POINT
@given(data=st.data())
def test_r7_r23_illegal_moves_are_refused_and_change_nothing_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """Any move outside ``legal_moves()`` raises IllegalMoveError naming the seat (or that
    the deal is over), as a move object and as text, and the state is as it was."""
    deal = draw_deal(data, any_point(players, profile))
    before = fingerprint(deal)
    moves = deal.legal_moves()
    refused = 0
    for move in candidate_moves(deal):
        if move in moves:
            continue
        refused += 1
        with pytest.raises(IllegalMoveError) as caught:
            deal.apply(move)
        who = "the deal is over" if deal.is_over else f"seat {deal.to_move} cannot "
        assert str(caught.value).startswith(who), str(caught.value)
        try:
            same = parse_move(str(move), deal.profile) == move
        except (NotationError, InvalidBidError):
            same = False  # e.g. "prefer H None": not notation; "bid bid_of_shame": no bid
        if same:
            with pytest.raises(IllegalMoveError):
                deal.apply(str(move))
    assert refused > 0
    assert fingerprint(deal) == before


# -- cards are conserved; tricks; termination ------------------------------------------------


@TABLES
@WALK
@given(data=st.data())
def test_r2_every_card_in_exactly_one_place_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """At every step each card of the deck in use is in exactly one place: a hand, the
    current trick, or the cards some seat brought home. (Rank Trump's laid cards stay in
    their owners' hands until D takes one, R14; Mail's picks move when all have picked.)"""
    deal = draw_deal(data, played_deals(players, profile, finished=True))
    deck = deal.profile.deck(players).mask
    for state in states(deal):
        places = [*state.hand_masks, *state.taken]
        places.append(sum(CardSet([card]).mask for _, card in state.trick))
        assert sum(p.bit_count() for p in places) == len(deal.profile.deck(players))
        union = 0
        for place in places:
            assert not union & place, f"a card is in two places at {state!r}"
            union |= place
        assert union == deck
        played = [0] * players
        for seat, move in state.log:
            if isinstance(move, Play):
                played[seat] += 1
        assert [len(hand) for hand in state.hands] == [TRICKS - n for n in played]
        if state.phase in (Phase.RANK_COMMIT, Phase.RANK_TAKE):  # laid, still held
            for seat, move in state.log:
                if isinstance(move, Commit):
                    assert move.card in state.hands[seat]


@TABLES
@CHEAP
@given(data=st.data())
def test_r22_thirteen_tricks_unless_redeal_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """A finished deal that was not passed out has 13 tricks, each with one card per
    participant, the hands empty; a redeal has no declarer, no trick and only passes."""
    deal = draw_deal(data, played_deals(players, profile, finished=True, with_scores=True))
    result = deal.result
    assert result is not None
    if result.redeal:
        assert deal.declarer is None
        assert deal.winners == ()
        assert all(isinstance(move, Pass) for move in deal.history)
        assert deal.hands == deal.dealt_hands
        return
    assert len(deal.winners) == TRICKS == len(result.trick_winners)
    assert sum(deal.tricks_won) == TRICKS
    assert all(not hand for hand in deal.hands)
    assert deal.trick == ()
    for seat in range(players):
        assert deal.taken[seat].bit_count() == players * deal.tricks_won[seat]
    plays = [move for move in deal.history if isinstance(move, Play)]
    assert len(plays) == players * TRICKS
    assert CardSet([move.card for move in plays]) == deal.profile.deck(players)


def move_bound(players: int, profile: str) -> int:
    """An upper bound on a deal's moves from the rulings: each bid beats the last or, at
    equal worth, comes from a seat with strictly more potentials (R7, R34), so at most
    ``players`` bids per worth, plus a pass each (R5); the pre-game events (R12-R21); 13
    tricks, an atelier refill per trick at most and one Justice award (R21, R29)."""
    rules = load_profile(profile)
    top = sum(max(bid.worth, 0) for bid in rules.bids.values()) + 3  # + R10's Master's Mail
    auction = players * (top - rules.min_worth + 1) + players
    events = 1 + (players - 2) + players + 1 + 1 + 1 + 1 + 1 + players + (players - 1) + 1
    return auction + events + TRICKS * players + TRICKS + 1


@TABLES
@CHEAP
@given(data=st.data())
def test_r6_every_deal_ends_within_a_bound_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """Random legal moves always end the deal (the strategy raises after 1000 moves), and
    within the bound the rulings give; the moves are in the phases' order."""
    deal = draw_deal(data, played_deals(players, profile, finished=True, with_scores=True))
    assert deal.is_over
    assert deal.phase is Phase.OVER
    assert deal.to_move is None
    assert len(deal.history) <= move_bound(players, profile)
    awards = sum(isinstance(move, Award) for move in deal.history)
    refills = sum(isinstance(move, Refill) for move in deal.history)
    assert awards == (0 if deal.justice_card is None else 1)
    assert refills <= (TRICKS if deal.combo is not None and deal.combo.has("atelier") else 0)


@TABLES
@WALK
@given(data=st.data())
def test_legal_moves_nonempty_until_over_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """Until the deal is over someone is to move and has a legal move; after, nobody is
    and there is none (and no result before the end)."""
    deal = draw_deal(data, played_deals(players, profile, finished=True, with_scores=True))
    for state in states(deal):
        moves = state.legal_moves()
        if state.is_over:
            assert len(moves) == 0
            assert not moves
            assert list(moves) == []
            assert state.to_move is None
            assert state.phase is Phase.OVER
            assert state.result is not None
        else:
            assert len(moves) > 0
            assert moves
            assert state.to_move in range(players)
            assert state.phase is not Phase.OVER
            assert state.result is None


@TABLES
@POINT
@given(data=st.data())
def test_legal_moves_are_a_consistent_sequence_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """``legal_moves()`` behaves as a sequence: iterating yields ``len`` moves, the same as
    indexing, each ``in`` the sequence; negative indices and slices work; out of range
    raises IndexError; and asking twice gives the same moves."""
    deal = draw_deal(data, any_point(players, profile))
    moves = deal.legal_moves()
    count = len(moves)
    if count <= 3000:  # the auction's first bids list over 100 000 combos: spot-check those
        listed = list(moves)
        assert len(listed) == count
        assert len(set(listed)) == count
        assert listed == [moves[i] for i in range(count)]
    for i in sample_indices(count, data):
        move = moves[i]
        assert move in moves
        assert moves[i - count] == move
        assert deal.legal_moves()[i] == move
        assert list(moves[i:i + 2]) == [moves[j] for j in range(i, min(i + 2, count))]
        if i < 300:
            assert moves.index(move) == i
    for bad in (count, count + 7, -count - 1):
        with pytest.raises(IndexError):
            moves[bad]


# -- results ------------------------------------------------------------------------------------


STANDARD_GOALS = {
    "bid_of_shame": lambda t, first, others, guesses: t < max(others),
    "approximate": lambda t, first, others, guesses: t in guesses,
    "limbo": lambda t, first, others, guesses: first < t - first,
    "masters_bid_of_shame": lambda t, first, others, guesses: t <= min(others),
    "precise": lambda t, first, others, guesses: t in guesses,
    "exact": lambda t, first, others, guesses: t in guesses,  # 1.4.0's name for Precise
    "masters_game": lambda t, first, others, guesses: t > max(others),
    "zero": lambda t, first, others, guesses: t == 0,
    "max_trump": lambda t, first, others, guesses: t >= 7,
    "taintless_masters_game": lambda t, first, others, guesses: t >= 12,
    **dict.fromkeys(
        ("trump", "grill", "block_trump", "game", "sub_trump", "rank_trump", "masters_trump"),
        lambda t, first, others, guesses: t >= 5,
    ),
}
"""R31: what D's trick count must satisfy; ``first`` is D's tricks among the first 7."""
STANDARD_GOALS.update({  # 1.5.1's names of the same bids
    "misery": STANDARD_GOALS["bid_of_shame"],
    "uncertainty": STANDARD_GOALS["approximate"],
    "abundance": STANDARD_GOALS["game"],
    "master_misery": STANDARD_GOALS["masters_bid_of_shame"],
    "certainty": STANDARD_GOALS["precise"],
    "master_abundance": STANDARD_GOALS["masters_game"],
    "master_trump": STANDARD_GOALS["masters_trump"],
    "taintless_bid": lambda t, first, others, guesses: True,  # cards, not tricks: see below
})
TWOS = CardSet.parse("2C 2D 2H 2S")
"""E4: 1.5.1's Taintless Bid asks D to bring home every 2 of the deck in use."""
ALL_TRICKS_GOALS = {"1.4.0": {"taintless_masters_game": lambda t, first, others, guesses:
                              t == 13}}
"""Where an edition's goal differs: 1.4.0's Taintless Master's Game takes all 13 tricks."""
LIMBO_FIRST = 7


def trick_winners(deal: Deal) -> list[int]:
    """Who brings each trick home, from the history alone: the highest trump, else the
    highest card of the suit led (R23); aces low under Iron (R24); Grill's trump is the
    suit led in the previous trick (R25); the trick with the card of justice goes to the
    seat D awards it (R29)."""
    combo = deal.combo
    assert combo is not None
    trump: Suit | None = None
    for move in deal.history:
        if isinstance(move, SetTrump):
            trump = move.suit
        elif isinstance(move, Take):
            trump = move.card.suit
    iron = combo.has("iron")
    plays = [(seat, move.card) for seat, move in deal.log if isinstance(move, Play)]
    awards = [move.seat for move in deal.history if isinstance(move, Award)]
    winners = []
    for number in range(TRICKS):
        trick = plays[number * deal.players:(number + 1) * deal.players]
        led = trick[0][1].suit

        def strength(play: tuple[int, Card], led: Suit = led, trump: Suit | None = trump
                     ) -> tuple[int, int]:
            card = play[1]
            tier = 2 if card.suit == trump else 1 if card.suit == led else 0
            return tier, card.strength(iron)

        if deal.justice_card in {card for _, card in trick}:
            winners.append(awards[0])
        else:
            winners.append(max(trick, key=strength)[0])
        if combo.standard.key == "grill":
            trump = led
    return winners


def expected_points(deal: Deal) -> tuple[bool, int, bool, bool]:
    """(completed, D's points, beplagued, honorably beplagued) by R31-R34, from the
    history and the trick winners."""
    combo, declarer, result = deal.combo, deal.declarer, deal.result
    assert combo is not None
    assert declarer is not None
    assert result is not None
    won = [n for n, seat in enumerate(result.trick_winners) if seat == declarer]
    t = len(won)
    first = sum(1 for n in won if n < LIMBO_FIRST)
    others = [c for seat, c in enumerate(result.tricks) if seat != declarer]
    goal = ALL_TRICKS_GOALS.get(deal.profile.key, {}).get(combo.standard.key,
                                                           STANDARD_GOALS[combo.standard.key])
    guesses = result.guesses
    if combo.has("greed"):  # R32: the virtual trick disfavors D (Limbo: in the first 7)
        completed = goal(t + 1, first + 1, others, guesses) and goal(t - 1, first, others,
                                                                     guesses)
    else:
        completed = goal(t, first, others, guesses)
    if combo.standard.key == "taintless_bid":
        twos = TWOS & deal.profile.deck(deal.players)
        completed = completed and twos <= CardSet(deal.taken[declarer])
    if combo.has("lock"):
        completed = completed and not any(n < 3 for n in won)
    if combo.has("ending_dog"):
        completed = completed and TRICKS - 1 not in won
    beplagued = honorable = False
    if combo.has("plague"):  # R33, counted on cards brought home
        suit = deal.plague_suit
        assert suit is not None
        counts = [len(CardSet(mask).suit(suit)) for mask in deal.taken]
        mine = counts[declarer]
        beplagued = all(mine > c for seat, c in enumerate(counts) if seat != declarer)
        if beplagued:
            honorable = completed and mine == len(deal.profile.deck(deal.players).suit(suit))
            completed = honorable
    if not completed:
        return False, FAIL_POINTS + (FAIL_POINTS if combo.has("penalty") else 0), beplagued, \
            False
    base = combo.worth if combo.standard.key in ("taintless_masters_game", "taintless_bid") \
        else combo.standard.score
    assert base is not None
    points = base + (1 if combo.has("greed") else 0) + (1 if honorable else 0)
    return True, points, beplagued, honorable


@TABLES
@CHEAP
@given(data=st.data())
def test_r31_r34_results_follow_the_rulings_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """A finished deal's result: tricks sum to 13 and match the winners, who are the ones
    R23-R25 and R29 name; only D's points are non-zero, and they are R34's for the
    completion R31-R33 decide (completed: the score plus Greed's and honorable Plague's
    point; failed: -2, or -4 with Penalty); a potential only for a completed Potential bid;
    a redeal scores nothing."""
    deal = draw_deal(data, played_deals(players, profile, finished=True, with_scores=True))
    result = deal.result
    assert result is not None
    if result.redeal:
        assert result.points == (0,) * players
        assert result.tricks == (0,) * players
        assert result.declarer is None
        assert not result.completed
        assert not result.potential
        return
    declarer = deal.declarer
    assert declarer is not None
    assert result.declarer == declarer
    assert result.combo == deal.combo
    assert sum(result.tricks) == TRICKS
    assert result.tricks == deal.tricks_won
    assert list(result.trick_winners) == trick_winners(deal)
    assert [p for seat, p in enumerate(result.points) if seat != declarer] == [0] * (
        players - 1)
    completed, points, beplagued, honorable = expected_points(deal)
    assert (result.completed, result.beplagued, result.honorably_beplagued) == (
        completed, beplagued, honorable)
    assert result.points[declarer] == points
    if not result.completed:
        assert result.points[declarer] in (-2, -4)
    assert deal.combo is not None
    assert result.potential == (completed and deal.combo.has("potential"))


# -- serialization, replay, immutability --------------------------------------------------------


@TABLES
@POINT
@given(data=st.data())
def test_json_round_trip_property(players: int, profile: str, data: st.DataObject) -> None:
    """At any point, ``Deal.from_json(deal.to_json())`` equals the deal, and saves the
    same text again."""
    deal = draw_deal(data, any_point(players, profile))
    text = deal.to_json()
    loaded = Deal.from_json(text)
    assert loaded == deal
    assert hash(loaded) == hash(deal)
    assert loaded.to_json() == text
    assert Deal.from_json(text, profile=profile) == deal


@TABLES
@POINT
@given(data=st.data())
def test_replay_of_history_equals_deal_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """Re-applying a deal's history (as moves or as text) to the same dealt hands gives an
    equal deal."""
    deal = draw_deal(data, any_point(players, profile))
    by_move = by_text = start_of(deal)
    for move in deal.history:
        by_move = by_move.apply(move)
        by_text = by_text.apply(str(move))
    assert by_move == deal == by_text
    assert by_move.view(0) == deal.view(0)


@TABLES
@WALK
@given(data=st.data())
def test_states_are_never_mutated_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """Applying moves (legal or refused) leaves every earlier state as it was."""
    start = draw_deal(data, deals(players, profile, with_scores=True))
    moves = data.draw(move_sequences(start, finished=True), label="moves")
    seen: list[tuple[Deal, tuple[Any, ...]]] = []
    state = start
    for move in moves:
        seen.append((state, fingerprint(state)))
        with contextlib.suppress(IllegalMoveError):
            state.apply(Play(ALL_CARDS[0]) if not isinstance(move, Play) else Pass())
        state.view(0)
        state = state.apply(move)
    seen.append((state, fingerprint(state)))
    for earlier, print_ in seen:
        assert fingerprint(earlier) == print_


# -- what each seat may see (R11, R30) --------------------------------------------------------


CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")


def cards_shown(value: Any) -> set[Card]:
    """Every card named anywhere in a view's ``to_dict()`` (keys and values)."""
    text = json.dumps(value, ensure_ascii=False)
    return {Card.parse(token) for token in set(CARD_TOKEN.findall(text))}


def mail_knowledge(deal: Deal, seat: int) -> CardSet:
    """The cards ``seat`` sent by Mail or Master's Mail, and those it received once its
    exchange happened (R19: all pick, then the cards move; R20: to the right skipping D)."""
    players, declarer = deal.players, deal.declarer
    known = CardSet()
    offset = 0
    in_group = 0  # picks left in the current exchange
    incoming = CardSet()
    for mover, move in deal.log:
        if isinstance(move, SetMail):
            offset = {"left": 1, "right": -1, "across": 2}[move.direction]
            in_group = players
            continue
        if not isinstance(move, Send):
            continue
        assert declarer is not None
        if in_group == 0:  # Master's Mail: the opponents' picks
            offset = 0
            in_group = players - 1
        if offset:
            target = (mover + offset) % players
        else:
            target = (mover - 1) % players
            if target == declarer:
                target = (target - 1) % players
        if mover == seat:
            known |= move.cards
        elif target == seat:
            incoming |= move.cards
        in_group -= 1
        if in_group == 0:
            known |= incoming
            incoming = CardSet()
    return known


OPPONENTS_LAY = {"1.5.1"}
"""E2: the editions where only D's opponents lay a Rank Trump card."""


def public_knowledge(deal: Deal) -> CardSet:
    """The cards every seat may know of now (R11): cards played, the card of justice,
    revealed Rank Trump cards (R14), atelier refills, and from the first lead D's exposed
    cards (R30: Open Hand, Open Trump, the atelier)."""
    known = 0
    commits = 0
    for _, move in deal.log:
        if isinstance(move, Play | SetJustice | Take | Refill):
            known |= move.card.mask
        elif isinstance(move, Commit):
            commits |= move.card.mask
    combo, declarer = deal.combo, deal.declarer
    if commits.bit_count() == deal.players - (deal.profile.key in OPPONENTS_LAY):
        known |= commits
    if combo is not None and declarer is not None and first_lead_made(deal):
        if combo.standard.key == "taintless_bid":  # E4: who holds each 2, for all to see
            known |= sum(hand.mask for hand in deal.hands) & TWOS.mask
        hand = deal.hands[declarer]
        if combo.has("open_hand"):
            known |= hand.mask
        if combo.has("open_trump") and deal.trump is not None:
            known |= hand.suit(deal.trump).mask
        if combo.has("atelier"):
            known |= deal.atelier.mask
            for move in deal.history:
                if isinstance(move, SetAtelier):
                    known |= move.cards.mask
    return CardSet(known)


def may_know(deal: Deal, seat: int, public: CardSet | None = None) -> CardSet:
    """Every card ``seat`` may know of now (R11): the public ones, its own hand now and as
    dealt (so its own laid Rank Trump card), and its Mail cards (R19, R20)."""
    known = public if public is not None else public_knowledge(deal)
    return (known | deal.hands[seat] | deal.dealt_hands[seat] | mail_knowledge(deal, seat)
            | gift_knowledge(deal, seat))


def gift_knowledge(deal: Deal, seat: int) -> CardSet:
    """E2: the card D gave for the Rank Trump card taken, known to D and to whom it went
    (the owner of the card taken)."""
    for mover, move in deal.log:
        if isinstance(move, Take) and move.give is not None:
            owner = next(m for m, c in deal.log if isinstance(c, Commit) and c.card == move.card)
            if seat in (mover, owner):
                return CardSet(move.give.mask)
    return CardSet()


def view_cards(deal: Deal, seat: int) -> set[Card]:
    """The cards ``deal.view(seat).to_dict()`` names, less the cards of the deck listed as
    the seat's legal ``justice`` moves (D may name any card, R17: that is no knowledge)."""
    shown = deal.view(seat).to_dict()
    shown["legal_moves"] = [m for m in shown["legal_moves"]
                            if not (isinstance(m, str) and m.startswith("justice"))]
    return cards_shown(shown)


@TABLES
@WALK
@given(data=st.data())
def test_r11_views_leak_no_hidden_card_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """At every step, every card anywhere in any seat's view is one that seat may know:
    its own cards, cards played, the card of justice, revealed Rank Trump cards (others'
    only after all have laid, R14), the Mail cards it sent and, after the exchange,
    received (R19, R20), and D's exposed cards from the first lead (R30)."""
    deal = draw_deal(data, played_deals(players, profile, finished=True))
    for state in states(deal):
        public = public_knowledge(state)
        for seat in range(players):
            leaked = view_cards(state, seat) - set(may_know(state, seat, public))
            assert not leaked, (
                f"seat {seat} sees {CardSet(leaked)} at {state!r} after "
                f"{[str(m) for m in state.history]}"
            )


@TABLES
@WALK
@given(data=st.data())
def test_r30_nothing_exposed_before_the_first_lead_property(
    players: int, profile: str, data: st.DataObject
) -> None:
    """Before a card is led to trick 1, no other seat sees any of D's cards through Open
    Hand, Open Trump or the atelier, in any part of its view; from the first lead on, every
    seat sees what the rules expose."""
    deal = draw_deal(data, deals_at_phase(Phase.PLAY, players, profile))
    combo, declarer = deal.combo, deal.declarer
    assert combo is not None
    assert declarer is not None
    for state in states(deal):
        for seat in range(players):
            if seat == declarer:
                continue
            view = state.view(seat)
            if not first_lead_made(state):
                assert not view.exposed
                assert not view.atelier
                private = state.hands[declarer] - may_know(state, seat)
                assert not view_cards(state, seat) & set(private), (
                    f"seat {seat} sees D's {CardSet(view_cards(state, seat) & set(private))}"
                    f" before the first lead: {[str(m) for m in state.history]}"
                )
            else:
                hand = state.hands[declarer]
                expected = CardSet()
                if combo.has("open_hand"):
                    expected |= hand
                if combo.has("open_trump") and state.trump is not None:
                    expected |= hand.suit(state.trump)
                if combo.has("atelier"):
                    expected |= state.atelier
                assert view.exposed == expected


# -- the strategies themselves ----------------------------------------------------------------


@pytest.mark.parametrize("phase", list(Phase))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_strategies_deals_at_phase_reach_the_phase(phase: Phase, data: st.DataObject) -> None:
    """``deals_at_phase`` draws deals in the phase asked for, for either player count."""
    deal = draw_deal(data, deals_at_phase(phase))
    assert deal.phase is phase
    assert Deal.from_json(deal.to_json()) == deal


@TABLES
@CHEAP
@given(data=st.data())
def test_strategies_draw_valid_values(players: int, profile: str, data: st.DataObject
                                      ) -> None:
    """Hands split the deck in use (R2); combo bids are legal (R7, R8) and parse back;
    card strategies stay within their bounds; move sequences apply."""
    rules = load_profile(profile)
    dealt = data.draw(hands(players, profile), label="hands")
    assert len(dealt) == players
    assert all(len(h) == TRICKS for h in dealt)
    union = CardSet()
    for hand in dealt:
        assert not union & hand
        union |= hand
    assert union == rules.deck(players)
    minimum = data.draw(st.integers(1, 12), label="minimum")
    combo = data.draw(combo_bids(profile, players, minimum), label="combo")
    assert combo.worth >= minimum
    assert combo in ComboSpace(rules, players, minimum)
    assert ComboBid.parse(str(combo), rules, players) == combo
    deck = rules.deck(players)
    assert data.draw(cards(deck), label="card") in deck
    drawn = data.draw(card_sets(2, 5, deck), label="cards")
    assert 2 <= len(drawn) <= 5
    assert drawn <= deck
    start = draw_deal(data, deals(players, profile))
    assert start.phase is Phase.AUCTION
    assert start.history == ()
    end = start
    for move in data.draw(move_sequences(start, max_moves=20), label="moves"):
        end = end.apply(move)
    assert len(end.history) <= 20


@pytest.mark.parametrize("profile", EDITIONS)
@CHEAP
@given(data=st.data())
def test_r7_combo_text_parses_exactly_when_legal(profile: str, data: st.DataObject) -> None:
    """Bid text from ``any_combo_texts`` either parses to a combo bid in the ComboSpace or
    raises NotationError / InvalidBidError; the deal refuses what parse refuses."""
    text = data.draw(any_combo_texts(profile), label="text")
    rules = load_profile(profile)
    try:
        combo: ComboBid | None = ComboBid.parse(text, rules)
    except (NotationError, InvalidBidError):
        combo = None
    if combo is None:
        with pytest.raises((NotationError, InvalidBidError), match=r"\w"):
            ComboBid.parse(text, rules)
        with pytest.raises((IllegalMoveError, NotationError)):
            Deal.new(profile=profile, seed=1).apply(f"bid {text}")
    else:
        assert combo in ComboSpace(rules, 4)
        assert ComboBid.parse(str(combo), rules) == combo
