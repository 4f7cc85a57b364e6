"""Edition 1.5.1 against its own rulebook (the Lua bid tables in ``tests/rulebooks/v1.5.1/``,
GPL-3.0, copied verbatim), and what it changes from 1.4.2 (``../shared/rules/EDITIONS.md``,
rulings E2-E5): every bid table row in both languages, the renamed bids, impossible bids
allowed (R8 off), Rank Trump (E2), Master Trump's chooser (E3), Mail and Master Mail's
directions, Taintless Bid (E4), the limited variant's last round (E5) and the time limits.
Each changed rule is also run under 1.4.2, where it does not change.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from pathlib import Path

import edition_tables
import pytest
from hands import WHOLE_SUITS, start
from rulebook_lua import lua_table

from combowhist import (
    ComboBid,
    Deal,
    Game,
    IllegalMoveError,
    InvalidBidError,
    load_profile,
    load_profile_file,
    parse_move,
)
from combowhist.bids import Bid, GoalKind, RankLayers, TrumpRule
from combowhist.cards import CardSet, Suit
from combowhist.cli.render import bid_text, phase_text
from combowhist.cli.rules import profile_differences, special_table, standard_table
from combowhist.game import Ending, Outcome
from combowhist.state import Phase

EDITION = "1.5.1"
LANGUAGES = ("en", "sv")
RENAMED = {"misery": "bid_of_shame", "uncertainty": "approximate", "abundance": "game",
           "master_misery": "masters_bid_of_shame", "certainty": "precise",
           "master_abundance": "masters_game", "master_trump": "masters_trump",
           "master_mail": "masters_mail"}
"""1.5.1's keys of the bids 1.5.0 renamed, and the 1.4.2 keys they continue."""
TWOS = CardSet.parse("2C 2D 2H 2S")


def bid_named(designation: str, language: str) -> Bid:
    return edition_tables.bid_named(EDITION, designation, language)


# -- the tables (their rows are checked in test_edition_tables.py) ----------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", ["standard", "special"])
def test_151_tables_list_every_bid_once_in_rank_order(language: str, kind: str) -> None:
    """Every bid once, in rank order. The profile keeps 1.4.x's order among bids of equal
    rank, where the two 1.5.1 tables differ from each other (the English special bids'
    order is the profile's)."""
    profile = load_profile(EDITION)
    keys = [bid_named(row[0], language).key for row in lua_table(EDITION, language, kind)]
    bids = profile.standard_bids if kind == "standard" else profile.special_bids
    assert sorted(keys) == sorted(b.key for b in bids)
    ranks = [profile.bids[key].worth for key in keys]
    assert ranks == sorted(ranks)
    assert [b.worth for b in bids] == sorted(b.worth for b in bids)
    if (language, kind) == ("en", "special"):
        assert keys == [b.key for b in bids]


def test_151_renamed_bids_continue_the_142_keys_in_the_same_places() -> None:
    old, new = load_profile("1.4.2"), load_profile(EDITION)
    expected = [RENAMED.get(key, key) for key in new.bids if key != "taintless_bid"]
    assert expected == [key for key in old.bids if key != "taintless_masters_game"]
    for key, earlier in RENAMED.items():
        assert new.bids[key].continues == earlier
        assert earlier not in new.bids


def test_151_renamed_bids_keep_their_rules_but_master_trump_and_master_mail() -> None:
    old, new = load_profile("1.4.2"), load_profile(EDITION)
    for key, earlier in RENAMED.items():
        a, b = new.bids[key], old.bids[earlier]
        same = ((a.worth, a.order, a.event, a.play, a.goal, a.guesses, a.score)
                == (b.worth, b.order, b.event, b.play, b.goal, b.guesses, b.score))
        assert same
        assert (a.trump == b.trump) is (key != "master_trump")
        assert (a.direction == b.direction) is (key != "master_mail")


def test_151_taintless_bid_replaces_taintless_masters_game() -> None:
    profile = load_profile(EDITION)
    assert "taintless_masters_game" not in profile.bids
    bid = profile.bids["taintless_bid"]
    assert bid.continues is None  # a new bid (1.5.0's changelog), not a rename
    assert profile.standard_bids[-1] is bid
    assert (bid.worth, bid.score, bid.trump, bid.instant_win) == (8, None, TrumpRule.NONE, True)
    assert bid.goal is not None
    assert (bid.goal.kind, CardSet(bid.goal.cards)) == (GoalKind.CAPTURE, TWOS)


def test_151_aliases_and_time_limits() -> None:
    assert load_profile("en-1.5.1") is load_profile("sv-1.5.1") is load_profile(EDITION)
    assert (load_profile(EDITION).first_bid_seconds,
            load_profile(EDITION).between_bids_seconds) == (60, 30)
    assert load_profile("1.4.2").between_bids_seconds == 20


# -- R8: impossible combo bids allowed ----------------------------------------------------


@pytest.mark.parametrize(("edition", "text", "allowed"), [
    ("1.5.1", "zero+greed", True),
    ("1.5.1", "certainty+greed", True),
    ("1.4.2", "zero+greed", False),
    ("1.4.2", "precise+greed", False),
])
def test_r8_151_impossible_combo_bids_are_allowed(edition: str, text: str,
                                                  allowed: bool) -> None:
    deal = Deal.new(4, profile=edition, seed=1)
    if allowed:
        combo = ComboBid.parse(text, edition)
        assert f"bid {text}" in deal.legal_moves()
        assert deal.apply(f"bid {text}").high_bid == combo
        return
    with pytest.raises(InvalidBidError, match="R8"):
        ComboBid.parse(text, edition)
    assert f"bid {text}" not in deal.legal_moves()


def test_r8_151_the_static_layer_forbids_nothing() -> None:
    profile = load_profile(EDITION)
    deal = Deal.new(3, profile=EDITION, seed=2)
    moves = deal.legal_moves()
    for standard in profile.standard_bids:
        for special in profile.special_bids:
            if special.key in standard.incompatible:
                continue
            combo = ComboBid.unchecked(profile, standard, (special,))
            if combo.worth >= profile.min_worth:
                assert f"bid {combo}" in moves


# -- E2: Rank Trump ------------------------------------------------------------------------


def rank_trump(edition: str, *commits: str) -> Deal:
    """4 players, whole suits (seat 1, D, holds the spades), Rank Trump bid, the commits."""
    return start(WHOLE_SUITS, "rank_trump", *commits, profile=edition)


def test_e2_151_only_the_opponents_lay_a_card_from_ds_left() -> None:
    deal = rank_trump(EDITION)
    assert (deal.phase, deal.to_move) == (Phase.RANK_COMMIT, 2)
    deal = deal.apply("commit AH").apply("commit KD")
    assert deal.to_move == 0
    deal = deal.apply("commit AC")
    assert (deal.phase, deal.to_move) == (Phase.RANK_TAKE, 1)
    assert [str(c) if c else None for c in deal.view(1).laid] == ["AC", None, "AH", "KD"]


def test_e2_142_every_participant_lays_d_first() -> None:
    deal = rank_trump("1.4.2")
    assert (deal.phase, deal.to_move) == (Phase.RANK_COMMIT, 1)
    assert load_profile("1.4.2").bids["rank_trump"].laid_by is RankLayers.ALL
    assert load_profile(EDITION).bids["rank_trump"].laid_by is RankLayers.OPPONENTS


def test_e2_151_d_takes_a_highest_card_and_gives_any_card_of_their_hand() -> None:
    deal = rank_trump(EDITION, "commit AH", "commit KD", "commit AC")
    takes = deal.legal_moves()
    assert len(takes) == 2 * 13  # AH or AC (tied ranks across suits, R14), times 13 gifts
    assert "take AC 5S" in takes
    assert "take KD 5S" not in takes
    after = deal.apply("take AC 5S")
    assert after.trump is Suit.CLUBS
    hands = after.hands
    ac, five = CardSet.parse("AC"), CardSet.parse("5S")
    assert hands[1] & (ac | five) == ac
    assert hands[0] & (ac | five) == five
    assert str(hands[2]) == str(deal.hands[2])  # laid cards not taken go back to their owners
    assert str(hands[3]) == str(deal.hands[3])
    assert sum(len(h) for h in hands) == 52
    assert after.phase is Phase.PLAY


@pytest.mark.parametrize(("move", "reason"), [
    ("take AC", "gives one card of their hand for it"),
    ("take AC AH", "gives one card of their hand for it"),
    ("take KD 5S", "highest rank"),
])
def test_e2_151_a_bad_take_is_refused_and_changes_nothing(move: str, reason: str) -> None:
    deal = rank_trump(EDITION, "commit AH", "commit KD", "commit AC")
    before = deal.to_json()
    with pytest.raises(IllegalMoveError) as error:
        deal.apply(move)
    assert reason in str(error.value)
    assert move in str(error.value)
    assert deal.to_json() == before


def test_e2_142_d_gives_their_own_laid_card_and_names_no_other() -> None:
    deal = rank_trump("1.4.2", "commit 2S", "commit AH", "commit KD", "commit AC")
    assert "take AC" in deal.legal_moves()
    with pytest.raises(IllegalMoveError, match="own laid card"):
        deal.apply("take AC 5S")
    after = deal.apply("take AC")
    assert CardSet.parse("2S") <= after.hands[0]
    assert CardSet.parse("AC") <= after.hands[1]


def test_e2_take_notation_round_trips() -> None:
    move = parse_move("take ac 5h")
    assert str(move) == "take AC 5H"
    assert parse_move(str(move)) == move
    assert str(parse_move("take AC")) == "take AC"


# -- E3: Master Trump's chooser --------------------------------------------------------


@pytest.mark.parametrize(("edition", "players", "order"), [
    ("1.5.1", 4, [(Phase.PREFERENCE, 2), (Phase.PREFERENCE, 3), (Phase.TRUMP, 0)]),
    ("1.4.2", 4, [(Phase.PREFERENCE, 3), (Phase.PREFERENCE, 0), (Phase.TRUMP, 2)]),
    ("1.5.1", 3, [(Phase.PREFERENCE, 2), (Phase.TRUMP, 0)]),
    ("1.4.2", 3, [(Phase.PREFERENCE, 0), (Phase.TRUMP, 2)]),
])
def test_e3_master_trump_statements_then_the_chooser(edition: str, players: int,
                                                     order: list[tuple[Phase, int]]) -> None:
    """D is seat 1. 1.5.1: the chooser is on D's right (seat 0); the others state in
    clockwise order from D's left, the chooser skipped (E3). 1.4.2: the chooser is on D's
    left and the others follow them (R15)."""
    deal = Deal.new(players, profile=edition, seed=3)
    bid = "master_trump" if edition == EDITION else "masters_trump"
    deal = deal.apply(f"bid {bid}")
    for _ in range(players - 1):
        deal = deal.apply("pass")
    seen = []
    while deal.phase in (Phase.PREFERENCE, Phase.TRUMP):
        seen.append((deal.phase, deal.to_move))
        deal = deal.apply("prefer S 3" if deal.phase is Phase.PREFERENCE else "trump H")
    assert seen == order
    assert deal.trump is Suit.HEARTS


# -- Mail and Master Mail's directions ---------------------------------------------------


def mail_deal(edition: str, bid: str) -> Deal:
    return start(WHOLE_SUITS, bid, "trump S", profile=edition)


def test_151_mail_goes_right_and_d_chooses_no_direction() -> None:
    deal = mail_deal(EDITION, "max_trump+mail")
    assert (deal.phase, deal.to_move, deal.mail_direction) == (Phase.SEND, 1, "right")
    with pytest.raises(IllegalMoveError, match="send"):
        deal.apply("mail left")
    for seat, cards in ((1, "AS KS QS"), (2, "AH KH QH"), (3, "AD KD QD"), (0, "AC KC QC")):
        assert deal.to_move == seat
        deal = deal.apply(f"send {cards}")
    for seat, card in enumerate(("AS", "AH", "AD", "AC")):  # each from the seat to its left
        assert CardSet.parse(card) <= deal.hands[seat]


def test_142_mail_d_chooses_the_direction() -> None:
    deal = mail_deal("1.4.2", "max_trump+mail")
    assert (deal.phase, deal.to_move) == (Phase.MAIL, 1)
    assert {str(m) for m in deal.legal_moves()} == {"mail left", "mail right", "mail across"}


@pytest.mark.parametrize(("edition", "bid", "receivers"), [
    ("1.5.1", "trump+master_mail", {2: 3, 3: 0, 0: 2}),  # left, skipping D (seat 1)
    ("1.4.2", "trump+masters_mail", {2: 0, 3: 2, 0: 3}),  # right, skipping D
])
def test_r20_master_mail_direction(edition: str, bid: str, receivers: dict[int, int]) -> None:
    deal = mail_deal(edition, bid)
    tops = {0: "AC KC QC", 2: "AH KH QH", 3: "AD KD QD"}
    assert deal.to_move == 2
    while deal.phase is Phase.MASTERS_MAIL:
        assert deal.to_move is not None
        deal = deal.apply(f"send {tops[deal.to_move]}")
    for sender, receiver in receivers.items():
        assert CardSet.parse(tops[sender]) <= deal.hands[receiver]
    assert deal.hands[1] == CardSet.parse(WHOLE_SUITS[1])  # D passes and receives nothing


# -- E4: Taintless Bid ---------------------------------------------------------------------


#: Seat 1 (D) holds the spades but 2S, seat 0 the clubs but 2C: swapped.
SWAPPED_TWOS = (
    "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2S",
    "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2C",
    WHOLE_SUITS[2],
    WHOLE_SUITS[3],
)


def play_out(deal: Deal, choose: dict[int, list[str]]) -> Deal:
    """Play the deal on, each seat playing the cards ``choose`` lists for it in order,
    else its first legal card."""
    while deal.result is None:
        seat = deal.to_move
        assert seat is not None
        moves = deal.legal_moves()
        wanted = [c for c in choose.get(seat, []) if f"play {c}" in moves]
        if wanted:
            choose[seat].remove(wanted[0])
            deal = deal.apply(f"play {wanted[0]}")
        else:
            deal = deal.apply(moves[0])
    return deal


def test_e4_taintless_bid_completed_by_bringing_home_every_2() -> None:
    deal = start(WHOLE_SUITS, "taintless_bid+hurry", profile=EDITION)
    # D leads spades throughout; the others throw their 2s on the first tricks.
    deal = play_out(deal, {1: ["AS"], 0: ["2C"], 2: ["2H"], 3: ["2D"]})
    result = deal.result
    assert result is not None
    assert CardSet(deal.taken[1]) >= TWOS
    assert (result.completed, result.points[1]) == (True, 6)  # the combo's rank (R34)


THREE_151_D_ALL_SPADES = (
    "AC KC QC JC 6C 5C 4C 3C 2C JH 7H 6H 5H",
    "AS KS QS JS 7S 6S 5S 4S 3S 2S AH KH QH",
    "4H 3H 2H AD KD QD JD 7D 6D 5D 4D 3D 2D",
)
"""A 3-player split of 1.5.1's 39-card deck (as 1.4.2's: no 7C, 8s, 9s, 10s) in which D,
seat 1, holds every spade and so wins every trick D leads."""


def test_e4_three_players_taintless_bid_names_the_2s_of_the_39_card_deck() -> None:
    """3 players: D must bring home the 2s left in the 39-card deck (all four: the deck
    drops 7C, 8s, 9s and 10s), shown to every seat from the first lead."""
    assert not TWOS & load_profile(EDITION).three_players_removed
    deal = start(THREE_151_D_ALL_SPADES, "taintless_bid+hurry", profile=EDITION)
    deal = deal.apply("play AS")
    for seat in range(3):
        assert reduce(or_, deal.view(seat).shown) == TWOS
    deal = play_out(deal, {1: ["KS", "QS"], 2: ["2H", "2D"], 0: ["2C"]})
    result = deal.result
    assert result is not None
    assert deal.combo is not None
    assert CardSet(deal.taken[1]) >= TWOS
    assert (result.completed, result.points[1]) == (True, deal.combo.worth)


def test_e4_taintless_bid_fails_on_one_2_lost_whatever_the_tricks() -> None:
    deal = start(SWAPPED_TWOS, "taintless_bid+hurry", profile=EDITION)
    deal = play_out(deal, {1: ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S",
                               "5S", "4S", "3S"], 0: ["2S"]})
    result = deal.result
    assert result is not None
    assert result.tricks[1] == 12  # D lost only the last trick, with 2C in it
    assert "2C" not in str(CardSet(deal.taken[1]))
    assert (result.completed, result.points[1]) == (False, -2)


def test_e4_the_goal_is_cards_not_tricks() -> None:
    conditions = ComboBid.parse("taintless_bid", EDITION).conditions
    assert conditions.met(0b1, [4, 4, 4], (), captured=True)  # one trick, every 2 in it
    assert not conditions.met((1 << 13) - 1, [0, 0, 0], (), captured=False)


def test_e4_every_view_shows_who_holds_each_2_from_the_first_lead() -> None:
    deal = start(WHOLE_SUITS, "taintless_bid+hurry", profile=EDITION)
    assert all(not cards for cards in deal.view(0).shown)  # before the first lead
    deal = deal.apply("play AS")
    for seat in range(4):
        shown = deal.view(seat).shown
        assert [str(c) for c in shown] == ["2C", "2S", "2H", "2D"]
    deal = deal.apply("play 2H")  # a played 2 is in nobody's hand any more
    assert [str(c) for c in deal.view(0).shown] == ["2C", "2S", "", "2D"]
    assert deal.view(0).to_dict()["shown"] == ["2C", "2S", "", "2D"]


def test_e4_142_taintless_masters_game_shows_nothing() -> None:
    deal = start(WHOLE_SUITS, "taintless_masters_game+hurry", "play AS", profile="1.4.2")
    assert all(not cards for cards in deal.view(0).shown)


def test_e4_2s_may_not_go_into_an_atelier() -> None:
    deal = start(WHOLE_SUITS, "taintless_bid+atelier", profile=EDITION)
    assert deal.phase is Phase.ATELIER
    assert all("2S" not in str(move) for move in deal.legal_moves())
    before = deal.to_json()
    with pytest.raises(IllegalMoveError, match="R21"):
        deal.apply("atelier AS KS QS 2S")
    assert deal.to_json() == before
    assert deal.apply("atelier AS KS QS JS").atelier == CardSet.parse("AS KS QS JS")


def test_e4_r7_greed_is_incompatible_with_taintless_bid() -> None:
    with pytest.raises(InvalidBidError, match="R7"):
        ComboBid.parse("taintless_bid+greed", EDITION)
    assert ComboBid.parse("taintless_masters_game+greed", "1.4.2").greed


@pytest.mark.parametrize(("edition", "combo"), [
    ("1.5.1", "taintless_bid+open_hand+penalty"),
    ("1.4.2", "taintless_masters_game+open_hand+penalty"),
])
def test_r35_taintless_bid_of_rank_13_wins_at_once(edition: str, combo: str) -> None:
    game = Game.new(4, profile=edition, mode="sheet")
    assert ComboBid.parse(combo, edition).worth == 13
    game = game.record(Outcome(declarer=2, combo=combo, completed=True))
    assert (game.winner, game.ending, game.scores[2]) == (2, Ending.TAINTLESS, 13)


# -- E5: the limited variant's last round ---------------------------------------------------


@pytest.mark.parametrize(("edition", "deals_to_win"), [("1.5.1", 4), ("1.4.2", 3)])
def test_e5_limited_the_deal_completing_the_last_round_wins_only_in_14x(
    edition: str, deals_to_win: int
) -> None:
    """3 players, 1 round: player 0 completes a bid each deal and leads. The third deal
    completes the round: under 1.4.x it wins (R39); under 1.5.1 only the next deal can
    (E5)."""
    game = Game.new(3, profile=edition, variant="limited", rounds=1, mode="sheet")
    for number in range(1, 5):
        game = game.record(Outcome(declarer=0, combo="trump", completed=True))
        if number < deals_to_win:
            assert game.winner is None
            assert game.rounds == (0 if number < 3 else 1)
        else:
            assert (game.winner, game.ending) == (0, Ending.LIMITED)
            break
    assert game.deals == deals_to_win


# -- house rules on the new primitives ---------------------------------------------------


def test_a_house_rule_takes_1_5_1s_primitives_onto_1_4_2(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('base = "1.4.2"\nname = "house"\n\n[bids.mail]\ndirection = "left"\n\n'
                    '[bids.masters_trump]\ntrump = "right_of_declarer"\n\n'
                    '[bids.limbo]\nremoved = true\n', encoding="utf-8")
    profile = load_profile_file(path)
    assert "limbo" not in profile.bids
    deal = mail_deal(str(path), "max_trump+mail")
    assert (deal.phase, deal.mail_direction) == (Phase.SEND, "left")
    assert profile.bids["masters_trump"].trump is TrumpRule.RIGHT_OF_DECLARER


# -- unchanged in 1.5.1: Hurry, Plague's lead --------------------------------------------


@pytest.mark.parametrize("edition", ["1.5.1", "1.4.2"])
def test_r22_hurry_d_becomes_forehand_in_both(edition: str) -> None:
    hurried = start(WHOLE_SUITS, "max_trump+hurry", "trump S", profile=edition)
    assert (hurried.phase, hurried.to_move) == (Phase.PLAY, 1)  # D
    plain_deal = start(WHOLE_SUITS, "max_trump", "trump S", profile=edition)
    assert plain_deal.to_move == 0  # right(D) leads trick 1 (R22)


#: D (seat 1) holds high spades and hearts; seat 2 the low ones.
SPADES_AND_HEARTS = (
    WHOLE_SUITS[0],
    "AS KS QS JS 10S 9S 8S AH KH QH JH 10H 9H",
    "7S 6S 5S 4S 3S 2S 8H 7H 6H 5H 4H 3H 2H",
    WHOLE_SUITS[3],
)


@pytest.mark.parametrize("edition", ["1.5.1", "1.4.2"])
def test_r28_plague_d_may_not_lead_the_plague_suit_unless_no_other_choice_in_both(
    edition: str
) -> None:
    deal = start(SPADES_AND_HEARTS, "max_trump+hurry+plague", "trump S", "plague H",
                 profile=edition)
    leads = {str(move) for move in deal.legal_moves()}
    assert leads == {f"play {card}" for card in ("AS", "KS", "QS", "JS", "10S", "9S", "8S")}
    with pytest.raises(IllegalMoveError, match="R28"):
        deal.apply("play AH")


@pytest.mark.parametrize(("edition", "words"), [
    ("1.5.1", ["Rank", "Priority", "Rang", "Prioritet"]),
    ("1.4.2", ["Worth", "Order", "Värde", "Ordning"]),
])
def test_151_the_tables_say_rank_and_priority(edition: str, words: list[str]) -> None:
    profile = load_profile(edition)
    english, swedish = special_table(profile, "en")[0], special_table(profile, "sv")[0]
    assert [english[1], english[2], swedish[1], swedish[2]] == words
    assert standard_table(profile, "sv")[0][1] == words[2]
    combo = ComboBid.parse("trump+lock", profile)
    assert bid_text(combo).endswith(f"(trump+lock, {words[0].lower()} 3)")


def test_151_the_narration_names_1_5_1s_bids_and_directions() -> None:
    deal = start(WHOLE_SUITS, "master_trump", profile=EDITION)
    assert phase_text(deal.view(0), lambda s: f"player {s}").startswith(
        "Master Trump: player 0 will choose trump")
    deal = mail_deal(EDITION, "trump+master_mail")
    assert phase_text(deal.view(0), lambda s: f"player {s}").startswith(
        "Master Mail: each opponent of player 1 picks 3 cards to pass to the left")
    deal = rank_trump(EDITION, "commit AH", "commit KD", "commit AC")
    assert "giving any card of their hand for it (R14, E2)" in phase_text(
        deal.view(0), lambda s: f"player {s}")


# -- rules --diff ----------------------------------------------------------------------------


def test_151_rules_diff_from_1_4_2_shows_the_real_changes_and_nothing_spurious() -> None:
    rows = {what: (a, b) for what, a, b in profile_differences(load_profile("1.4.2"),
                                                                load_profile(EDITION))}
    expected = {
        "forbid_impossible_bids": ("yes", "no"),
        "between_bids_seconds": ("20", "30"),
        "last_round_can_win": ("yes", "no"),
        "terms.worth.en": ("Worth", "Rank"),
        "terms.order.en": ("Order", "Priority"),
        "bids.rank_trump.worth": ("3", "4"),
        "bids.rank_trump.laid_by": ("all", "opponents"),
        "bids.masters_trump.trump": ("left_of_declarer", "right_of_declarer"),
        "bids.mail.direction": ("—", "right"),
        "bids.masters_mail.direction": ("—", "left"),
        "bids.greed.incompatible": ("—", "taintless_bid"),
        "bids.taintless_masters_game": ("present", "absent"),
        "bids.taintless_bid": ("absent", "present"),
    }
    assert expected.items() <= rows.items()
    for key, earlier in RENAMED.items():  # renamed: a key row, then only real changes
        assert rows[f"bids.{earlier}.key"] == (earlier, key)
    assert {what for what in rows if what.startswith("bids.bid_of_shame.")} == {
        "bids.bid_of_shame.key", "bids.bid_of_shame.names.en", "bids.bid_of_shame.names.sv"}
    assert not any(what.startswith(("bids.trump.", "bids.lock.", "bids.zero.")) for what in rows)


@pytest.mark.parametrize("first", ["1.4.0", "1.4.1", "1.4.2", "1.5.1"])
@pytest.mark.parametrize("second", ["1.4.0", "1.4.1", "1.4.2", "1.5.1"])
def test_rules_diff_between_any_two_editions_lists_only_differences(first: str,
                                                                    second: str) -> None:
    rows = profile_differences(load_profile(first), load_profile(second))
    assert (rows == []) is (first == second)
    assert all(a != b for _, a, b in rows)
    back = {what: (b, a) for what, a, b in profile_differences(load_profile(second),
                                                                load_profile(first))}
    simple = [(what, a, b) for what, a, b in rows if what.count(".") <= 1]  # not per bid
    assert all(back.get(what) == (a, b) for what, a, b in simple)
