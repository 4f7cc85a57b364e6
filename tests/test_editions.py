"""Edition 1.4.0 against its own rulebook (the LaTeX sources in ``tests/rulebooks/v1.4.0/``,
GPL-3.0, copied verbatim), and what it changes from 1.4.1 (``../shared/rules/EDITIONS.md``,
ruling E1): every bid table row in both languages, the renamed bids, Taintless Master's
Game's worth and goal, Plague's incompatibility, no rules on cheating. Each changed rule is
also run under 1.4.1, where it does not change.
"""

from __future__ import annotations

from pathlib import Path

import edition_tables
import pytest
from rulebook_tex import tex_table

from combowhist import (
    ComboBid,
    Deal,
    Game,
    GameError,
    InvalidBidError,
    NotationError,
    ProfileError,
    load_profile,
    load_profile_file,
)
from combowhist.bids import Bid, TrickConditions
from combowhist.events import (
    CheatBeforeBid,
    CheatReversed,
    DeclarerCheated,
    IntentionalCheat,
    OpponentCheated,
)
from combowhist.game import Outcome

EDITION = "1.4.0"
LANGUAGES = ("en", "sv")
RENAMED = {"exact": "precise", "start": "hurry", "triumph_trump": "justice"}
"""1.4.0's keys of the bids 1.4.1 renamed, and the 1.4.1 keys they continue."""


def bid_named(designation: str, language: str) -> Bid:
    return edition_tables.bid_named(EDITION, designation, language)


# -- the tables (their rows are checked in test_edition_tables.py) ----------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", ["standard", "special"])
def test_140_tables_list_every_bid_once(language: str, kind: str) -> None:
    profile = load_profile(EDITION)
    keys = [bid_named(row[0], language).key for row in tex_table(EDITION, language, kind)]
    bids = profile.standard_bids if kind == "standard" else profile.special_bids
    assert sorted(keys) == sorted(b.key for b in bids)
    if language == "en":  # the engine keeps the English table order (R1)
        assert keys == [b.key for b in bids]


def test_140_incompatibility_is_symmetric_and_plague_excludes_taintless() -> None:
    bids = load_profile(EDITION).bids
    for bid in bids.values():
        for other in bid.incompatible:
            assert bid.key in bids[other].incompatible
    assert "taintless_masters_game" in bids["plague"].incompatible
    assert "plague" in bids["taintless_masters_game"].incompatible
    assert "plague" not in load_profile("1.4.1").bids["taintless_masters_game"].incompatible


# -- renamed bids ----------------------------------------------------------------------------


def test_140_renamed_bids_continue_the_141_keys_in_the_same_places() -> None:
    old, new = load_profile("1.4.1"), load_profile(EDITION)
    assert [RENAMED.get(key, key) for key in new.bids] == list(old.bids)
    for key, earlier in RENAMED.items():
        assert new.bids[key].continues == earlier
        assert earlier not in new.bids
    assert (new.bids["exact"].names, new.bids["start"].names,
            new.bids["triumph_trump"].names) == (
        {"en": "Exact", "sv": "Exakt"}, {"en": "Start", "sv": "Start"},
        {"en": "Triumph Trump", "sv": "Triumf-Trumf"})
    assert all(b.continues is None for b in old.bids.values())


def test_140_renamed_bids_keep_their_rules() -> None:
    old, new = load_profile("1.4.1"), load_profile(EDITION)
    for key, earlier in RENAMED.items():
        a, b = new.bids[key], old.bids[earlier]
        assert (a.worth, a.order, a.event, a.play, a.goal, a.guesses, a.score) == (
            b.worth, b.order, b.event, b.play, b.goal, b.guesses, b.score)


def test_140_a_combo_of_renamed_bids_parses_by_the_new_names_only() -> None:
    combo = ComboBid.parse("Exact+Start+Triumph Trump+Open Hand+Plague", EDITION)
    assert str(combo) == "exact+triumph_trump+start+plague+open_hand"
    assert [event.value for event in combo.events] == ["justice", "plague"]  # R12
    with pytest.raises(NotationError, match=r"'precise' is not a bid of profile 1\.4\.0"):
        ComboBid.parse("precise+open_hand", EDITION)


def test_140_a_deal_plays_saves_and_replays_with_renamed_bids() -> None:
    deal = Deal.new(4, profile=EDITION, seed=3)
    for move in ("bid exact+triumph_trump+open_hand+plague+lock", "pass", "pass", "pass"):
        deal = deal.apply(move)
    assert deal.combo is not None
    assert deal.combo.has("exact")
    again = Deal.from_json(deal.to_json())
    assert again == deal
    assert list(again.legal_moves()) == list(deal.legal_moves())


# -- Taintless Master's Game ------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "worth", "tricks"), [("1.4.0", 9, 13), ("1.4.1", 8, 12)])
def test_140_taintless_masters_game_worth_and_tricks(edition: str, worth: int,
                                                      tricks: int) -> None:
    combo = ComboBid.parse("taintless_masters_game", edition)
    assert combo.worth == worth
    conditions: TrickConditions = combo.conditions
    all_but_the_last = (1 << 12) - 1  # D takes tricks 1-12, an opponent trick 13
    assert conditions.met(all_but_the_last, [1, 0, 0], ()) is (tricks == 12)
    assert conditions.met((1 << 13) - 1, [0, 0, 0], ())


@pytest.mark.parametrize(("edition", "possible"), [("1.4.0", False), ("1.4.1", True)])
def test_140_r8_taintless_with_ending_dog_or_greed_is_impossible_only_with_13_tricks(
    edition: str, possible: bool
) -> None:
    for text in ("taintless_masters_game+ending_dog", "taintless_masters_game+greed"):
        if possible:
            assert ComboBid.parse(text, edition).worth > 0
        else:
            with pytest.raises(InvalidBidError, match="R8"):
                ComboBid.parse(text, edition)


@pytest.mark.parametrize(("edition", "allowed"), [("1.4.0", False), ("1.4.1", True)])
def test_140_r7_plague_with_taintless_masters_game(edition: str, allowed: bool) -> None:
    if allowed:
        assert ComboBid.parse("taintless_masters_game+plague", edition).has("plague")
    else:
        with pytest.raises(InvalidBidError, match="R7"):
            ComboBid.parse("taintless_masters_game+plague", edition)


# -- E1: no rules on cheating -------------------------------------------------------------


CHEATS = [CheatBeforeBid(1), CheatReversed(1, 0), IntentionalCheat(2)]


@pytest.mark.parametrize("cheat", CHEATS, ids=str)
def test_e1_140_refuses_every_adjudication_naming_the_edition(cheat: object) -> None:
    game = Game.new(4, profile=EDITION, seed=2).apply("pass")
    before = game.to_json()
    with pytest.raises(GameError) as error:
        game.adjudicate(cheat)  # type: ignore[arg-type]
    message = str(error.value)
    assert "1.4.0" in message
    assert "E1" in message
    assert str(cheat) in message
    assert game.to_json() == before
    allowed = Game.new(4, profile="1.4.1", seed=2).apply("pass")
    assert allowed.adjudicate(cheat).actions[-1] == cheat  # type: ignore[arg-type]


def test_e1_140_refuses_cheats_of_a_played_contract_and_of_the_score_sheet() -> None:
    game = Game.new(4, profile=EDITION, seed=2)
    for move in ("bid trump+lock", "pass", "pass", "pass"):
        game = game.apply(move)
    for cheat in (DeclarerCheated(), OpponentCheated(1)):
        with pytest.raises(GameError, match=r"profile 1\.4\.0 has no rules on cheating"):
            game.adjudicate(cheat)
    sheet = Game.new(4, profile=EDITION, mode="sheet")
    for outcome in (Outcome(0, "trump", False, declarer_cheated=True),
                    Outcome(0, "trump", True, cheaters=(1,))):
        with pytest.raises(GameError, match="E1"):
            sheet.record(outcome)
    assert sheet.record(Outcome(0, "trump", True)).scores[0] == 1  # the rest plays as ever


def test_e1_141_and_142_have_rules_on_cheating() -> None:
    assert load_profile("1.4.1").cheating_rules
    assert load_profile("1.4.2").cheating_rules
    assert not load_profile(EDITION).cheating_rules


# -- building editions and house rules on renames --------------------------------------


def test_140_a_house_rule_on_1_4_0_keeps_its_names(tmp_path: Path) -> None:
    path = tmp_path / "cheap.toml"
    path.write_text('base = "1.4.0"\nname = "cheap-exact"\n\n[bids.exact]\nworth = 2\n',
                    encoding="utf-8")
    profile = load_profile_file(path)
    assert profile.bids["exact"].worth == 2
    assert profile.bids["exact"].continues == "precise"
    assert not profile.cheating_rules


def test_a_house_rule_renames_a_bid_with_continues(tmp_path: Path) -> None:
    path = tmp_path / "renamed.toml"
    path.write_text('base = "1.4.2"\nname = "renamed"\n\n[bids.nought]\ncontinues = "zero"\n'
                    'en = "Nought"\nsv = "Nolla"\n', encoding="utf-8")
    profile = load_profile_file(path)
    assert list(profile.bids)[13] == "nought"  # Zero's place in the table
    assert "zero" not in profile.bids
    assert "nought" in profile.bids["lock"].incompatible  # references follow the rename
    assert "nought" in profile.bids["ending_dog"].incompatible
    assert str(ComboBid.parse("Nought+Open Hand", profile)) == "nought+open_hand"
    assert profile.bids["nought"].continues == "zero"


@pytest.mark.parametrize(("rows", "message"), [
    ('[bids.nought]\ncontinues = "nil"\nen = "Nought"\nsv = "Nolla"\n',
     "bids.nought.continues: the base profile has no bid 'nil' to rename"),
    ('[bids.nought]\ncontinues = "zero"\nen = "Nought"\nsv = "Nolla"\n'
     '[bids.nil]\ncontinues = "zero"\nen = "Nil"\nsv = "Nil"\n',
     "bid 'zero' is renamed twice"),
    ('[bids.zero]\ncontinues = "zero"\n', "bids.zero.continues: a bid continues another key"),
    # 1.5.1's primitives (test_edition_151.py)
    ('[bids.mail]\ndirection = "across"\n', "bids.mail.direction: unknown 'across'"),
    ('[bids.lock]\ndirection = "left"\n', "bids.lock.direction: goes only with event"),
    ('[bids.trump]\nlaid_by = "opponents"\n', "bids.trump.laid_by: goes only with trump"),
    ('[bids.rank_trump]\nlaid_by = "nobody"\n', "bids.rank_trump.laid_by: unknown 'nobody'"),
    ('[bids.zero]\ngoal = { capture = "" }\n', "bids.zero.goal: expected"),
    ('[bids.zero]\ngoal = { capture = "2X" }\n', "bids.zero.goal.capture:"),
    ('[bids.nil]\nremoved = true\n', "bids.nil.removed: the base profile has no bid 'nil'"),
    ('[bids.zero]\nremoved = true\nworth = 1\n', "bids.zero.removed: a row that removes"),
    ('[winning]\nlast_round_can_win = 1\n', "winning.last_round_can_win: expected true or"),
    ('[terms]\nscore = { en = "Points", sv = "Poäng" }\n', "terms.score: unknown key"),
    ('[terms]\nworth = { en = "Rank" }\n', "terms.worth.sv: missing"),
])
def test_a_bad_house_rule_row_is_a_profile_error_naming_the_key(tmp_path: Path, rows: str,
                                                               message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(f'base = "1.4.2"\nname = "bad"\n\n{rows}', encoding="utf-8")
    with pytest.raises(ProfileError) as error:
        load_profile_file(path)
    assert message in str(error.value)
    assert str(path) in str(error.value)
