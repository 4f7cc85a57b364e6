"""``combowhist play`` as a person meets it (issue 10): scripted games through the command.

The scripted human reads the screen like a person: in the auction it types its wished bids
(bare, without ``bid``), elsewhere it asks for ``help`` and types the example the help gave,
or asks for a ``hint`` and types the hinted move without its first word.
"""

from __future__ import annotations

import io
import itertools
import json
import random
import re
from pathlib import Path
from typing import ClassVar

import pytest

from combowhist import ComboBid, Deal, Game, load_profile
from combowhist.bots import HeuristicBot, SearchBot
from combowhist.cli import BOTS, main
from combowhist.cli.render import needs_text, why_text
from combowhist.moves import Move
from combowhist.state import DealResult

_PROMPT = re.compile(r"your move \(([a-z_]+)\)> $")
_EXAMPLE = re.compile(r"e\.g\. (.+)$", re.MULTILINE)
_HINT = re.compile(r"hint: (.+)$", re.MULTILINE)  # after the prompt: input is not echoed


class Human:
    """Standard input for ``combowhist play`` that reads the screen (see the module docs).
    ``interrupt_after`` prompts, it presses Ctrl-C; after ``deals`` scored deals it stops."""

    def __init__(self, screen: io.StringIO, wishes: list[str], deals: int,
                 use_help: bool = False, interrupt_after: int | None = None) -> None:
        self.screen, self.wishes, self.deals = screen, list(wishes), deals
        self.use_help, self.interrupt_after = use_help, interrupt_after
        self.asked = False
        self.prompts = 0

    def readline(self) -> str:
        shown = self.screen.getvalue()
        if len(re.findall(r"^deal \d+ \(dealer", shown, re.MULTILINE)) >= self.deals:
            return ""
        if self.asked:
            self.asked = False
            if self.use_help:
                return _EXAMPLE.findall(shown)[-1].split("  = ")[0] + "\n"
            return _HINT.findall(shown)[-1].split(" ", 1)[1] + "\n"  # bare: no first word
        self.prompts += 1
        if self.interrupt_after is not None and self.prompts > self.interrupt_after:
            raise KeyboardInterrupt
        phase = _PROMPT.search(shown)
        if phase and phase[1] == "auction" and not self.use_help:
            return (self.wishes.pop(0) if self.wishes else "pass") + "\n"
        self.asked = True
        return ("help" if self.use_help else "hint") + "\n"


def play(argv: list[str], human: Human, screen: io.StringIO) -> int:
    return main(["play", *argv], stdin=human, stdout=screen)  # type: ignore[arg-type]


def scripted(tmp_path: Path, argv: list[str], wishes: list[str], deals: int,
             use_help: bool = False) -> tuple[str, Game]:
    save = tmp_path / "game.json"
    screen = io.StringIO()
    status = play([*argv, "--save", str(save)], Human(screen, wishes, deals, use_help), screen)
    assert status == 0
    return screen.getvalue(), Game.from_json(save.read_text(encoding="utf-8"))


YOU_DECLARE_RANK_TRUMP = (["--seed", "1"],
                          ["masters_trump+mail+justice+masters_mail+open_hand+penalty+lock+plague",
                           "rank_trump+atelier+masters_mail+penalty+lock+plague+ending_dog"])


@pytest.mark.parametrize("language", ["en", "sv"])
def test_issue10_every_bid_is_shown_by_name_notation_and_worth(
    tmp_path: Path, language: str
) -> None:
    screen, _ = scripted(tmp_path, ["--seed", "42", "--language", language], [], 1)
    profile = load_profile("1.4.2")
    bids = re.findall(r"^(?:you|player \d): bid (.+) \(([a-z_+]+), worth (\d+)\)$", screen,
                      re.MULTILINE)
    assert len(bids) >= 3
    for name, notation, worth in bids:
        combo = ComboBid.parse(notation, profile)
        assert (name, int(worth)) == (combo.name(language), combo.worth)


def test_issue10_bare_bids_and_bare_hinted_moves_are_moves(tmp_path: Path) -> None:
    argv, wishes = YOU_DECLARE_RANK_TRUMP
    screen, game = scripted(tmp_path, argv, wishes, 2)
    assert "not legal" not in screen
    actions = [str(a) for a in game.actions]
    assert f"bid {ComboBid.parse(wishes[0], '1.4.2')}" in actions  # typed without 'bid'
    assert sum(a.startswith("play ") for a in actions) >= 26  # hints typed without 'play'
    assert {"commit", "take", "send", "atelier"} <= {a.split()[0] for a in actions}


def test_issue10_help_gives_an_example_of_each_phase_from_the_legal_moves(
    tmp_path: Path,
) -> None:
    # the human types whatever example 'help' gave: each must be accepted
    screen, game = scripted(tmp_path, ["--seed", "1"], [], 3, use_help=True)
    assert "not legal" not in screen
    helped = set(re.findall(r"Moves now \(([a-z_]+)\):", screen))
    assert {"auction", "play"} <= helped
    you = [str(a).split()[0] for a in game.actions]
    assert "bid" in you, "the auction's example is a bid the human can make"


@pytest.mark.parametrize(("phase", "form"), [
    ("rank_commit", "commit CARD"), ("rank_take", "take CARD"), ("send", "send CARD CARD CARD"),
    ("atelier", "atelier CARD"),
])
def test_issue10_help_of_the_phases_you_declare_shows_the_move_and_an_example(
    tmp_path: Path, phase: str, form: str
) -> None:
    argv, wishes = YOU_DECLARE_RANK_TRUMP
    scripted(tmp_path, argv, wishes, 2)
    save = tmp_path / "game.json"
    # replay the game to the first prompt of that phase, then ask for help there
    actions = json.loads(save.read_text(encoding="utf-8"))["actions"]
    game = Game.new(4, seed="1")
    for action in actions:
        if game.deal is not None and game.deal.phase.value == phase and game.to_move == 0:
            break
        game = game.apply(action)
    else:
        pytest.fail(f"the human never moved in {phase}")
    data = json.loads(game.to_json())
    data["play"] = {"seat": 0, "bots": "heuristic", "language": "en"}
    save.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    assert main(["play", "--resume", str(save)], stdin=io.StringIO("help\n"), stdout=out) == 0
    help_text = out.getvalue().split(f"Moves now ({phase}):")[1]
    assert form in help_text
    example = _EXAMPLE.findall(help_text)[0]
    assert example in [str(m) for m in game.legal_moves()[:1000]]


def test_issue10_phases_are_announced_with_who_decides(tmp_path: Path) -> None:
    argv, wishes = YOU_DECLARE_RANK_TRUMP
    screen, _ = scripted(tmp_path, argv, wishes, 2)
    assert re.search(r"^Auction: .+ \(R5-R7\)\. (You|Player \d) to bid\.$", screen, re.MULTILINE)
    assert ("Rank Trump: every player lays a card face down; the declarer takes the highest, "
            "and its suit is trump (R14, E2).") in screen
    assert re.search(r"^Play: (you lead|player \d leads) trick 1", screen, re.MULTILINE)
    assert re.search(r"^Mail: (you choose|player \d chooses) the direction", screen,
                     re.MULTILINE)
    assert re.search(r"^  -> trump is [SHDC] \(R14\)$", screen, re.MULTILINE)


def test_issue10_cards_received_by_mail_are_announced_as_the_view_holds_them(
    tmp_path: Path,
) -> None:
    argv, wishes = YOU_DECLARE_RANK_TRUMP
    screen, game = scripted(tmp_path, argv, wishes, 2)
    received = re.findall(r"-> you received ((?:\S+ ){3})by (Mail|Master's Mail) from "
                          r"(player \d)", screen)
    assert received
    states = list(game.replay())
    got = [str(after.view(0).received - before.view(0).received)
           for before, after in itertools.pairwise(states)
           if before.deal is not None and after.deal is not None
           and after.deals == before.deals and 0 in before.participants]
    assert sorted(cards.strip() for cards, _, _ in received) == sorted(g for g in got if g)


def test_issue10_contract_needs_what_its_bids_ask() -> None:
    profile = load_profile("1.4.2")
    assert needs_text(ComboBid.parse("trump+lock", profile)) == (
        "at least 5 tricks; must not take any of tricks 1\u20133 (Lock)")
    assert needs_text(ComboBid.parse("max_trump+greed", profile)).startswith(
        "at least 8 tricks (Greed")  # R32: 7 with a trick to spare
    assert needs_text(ComboBid.parse("trump+ending_dog", profile)) == (
        "at least 5 tricks; must not take trick 13 (Ending Dog)")
    assert needs_text(ComboBid.parse("zero", profile)) == "no tricks"
    assert needs_text(ComboBid.parse("approximate", profile), (4, 6)) == "4 or 6 tricks"
    swedish = needs_text(ComboBid.parse("trump+lock", profile), (), "sv")
    assert f"({profile.name('lock', 'sv')})" in swedish


def test_issue10_result_says_which_condition_failed() -> None:
    profile = load_profile("1.4.2")
    combo = ComboBid.parse("trump+lock", profile)
    winners = (0, 1, 2, 0, 0, 0, 0, 1, 2, 3, 1, 2, 3)  # 5 tricks, trick 1 among them
    result = DealResult(0, combo, False, (5, 3, 3, 2), (-2, 0, 0, 0), False,
                        trick_winners=winners)
    assert why_text(result) == "took 5 tricks: at least 5 tricks; took trick 1, which Lock forbids"
    fewer = DealResult(0, combo, False, (4, 3, 3, 3), (-2, 0, 0, 0), False,
                       trick_winners=(1, 2, 3, 0, 0, 0, 0, 1, 2, 3, 1, 2, 3))
    assert why_text(fewer) == ("took 4 tricks, needed at least 5 tricks; took none of "
                               "tricks 1\u20133 (Lock)")


def test_issue10_every_result_of_a_game_says_why(tmp_path: Path) -> None:
    screen, game = scripted(tmp_path, ["--seed", "3", "--bots", "random"], [], 3)
    results = re.findall(r"-> .+ (completed|failed) .+\n +why: (.+)", screen)
    played = [r for r in game.history if getattr(r, "declarer", None) is not None]
    assert len(results) == len(played) > 0
    for verdict, why in results:
        assert ("needed" in why or "forbids" in why or "beplagued:" in why) == (
            verdict == "failed")


def test_issue10_ctrl_c_saves_and_resume_goes_on_as_if_never_stopped(tmp_path: Path) -> None:
    argv = ["--seed", "5", "--seat", "2"]
    (tmp_path / "whole").mkdir()
    _, whole = scripted(tmp_path / "whole", argv, [], 2)

    save = tmp_path / "stopped.json"
    screen = io.StringIO()
    status = play([*argv, "--save", str(save)], Human(screen, [], 2, interrupt_after=3), screen)
    assert status == 130
    assert f"saved to {save} (continue with: combowhist play --resume {save})" in \
        screen.getvalue()
    stopped = Game.from_json(save.read_text(encoding="utf-8"))
    assert 0 < len(stopped.actions) < len(whole.actions)

    again = io.StringIO()
    assert play(["--resume", str(save)], Human(again, [], 2), again) == 0
    assert again.getvalue().startswith("You are player 2 of 4.")
    resumed = Game.from_json(save.read_text(encoding="utf-8"))
    assert resumed.actions[:len(whole.actions)] == whole.actions


@pytest.mark.parametrize("option", [["--seed", "9"], ["--players", "5"], ["--seat", "1"]])
def test_issue10_resume_refuses_options_that_would_change_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    save = tmp_path / "game.json"
    assert main(["play", "--seed", "5", "--save", str(save)], stdin=io.StringIO("pass\n"),
                stdout=io.StringIO()) == 0
    before = save.read_text(encoding="utf-8")
    out = io.StringIO()
    assert main(["play", "--resume", str(save), *option], stdin=io.StringIO(""),
                stdout=out) == 2
    assert f"{option[0]} with --resume" in capsys.readouterr().err
    assert save.read_text(encoding="utf-8") == before


def test_issue10_five_players_you_sit_out_a_deal_and_the_game_goes_on(tmp_path: Path) -> None:
    screen, game = scripted(tmp_path, ["--seed", "1", "--players", "5", "--seat", "4"], [], 2)
    assert screen.startswith("You are player 4 of 5.")
    assert ("== deal 1: dealer player 0: you sit out this deal (R3); player 0, player 1, "
            "player 2, player 3 play it and the game goes on") in screen
    assert re.search(r"== deal 2: dealer player 1 \(player 0 sitting out\)", screen)
    assert "your move (" in screen.split("== deal 2")[1]  # you play the next deal
    assert "seat" not in screen
    assert not re.search(r"^player 4: ", screen, re.MULTILINE)  # you are "you" throughout
    assert game.deals >= 2


# -- issue 15: the search bot as opponent and as the hint --------------------------------------


class _Recording:
    """A :class:`~combowhist.bots.SearchBot` of one world a decision that counts its calls,
    put in place of the CLI's ``search`` bot (so the tests are quick and can tell who moved)."""

    made: ClassVar[list[_Recording]] = []

    def __init__(self) -> None:
        self.bot, self.name, self.calls = SearchBot(iterations=1, seed=2), "search", 0
        _Recording.made.append(self)

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        self.calls += 1
        return self.bot.choose(deal, seat, rng)


@pytest.fixture
def recording(monkeypatch: pytest.MonkeyPatch) -> type[_Recording]:
    monkeypatch.setattr(_Recording, "made", [])
    monkeypatch.setitem(BOTS, "search", _Recording)
    return _Recording


@pytest.mark.parametrize("option", ["--opponents", "--bots"])
def test_issue15_opponents_search_seats_search_bots_and_its_hint(
    tmp_path: Path, recording: type[_Recording], option: str
) -> None:
    """``--opponents search`` (the same option as ``--bots``): the other players' moves
    and the hints come from search bots, and the saved game says so."""
    screen, game = scripted(tmp_path, [option, "search", "--seed", "3"], [], 1)
    assert "not legal" not in screen
    saved = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))["play"]
    assert (saved["bots"], saved["hint"]) == ("search", "search")
    opponents, hint = recording.made[0], recording.made[1]
    assert opponents.calls >= 3 * 13  # at least a card a trick for the three others
    assert hint.calls == len(_HINT.findall(screen)) > 0
    assert len(game.actions) > 0


def test_issue15_hint_search_asks_the_search_bot_whatever_the_opponents(
    tmp_path: Path, recording: type[_Recording]
) -> None:
    """``--hint search`` with heuristic opponents: every hint is the search bot's and no
    opponent move is; a resumed game keeps the hint's bot."""
    screen, _ = scripted(tmp_path, ["--hint", "search", "--seed", "3"], [], 1)
    hints = len(_HINT.findall(screen))
    assert hints > 0
    assert [r.calls for r in recording.made if r.calls] == [hints]
    saved = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))["play"]
    assert (saved["bots"], saved["hint"]) == ("heuristic", "search")
    out = io.StringIO()
    assert main(["play", "--resume", str(tmp_path / "game.json")],
                stdin=io.StringIO("hint\n"), stdout=out) == 0
    assert "hint: " in out.getvalue()
    assert [r.calls for r in recording.made if r.calls] == [hints, 1]


def test_issue15_hint_names_a_bot_at_the_prompt(recording: type[_Recording]) -> None:
    """``hint search`` at the prompt asks the search bot for a legal move of yours; an
    unknown bot's name is refused by name and changes nothing."""
    out = io.StringIO()
    status = main(["play", "--seed", "5", "--seat", "1"],
                  stdin=io.StringIO("hint search\nhint nobody\nmoves\n"), stdout=out)
    assert status == 0
    screen = out.getvalue()
    hinted = re.findall(r"hint \(search\): (.+)$", screen, re.MULTILINE)
    assert len(hinted) == 1
    assert "hint nobody: no such bot (the bots are heuristic, random, search)" in screen
    game = Game.new(4, seed="5")
    while game.to_move != 1:  # the heuristic opponents' moves before your first
        game = game.apply(HeuristicBot().choose(game.deal, game.seat_of(game.to_move),
                                                random.Random(f"5:bots:{len(game.actions)}")))
    legal = {str(m) for m in game.legal_moves()}
    assert hinted[0] in legal or f"bid {hinted[0]}" in legal
    assert sum(r.calls for r in recording.made) == 1


def test_issue15_an_unknown_hint_bot_is_refused_by_the_parser(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--hint", "oracle"], stdin=io.StringIO(""),
                stdout=io.StringIO()) == 2
    assert "--hint: invalid choice: 'oracle'" in capsys.readouterr().err
