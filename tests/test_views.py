"""What each seat may see (R11, R14, R19, R20, R30), in hand-built scenarios.

Hidden Rank Trump cards until every participant has laid one; Mail and Master's Mail picks
hidden from everyone but the sender and, once the cards have moved, the receiver; D's
exposed cards (Open Hand, Open Trump, the atelier) from the first lead on and never before.

Dealer is seat 0 and seat 1 bids while the others pass, so seat 1 is D and (without
Hurry) seat 0 leads trick 1 (R22).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

import pytest

from combowhist import Card, CardSet, Deal, Phase, Play, Refill, Suit, load_profile
from combowhist.views import HIDDEN_COMMIT, HIDDEN_SEND

DECLARER = 1
LEADER = 0
"""right(D) leads trick 1 (R22)."""

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")


def dealt(players: int = 4, profile: str = "1.4.2") -> list[CardSet]:
    """Every ``players``-th card of the deck in index order: each seat gets all suits."""
    deck = sorted(load_profile(profile).deck(players))
    return [CardSet(deck[seat::players]) for seat in range(players)]


def declared(combo: str, players: int = 4, profile: str = "1.4.2") -> Deal:
    """Seat 1 bids ``combo``, everyone else passes: seat 1 is D (R6)."""
    deal = Deal.from_hands(dealt(players, profile), dealer=0, profile=profile)
    deal = deal.apply(f"bid {combo}")
    for _ in range(players - 1):
        deal = deal.apply("pass")
    assert deal.declarer == DECLARER
    return deal


def play(deal: Deal, moves: Sequence[str]) -> Deal:
    for move in moves:
        deal = deal.apply(move)
    return deal


def shown(deal: Deal, seat: int) -> CardSet:
    """Every card named anywhere in the seat's ``to_dict()``."""
    text = json.dumps(deal.view(seat).to_dict(), ensure_ascii=False)
    return CardSet(Card.parse(token) for token in set(CARD_TOKEN.findall(text)))


def union(sets: Sequence[CardSet]) -> CardSet:
    out = CardSet()
    for cards in sets:
        out |= cards
    return out


def lowest(cards: CardSet, count: int) -> CardSet:
    return CardSet(sorted(cards)[:count])


def highest(cards: CardSet) -> Card:
    return sorted(cards)[-1]


# -- Rank Trump: face down until all have laid (R14) --------------------------------------------


def test_r14_commits_hidden_until_all_have_laid() -> None:
    deal = declared("rank_trump")
    assert deal.phase is Phase.RANK_COMMIT
    assert deal.to_move == DECLARER
    order = [1, 2, 3, 0]  # D first, then clockwise
    laid: dict[int, Card] = {}
    for count, seat in enumerate(order, start=1):
        assert deal.to_move == seat
        card = highest(deal.hands[seat])
        laid[seat] = card
        deal = deal.apply(f"commit {card}")
        if count < len(order):
            assert deal.phase is Phase.RANK_COMMIT
            for viewer in range(4):
                view = deal.view(viewer)
                commits = [(s, text) for s, text in view.log if text.startswith("commit")]
                assert commits == [
                    (s, f"commit {laid[s]}" if s == viewer else HIDDEN_COMMIT)
                    for s in order[:count]
                ]
                assert view.laid == tuple(
                    laid[s] if s == viewer and s in laid else None for s in range(4)
                )
                others = CardSet([laid[s] for s in laid if s != viewer])
                assert not shown(deal, viewer) & others, (viewer, count)
                if viewer in laid:
                    assert laid[viewer] in view.hand
    # All four have laid: revealed to everyone, before D takes one.
    assert deal.phase is Phase.RANK_TAKE
    for viewer in range(4):
        view = deal.view(viewer)
        assert view.laid == tuple(laid[s] for s in range(4))
        commits = [(s, text) for s, text in view.log if text.startswith("commit")]
        assert commits == [(s, f"commit {laid[s]}") for s in order]
        assert HIDDEN_COMMIT not in json.dumps(view.to_dict())


def test_r14_laid_cards_stay_in_hands_and_stay_revealed_after_the_take() -> None:
    deal = declared("rank_trump")
    for seat in (1, 2, 3, 0):
        card = highest(deal.hands[seat])
        deal = deal.apply(f"commit {card}")
        assert card in deal.view(seat).hand  # laid face down, still the owner's card
    take = deal.legal_moves()[0]
    deal = deal.apply(take)
    assert deal.trump is not None
    for viewer in range(4):
        view = deal.view(viewer)
        assert None not in view.laid
        assert (DECLARER, str(take)) in view.log


def test_r14_commits_hidden_for_three_players() -> None:
    deal = declared("rank_trump", players=3, profile="1.4.1")
    first = highest(deal.hands[1])
    deal = deal.apply(f"commit {first}")
    for viewer in (0, 2):
        assert (1, HIDDEN_COMMIT) in deal.view(viewer).log
        assert first not in shown(deal, viewer)
    deal = play(deal, [f"commit {highest(deal.hands[2])}", f"commit {highest(deal.hands[0])}"])
    assert deal.phase is Phase.RANK_TAKE
    assert (1, f"commit {first}") in deal.view(0).log


# -- Mail: the sender and, after the exchange, the receiver (R19) -------------------------------


@pytest.mark.parametrize(
    ("players", "direction", "offset"),
    [(4, "left", 1), (4, "right", -1), (4, "across", 2), (3, "left", 1), (3, "right", -1)],
)
def test_r19_mail_picks_seen_by_sender_and_receiver_only(
    players: int, direction: str, offset: int
) -> None:
    deal = declared("game+mail", players=players)
    assert deal.phase is Phase.MAIL
    deal = deal.apply(f"mail {direction}")
    order = [(DECLARER + i) % players for i in range(players)]  # D first, then clockwise
    picks: dict[int, CardSet] = {}
    for count, seat in enumerate(order, start=1):
        assert deal.phase is Phase.SEND
        assert deal.to_move == seat
        picks[seat] = lowest(deal.hands[seat], 3)
        deal = deal.apply(f"send {picks[seat]}")
        if count == players:
            break
        for viewer in range(players):  # nobody but the sender knows a pick yet
            view = deal.view(viewer)
            sends = [(s, text) for s, text in view.log if text.startswith("send")]
            assert sends == [
                (s, f"send {picks[s]}" if s == viewer else HIDDEN_SEND) for s in order[:count]
            ]
            assert view.sent == picks.get(viewer, CardSet())
            assert view.received == CardSet()
            others = union([p for s, p in picks.items() if s != viewer])
            assert not shown(deal, viewer) & others
    # All have picked; the cards have moved at once.
    assert deal.phase is not Phase.SEND
    for sender in range(players):
        receiver = (sender + offset) % players
        assert picks[sender] <= deal.hands[receiver]
    for viewer in range(players):
        view = deal.view(viewer)
        giver = (viewer - offset) % players
        assert view.sent == picks[viewer]
        assert view.received == picks[giver]
        sends = {s: text for s, text in view.log if text.startswith("send")}
        for sender in range(players):
            if sender in (viewer, giver):
                assert sends[sender] == f"send {picks[sender]}"
            else:
                assert sends[sender] == HIDDEN_SEND
                assert not shown(deal, viewer) & picks[sender] - deal.hands[viewer]


def test_r19_third_party_never_learns_a_mail_pick() -> None:
    """Seat 3 neither sent nor received seat 1's pick: it stays hidden to the deal's end,
    except for the cards that get played."""
    deal = declared("game+mail")
    deal = deal.apply("mail left")
    pick = lowest(deal.hands[1], 3)
    deal = deal.apply(f"send {pick}")
    for seat in (2, 3, 0):
        deal = deal.apply(f"send {lowest(deal.hands[seat], 3)}")
    while not deal.is_over:
        assert (1, HIDDEN_SEND) in deal.view(3).log
        played = CardSet([m.card for m in deal.history if isinstance(m, Play)])
        assert not shown(deal, 3) & (pick - played)
        deal = deal.apply(deal.legal_moves()[0])
    assert (1, HIDDEN_SEND) in deal.view(3).log
    assert (1, f"send {pick}") in deal.view(2).log


# -- Master's Mail: to the right, skipping D (R20) ----------------------------------------------


def test_r20_masters_mail_picks_seen_by_sender_and_receiver_only() -> None:
    deal = declared("game+masters_mail")
    assert deal.phase is Phase.MASTERS_MAIL
    assert deal.to_move == 2
    target = {2: 0, 3: 2, 0: 3}  # right, skipping D (seat 1)
    picks: dict[int, CardSet] = {}
    for seat in (2, 3, 0):
        assert deal.to_move == seat
        picks[seat] = lowest(deal.hands[seat], 3)
        deal = deal.apply(f"send {picks[seat]}")
        if len(picks) < 3:
            for viewer in range(4):
                view = deal.view(viewer)
                assert view.received == CardSet()
                hidden = [s for s, text in view.log if text == HIDDEN_SEND]
                assert hidden == [s for s in picks if s != viewer]
    assert deal.phase is not Phase.MASTERS_MAIL
    for sender, receiver in target.items():
        assert picks[sender] <= deal.hands[receiver]
    for viewer in range(4):
        view = deal.view(viewer)
        givers = [s for s, r in target.items() if r == viewer]
        assert view.sent == picks.get(viewer, CardSet())
        assert view.received == (picks[givers[0]] if givers else CardSet())
        for sender, pick in picks.items():
            text = f"send {pick}" if viewer in (sender, target[sender]) else HIDDEN_SEND
            assert (sender, text) in view.log
    # D passes nothing and receives nothing, and sees none of the picks.
    assert not shown(deal, DECLARER) & (union(list(picks.values())) - deal.hands[DECLARER])


def test_r20_masters_mail_three_players_swap() -> None:
    deal = declared("game+masters_mail", players=3)
    first = lowest(deal.hands[2], 3)
    second = lowest(deal.hands[0], 3)
    deal = play(deal, [f"send {first}", f"send {second}"])
    assert first <= deal.hands[0]
    assert second <= deal.hands[2]
    assert deal.view(0).received == first
    assert deal.view(2).received == second
    assert deal.view(1).received == CardSet()
    assert deal.view(1).sent == CardSet()
    assert [text for _, text in deal.view(1).log if text.startswith("send")] == [
        HIDDEN_SEND, HIDDEN_SEND]


# -- Exposure: from the first lead on (R30) -----------------------------------------------------


def lead_and_check_nothing_before(deal: Deal, leader: int = LEADER) -> Deal:
    """At the first lead's decision no opponent sees D's cards; return the state after it."""
    assert deal.phase is Phase.PLAY
    assert deal.to_move == leader
    assert not deal.trick
    for viewer in range(deal.players):
        if viewer == DECLARER:
            continue
        view = deal.view(viewer)
        assert view.exposed == CardSet()
        assert view.atelier == CardSet()
        assert not shown(deal, viewer) & deal.hands[DECLARER], (
            f"seat {viewer} sees {shown(deal, viewer) & deal.hands[DECLARER]} of D's hand "
            f"before the first lead: {view.to_dict()['history']}"
        )
    return deal.apply(deal.legal_moves()[0])


def test_r30_open_hand_exposed_from_the_first_lead() -> None:
    deal = declared("trump+open_hand")
    for viewer in (0, 2, 3):  # nothing during the pre-game events either
        assert deal.view(viewer).exposed == CardSet()
    deal = deal.apply("trump S")
    deal = lead_and_check_nothing_before(deal)
    for viewer in range(4):
        assert deal.view(viewer).exposed == deal.hands[DECLARER]
        assert deal.hands[DECLARER] <= shown(deal, viewer)
    # Exposure follows D's current hand: a card D plays is no longer among the exposed.
    while deal.to_move != DECLARER:
        deal = deal.apply(deal.legal_moves()[0])
    move = deal.legal_moves()[0]
    assert isinstance(move, Play)
    deal = deal.apply(move)
    card = move.card
    assert card not in deal.view(2).exposed
    assert deal.view(2).exposed == deal.hands[DECLARER]


def test_r30_open_trump_exposes_only_the_trumps() -> None:
    deal = declared("trump+open_trump")
    trumps = deal.hands[DECLARER].suit(Suit.HEARTS)
    assert trumps
    deal = lead_and_check_nothing_before(deal.apply("trump H"))
    for viewer in range(4):
        assert deal.view(viewer).exposed == deal.hands[DECLARER].suit(Suit.HEARTS) == trumps
        assert not shown(deal, viewer) & (deal.hands[DECLARER] - trumps) or viewer == DECLARER


def test_r30_hurry_open_hand_exposed_after_the_declarers_lead() -> None:
    deal = declared("trump+open_hand+hurry").apply("trump S")
    assert deal.to_move == DECLARER  # Hurry: D leads trick 1 (R22)
    deal = lead_and_check_nothing_before(deal, leader=DECLARER)
    for viewer in range(4):
        assert deal.view(viewer).exposed == deal.hands[DECLARER]


def test_r30_atelier_hidden_from_opponents_before_the_first_lead() -> None:
    deal = declared("trump+atelier").apply("trump S")
    assert deal.phase is Phase.ATELIER
    atelier = lowest(deal.hands[DECLARER], 4)
    deal = deal.apply(f"atelier {atelier}")
    assert deal.view(DECLARER).atelier == atelier  # D chose it and sees it
    deal = lead_and_check_nothing_before(deal)
    for viewer in range(4):
        view = deal.view(viewer)
        assert view.atelier == atelier
        assert view.exposed == atelier


def test_r30_atelier_refill_exposed_at_once() -> None:
    deal = declared("trump+atelier").apply("trump S")
    atelier = lowest(deal.hands[DECLARER], 4)
    deal = deal.apply(f"atelier {atelier}")
    while True:  # D plays an atelier card at the first chance
        moves = deal.legal_moves()
        from_atelier = [m for m in moves if isinstance(m, Play) and m.card in deal.atelier]
        if deal.to_move == DECLARER and from_atelier:
            break
        deal = deal.apply(moves[0])
    deal = deal.apply(from_atelier[0])
    assert deal.phase is Phase.REFILL
    assert deal.to_move == DECLARER
    refill = deal.legal_moves()[0]
    assert isinstance(refill, Refill)
    deal = deal.apply(refill)
    for viewer in range(4):
        assert deal.view(viewer).exposed == deal.atelier
        assert refill.card in deal.view(viewer).atelier


def test_r30_nothing_exposed_without_an_exposing_bid() -> None:
    deal = declared("trump+lock").apply("trump S")
    for _ in range(6):
        deal = deal.apply(deal.legal_moves()[0])
        for viewer in range(4):
            assert deal.view(viewer).exposed == CardSet()
            assert deal.view(viewer).atelier == CardSet()


# -- the rest of a view --------------------------------------------------------------------------


def test_r11_a_view_holds_the_own_hand_and_the_public_record() -> None:
    deal = declared("trump+lock").apply("trump D")
    deal = deal.apply(deal.legal_moves()[0])
    for viewer in range(4):
        view = deal.view(viewer)
        assert view.seat == viewer
        assert view.hand == deal.hands[viewer]
        assert view.declarer == DECLARER
        assert str(view.combo) == "trump+lock"
        assert view.trump is Suit.DIAMONDS
        assert view.trick == deal.trick
        assert view.log == tuple((s, str(m)) for s, m in deal.log)
        assert view.can_move == (viewer == deal.to_move)
        if viewer == deal.to_move:
            assert list(view.legal_moves()) == list(deal.legal_moves())
        else:
            assert not view.legal_moves()
        data = view.to_dict()
        assert data["hand"] == str(deal.hands[viewer])
        others = union([deal.hands[s] for s in range(4) if s != viewer])
        assert not shown(deal, viewer) & others


def test_issue10_auction_view_has_every_bid_lazily() -> None:
    """Over 100 000 combo bids are legal in the auction: the view has them all, lazily, as
    the deal does, and its dict describes them without listing them."""
    deal = Deal.from_hands(dealt(), dealer=0)
    view = deal.view(1)
    assert view.can_move
    assert len(view.legal_moves()) == len(deal.legal_moves()) > 100_000
    assert view.legal_moves().index("bid trump+lock") == deal.legal_moves().index(
        "bid trump+lock")
    assert len(view.to_dict()["legal_moves"]) == 2  # pass, {"bids": …}
    assert len(deal.view(2).legal_moves()) == 0


@pytest.mark.parametrize("seat", [-1, 4, 7])
def test_view_of_no_seat_is_refused(seat: int) -> None:
    deal = Deal.from_hands(dealt(), dealer=0)
    with pytest.raises(ValueError, match="not a seat"):
        deal.view(seat)
