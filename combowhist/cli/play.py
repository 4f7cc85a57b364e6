"""``combowhist play``: a whole game in the terminal, you against bots.

You type moves in the engine's notation (``pass``, ``bid trump+lock``, ``trump H``,
``play 10H`` …); ``help`` lists the commands. Bad input gets the engine's message, naming
the rule, and you try again. The game can be saved as JSON for ``combowhist replay``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from combowhist.bots import Bot
from combowhist.cli.render import (
    Namer,
    describe_move,
    game_end_text,
    record_text,
    scores_text,
    view_text,
)
from combowhist.errors import CombowhistError
from combowhist.game import Game
from combowhist.moves import Move
from combowhist.records import DealRecord
from combowhist.rules.auction import minimum_worth
from combowhist.state import Phase

__all__ = ["HELP", "play_in_terminal"]

HELP = """\
Type a move in notation, e.g.:
  pass | bid trump | bid game+greed | trump H | guess 5 | play 10H | send AS 7H 2C
Commands:
  moves   list your legal moves (in the auction: the lowest worth you may bid)
  show    show the table again
  scores  show the scores
  hint    ask the bot for a move
  quit    stop (the game is saved first if you gave --save)"""


class _Quit(Exception):
    pass


def play_in_terminal(
    game: Game,
    you: int,
    bots: Sequence[Bot],
    rng: random.Random,
    inp: TextIO,
    out: TextIO,
    hint_bot: Bot,
    save: Path | None = None,
) -> Game:
    """Play ``game`` with ``you`` typing moves and ``bots[p]`` moving for the others;
    return the game where it stopped (over, or quit). Saves to ``save`` at the end."""

    def name(seat: int) -> str:
        player = game.participants[seat]
        return "you" if player == you else f"player {player}"

    print(f"You are player {you} of {game.players}. {game.variant.kind.capitalize()} "
          f"variant, profile {game.profile}. Type 'help' for help.", file=out)
    print(scores_text(game, you), file=out)
    shown_deal: object = None
    try:
        while game.deal is not None:
            deal = game.deal
            seat = deal.to_move
            assert seat is not None
            if game.participants[seat] == you:
                if shown_deal is not deal:
                    print("\n" + view_text(deal.view(seat), name, game.deals + 1), file=out)
                    shown_deal = deal
                move: Move | str = _ask(game, seat, inp, out, hint_bot, rng, name)
            else:
                move = bots[game.participants[seat]].choose(deal, seat, rng)
            try:
                deal_after = deal.apply(move)
                after = game.apply(move)
            except CombowhistError as error:
                print(f"not legal: {error}", file=out)
                continue
            for line in describe_move(deal, deal_after.history[-1], deal_after, name):
                print(line, file=out)
            if after.deals > game.deals:
                _between_deals(after, game.deals, you, out)
            game = after
    except _Quit:
        print("You left the game.", file=out)
    if game.ending is not None:
        print("\n" + game_end_text(game), file=out)
    if save is not None:
        save.write_text(game.to_json(), encoding="utf-8")
        print(f"saved to {save}", file=out)
    return game


def _between_deals(game: Game, deals_before: int, you: int, out: TextIO) -> None:
    for record in game.history:
        if isinstance(record, DealRecord) and record.number > deals_before:
            print(record_text(record), file=out)
    print(scores_text(game, you), file=out)


def _ask(game: Game, seat: int, inp: TextIO, out: TextIO, hint_bot: Bot,
         rng: random.Random, name: Namer) -> str:
    deal = game.deal
    assert deal is not None
    while True:
        print(f"your move ({deal.phase.value})> ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            raise _Quit
        text = line.strip()
        command = text.lower()
        if not text:
            continue
        if command in ("quit", "exit", "q"):
            raise _Quit
        if command in ("help", "?"):
            print(HELP, file=out)
        elif command == "moves":
            print(_moves_text(game, seat), file=out)
        elif command == "show":
            print(view_text(deal.view(seat), name, game.deals + 1), file=out)
        elif command == "scores":
            print(scores_text(game, game.participants[seat]), file=out)
        elif command == "hint":
            print(f"hint: {hint_bot.choose(deal, seat, rng)}", file=out)
        else:
            return text


def _moves_text(game: Game, seat: int) -> str:
    deal = game.deal
    assert deal is not None
    if deal.phase is Phase.AUCTION:
        moves = deal.legal_moves()
        example = f", e.g. {moves[1]}" if len(moves) > 1 else ""
        return (f"pass, or bid a combo worth at least {minimum_worth(deal, seat)} "
                f"({len(moves) - 1} legal bids{example})")
    texts = [str(m) for m in deal.legal_moves()]
    if len(texts) > 40:
        return f"{len(texts)} moves, e.g. " + ", ".join(texts[:10])
    return ", ".join(texts)
