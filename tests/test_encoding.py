"""Issue 14: the factored action encoding (:mod:`combowhist.encoding`).

The encoding must reach exactly the legal moves at every phase (none missing, none twice),
never offer a dead end, invert with ``actions_of``, and number every move with a stable id.
Exhaustive where small (every phase but the auction, and auctions at a high least worth),
by sampling, random walks and a count over drafts in auctions at any least worth.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combowhist import Deal, Phase, load_profile
from combowhist.bids import ComboBid
from combowhist.cards import Card, CardSet, Suit
from combowhist.combos import legal_combos
from combowhist.encoding import ENCODING_VERSION, ActionSpace, Draft, IllegalActionError, MoveIds
from combowhist.errors import CombowhistError, SetupError
from combowhist.legal import LegalMoves
from combowhist.moves import (
    Award,
    Guess,
    MakeBid,
    Move,
    Pass,
    Play,
    Prefer,
    Send,
    SetAtelier,
    SetMail,
    Take,
)
from combowhist.rules import legality
from combowhist.strategies import deals_at_phase, reachable_phases

START = Draft()
EDITIONS = ("1.4.0", "1.4.1", "1.4.2", "1.5.1")
TABLES = [(players, edition) for players in (3, 4) for edition in EDITIONS]
ONE_TABLE_PER_EDITION = [(3, "1.4.0"), (4, "1.4.1"), (3, "1.4.2"), (4, "1.5.1")]
PHASES = [(players, edition, phase) for players, edition in TABLES
          for phase in reachable_phases(edition) if phase not in (Phase.AUCTION, Phase.OVER)]
SETTINGS = settings(max_examples=2, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


def seat_moves(deal: Deal) -> LegalMoves:
    """The legal moves as the seat to move sees them (an agent has only its view)."""
    assert deal.to_move is not None
    return deal.view(deal.to_move).legal_moves()


def every_sequence(space: ActionSpace, moves: LegalMoves,
                   draft: Draft = START) -> list[tuple[tuple[int, ...], Move]]:
    """Every complete action sequence from ``draft`` through ``legal_actions``, with the
    move each builds: a listing, for the phases where it is small."""
    found = []
    for action in space.legal_actions(moves, draft):
        after = space.step(moves, draft, action)
        if isinstance(after, Draft):
            deeper = every_sequence(space, moves, after)
            assert deeper, f"dead end after {space.describe_draft(after)}"
            found.extend(deeper)
        else:
            found.append(((*draft.actions, action), after))
    return found


def check_exactly_the_legal_moves(space: ActionSpace, ids: MoveIds,
                                  moves: LegalMoves) -> None:
    sequences = every_sequence(space, moves)
    built = [move for _, move in sequences]
    assert len(built) == len(moves)
    assert set(built) == set(moves)
    for actions, move in sequences:
        assert space.actions_of(move) == actions
    numbers = [ids.id(move) for move in built]
    assert len(set(numbers)) == len(numbers)
    assert [ids.move(number) for number in numbers] == built


def draw_deal(data: st.DataObject, strategy: st.SearchStrategy[Deal]) -> Deal:
    deal: Deal = data.draw(strategy, label="deal")
    return deal


# -- every phase but the auction: exhaustive ---------------------------------------------


@pytest.mark.parametrize(("players", "edition", "phase"), PHASES)
@SETTINGS
@given(data=st.data())
def test_issue14_encoding_reaches_exactly_the_legal_moves_every_phase(
        players: int, edition: str, phase: Phase, data: st.DataObject) -> None:
    """Listing every action sequence that ``legal_actions`` offers yields each legal move
    of the seat to move exactly once, ``actions_of`` gives back its sequence, and its id
    reads back: in every phase but the auction, for every edition and table size."""
    deal = draw_deal(data, deals_at_phase(phase, players, edition))
    space, ids = ActionSpace.of(edition, players), MoveIds.of(edition, players)
    moves = seat_moves(deal)
    check_exactly_the_legal_moves(space, ids, moves)
    # The same moves read back from JSON data come in other parts (tuples): same answer.
    check_exactly_the_legal_moves(
        space, ids, LegalMoves.from_data(moves.to_data(), deal.profile, players))


@pytest.mark.parametrize(("players", "edition"), TABLES)
@settings(max_examples=3, deadline=None, derandomize=True)
@given(worth=st.integers(13, 19), seed=st.integers(0, 2**32 - 1))
def test_issue14_encoding_reaches_exactly_the_legal_bids_at_a_high_worth(
        players: int, edition: str, worth: int, seed: int) -> None:
    """After a first bid worth 13 to 19, listing every action sequence of the next seat
    yields exactly its legal moves (``pass`` and every combo bid worth enough, R7, R8)."""
    profile = load_profile(edition)
    bids = legal_combos(profile, players, worth)
    deal = Deal.new(players=players, dealer=0, profile=profile, seed=seed)
    deal = deal.apply(MakeBid(bids[seed % len(bids)]))
    check_exactly_the_legal_moves(ActionSpace.of(profile, players),
                                  MoveIds.of(profile, players), seat_moves(deal))


# -- the auction at any least worth ---------------------------------------------------------


def count_sequences(space: ActionSpace, moves: LegalMoves) -> int:
    """The number of complete action sequences, counted over drafts without listing them:
    a bid's remaining choices depend only on its standard bid, its last special bid, its
    specials that take part in some incompatibility or trick condition (R7, R8) and its
    worth, so drafts that agree on those share one count."""
    profile = space.profile
    specials = profile.special_bids
    involved = frozenset(
        b.key for b in specials
        if b.greed or b.avoid_tricks or not all(legality.compatible(b, c) for c in specials))
    memo: dict[object, int] = {}

    def key(draft: Draft) -> object:
        if not draft.actions:
            return ()
        standard = profile.standard_bids[draft.actions[0] - space.standard_start]
        chosen = [specials[a - space.special_start] for a in draft.actions[1:]]
        worth = ComboBid.unchecked(profile, standard, tuple(chosen)).worth
        return (draft.actions[0], draft.actions[-1], worth,
                frozenset(b.key for b in chosen if b.key in involved))

    def count(draft: Draft) -> int:
        known = key(draft)
        if known in memo:
            return memo[known]
        total = 0
        for action in space.legal_actions(moves, draft):
            after = space.step(moves, draft, action)
            total += count(after) if isinstance(after, Draft) else 1
        memo[known] = total
        return total

    return count(Draft())


@pytest.mark.parametrize(("players", "edition"), TABLES)
@settings(max_examples=2, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(data=st.data())
def test_issue14_auction_encoding_at_any_least_worth(
        players: int, edition: str, data: st.DataObject) -> None:
    """In any auction: every legal move (at sampled indices) is built step by step by its
    ``actions_of``; random walks through ``legal_actions`` always end in a legal move (no
    dead end, R7, R8, the least worth)."""
    deal = draw_deal(data, deals_at_phase(Phase.AUCTION, players, edition))
    space, ids = ActionSpace.of(edition, players), MoveIds.of(edition, players)
    moves = seat_moves(deal)
    indices = {0, len(moves) - 1, *data.draw(
        st.lists(st.integers(0, len(moves) - 1), min_size=5, max_size=5), label="indices")}
    for index in sorted(indices):
        move = moves[index]
        draft = Draft()
        for action in space.actions_of(move):
            assert isinstance(draft, Draft)
            assert action in space.legal_actions(moves, draft)
            draft = space.step(moves, draft, action)  # type: ignore[assignment]
        assert draft == move
        assert ids.move(ids.id(move)) == move
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="walk seed"))
    for _ in range(10):
        draft = Draft()
        while True:
            legal = space.legal_actions(moves, draft)
            assert legal, f"dead end after {space.describe_draft(draft)}"
            after = space.step(moves, draft, rng.choice(legal))
            if not isinstance(after, Draft):
                assert after in moves
                break
            draft = after


@pytest.mark.parametrize(("players", "edition"), ONE_TABLE_PER_EDITION)
def test_issue14_auction_start_counts_every_combo_bid(players: int, edition: str) -> None:
    """At the auction's start (the profile's least worth, up to 140,619 combo bids) the
    complete sequences, counted over drafts, are ``pass`` and one per legal combo bid."""
    deal = Deal.new(players=players, dealer=0, profile=edition, seed=1)
    moves = seat_moves(deal)
    assert len(moves) == 1 + len(legal_combos(load_profile(edition), players))
    assert count_sequences(ActionSpace.of(edition, players), moves) == len(moves)


@pytest.mark.parametrize(("players", "edition"), ONE_TABLE_PER_EDITION)
@settings(max_examples=3, deadline=None, derandomize=True)
@given(data=st.data())
def test_issue14_auction_sequences_counted_over_drafts_at_any_least_worth(
        players: int, edition: str, data: st.DataObject) -> None:
    """After a first bid of any worth, the next seat's complete sequences, counted over
    drafts, are exactly as many as its legal moves."""
    profile = load_profile(edition)
    worth = data.draw(st.integers(profile.min_worth, 19), label="worth")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    bids = legal_combos(profile, players, worth)
    deal = Deal.new(players=players, dealer=0, profile=profile, seed=seed)
    moves = seat_moves(deal.apply(MakeBid(bids[seed % len(bids)])))
    assert count_sequences(ActionSpace.of(profile, players), moves) == len(moves)


def test_issue14_a_bid_is_built_standard_then_specials_in_table_order_then_submit() -> None:
    """``bid trump+lock+penalty`` is ``standard trump``, ``special lock``, ``special
    penalty``, ``submit``; specials come only in table order, and ``submit`` only once
    the combo is a legal bid (R7: Lock needs a standard bid it combines with)."""
    space = ActionSpace.of("1.4.2", 4)
    deal = Deal.new(players=4, dealer=0, profile="1.4.2", seed=3)
    moves = deal.legal_moves()
    move = deal.legal_moves()[moves.index("bid trump+lock+penalty")]
    actions = space.actions_of(move)
    assert [space.describe(a) for a in actions] == [
        "standard trump", "special lock", "special penalty", "submit"]
    after_penalty = space.legal_actions(moves, Draft(actions[:3]))
    assert actions[1] not in after_penalty  # lock comes before penalty in the table
    assert space.legal_actions(moves, Draft((actions[0], actions[2], actions[1]))) == ()
    assert space.step(moves, Draft(actions[:3]), space.submit) == move


# -- MoveIds ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "edition"), TABLES)
def test_issue14_move_ids_read_back_at_every_kinds_ends(players: int, edition: str) -> None:
    """Every kind's first and last id, and a spread between, read back: ``id(move(n)) ==
    n``; the kinds tile ``0 .. size - 1``."""
    ids = MoveIds.of(edition, players)
    assert ids.kinds[0][1] == 0
    for (_, first, count), (_, following, _) in zip(ids.kinds, ids.kinds[1:], strict=False):
        assert first + count == following
    assert ids.kinds[-1][1] + ids.kinds[-1][2] == ids.size
    for _, first, count in ids.kinds:
        for number in {first, first + count - 1, *range(first, first + count,
                                                        max(1, count // 7))}:
            assert ids.id(ids.move(number)) == number


def test_issue14_move_id_counts_match_the_issue() -> None:
    """The issue's counts: 133,145 combo bids (1.4.2), 22,100 three-card picks, 294,203
    ateliers of 1 to 4 cards."""
    sizes = {kind: count for kind, _, count in MoveIds.of("1.4.2", 4).kinds}
    assert (sizes["bid"], sizes["send"], sizes["atelier"]) == (133145, 22100, 294203)
    assert ActionSpace.of("1.4.2", 4).size == 131
    assert ActionSpace.of("1.4.2", 3).size == 130


OTHER_PROFILE_BID = MakeBid(ComboBid.parse("trump+lock", "1.4.1"))


@pytest.mark.parametrize("thing", [
    Prefer(Suit.HEARTS, 6), Prefer(Suit.SPADES, 0), Prefer(None, 3), Guess((14,)),
    Guess((3, 3)), Guess((1, 2, 3)), Send(CardSet.parse("AS KS")),
    Send(CardSet.parse("AS KS QS JS")), SetAtelier(CardSet.parse("AS KS QS JS 10S")),
    SetAtelier(CardSet()), SetMail("up"), Award(4), Award(-1),
    Take(Card.parse("AS"), Card.parse("AS")), OTHER_PROFILE_BID, "play AS", None, 7])
def test_issue14_move_ids_refuse_unknown_things(thing: object) -> None:
    """Nothing but a move of the profile and table size gets an id: a strength outside
    1-5 (R15), guesses outside 0-13 (R16), picks of other sizes (R19, R21), an unknown
    direction, an award to no seat, a bid of another profile, text, other objects."""
    ids = MoveIds.of("1.4.2", 4)
    with pytest.raises(IllegalActionError):
        ids.id(thing)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", [-1, 452502, True, "3", 2.0, None])
def test_issue14_move_ids_refuse_numbers_that_are_no_id(number: object) -> None:
    ids = MoveIds.of("1.4.2", 4)
    with pytest.raises(IllegalActionError, match="is not one of the 452502 move ids"):
        ids.move(number)  # type: ignore[arg-type]


# -- drafts, the mask, errors -------------------------------------------------------------


@pytest.mark.parametrize(("players", "edition"), TABLES)
@SETTINGS
@given(data=st.data())
def test_issue14_mask_agrees_with_legal_actions_and_drafts_are_values(
        players: int, edition: str, data: st.DataObject) -> None:
    """Along a random walk to a move: the mask flags exactly the legal actions, and each
    draft is an immutable, hashable value that survives ``pickle`` and ``deepcopy``."""
    phase = data.draw(st.sampled_from(reachable_phases(edition)[:-1]), label="phase")
    deal = draw_deal(data, deals_at_phase(phase, players, edition))
    space = ActionSpace.of(edition, players)
    moves = seat_moves(deal)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="walk seed"))
    draft: Draft | Move = Draft()
    while isinstance(draft, Draft):
        legal = space.legal_actions(moves, draft)
        flags = space.mask(moves, draft)
        assert len(flags) == space.size
        assert [a for a, flag in enumerate(flags) if flag] == list(legal)
        for copied in (pickle.loads(pickle.dumps(draft)), copy.deepcopy(draft)):
            assert copied == draft
            assert hash(copied) == hash(draft)
            assert space.legal_actions(moves, copied) == legal
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            draft.actions = ()  # type: ignore[misc]
        draft = space.step(moves, draft, rng.choice(legal))
    assert draft in moves


@pytest.mark.parametrize(("players", "edition"), TABLES)
@SETTINGS
@given(data=st.data())
def test_issue14_bad_actions_raise_and_change_nothing(
        players: int, edition: str, data: st.DataObject) -> None:
    """An action not among the legal actions raises :class:`IllegalActionError` naming
    the action (number and words), the draft so far and the seat; the draft and the
    legal moves are unchanged."""
    phase = data.draw(st.sampled_from(reachable_phases(edition)[:-1]), label="phase")
    deal = draw_deal(data, deals_at_phase(phase, players, edition))
    space = ActionSpace.of(edition, players)
    moves = seat_moves(deal)
    legal = space.legal_actions(moves)
    first = data.draw(st.sampled_from(legal), label="first")
    draft = space.step(moves, Draft(), first)
    if not isinstance(draft, Draft):
        draft = Draft()
    before = (draft, moves.to_data(), space.legal_actions(moves, draft))
    illegal = [a for a in range(space.size) if a not in before[2]]
    action = data.draw(st.sampled_from(illegal), label="illegal action")
    with pytest.raises(IllegalActionError) as raised:
        space.step(moves, draft, action, seat=deal.to_move)
    message = str(raised.value)
    assert f"action {action} ({space.describe(action)})" in message
    assert f"seat {deal.to_move}" in message
    assert (f"after {space.describe_draft(draft)}:" if draft.actions
            else "to start a move:") in message
    assert isinstance(raised.value, CombowhistError)
    assert (draft, moves.to_data(), space.legal_actions(moves, draft)) == before


@pytest.mark.parametrize("action", [-1, 131, True, 2.5, "0", None])
def test_issue14_numbers_that_are_no_action_are_refused(action: object) -> None:
    space = ActionSpace.of("1.4.2", 4)
    moves = Deal.new(players=4, dealer=0, seed=1).legal_moves()
    with pytest.raises(IllegalActionError, match="is not one of the 131 actions"):
        space.step(moves, Draft(), action, seat=1)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        space.describe(action)  # type: ignore[arg-type]


def test_issue14_any_integer_type_is_an_action() -> None:
    """Adapters hand over NumPy integers: anything with ``__index__`` is taken."""

    class Index:
        def __index__(self) -> int:
            return 0

    space = ActionSpace.of("1.4.2", 4)
    moves = Deal.new(players=4, dealer=0, seed=1).legal_moves()
    assert space.step(moves, Draft(), Index()) == Pass()  # type: ignore[arg-type]


def test_issue14_drafts_that_lead_nowhere_offer_nothing() -> None:
    """A hand-made draft that no legal move starts with gets no legal action (so no
    illegal move can be built): cards out of order or not in the hand, an action of
    another kind."""
    space = ActionSpace.of("1.4.2", 4)
    deal = Deal.new(players=4, dealer=0, seed=2)
    hand = sorted(c.index for c in deal.hands[deal.to_move])
    play = seat_moves(deal)
    assert space.legal_actions(play, Draft((space.card(hand[0]),))) == ()
    sends = LegalMoves.from_data([{"move": "send", "size": 3,
                                   "cards": str(deal.hands[deal.to_move])}], deal.profile, 4)
    assert space.legal_actions(sends, Draft((space.card(hand[1]), space.card(hand[0])))) == ()
    outside = next(i for i in range(52) if i not in hand)
    assert space.legal_actions(sends, Draft((space.card(outside),))) == ()
    assert space.legal_actions(sends, Draft((space.PASS,))) == ()
    assert len(every_sequence(space, sends)) == 286
    other = (deal.to_move + 1) % 4
    assert space.legal_actions(deal.view(other).legal_moves()) == ()  # not their turn


@pytest.mark.parametrize("actions", [("x",), (1.5,), (True,), "12", 5, None])
def test_issue14_a_draft_holds_action_numbers(actions: object) -> None:
    with pytest.raises(IllegalActionError, match="a draft is a sequence of action numbers"):
        Draft(actions)  # type: ignore[arg-type]


def test_issue14_step_takes_a_draft() -> None:
    space = ActionSpace.of("1.4.2", 4)
    moves = Deal.new(players=4, dealer=0, seed=1).legal_moves()
    with pytest.raises(IllegalActionError, match="expected a Draft"):
        space.step(moves, (), 0)  # type: ignore[arg-type]
    assert Draft([3, 40]) == Draft((3, 40))


@pytest.mark.parametrize("thing", [
    Prefer(Suit.HEARTS, 6), Guess((14,)), Award(4), SetMail("up"), SetAtelier(CardSet()),
    Take(Card.parse("AS"), Card.parse("AS")), OTHER_PROFILE_BID, "play AS"])
def test_issue14_actions_of_refuses_moves_the_space_cannot_express(thing: object) -> None:
    with pytest.raises(IllegalActionError):
        ActionSpace.of("1.4.2", 4).actions_of(thing)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 5, 6, "4"])
def test_issue14_a_deal_has_3_or_4_participants_to_encode(players: object) -> None:
    """A deal has 3 or 4 participants (R3); a game of more players encodes its deal's."""
    for make in (ActionSpace.of, MoveIds.of):
        with pytest.raises(SetupError, match="3 or 4 participants"):
            make("1.4.2", players)  # type: ignore[operator]


@pytest.mark.parametrize("make", [ActionSpace.of, MoveIds.of])
def test_issue14_spaces_and_ids_are_values(make: Callable[[str, int], object]) -> None:
    made = make("1.4.2", 4)
    assert pickle.loads(pickle.dumps(made)) == made == make("1.4.2", 4)
    assert hash(copy.deepcopy(made)) == hash(made)
    assert made != make("1.4.2", 3)
    with pytest.raises(AttributeError):
        made.size = 3  # type: ignore[attr-defined]


def test_issue14_describe_names_every_action_once() -> None:
    """Every action has its own words, and the card and seat blocks read as such."""
    space = ActionSpace.of("1.5.1", 4)
    words = [space.describe(a) for a in range(space.size)]
    assert len(set(words)) == space.size
    assert words[space.card(Card.parse("10H"))] == "card 10H"
    assert words[-4:] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert space.describe(space.prefer_none + 1 + 3 * 5 + 3) == "prefer S 4"
    assert space.actions_of(Prefer(Suit.SPADES, 4)) == (space.prefer_none + 1 + 3 * 5 + 3,)
    assert space.actions_of(Play(Card.parse("10H"))) == (space.card(Card.parse("10H")),)


@pytest.mark.parametrize(("players", "edition"), TABLES)
def test_issue14_layout_of_encoding_version_1(players: int, edition: str) -> None:
    """The documented blocks, in order: pass, standard bids, special bids, submit, 4 suits,
    prefer none and 20 preferences, 14 numbers, 52 cards, 3 directions, the seats; and
    the move ids' kinds in their documented order."""
    assert ENCODING_VERSION == 1
    profile = load_profile(edition)
    space = ActionSpace.of(profile, players)
    standards, specials = len(profile.standard_bids), len(profile.special_bids)
    assert space.PASS == 0
    assert space.standard_start == 1
    assert space.special_start == 1 + standards
    assert space.submit == 1 + standards + specials
    assert space.suit_start == space.submit + 1
    assert space.prefer_none == space.suit_start + 4
    assert space.number_start == space.prefer_none + 21
    assert space.card_start == space.number_start + 14
    assert space.direction_start == space.card_start + 52
    assert space.seat_start == space.direction_start + 3
    assert space.size == space.seat_start + players
    assert [kind for kind, _, _ in MoveIds.of(profile, players).kinds] == [
        "pass", "bid", "trump", "plague", "prefer", "guess", "justice", "mail", "send",
        "commit", "take", "atelier", "refill", "play", "award"]
