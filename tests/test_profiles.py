"""Rule profiles against the law: every bid table row of both rulebooks, decks, thresholds,
house-rule files and their validation (rulebook sections 2, 4, 5; R1, R2, R9, R10, R34-R41).

The rulebook tables are read from ``tests/rulebooks/`` (verbatim copies of the rulebooks), so
the expected values come from the text, not from the profile data under test.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from combowhist import (
    DEFAULT_PROFILE,
    Bid,
    Card,
    CardSet,
    ComboBid,
    ProfileError,
    Rank,
    RuleProfile,
    Suit,
    available_profiles,
    load_profile,
    load_profile_file,
)
from combowhist.bids import Event, Exposure, Goal, GoalKind, PlayRule

RULEBOOKS = Path(__file__).parent / "rulebooks"
RULEBOOK_FILES = {"en": "combo-whist-1.4.1-en.txt", "sv": "combo-whist-1.4.2-sv.txt"}
HEADERS = {
    ("en", "standard"): "DESIGNATION\tWorth\tScore",
    ("en", "special"): "DESIGNATION\tWorth\tOrder",
    ("sv", "standard"): "BENÄMNING\tVärde\tPoäng",
    ("sv", "special"): "BENÄMNING\tVärde\tOrdning",
}
PROFILES = ("1.4.1", "1.4.2")
LANGUAGES = ("en", "sv")
DASHES = {"—", "–", "-"}
YES_NO = {"yes": True, "no": False, "ja": True, "nej": False}
TRUMPLESS_WORDS = {"trumpless bids", "trumflösa bud"}
R9_TRUMPLESS = {
    "bid_of_shame", "approximate", "limbo", "game", "masters_bid_of_shame", "precise",
    "masters_game", "zero", "taintless_masters_game",
}


def rulebook_text(language: str) -> str:
    return (RULEBOOKS / RULEBOOK_FILES[language]).read_text(encoding="utf-8")


def rulebook_table(language: str, kind: str) -> list[list[str]]:
    """The rows (cells split on tabs) of one bid table of a rulebook, header excluded."""
    lines = rulebook_text(language).splitlines()
    (start,) = [i for i, line in enumerate(lines) if line.startswith(HEADERS[language, kind])]
    width = len(lines[start].split("\t"))
    rows = []
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        cells = line.split("\t")
        assert len(cells) == width, f"malformed rulebook row {line!r}"
        rows.append(cells)
    return rows


def table_params(kind: str) -> list[object]:
    return [
        pytest.param(profile, language, row, id=f"{profile}-{language}-{row[0]}")
        for profile in PROFILES
        for language in LANGUAGES
        for row in rulebook_table(language, kind)
    ]


def bid_named(profile: RuleProfile, designation: str, language: str) -> Bid:
    """The one bid whose name in ``language`` is the table's designation (any case)."""
    found = [
        b for b in profile.bids.values() if b.names[language].casefold() == designation.casefold()
    ]
    assert len(found) == 1, f"{designation!r} names {len(found)} bids of {profile}"
    return found[0]


def strip_markup(text: str) -> str:
    return re.sub(r"</?i>", "", text).strip()


def incompatibility_keys(profile: RuleProfile, cell: str, language: str) -> set[str]:
    """The keys a rulebook Incompatibility cell names (R9 expands the trumpless group)."""
    if cell.strip() in DASHES:
        return set()
    keys: set[str] = set()
    for part in cell.split(","):
        name = strip_markup(part)
        if name in TRUMPLESS_WORDS:
            keys |= {b.key for b in profile.standard_bids if not b.has_trump}
        else:
            keys.add(bid_named(profile, name, language).key)
    return keys


def parse_worth(cell: str) -> tuple[int, int | None]:
    """A Worth cell: ``3`` → (3, None); ``1 or 3`` / ``1 el. 3`` → (1, 3)."""
    match = re.fullmatch(r"(-?\d+) (?:or|el\.) (-?\d+)", cell.strip())
    if match:
        return int(match[1]), int(match[2])
    return int(cell), None


# --- Section 4: standard bids ----------------------------------------------------------


@pytest.mark.parametrize(("profile_name", "language", "row"), table_params("standard"))
def test_section4_standard_bid_table_row(profile_name: str, language: str,
                                         row: list[str]) -> None:
    profile = load_profile(profile_name)
    designation, worth, score, trump, tricks, rules = row
    bid = bid_named(profile, designation, language)
    assert bid.standard
    assert bid.names[language].upper() == designation.upper()
    assert profile.bid(designation) is bid
    assert profile.bid(designation.lower()) is bid
    assert profile.name(bid, language).casefold() == designation.casefold()
    assert bid.worth == int(worth)
    assert bid.score == (None if score == "*" else int(score))
    assert bid.has_trump is YES_NO[trump]
    assert bid.goal is not None
    assert bid.goal.column(language) == tricks
    assert bid.order == 0  # section 2.2.2: all of the standard bids have order 0
    assert bid.rules[language] == rules


@pytest.mark.parametrize("profile_name", PROFILES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_section4_standard_bid_table_lists_every_standard_bid_in_order(
    profile_name: str, language: str
) -> None:
    profile = load_profile(profile_name)
    table = [bid_named(profile, row[0], language).key for row in rulebook_table(language,
                                                                                  "standard")]
    assert table == [b.key for b in profile.standard_bids]
    assert len(table) == 16


@pytest.mark.parametrize("profile_name", PROFILES)
def test_section4_standard_bid_goals(profile_name: str) -> None:
    """The Tricks column's "varies" entries, as R31 reads them."""
    bids = load_profile(profile_name).bids
    assert bids["bid_of_shame"].goal == Goal(GoalKind.NOT_MOST)
    assert bids["masters_bid_of_shame"].goal == Goal(GoalKind.LEAST)
    assert bids["masters_game"].goal == Goal(GoalKind.SOLITARY_MOST)
    assert bids["limbo"].goal == Goal(GoalKind.LIMBO, first=7, last=6)
    assert bids["precise"].goal == Goal(GoalKind.GUESSED)
    assert bids["precise"].guesses == 1
    assert bids["approximate"].goal == Goal(GoalKind.GUESSED)
    assert bids["approximate"].guesses == 2
    assert bids["zero"].goal == Goal(GoalKind.MAX_TRICKS, n=0)
    assert bids["max_trump"].goal == Goal(GoalKind.MIN_TRICKS, n=7)
    assert bids["taintless_masters_game"].goal == Goal(GoalKind.MIN_TRICKS, n=12)
    assert all(b.guesses == 0 for k, b in bids.items() if k not in ("precise", "approximate"))


# --- Section 5: special bids -----------------------------------------------------------


@pytest.mark.parametrize(("profile_name", "language", "row"), table_params("special"))
def test_section5_special_bid_table_row(profile_name: str, language: str,
                                        row: list[str]) -> None:
    profile = load_profile(profile_name)
    designation, worth, order, incompatibility, rules = row
    bid = bid_named(profile, designation, language)
    assert not bid.standard
    assert bid.names[language].upper() == designation.upper()
    assert profile.bid(designation) is bid
    assert profile.bid(designation.lower()) is bid
    base, with_trump = parse_worth(worth)
    assert bid.worth == base
    assert bid.trump_bid_worth == with_trump
    if with_trump is not None:  # R10: "a trump bid that is not Grill"
        assert bid.trump_bid_worth_except == {"grill"}
    else:
        assert bid.trump_bid_worth_except == frozenset()
    assert bid.order == (None if order in DASHES else int(order))
    # The column lists one direction; the engine reads it both ways (R7).
    listed = incompatibility_keys(profile, incompatibility, language)
    listing_it = {
        b.key for b in profile.special_bids
        if bid.key in incompatibility_keys(profile, special_cells(language)[b.key], language)
    }
    assert bid.incompatible == listed | listing_it
    assert bid.rules[language] == rules


def special_cells(language: str) -> dict[str, str]:
    """Each special bid's Incompatibility cell, by key (via the 1.4.2 names)."""
    profile = load_profile("1.4.2")
    return {
        bid_named(profile, row[0], language).key: row[3]
        for row in rulebook_table(language, "special")
    }


@pytest.mark.parametrize("profile_name", PROFILES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_section5_special_bid_table_lists_every_special_bid(
    profile_name: str, language: str
) -> None:
    profile = load_profile(profile_name)
    table = [bid_named(profile, row[0], language).key for row in rulebook_table(language,
                                                                                  "special")]
    assert sorted(table) == sorted(b.key for b in profile.special_bids)
    assert len(table) == len(set(table)) == 15


@pytest.mark.parametrize("profile_name", PROFILES)
def test_section5_special_bids_in_english_table_order(profile_name: str) -> None:
    profile = load_profile(profile_name)
    table = [bid_named(profile, row[0], "en").key for row in rulebook_table("en", "special")]
    assert [b.key for b in profile.special_bids] == table


@pytest.mark.parametrize("profile_name", PROFILES)
def test_section4_standard_bids_have_no_incompatibility_of_their_own(profile_name: str) -> None:
    """Standard bids' incompatibilities come only from the special table, read both ways."""
    profile = load_profile(profile_name)
    cells = special_cells("en")
    for bid in profile.standard_bids:
        expected = {k for k, cell in cells.items()
                    if bid.key in incompatibility_keys(profile, cell, "en")}
        assert bid.incompatible == expected, bid.key


@pytest.mark.parametrize("profile_name", PROFILES)
def test_r7_incompatibility_is_symmetric(profile_name: str) -> None:
    bids = load_profile(profile_name).bids
    pairs = {(a.key, other) for a in bids.values() for other in a.incompatible}
    assert pairs
    for a, b in pairs:
        assert (b, a) in pairs, f"{a} lists {b} but not the reverse"
    assert all(b.key not in b.incompatible for b in bids.values())


@pytest.mark.parametrize("profile_name", PROFILES)
def test_r9_trumpless_bids(profile_name: str) -> None:
    profile = load_profile(profile_name)
    assert {b.key for b in profile.standard_bids if not b.has_trump} == R9_TRUMPLESS
    assert profile.bids["open_trump"].incompatible == R9_TRUMPLESS | {"grill", "open_hand"}
    for key in R9_TRUMPLESS:
        assert "open_trump" in profile.bids[key].incompatible


@pytest.mark.parametrize("profile_name", PROFILES)
def test_section4_section5_names_are_unique_in_both_languages(profile_name: str) -> None:
    profile = load_profile(profile_name)
    for language in LANGUAGES:
        names = [b.names[language].casefold() for b in profile.bids.values()]
        assert len(set(names)) == len(names) == 31
    for bid in profile.bids.values():
        assert set(bid.names) == set(bid.rules) == {"en", "sv"}  # R1: both languages
        for text in (bid.key, bid.names["en"], bid.names["sv"]):
            assert profile.bid(text) is bid


def test_r1_editions_share_every_bid_table_value() -> None:
    old, new = load_profile("1.4.1"), load_profile("1.4.2")
    assert list(old.bids) == list(new.bids)
    for key, bid in old.bids.items():
        other = new.bids[key]
        assert bid == other, key
        assert bid.names == other.names, key
        assert bid.rules == other.rules, key
    assert old != new  # R2: the 3-player decks differ


def test_r1_edition_1_4_2_states_only_what_it_changes_from_1_4_1() -> None:
    text = (resources.files("combowhist.profiles") / "editions" / "1.4.2.toml").read_text(
        encoding="utf-8")
    document = tomllib.loads(text)
    assert document.pop("base") == "1.4.1"
    assert set(document) == {"name", "aliases", "title", "deck"}
    old, new = load_profile("1.4.1").data, load_profile("1.4.2").data
    differing = {key for key in old.keys() | new.keys() if old.get(key) != new.get(key)}
    assert differing == {"name", "aliases", "title", "deck"}  # R1: the rest is shared
    assert set(new["deck"]) == {"three_players_removed"}  # R2: the one rule difference


def test_r1_profile_name_in_either_language() -> None:
    profile = load_profile("1.4.1")
    assert profile.name("masters_mail", "sv") == "Mästar-Brev"
    assert profile.name("Mästar-Brev", "en") == "Master's Mail"
    assert profile.name(profile.bids["zero"], "sv") == "Noll"
    with pytest.raises(ProfileError, match="de"):
        profile.name("zero", "de")


# --- Section 2.1 / R2: decks -----------------------------------------------------------


def cards_of_ranks(*ranks: int) -> CardSet:
    return CardSet(Card(s, r) for s in Suit for r in ranks)


R2_REMOVED = {
    "1.4.1": CardSet([Card(Suit.CLUBS, Rank.SIX)]) | cards_of_ranks(7, 8, 9),
    "1.4.2": CardSet([Card(Suit.CLUBS, Rank.SEVEN)]) | cards_of_ranks(8, 9, 10),
}


@pytest.mark.parametrize("profile_name", PROFILES)
def test_r2_three_player_deck(profile_name: str) -> None:
    profile = load_profile(profile_name)
    deck = profile.deck(3)
    assert len(deck) == 39
    assert deck == CardSet.full() - R2_REMOVED[profile_name]
    assert profile.three_players_removed == R2_REMOVED[profile_name]


@pytest.mark.parametrize(("profile_name", "language"), [("1.4.1", "en"), ("1.4.2", "sv")])
def test_section2_1_three_player_deck_as_the_rulebook_says(profile_name: str,
                                                           language: str) -> None:
    pattern = {
        "en": r"♣(\d+), as well as all the (\d+)s, (\d+)s and (\d+)s are removed",
        "sv": r"ta ut ♣(\d+), samt alla (\d+):or, (\d+):or och (\d+):or",
    }[language]
    match = re.search(pattern, rulebook_text(language))
    assert match is not None
    club, *ranks = (int(g) for g in match.groups())
    removed = CardSet([Card(Suit.CLUBS, club)]) | cards_of_ranks(*ranks)
    assert load_profile(profile_name).deck(3) == CardSet.full() - removed


def test_r2_three_player_decks_are_different_games() -> None:
    old, new = load_profile("1.4.1").deck(3), load_profile("1.4.2").deck(3)
    assert old != new
    assert Card.parse("10S") in old
    assert Card.parse("10S") not in new
    assert Card.parse("7H") in new
    assert Card.parse("7H") not in old


@pytest.mark.parametrize("profile_name", PROFILES)
@pytest.mark.parametrize("players", [4, 5, 6, 9])
def test_r3_four_or_more_players_use_all_52_cards(profile_name: str, players: int) -> None:
    deck = load_profile(profile_name).deck(players)
    assert len(deck) == 52
    assert deck == CardSet.full()


@pytest.mark.parametrize("profile_name", PROFILES)
@pytest.mark.parametrize("players", [2, 1, 0, -1])
def test_section1_fewer_than_three_players_raises(profile_name: str, players: int) -> None:
    with pytest.raises(ProfileError, match=str(players)):
        load_profile(profile_name).deck(players)


# --- Names, aliases, thresholds --------------------------------------------------------


def test_r1_available_profiles_and_aliases() -> None:
    assert available_profiles() == ("1.4.0", "1.4.1", "1.4.2", "1.5.1")
    assert DEFAULT_PROFILE == "1.4.2"
    assert load_profile() is load_profile("1.4.2")
    assert load_profile("en-1.4.1") is load_profile("1.4.1")
    assert load_profile("sv-1.4.2") is load_profile("1.4.2")
    assert str(load_profile("1.4.1")) == load_profile("1.4.1").key == "1.4.1"
    assert "en-1.4.1" in load_profile("1.4.1").aliases
    assert "sv-1.4.2" in load_profile("1.4.2").aliases
    assert load_profile("en-1.4.0") is load_profile("sv-1.4.0") is load_profile("1.4.0")
    profile = load_profile("1.4.1")
    assert load_profile(profile) is profile


@pytest.mark.parametrize("name", ["1.3.0", "1.5.0", "en", "", "sv-1.4.1"])
def test_r1_unknown_profile_raises_naming_it(name: str) -> None:
    with pytest.raises(ProfileError) as error:
        load_profile(name)
    assert repr(name) in str(error.value)


@pytest.mark.parametrize("profile_name", PROFILES)
def test_section2_auction_and_scoring_thresholds(profile_name: str) -> None:
    profile = load_profile(profile_name)
    assert profile.min_worth == 1  # 2.2.2: worth at least 1 (R7)
    assert profile.forbid_impossible_bids  # R8 (1.4.x)
    assert profile.fail_points == -2  # R34
    assert profile.bids["penalty"].fail_points == -2  # R34: Penalty, 2 more


@pytest.mark.parametrize("profile_name", PROFILES)
def test_r35_instant_win_worth_is_profile_data(profile_name: str) -> None:
    assert load_profile(profile_name).instant_win_worth == 13


@pytest.mark.parametrize("profile_name", PROFILES)
def test_r36_ban_and_free_point_are_profile_data(profile_name: str) -> None:
    profile = load_profile(profile_name)
    assert profile.ban_below == -5  # below -5 may not bid
    assert profile.free_points == 1


@pytest.mark.parametrize("profile_name", PROFILES)
def test_r39_winning_thresholds_are_profile_data(profile_name: str) -> None:
    profile = load_profile(profile_name)
    assert profile.shame_at_or_below == -5  # Win of Shame at -5 or lower
    assert profile.classic_start == 13
    assert profile.classic_floor == 1
    assert profile.limited_rounds == 3


@pytest.mark.parametrize("profile_name", PROFILES)
def test_r40_cheating_points_are_profile_data(profile_name: str) -> None:
    profile = load_profile(profile_name)
    assert profile.cancelled_deal_points == -2  # (iii) the deal is cancelled, cheater -2
    assert profile.reversal_points == -1  # (iv) play reversed, cheater -1


@pytest.mark.parametrize("profile_name", PROFILES)
def test_r41_time_limits_are_profile_data(profile_name: str) -> None:
    profile = load_profile(profile_name)
    assert profile.first_bid_seconds == 60
    assert profile.between_bids_seconds == 20


@pytest.mark.parametrize("profile_name", PROFILES)
def test_r10_masters_mail_worth_data(profile_name: str) -> None:
    mail = load_profile(profile_name).bids["masters_mail"]
    assert (mail.worth, mail.trump_bid_worth, mail.trump_bid_worth_except) == (1, 3, {"grill"})


@pytest.mark.parametrize("profile_name", PROFILES)
def test_r12_special_bid_orders(profile_name: str) -> None:
    bids = load_profile(profile_name).bids
    assert {k: b.order for k, b in bids.items() if not b.standard and b.order is not None} == {
        "justice": 1, "plague": 1, "mail": 2, "masters_mail": 3,
    }


# --- House rules: TOML files -----------------------------------------------------------


def write(tmp_path: Path, text: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def edition_text(name: str = "1.4.1") -> str:
    """A complete edition file (1.4.1's; 1.4.2's names 1.4.1 as its base)."""
    return (
        resources.files("combowhist.profiles")
        .joinpath(f"editions/{name}.toml")
        .read_text(encoding="utf-8")
    )


def edited(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` (which must occur exactly once) replaced by ``new``."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


def test_r1_house_rule_base_changes_lock_worth(tmp_path: Path) -> None:
    path = write(tmp_path, 'base = "1.4.2"\nname = "cheap-lock"\n\n[bids.lock]\nworth = 1\n')
    house = load_profile_file(path)
    assert house.key == "cheap-lock"
    assert house.bids["lock"].worth == 1
    assert house.bids["lock"].avoid_tricks == {1, 2, 3}  # the rest of the row is inherited
    assert house.bids["lock"].names == {"en": "Lock", "sv": "Lås"}
    assert ComboBid.parse("trump+lock", house).worth == 2
    assert ComboBid.parse("Trumf+Lås+Straff", house).worth == 4
    assert ComboBid.parse("trump+lock", "1.4.2").worth == 3  # the edition is untouched
    assert load_profile("1.4.2").bids["lock"].worth == 2
    assert house != load_profile("1.4.2")
    assert load_profile(str(path)) == house  # a path works wherever a profile name does


def test_r1_house_rule_base_changes_trump_goal(tmp_path: Path) -> None:
    path = write(tmp_path, 'base = "1.4.2"\nname = "trump-6"\n\n[bids.trump]\n'
                           'goal = { min_tricks = 6 }\n')
    house = load_profile_file(path)
    trump = house.bids["trump"]
    assert trump.goal == Goal(GoalKind.MIN_TRICKS, n=6)
    assert trump.goal.column("en") == "min 6"
    five = 0b11111  # D brought home tricks 1-5
    assert not ComboBid.parse("trump", house).conditions.met(five, (8, 0, 0), ())
    assert ComboBid.parse("trump", "1.4.2").conditions.met(five, (8, 0, 0), ())
    assert ComboBid.parse("trump", house).conditions.met(five | 1 << 12, (7, 0, 0), ())
    assert house.bids["grill"].goal == Goal(GoalKind.MIN_TRICKS, n=5)


def test_r1_house_rule_base_replaces_goal_of_another_kind(tmp_path: Path) -> None:
    """A goal is one value: overriding it with another kind replaces it, not merges."""
    path = write(tmp_path, 'base = "1.4.2"\nname = "misere-game"\n\n[bids.game]\n'
                           'goal = { max_tricks = 3 }\n')
    house = load_profile_file(path)
    assert house.bids["game"].goal == Goal(GoalKind.MAX_TRICKS, n=3)


def test_r1_house_rule_base_on_alias_and_1_4_1(tmp_path: Path) -> None:
    path = write(tmp_path, 'base = "en-1.4.1"\nname = "old-house"\n[auction]\nban_below = -10\n')
    house = load_profile_file(path)
    assert house.ban_below == -10
    assert house.deck(3) == load_profile("1.4.1").deck(3)


def test_r1_house_rule_complete_file_without_base(tmp_path: Path) -> None:
    text = edited(edition_text(), 'name = "1.4.1"', 'name = "my-rules"')
    text = edited(text, "worth = 6\nscore = 6", "worth = 7\nscore = 6")  # Master's Trump
    house = load_profile_file(write(tmp_path, text))
    assert house.key == "my-rules"
    assert house.bids["masters_trump"].worth == 7
    built_in = load_profile("1.4.2")
    assert list(house.bids) == list(built_in.bids)
    for key, bid in built_in.bids.items():
        if key != "masters_trump":
            assert house.bids[key] == bid
    assert ComboBid.parse("masters_trump+lock", house).worth == 9


def test_r1_house_rule_identical_copy_equals_edition(tmp_path: Path) -> None:
    house = load_profile_file(write(tmp_path, edition_text("1.4.1")))
    assert house == load_profile("1.4.1")
    assert house.source == str(tmp_path / "house.toml")


def test_issue11_schema_1_file_keeps_its_meaning(tmp_path: Path) -> None:
    """A file written before Plague's honour_points and Taintless's instant_win (schema 1)
    loads with the meaning it had: Plague's extra point is its honour point (R33), the bid
    scoring the combo's worth wins at once (R35)."""
    text = edited(edition_text("1.4.1"), "schema = 2\n", "schema = 1\n")
    text = edited(text, "honour_points = 1\n", "extra_points = 1\n")
    text = edited(text, "instant_win = true\n", "")
    old = load_profile_file(write(tmp_path, text))
    assert old == load_profile("1.4.1")
    assert old.data["schema"] == 2  # saved again as what it now is
    assert (old.bids["plague"].honour_points, old.bids["plague"].extra_points) == (1, 0)
    assert old.bids["taintless_masters_game"].instant_win


@pytest.mark.parametrize("profile_name", PROFILES)
def test_issue11_primitives_are_values_named_by_the_data(profile_name: str) -> None:
    bids = load_profile(profile_name).bids
    assert bids["plague"].event is Event.PLAGUE
    assert bids["masters_mail"].event is Event.MASTERS_MAIL
    assert bids["sloth"].play == {PlayRule.DECLARER_PLAYS_LAST}
    assert bids["iron"].play == {PlayRule.ACES_LOW}
    assert bids["open_trump"].expose is Exposure.TRUMPS
    assert bids["open_hand"].expose is Exposure.HAND
    assert bids["plague"].event == "plague"  # string enums: the profile's words still match
    assert {b.key for b in bids.values() if b.instant_win} == {"taintless_masters_game"}


@pytest.mark.parametrize("profile_name", PROFILES)
def test_r33_plague_honour_point_is_its_own_primitive(profile_name: str) -> None:
    bids = load_profile(profile_name).bids
    assert (bids["plague"].honour_points, bids["plague"].extra_points) == (1, 0)
    assert (bids["greed"].extra_points, bids["greed"].honour_points) == (1, 0)


def test_r33_extra_points_on_plague_is_refused_not_reinterpreted(tmp_path: Path) -> None:
    # A complete file of today's schema too: no silent change of meaning either way.
    text = edited(edition_text("1.4.1"), "honour_points = 1\n", "extra_points = 1\n")
    with pytest.raises(ProfileError, match=r"bids\.plague\.extra_points: .*honour_points = 1"):
        load_profile_file(write(tmp_path, text))


HOUSE = 'base = "1.4.2"\nname = "house"\n'
"""The start of a house-rule file: a base and a name of its own."""

INVALID_HOUSE_RULES = [
    pytest.param(HOUSE + 'foo = 1\n', "foo", "unknown key", id="unknown-top-key"),
    pytest.param(HOUSE + '[bids.lock]\nwurth = 1\n', "bids.lock.wurth", "unknown key",
                 id="unknown-bid-key"),
    pytest.param(HOUSE + '[auction]\nbanned_below = -3\n', "auction.banned_below",
                 "unknown key", id="unknown-section-key"),
    pytest.param(HOUSE + '[bids.lock]\nincompatible = ["zeroo"]\n',
                 "bids.lock.incompatible", "zeroo", id="unknown-incompatible-bid"),
    pytest.param(HOUSE + '[bids.lock]\nworth = "two"\n', "bids.lock.worth",
                 "expected an integer", id="wrong-type-worth"),
    pytest.param(HOUSE + '[auction]\nmin_worth = 1.5\n', "auction.min_worth",
                 "expected an integer", id="wrong-type-float"),
    pytest.param(HOUSE + '[bids.greed]\ngreed = 1\n', "bids.greed.greed",
                 "expected true or false", id="wrong-type-bool"),
    pytest.param(HOUSE + '[bids.trump]\ngoal = { min_tricks = 14 }\n',
                 "bids.trump.goal", "min_tricks", id="bad-goal-range"),
    pytest.param(HOUSE + '[bids.trump]\ngoal = "sometimes"\n', "bids.trump.goal",
                 "sometimes", id="bad-goal-name"),
    pytest.param(HOUSE + '[bids.limbo]\ngoal = { limbo = [7, 7] }\n',
                 "bids.limbo.goal", "limbo", id="bad-goal-limbo"),
    pytest.param(HOUSE + '[bids.trump]\ntrump = "sometimes"\n', "bids.trump.trump",
                 "sometimes", id="bad-trump-rule"),
    pytest.param(HOUSE + '[deck]\nthree_players_removed = "6C 7C"\n',
                 "deck.three_players_removed", "13 cards", id="deck-too-few"),
    pytest.param(
        'base = "1.4.2"\nname = "house"\n[deck]\nthree_players_removed = '
        '"2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D"\n',
        "deck.three_players_removed", "13 cards", id="deck-too-many"),
    pytest.param(HOUSE + '[deck]\nthree_players_removed = "6C 7C XX"\n',
                 "deck.three_players_removed", "XX", id="deck-bad-card"),
    pytest.param(HOUSE + '[bids.lock\nworth = 1\n', "", "not valid TOML",
                 id="invalid-toml"),
    pytest.param(HOUSE + '[bids.house]\nkind = "special"\nworth = 1\nen = "House"\n',
                 "bids.house.sv", "missing", id="new-bid-missing-column"),
    pytest.param(HOUSE + '[bids.house]\nkind = "bonus"\n', "bids.house.kind",
                 "bonus", id="bad-kind"),
    pytest.param(HOUSE + '[bids.lock]\nevent = "storm"\n', "bids.lock.event", "storm",
                 id="unknown-event"),
    pytest.param(HOUSE + '[bids.lock]\nplay = ["trumps_first"]\n', "bids.lock.play",
                 "trumps_first", id="unknown-play-rule"),
    pytest.param(HOUSE + '[bids.lock]\nexpose = "atelier"\n', "bids.lock.expose",
                 "expected one of hand, trumps", id="expose-atelier-comes-with-its-event"),
    pytest.param(HOUSE + '[bids.plague]\nextra_points = 2\n', "bids.plague.extra_points",
                 "honour_points = 2", id="r33-extra-points-on-plague"),
    pytest.param(HOUSE + '[bids.greed]\nhonour_points = 1\n', "bids.greed.honour_points",
                 "only with event = \"plague\"", id="r33-honour-points-without-plague"),
    pytest.param(HOUSE + '[bids.taintless_masters_game]\ninstant_win = "yes"\n',
                 "bids.taintless_masters_game.instant_win", "expected true or false",
                 id="r35-instant-win-not-a-bool"),
    pytest.param('base = "nope"\nname = "house"\n', "base", "nope", id="unknown-base"),
    pytest.param("base = 1\n", "base", "1", id="base-not-a-string"),
]


@pytest.mark.parametrize(("text", "key", "problem"), INVALID_HOUSE_RULES)
def test_r1_house_rule_validation_error_names_file_key_and_problem(
    tmp_path: Path, text: str, key: str, problem: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ProfileError) as error:
        load_profile_file(path)
    message = str(error.value)
    assert str(path) in message
    assert key in message
    assert problem in message


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        pytest.param("worth = 0\nscore = 1\n", "worth = 0\n", "bids.bid_of_shame.score",
                     id="missing-score"),
        pytest.param("ban_below = -5\n", "", "auction.ban_below", id="missing-ban-below"),
        pytest.param("[deck]\n", "[dekk]\n", "dekk", id="misspelt-section"),
        pytest.param("schema = 2\n", "schema = 3\n", "schema", id="schema-version"),
    ],
)
def test_r1_house_rule_complete_file_missing_or_wrong_column(
    tmp_path: Path, old: str, new: str, key: str
) -> None:
    path = write(tmp_path, edited(edition_text(), old, new))
    with pytest.raises(ProfileError) as error:
        load_profile_file(path)
    assert str(path) in str(error.value)
    assert key in str(error.value)


def test_r1_house_rule_missing_file_raises_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "absent.toml"
    with pytest.raises(ProfileError, match=re.escape("absent.toml")):
        load_profile_file(path)


def test_r1_house_rule_needs_a_name_of_its_own(tmp_path: Path) -> None:
    # A house rule saved as "1.4.2" would reload under the built-in rules: refused.
    nameless = write(tmp_path, 'base = "1.4.2"\n[bids.lock]\nworth = 1\n')
    with pytest.raises(ProfileError, match=r"house\.toml: name: missing"):
        load_profile_file(nameless)
    (tmp_path / "house.toml").unlink()
    builtin = write(tmp_path, 'base = "1.4.2"\nname = "sv-1.4.2"\n[bids.lock]\nworth = 1\n')
    with pytest.raises(ProfileError, match=r"name: 'sv-1.4.2' is a built-in profile's name"):
        load_profile_file(builtin)


def test_r1_house_rule_does_not_inherit_aliases_or_title(tmp_path: Path) -> None:
    path = write(tmp_path, 'base = "1.4.2"\nname = "cheap-lock"\n[bids.lock]\nworth = 1\n')
    profile = load_profile_file(path)
    assert profile.key == "cheap-lock"
    assert profile.aliases == ()
    assert "cheap-lock" in profile.title
    assert "1.4.2" in profile.title


def test_r1_house_rule_base_path_is_relative_to_the_file(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text('base = "1.4.2"\nname = "club"\n[bids.lock]\nworth = 1\n', encoding="utf-8")
    sub = tmp_path / "rules"
    sub.mkdir()
    house = sub / "house.toml"
    house.write_text('base = "../club.toml"\nname = "house"\n[bids.penalty]\nworth = 3\n',
                     encoding="utf-8")
    profile = load_profile_file(house)
    assert profile.bids["lock"].worth == 1
    assert profile.bids["penalty"].worth == 3
