"""``combowhist play`` shows the human only what their seat may know (R11, R30; issue 9).

Scripted games are played through the command. The saved game is then replayed with the
library, and every card named on screen after a move must be one the human's view holds
right after that move (when the human sits out a deal, R3: a card every participant's view
holds, i.e. a public one).
"""

from __future__ import annotations

import io
import itertools
import json
import re
from pathlib import Path

import pytest

from combowhist import Card, Game
from combowhist.cli import main
from combowhist.deal import Deal
from combowhist.serialize import game_states

_CARD = re.compile(r"(?<!\w)(10|[2-9JQKA])([SHDC♠♥♦♣])(?!\w)")
_HAND_SUIT = re.compile(r"\b([SHDC]): ((?:(?:10|[2-9JQKA]) ?)+)")  # render.hand_text
_PROMPT = re.compile(r"your move \([a-z_]+\)> ")
_MOVE_LINE = re.compile(r"^(you|player \d+): ")
_HINT = re.compile(r"hint: (.+)$", re.MULTILINE)


def cards_named(text: str) -> set[Card]:
    """Every card a text names, in notation or in a hand by suit."""
    found = {Card.parse(rank + suit) for rank, suit in _CARD.findall(text)}
    for suit, ranks in _HAND_SUIT.findall(text):
        found |= {Card.parse(rank + suit) for rank in ranks.split()}
    return found


class ScriptedHuman:
    """Standard input for ``combowhist play`` that reads the screen: in the auction it types
    the wished bids (one per prompt, in order), then passes; elsewhere it asks for a hint
    and types the hinted move. It stops (end of input) once ``deals`` deals are scored."""

    def __init__(self, screen: io.StringIO, wishes: list[str], deals: int) -> None:
        self.screen, self.wishes, self.deals = screen, list(wishes), deals
        self.hinted = False

    def readline(self) -> str:
        shown = self.screen.getvalue()
        if len(re.findall(r"^deal \d+ \(dealer", shown, re.MULTILINE)) >= self.deals:
            return ""
        if self.hinted:
            self.hinted = False
            hint: str = _HINT.findall(shown)[-1]
            return hint + "\n"
        if shown.endswith("your move (auction)> "):
            return (self.wishes.pop(0) if self.wishes else "pass") + "\n"
        self.hinted = True
        return "hint\n"


def play_scripted(tmp_path: Path, argv: list[str], wishes: list[str], deals: int
                  ) -> tuple[str, Game]:
    """Play through the command; return the screen and the saved game."""
    save = tmp_path / "game.json"
    screen = io.StringIO()
    status = main(["play", *argv, "--save", str(save)],
                  stdin=ScriptedHuman(screen, wishes, deals), stdout=screen)  # type: ignore[arg-type]
    assert status == 0
    return screen.getvalue(), Game.from_json(save.read_text(encoding="utf-8"))


def after_each_move(screen: str) -> list[str]:
    """The screen cut before each narrated move: part ``k`` is what was shown after ``k``
    moves."""
    parts: list[list[str]] = [[]]
    for line in _PROMPT.sub("\n", screen).splitlines():
        if _MOVE_LINE.match(line):
            parts.append([])
        parts[-1].append(line)
    return ["\n".join(part) for part in parts]


def known(deal: Deal, participants: tuple[int, ...], you: int) -> set[Card]:
    """The cards ``you`` may know in ``deal``: all the view holds, or, sitting out, what
    every participant's view holds."""
    def seen(seat: int) -> set[Card]:
        return cards_named(json.dumps(deal.view(seat).to_dict(), ensure_ascii=False))

    if you in participants:
        return seen(participants.index(you))
    return set.intersection(*(seen(seat) for seat in range(deal.players)))


def knowledge_after_each_move(game: Game, you: int) -> list[set[Card]]:
    """What ``you`` may know after each move of ``game`` (the deal the move was made in,
    finished or not, and the deal in progress after it)."""
    states = list(game_states(json.loads(game.to_json())))
    first = states[0]
    assert first.deal is not None
    result = [known(first.deal, first.participants, you)]
    for before, after in itertools.pairwise(states):
        assert before.deal is not None
        move = after.actions[-1]
        cards = known(before.deal.apply(move), before.participants, you)  # type: ignore[arg-type]
        if after.deal is not None:
            cards |= known(after.deal, after.participants, you)
        result.append(cards)
    return result


SCENARIOS = {
    # the issue's example (its seed was 42 before the bots changed): Rank Trump with
    # Master's Mail, the bots' face-down cards and Mail between them
    "issue9-rank-trump-masters-mail": (["--seed", "41"], ["bid rank_trump+atelier+masters_mail"],
                                       2, {"commit", "take", "send"}),
    # you declare Master's Trump with Mail, Justice, Master's Mail, Plague and Open Hand,
    # then Rank Trump with Atelier and Master's Mail
    "4-players-you-declare": (
        ["--seed", "1"],
        ["bid masters_trump+mail+justice+masters_mail+open_hand+penalty+lock+plague",
         "bid rank_trump+atelier+masters_mail+penalty+lock+plague+ending_dog"], 3,
        {"prefer", "justice", "plague", "mail", "send", "award", "commit", "take", "atelier",
         "refill"}),
    "3-players-you-declare": (
        ["--seed", "62", "--players", "3"],
        ["bid masters_trump+mail+justice+masters_mail+open_hand+penalty+lock+plague"], 2,
        {"justice", "mail", "send", "award", "commit", "take", "atelier", "refill"}),
    "4-players-random-bots": (["--seed", "3", "--bots", "random"], [], 3, {"send"}),
    "5-players-you-sit-out": (
        ["--seed", "1", "--players", "5"],
        ["bid rank_trump+atelier+masters_mail+penalty+lock+plague+ending_dog"], 3,
        {"commit", "send", "atelier"}),
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_issue9_play_names_no_card_the_humans_view_does_not_hold(
    tmp_path: Path, scenario: str
) -> None:
    argv, wishes, deals, events = SCENARIOS[scenario]
    screen, game = play_scripted(tmp_path, argv, wishes, deals)
    assert events <= {str(action).split()[0] for action in game.actions}, "scenario drifted"
    assert ("(you, sits out)" in screen) == ("5" in argv), "you sit out with 5 players (R3)"
    shown = after_each_move(screen)
    allowed = knowledge_after_each_move(game, you=0)
    assert len(shown) == len(allowed), "every move is narrated once"
    for moves, (text, cards) in enumerate(zip(shown, allowed, strict=True)):
        leaked = cards_named(text) - cards
        assert not leaked, f"after {moves} moves the screen names {leaked}:\n{text}"


def test_issue9_a_face_down_card_and_mail_between_others_are_told_without_cards(
    tmp_path: Path,
) -> None:
    screen, _ = play_scripted(tmp_path, ["--seed", "41"],
                              ["bid rank_trump+atelier+masters_mail"], 1)
    assert "player 3: commit a card face down" in screen
    assert re.search(r"player \d: send 3 cards face down to player \d", screen)
    assert "-> the laid cards are turned up: " in screen
