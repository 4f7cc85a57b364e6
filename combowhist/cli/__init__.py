"""The ``combowhist`` command.

=======================  ==================================================================
``combowhist demo``      bots play a game, every card shown (the first deal move by move)
``combowhist play``      play against bots in the terminal, seeing what your seat may see
``combowhist simulate``  many games or deals between bots, summarized (also CSV or JSON)
``combowhist replay``    step through a saved deal or game (JSON)
``combowhist rules``     a profile's bid tables, or the differences between two profiles
``combowhist analyse``   is a combo bid possible with a hand (R8), and a deal that shows it
=======================  ==================================================================

A profile is named as :func:`~combowhist.profiles.load_profile` takes it: a built-in
edition, an alias, or the path of a TOML file. Each command's ``--help`` tells the rest.

>>> main(["rules", "--profile", "1.4.1"])  # doctest: +ELLIPSIS
Combo Whist 1.4.1 ...
0
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import TextIO

from combowhist import __version__
from combowhist.bots import Bot, HeuristicBot, RandomBot, SearchBot
from combowhist.errors import CombowhistError
from combowhist.game import Game
from combowhist.profiles import DEFAULT_PROFILE, LANGUAGES, load_profile

__all__ = ["USAGE_ERROR", "main"]

USAGE_ERROR = 2
"""Exit status for bad arguments, a profile that cannot be loaded or an unreadable file."""

BOTS: dict[str, type[Bot]] = {"heuristic": HeuristicBot, "random": RandomBot,
                              "search": SearchBot}
"""The bots the command offers, by name."""


def _game_options(parser: argparse.ArgumentParser, players: int = 4) -> None:
    parser.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME",
                        help=f"the rule profile (default {DEFAULT_PROFILE})")
    parser.add_argument("--players", type=int, default=players, metavar="N",
                        help=f"number of players, 3 or more (default {players})")
    parser.add_argument("--variant", choices=("classic", "limited"), default="classic",
                        help="how the game is won (R39; default classic)")
    parser.add_argument("--rounds", type=int, default=None, metavar="N",
                        help="rounds of the limited variant (default 3)")
    parser.add_argument("--seed", default=None, metavar="SEED",
                        help="seed for the deals and the bots (default: a random one)")
    parser.add_argument("--bots", choices=sorted(BOTS), default="heuristic",
                        help="the computer players (default heuristic)")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="combowhist",
        description="The rules engine for Combo Whist, the taintless card game.",
    )
    parser.add_argument("--version", action="version", version=f"combowhist {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = commands.add_parser("demo", help="watch bots play a game (every card shown)",
                               description="Bots play a whole game; the first deal is told "
                                           "move by move, later deals a line each. You watch "
                                           "as a spectator who sees everything: every hand, "
                                           "face-down Rank Trump cards and Mail included.")
    _game_options(demo)
    demo.add_argument("--full-deals", type=int, default=1, metavar="N",
                      help="how many deals to tell move by move (default 1)")

    play = commands.add_parser("play", help="play a game against bots",
                               description="Play a whole game in the terminal against bots, "
                                           "typing moves in notation ('help' lists them "
                                           "with examples).")
    _game_options(play)
    play.add_argument("--seat", type=int, default=None, metavar="PLAYER",
                      help="your player number (default 0)")
    play.add_argument("--language", choices=LANGUAGES, default=None,
                      help="language of bid names (default en)")
    play.add_argument("--save", type=Path, default=None, metavar="FILE",
                      help="save the game as JSON when it ends, when you quit and on Ctrl-C")
    play.add_argument("--opponents", dest="bots", choices=sorted(BOTS), default=None,
                      help="the computer players, the same as --bots (default heuristic)")
    play.add_argument("--hint", choices=sorted(BOTS), default=None, metavar="BOT",
                      help="the bot the hint command asks: "
                           f"{', '.join(sorted(BOTS))} (default: the opponents' bot)")
    play.add_argument("--resume", type=Path, default=None, metavar="FILE",
                      help="continue a game saved with --save (same players, bots, seed and "
                           "seat); it is saved there again unless --save names another file")
    # unset options stay None, so that --resume can tell them from the defaults
    play.set_defaults(profile=None, players=None, variant=None, seed=None, bots=None)

    simulate = commands.add_parser(
        "simulate", help="let bots play many games or deals and summarize them",
        description="Bots play many games (or single deals with --deals); prints bid "
                    "frequencies, completion rates, endings and wins. The same --seed gives "
                    "the same result whatever --workers; without --seed a seed is drawn "
                    "and printed to stderr (the JSON and CSV record it too). With more "
                    "than 4 players every deal has 4 participants, the dealer and the "
                    "three to the dealer's left, as in a game (R3). Only one output can "
                    "go to stdout.")
    _game_options(simulate)
    count = simulate.add_mutually_exclusive_group()
    count.add_argument("--games", type=int, default=100, metavar="N",
                       help="how many games (default 100)")
    count.add_argument("--deals", type=int, default=None, metavar="N",
                       help="play N single deals instead of games")
    simulate.add_argument("--opponents", choices=sorted(BOTS), default=None,
                          help="bots for every player but the first (default: as --bots)")
    simulate.add_argument("--workers", type=int, default=None, metavar="N",
                          help="processes (default: all cores for big runs)")
    simulate.add_argument("--json", action="store_true", help="print the result as JSON")
    simulate.add_argument("--csv", default=None, metavar="FILE",
                          help="write the result's rows as CSV ('-' for stdout)")
    simulate.add_argument("--per-deal", default=None, metavar="FILE",
                          help="write one record per deal (seed, dealer, hands, contract, "
                               "declarer, tricks, points), CSV for FILE.csv, JSON lines "
                               "for FILE.jsonl ('-' for stdout, with --per-deal-format)")
    simulate.add_argument("--per-deal-format", choices=("csv", "jsonl"), default=None,
                          help="the format of --per-deal (default: from its suffix)")

    replay = commands.add_parser("replay", help="step through a saved deal or game",
                                 description="Replay a saved deal or game (JSON), checking "
                                             "every move, as a spectator who sees every card.")
    replay.add_argument("file", type=Path, metavar="FILE")
    replay.add_argument("--step", action="store_true",
                        help="wait for Enter between steps")
    replay.add_argument("--profile", default=None, metavar="NAME",
                        help="the rule profile to replay under (a built-in name or a TOML "
                             "file), for a file that names a house rule without holding it "
                             "(saved before format version 2); default: the file's own")

    rules = commands.add_parser(
        "rules",
        help="print a profile's bid tables, or the differences between two profiles",
        description="Print the standard-bid and special-bid tables of a rule profile, or "
                    "with --diff everything that differs between two profiles. A profile "
                    "is a built-in edition or alias, or the path of a TOML file.",
    )
    which = rules.add_mutually_exclusive_group()
    which.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME",
                       help=f"the rule profile (default {DEFAULT_PROFILE})")
    which.add_argument("--diff", nargs=2, metavar=("A", "B"),
                       help="print what differs between profiles A and B")
    rules.add_argument("--language", choices=LANGUAGES, default="en",
                       help="language of bid names and headings (default en)")
    analyse = commands.add_parser(
        "analyse", help="is a combo bid possible with a hand (R8), and a deal that shows it",
        description="Decide whether a combo bid is possible for a bidder holding a hand "
                    "(R8's exact layer: some split of the unseen cards and some legal "
                    "choices and plays by everyone complete it). For a possible bid, print "
                    "a deal in which the declarer completes it, move by move.")
    analyse.add_argument("--hand", required=True, metavar="CARDS",
                         help='the bidder\'s 13 cards, e.g. "AS KS QS ..."')
    analyse.add_argument("--bid", required=True, metavar="COMBO",
                         help="the combo bid, e.g. zero+hurry")
    analyse.add_argument("--players", type=int, default=4, metavar="N",
                         help="participants, 3 or 4 (default 4)")
    analyse.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME",
                         help=f"the rule profile (default {DEFAULT_PROFILE})")
    analyse.add_argument("--max-nodes", type=int, default=None, metavar="N",
                         help="give up (with an error, never an answer) after the search "
                              "has opened this many tricks")
    return parser


def _new_game(args: argparse.Namespace) -> tuple[Game, random.Random]:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    game = Game.new(args.players, profile=load_profile(args.profile), seed=str(seed),
                    variant=args.variant, rounds=args.rounds)
    return game, random.Random(f"{seed}:bots")


def _run(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    if args.command == "rules":
        from combowhist.cli.rules import diff_text, rules_text

        if args.diff:
            first, second = (load_profile(name) for name in args.diff)
            print(diff_text(first, second), file=out)
        else:
            print(rules_text(load_profile(args.profile), args.language), file=out)
    elif args.command == "replay":
        from combowhist.cli.replay import replay_file

        profile = None if args.profile is None else load_profile(args.profile)
        replay_file(args.file, out, inp if args.step else None, profile)
    elif args.command == "demo":
        from combowhist.cli.demo import run_demo

        game, rng = _new_game(args)
        print(f"seed {game.seed} (run again with --seed {game.seed} to see the same game)",
              file=out)
        run_demo(game, [BOTS[args.bots]()] * game.players, rng, out, args.full_deals)
    elif args.command == "simulate":
        from combowhist.cli.simulate import run_simulation

        opponent = BOTS[args.opponents or args.bots]
        Game.new(args.players, seed=0)  # refuses a bad player count before a bot each is made
        run_simulation(args, [BOTS[args.bots](), *[opponent()] * (args.players - 1)], out)
    elif args.command == "analyse":
        from combowhist.analysis import DEFAULT_MAX_NODES
        from combowhist.cli.analyse import run_analyse

        run_analyse(args.hand, args.bid, args.profile, args.players, out,
                    args.max_nodes or DEFAULT_MAX_NODES)
    elif args.command == "play":
        from combowhist.cli.play import run_play

        run_play(args, BOTS, inp, out)
    return 0


def main(argv: list[str] | None = None, *, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    """Run the ``combowhist`` command with ``argv`` (default: ``sys.argv[1:]``) and return
    its exit status: 0 on success, 2 for bad arguments, a profile that cannot be loaded or
    a file that cannot be read (the message goes to stderr, without a traceback).
    ``stdin``/``stdout`` default to the process's own."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse's --help, --version and usage errors
        return exit_.code if isinstance(exit_.code, int) else USAGE_ERROR
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    try:
        return _run(args, inp, out)
    except BrokenPipeError:  # output piped into e.g. head, which stopped reading
        if stdout is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 0
    except (CombowhistError, OSError) as error:
        print(f"combowhist {args.command}: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(file=out)
        return 130
