"""A game of Combo Whist: deal after deal until someone wins (R3, R35-R40).

>>> from combowhist import Game
>>> game = Game.new(players=4, seed=1)
>>> game.scores, game.winning_score, game.dealer, game.to_move
((0, 0, 0, 0), 13, 0, 1)
>>> game = game.apply("pass")

A game is played in one of three modes, chosen when it starts:

``"seeded"`` (the default)
    The engine shuffles every deal from the game's seed, so a seed replays the same game.
``"hands"``
    An app dealing real cards passes each deal's hands with :meth:`Game.deal_hands`.
``"sheet"``
    An app keeping score at a real table records each deal's :class:`~combowhist.Outcome`
    with :meth:`Game.record`; no cards are played. Scores, potentials, bans, free points and
    the winner come from the same code as in the other modes.

Cheating (R40) enters in every mode through :meth:`Game.adjudicate`.
"""

from __future__ import annotations

import collections
import enum
import json
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

import combowhist.cheating as cheating
import combowhist.formats as formats
from combowhist.bids import ComboBid
from combowhist.cards import CardSet
from combowhist.deal import Deal, seed_value
from combowhist.errors import (
    CombowhistError,
    GameError,
    GameSetupError,
    IllegalMoveError,
    InvalidBidError,
    NotationError,
    SetupError,
    shown,
)
from combowhist.events import (
    Cheat,
    CheatReversed,
    DeclarerCheated,
    Hands,
    IntentionalCheat,
    OpponentCheated,
    Outcome,
)
from combowhist.legal import LegalMoves
from combowhist.moves import Move
from combowhist.profiles import RuleProfile, load_profile
from combowhist.records import CheatRecord, DealRecord, Ending, Record
from combowhist.rules import seats, winning
from combowhist.rules.outcome import bid_points
from combowhist.views import PlayerView

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Action", "Game", "Mode", "Variant"]

MIN_PLAYERS = 3
"""The fewest players a game has (R3), and the fewest it goes on with (R40 v)."""
MAX_PLAYERS = 64
"""The most players a game may have: the rulebooks set no limit, but a game keeps a score
per player and a table of more than 64 is no table; the bound refuses absurd counts before
anything is allocated."""

Action = Move | Hands | Outcome | Cheat
"""Everything that changes a game: a move, dealt hands, a score-sheet outcome, a cheat."""


class Mode(enum.Enum):
    """Where a game's deals come from (see the module docs)."""

    SEEDED = "seeded"
    HANDS = "hands"
    SHEET = "sheet"


@attrs.frozen
class Variant:
    """How a game is won (R39), fixed when it starts.

    Build one with :meth:`classic` or :meth:`limited`; the defaults come from the profile
    (W starts at 13 and stops at 1; 3 rounds).
    """

    kind: str
    """``"classic"`` or ``"limited"``."""
    winning_score: int
    """Classic: the winning score W at the start."""
    floor: int
    """Classic: W drops by 1 after each round down to this, where it stays."""
    rounds: int
    """Limited: the rounds to play before a solitary highest completed bid wins."""

    def __attrs_post_init__(self) -> None:
        if self.kind not in ("classic", "limited"):
            raise GameSetupError(f"variant {self.kind!r}: a variant is 'classic' or 'limited' "
                                 f"(R39)")
        for name in ("winning_score", "floor", "rounds"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise GameSetupError(f"variant {self.kind}: {name} must be a whole number of "
                                     f"at least 1, got {value!r} (R39)")
        if self.floor > self.winning_score:
            raise GameSetupError(f"variant {self.kind}: the floor {self.floor} is above the "
                                 f"winning score {self.winning_score} (R39)")

    @classmethod
    def classic(cls, profile: RuleProfile | str | None = None,
                winning_score: int | None = None, floor: int | None = None) -> Variant:
        """The classic variant: the first declarer to complete a bid with the solitary
        highest score of at least W wins."""
        rules = load_profile(profile)
        return cls("classic",
                   rules.classic_start if winning_score is None else winning_score,
                   rules.classic_floor if floor is None else floor, rules.limited_rounds)

    @classmethod
    def limited(cls, profile: RuleProfile | str | None = None,
                rounds: int | None = None) -> Variant:
        """The limited variant: after ``rounds`` rounds, the first declarer to complete a
        bid with the solitary highest score wins."""
        rules = load_profile(profile)
        return cls("limited", rules.classic_start, rules.classic_floor,
                   rules.limited_rounds if rounds is None else rounds)

    @classmethod
    def of(cls, variant: Variant | str, profile: RuleProfile,
           rounds: int | None = None) -> Variant:
        """``variant`` itself, or the named variant with the profile's defaults."""
        if isinstance(variant, Variant):
            if rounds is not None:
                raise GameSetupError("give rounds in the Variant itself, not beside it")
            return variant
        if variant == "classic":
            if rounds is not None:
                raise GameSetupError("rounds belong to the limited variant, not the classic "
                                     "(R39)")
            return cls.classic(profile)
        if variant == "limited":
            return cls.limited(profile, rounds)
        raise GameSetupError(f"variant {variant!r}: a variant is 'classic' or 'limited' "
                             f"(R39)")


@attrs.frozen(repr=False)
class Game:
    """A whole game: an immutable value, each change returning a new game.

    Create one with :meth:`new`. Players are numbered ``0 … players-1`` clockwise. With
    more than 4 players each deal has 4 participants (R3): deal seat ``i`` is player
    :attr:`participants` ``[i]`` (:meth:`seat_of`, :meth:`player_at`). A game speaks of
    players (:attr:`to_move`, :attr:`scores`, errors), but its moves are its deal's moves,
    in one notation for deals, games, bots and saved files, so ``award 2`` awards the trick
    to deal seat 2 (R29), as :meth:`legal_moves` lists it; for a player, use
    ``Award(game.seat_of(player))``.
    """

    profile: RuleProfile
    variant: Variant
    players: int
    mode: Mode
    seed: int | str | None
    """The seed every deal is shuffled from (seeded mode)."""
    first_dealer: int
    scores: tuple[int, ...]
    """Every player's score, sitting out or not."""
    potentials: tuple[int, ...]
    """Every player's Ps (R34)."""
    active: tuple[int, ...]
    """The players still in the game (all, unless one cheated intentionally, R40 v)."""
    dealer: int
    participants: tuple[int, ...]
    """The players taking part in the current deal, in clockwise order (R3)."""
    banned: frozenset[int]
    """The participants banned from bidding in the current deal (R36)."""
    deal: Deal | None
    """The deal in progress; ``None`` between deals when the game waits for hands or an
    outcome, and when the game is over."""
    deals: int
    """How many deals have finished so far, redeals and cancelled deals included."""
    rounds: int
    """Rounds completed: a round is complete when every player still in the game has dealt
    a counted deal in it (R39)."""
    dealt: frozenset[int]
    """The players who have dealt a counted deal in the current round (R39): not redeals
    (R38) nor cancelled deals (R40 iii, v), which are nobody's deal."""
    winning_score: int | None
    """The classic winning score W now; ``None`` in the limited variant."""
    cheaters: tuple[int, ...]
    """Opponents who cheated in the current deal (R40 ii)."""
    history: tuple[Record, ...]
    """A record per finished deal and per cheating adjudication, oldest first."""
    finished_actions: tuple[tuple[Action, ...], ...]
    current_actions: tuple[Action, ...]
    winner: int | None
    """The winner, once there is one."""
    ending: Ending | None
    """How the game ended; ``None`` while it goes on."""

    def __copy__(self) -> Game:
        return self  # immutable: a copy could not differ (as for a tuple)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    # -- creating ---------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int = 4,
        *,
        profile: RuleProfile | str | None = None,
        seed: int | str | None = None,
        dealer: int = 0,
        variant: Variant | str = "classic",
        rounds: int | None = None,
        mode: Mode | str = Mode.SEEDED,
    ) -> Game:
        """A new game of ``players`` (:data:`MIN_PLAYERS` to :data:`MAX_PLAYERS`, 3 to 64),
        everyone at 0. Every argument after ``players`` is keyword-only, in the same order
        as :meth:`Deal.new <combowhist.Deal.new>`'s.

        ``seed`` makes a seeded game reproducible (without one, a random seed is drawn and
        kept in :attr:`seed`); as for a deal, a string that spells an integer is that
        integer (:func:`~combowhist.deal.seed_value`). ``dealer`` deals first.
        ``variant`` is ``"classic"``, ``"limited"`` (with ``rounds``, default 3) or a
        :class:`Variant`. ``mode`` is ``"seeded"``, ``"hands"`` or ``"sheet"`` (see the
        module docs). Bad settings raise :class:`~combowhist.errors.GameSetupError` (a
        :class:`~combowhist.errors.GameError` and a :class:`~combowhist.errors.SetupError`).
        """
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise GameSetupError(f"a game needs {MIN_PLAYERS} or more players, at most "
                                 f"{MAX_PLAYERS} (MAX_PLAYERS), not {shown(players)} (R3)")
        rules = load_profile(profile)
        chosen = Variant.of(variant, rules, rounds)
        try:
            kind = Mode(mode)
        except ValueError:
            raise GameSetupError(f"mode {mode!r}: a game's mode is 'seeded', 'hands' or "
                                 f"'sheet'") from None
        if type(dealer) is not int or not 0 <= dealer < players:
            raise GameSetupError(f"dealer {shown(dealer)} is not a player 0-{players - 1}")
        try:
            seed = seed_value(seed)
        except SetupError as error:
            raise GameSetupError(str(error)) from None
        if seed is None and kind is Mode.SEEDED:
            seed = random.SystemRandom().randrange(2**63)
        zeros = (0,) * players
        game = cls(
            rules, chosen, players, kind, seed, dealer, zeros, zeros, tuple(range(players)),
            dealer, (), frozenset(), None, 0, 0, frozenset(),
            chosen.winning_score if chosen.kind == "classic" else None, (), (), (), (),
            None, None,
        )
        return game._start_deal()

    # -- reading ----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (see :attr:`ending`)."""
        return self.ending is not None

    @property
    def waiting_for(self) -> str | None:
        """What the game needs next: ``"move"``, ``"hands"`` (:meth:`deal_hands`),
        ``"outcome"`` (:meth:`record`), or ``None`` when it is over."""
        if self.ending is not None:
            return None
        if self.mode is Mode.SHEET:
            return "outcome"
        return "move" if self.deal is not None else "hands"

    @property
    def to_move(self) -> int | None:
        """The player whose move comes next, ``None`` when no move is due."""
        if self.deal is None or self.deal.to_move is None:
            return None
        return self.participants[self.deal.to_move]

    @property
    def round_deals(self) -> int:
        """Counted deals so far in the current round: one by each player in
        :attr:`dealt`."""
        return len(self.dealt)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action since :meth:`new`, in order: what a saved game replays."""
        return tuple(a for segment in (*self.finished_actions, self.current_actions)
                     for a in segment)

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """The active players who sit out the current deal (R3)."""
        return tuple(p for p in self.active if p not in self.participants)

    def seat_of(self, player: int) -> int:
        """``player``'s seat in the current deal; :class:`GameError` if sitting out."""
        if player not in self.participants:
            raise GameError(f"player {player!r} takes no part in the current deal (R3): the "
                            f"participants are {list(self.participants)}")
        return self.participants.index(player)

    def player_at(self, seat: int) -> int:
        """The player in deal seat ``seat``."""
        if not 0 <= seat < len(self.participants):
            raise GameError(f"seat {seat!r} is not a seat of the current deal "
                            f"(0-{len(self.participants) - 1})")
        return self.participants[seat]

    def legal_moves(self) -> LegalMoves:
        """The current deal's legal moves (empty when no move is due)."""
        if self.deal is None:
            return LegalMoves()
        return self.deal.legal_moves()

    def view(self, player: int) -> PlayerView:
        """The current deal as ``player`` may see it (R11, R30)."""
        if self.deal is None:
            raise GameError(f"player {player!r}: no deal is in progress")
        return self.deal.view(self.seat_of(player))

    # -- changing ---------------------------------------------------------------------------

    def apply(self, move: Move | str) -> Game:
        """The game after the player to move makes ``move`` (an object or its notation,
        one of the deal's moves: ``award N`` names a deal seat). When the move ends the
        deal, the deal is scored (R37) and, in seeded mode, the next one dealt. An
        :class:`~combowhist.errors.IllegalMoveError` names players, not seats:
        ``player 4 cannot play 7H: must follow S (R23)``."""
        deal = self._deal_in_progress(f"move {move}")
        try:
            after = deal.apply(move)
        except (IllegalMoveError, NotationError) as error:
            raise type(error)(self._in_players(str(error))) from None
        game = self._replace(deal=after, current_actions=(*self.current_actions,
                                                          after.history[-1]))
        if after.result is None:
            return game
        result = after.result
        if result.declarer is None:
            return game._conclude(None, None, False, False, after)
        return game._conclude(self.participants[result.declarer], result.combo,
                              result.completed, result.potential, after,
                              points=result.points[result.declarer])

    def deal_hands(self, hands: Hands | Sequence[CardSet | str]) -> Game:
        """The game with the next deal dealt from ``hands`` (``mode="hands"``):
        ``hands[i]`` the cards of deal seat ``i``, the player ``participants[i]``."""
        given = hands if isinstance(hands, Hands) else Hands(hands)
        self._check_open("deal hands")
        if self.mode is not Mode.HANDS or self.deal is not None:
            raise GameError(f"cannot deal hands now: the game waits for {self.waiting_for}")
        if len(given.hands) != len(self.participants):
            raise GameError(f"deal {self.deals + 1} has {len(self.participants)} participants "
                            f"{list(self.participants)}, so {len(self.participants)} hands, "
                            f"not {len(given.hands)} (R3)")
        deal = Deal.from_hands(given.hands, dealer=self.participants.index(self.dealer),
                               profile=self.profile, scores=self._row(self.scores),
                               potentials=self._row(self.potentials))
        game = self._replace(deal=deal, current_actions=(*self.current_actions, given))
        if deal.result is not None:  # every participant banned: an immediate redeal (R36)
            return game._conclude(None, None, False, False, deal)
        return game

    def record(self, outcome: Outcome) -> Game:
        """The game after a deal recorded from the score sheet (``mode="sheet"``)."""
        self._check_open(f"record {outcome}")
        if self.mode is not Mode.SHEET:
            raise GameError(f"cannot record an outcome in {self.mode.value} mode: the game "
                            f"waits for {self.waiting_for}")
        game = self._replace(current_actions=(*self.current_actions, outcome))
        if outcome.declarer is None:
            if (outcome.combo is not None or outcome.completed or outcome.declarer_cheated
                    or outcome.cheaters or outcome.extra_points is not None):
                raise GameError(f"an outcome without a declarer is all passed (R38); it has "
                                f"no combo, completion, extra points or cheats: {outcome}")
            return game._conclude(None, None, False, False, None)
        declarer = outcome.declarer
        if outcome.declarer_cheated or outcome.cheaters:
            cheating.require_rules(self.profile, f"record {outcome}")
        combo = self._sheet_combo(outcome)
        if outcome.declarer_cheated and outcome.completed:
            raise GameError(f"player {declarer} cheated as declarer, so the bid fails and "
                            f"cannot be completed (R40 i)")
        honorable = self._honorable(outcome, combo)
        for cheater in outcome.cheaters:
            cheat = OpponentCheated(cheater)
            facts = game._cheat_facts()
            game = game._excuse(cheat, cheating.opponent_ruling(cheat, combo, declarer, facts))
        if outcome.declarer_cheated:
            game = game._add_cheat(DeclarerCheated())
        points = bid_points(combo, outcome.completed, self.profile.fail_points, honorable)
        return game._conclude(declarer, combo, outcome.completed,
                              outcome.completed and combo.potential, None, points=points,
                              declarer_cheated=outcome.declarer_cheated)

    def adjudicate(self, cheat: Cheat) -> Game:
        """The game after an adjudication of cheating (R40; see :mod:`combowhist.events`
        and :mod:`combowhist.cheating`)."""
        self._check_open(str(cheat))
        if not isinstance(cheat, Cheat):
            raise GameError(f"adjudicate takes a Cheat event, not {cheat!r}")
        cheating.require_rules(self.profile, f"adjudicate the {cheat}")
        if not isinstance(cheat, IntentionalCheat) and self.mode is not Mode.SHEET:
            self._deal_in_progress(str(cheat))
        facts = self._cheat_facts()
        ruling = cheating.rule(cheat, facts)
        game = self._replace(current_actions=(*self.current_actions, cheat))
        effect = ruling.effect
        if effect is cheating.Effect.LEAVE:
            return game._leave(cheat)
        if effect is cheating.Effect.FAIL:
            assert self.deal is not None
            assert facts.declarer is not None
            assert facts.combo is not None
            return game._add_cheat(cheat)._conclude(
                facts.declarer, facts.combo, False, False, self.deal,
                points=bid_points(facts.combo, False, self.profile.fail_points),
                declarer_cheated=True)
        if effect is cheating.Effect.EXCUSE:
            return game._excuse(cheat, ruling)
        if effect is cheating.Effect.CANCEL:
            return game._add_cheat(cheat, ruling.loss)._cancel()
        assert isinstance(cheat, CheatReversed)
        deal = None if self.deal is None else cheating.reversed_deal(self.deal, cheat.moves or 0)
        return game._add_cheat(cheat, ruling.loss)._replace(
            deal=deal, cheaters=cheating.still_excused(self.cheaters, deal))

    def _cheat_facts(self) -> cheating.Facts:
        deal = self.deal
        declarer = None if deal is None or deal.declarer is None else self.participants[
            deal.declarer]
        return cheating.Facts(self.profile, self.mode is Mode.SHEET, deal, self.participants,
                              declarer, None if deal is None else deal.combo, self.cheaters,
                              self.active)

    def _excuse(self, cheat: Cheat, ruling: cheating.Ruling) -> Game:
        """R40 (ii): the cheater loses at once and the declarer is excused."""
        assert cheat.cheater is not None
        return self._add_cheat(cheat, ruling.loss)._replace(
            cheaters=(*self.cheaters, cheat.cheater))

    def _leave(self, cheat: Cheat) -> Game:
        """R40 (v): the cheater leaves; the game goes on with 3 or more players."""
        player = cheat.cheater
        game = self._replace(active=tuple(p for p in self.active if p != player))
        game = game._add_cheat(cheat)
        if len(game.active) < MIN_PLAYERS:
            return game._replace(deal=None, ending=Ending.ABANDONED)
        if player not in self.participants:
            # The deal goes on without them; Win of Shame waits for its end (R39). The
            # round cannot end here: its dealer, a participant, has not dealt in it yet.
            return game
        return game._cancel()

    def _add_cheat(self, cheat: Cheat, loss: int = 0) -> Game:
        """Record ``cheat``, the cheater's score changed by ``loss``."""
        points = [0] * self.players
        if cheat.cheater is not None:
            points[cheat.cheater] = loss
        record = CheatRecord(cheat, self.deals + 1, tuple(points))
        scores = tuple(s + p for s, p in zip(self.scores, points, strict=True))
        return self._replace(scores=scores, history=(*self.history, record))

    def _cancel(self) -> Game:
        """End the current deal unscored (R40 iii, v): the participants banned at its start
        and still in the game get their free point (R36); it is nobody's deal (R39), and
        its dealer, if still in the game, deals again. A player who left may have been the
        last the round waited for, so it may end here."""
        game = self
        if self.deal is not None or self.mode is Mode.SHEET:
            zeros = (0,) * self.players
            free = self._free_points()
            record = DealRecord(self.deals + 1, self.dealer, self.participants, None, None,
                                False, False, zeros, free, self.banned, cancelled=True,
                                deal=self.deal)
            game = self._replace(history=(*self.history, record), deals=record.number,
                                 scores=tuple(map(sum, zip(self.scores, free, strict=True))))
        if self.dealer not in game.active:
            game = game._replace(dealer=seats.next_dealer(game.active, self.dealer))
        # R39 first, as after a played deal: a round whose last dealer has just left is
        # complete, even when the game ends here.
        game = game._tally(game.dealt)._check_shame()
        if game.ending is not None:
            return game
        return game._lower_w(self.rounds)._next_deal()

    def _free_points(self) -> tuple[int, ...]:
        """The free points of R36 per player: one for each player still in the game who
        was banned at the current deal's start."""
        point = self.profile.free_points
        return tuple(point if p in self.banned and p in self.active else 0
                     for p in range(self.players))

    def _check_shame(self) -> Game:
        shame = winning.shame_winner(self.scores, self.active, self.profile.shame_at_or_below)
        if shame is None:
            return self
        return self._replace(winner=shame, ending=Ending.SHAME, deal=None)

    # -- between deals (R36-R39) ------------------------------------------------------------

    def _conclude(self, declarer: int | None, combo: ComboBid | None, completed: bool,
                  potential: bool, deal: Deal | None, points: int = 0,
                  declarer_cheated: bool = False) -> Game:
        """Score a finished deal in the order of R37 and go on to the next one."""
        profile = self.profile
        bid = [0] * self.players
        potentials = list(self.potentials)
        if declarer is not None:
            excused = not completed and self.cheaters and not declarer_cheated  # R40 ii
            bid[declarer] = 0 if excused else points
            potentials[declarer] += potential
        free = self._free_points()
        scores = tuple(s + b + f for s, b, f in zip(self.scores, bid, free, strict=True))
        record = DealRecord(
            self.deals + 1, self.dealer, self.participants, declarer, combo, completed,
            potential, tuple(bid), tuple(free), self.banned, redeal=declarer is None,
            declarer_cheated=declarer_cheated, deal=deal,
        )
        game = self._replace(scores=scores, potentials=tuple(potentials),
                             history=(*self.history, record), deals=record.number, cheaters=())
        game = game._tally(self.dealt | {self.dealer} if record.counted else self.dealt)
        if winning.instant_win(combo, completed, profile):
            return game._replace(winner=declarer, ending=Ending.TAINTLESS, deal=None)
        game = game._check_shame()
        if game.ending is None and declarer is not None:
            game = game._variant_win(declarer, completed, self.rounds)
        if game.ending is not None:
            return game._replace(deal=None)
        game = game._lower_w(self.rounds)
        if record.counted:
            game = game._replace(dealer=seats.next_dealer(self.active, self.dealer))
        return game._next_deal()

    def _tally(self, dealt: frozenset[int]) -> Game:
        """The game with ``dealt`` the current round's dealers; when every player still in
        the game has dealt, the round is complete and the next begins (R39)."""
        if dealt and dealt.issuperset(self.active):
            return self._replace(rounds=self.rounds + 1, dealt=frozenset())
        return self._replace(dealt=dealt)

    def _lower_w(self, rounds_before: int) -> Game:
        """Classic: W down by 1, not below the floor, if a round ended since
        ``rounds_before`` (R39; the last step after a deal, R37)."""
        if self.winning_score is None or self.rounds == rounds_before:
            return self
        return self._replace(winning_score=max(self.variant.floor, self.winning_score - 1))

    def _variant_win(self, declarer: int, completed: bool, rounds_before: int) -> Game:
        """The variant's win (R39) after a deal that began with ``rounds_before`` rounds
        complete. Limited: from the deal that completes the last round on (1.4.x), or only
        after it (1.5.1, E5)."""
        if not completed or not winning.solitary_highest(self.scores, self.active, declarer):
            return self
        if self.winning_score is not None:
            if self.scores[declarer] >= self.winning_score:
                return self._replace(winner=declarer, ending=Ending.CLASSIC)
        elif (self.rounds if self.profile.last_round_can_win
              else rounds_before) >= self.variant.rounds:
            return self._replace(winner=declarer, ending=Ending.LIMITED)
        return self

    def _next_deal(self) -> Game:
        """Close the finished deal's actions and set up the next deal (dealt at once in
        seeded mode)."""
        game = self._replace(
            finished_actions=(*self.finished_actions, self.current_actions)
            if self.current_actions else self.finished_actions,
            current_actions=(), deal=None, cheaters=(),
        )
        return game._start_deal()

    def _start_deal(self) -> Game:
        participants = seats.participants(self.active, self.dealer)
        banned = frozenset(p for p in participants if self.scores[p] < self.profile.ban_below)
        game = self._replace(participants=participants, banned=banned)
        if self.mode is not Mode.SEEDED:
            return game
        rng = random.Random(f"{self.seed}:{self.deals + 1}")
        deal = Deal.new(len(participants), profile=self.profile,
                        dealer=participants.index(self.dealer), rng=rng,
                        scores=game._row(self.scores), potentials=game._row(self.potentials))
        game = game._replace(deal=deal)
        if deal.result is not None:  # every participant banned: an immediate redeal (R36)
            return game._conclude(None, None, False, False, deal)
        return game

    # -- helpers ----------------------------------------------------------------------------

    def _in_players(self, message: str) -> str:
        """A deal's error ``message`` with each of its seats named as the player there."""
        seats = len(self.participants)

        def player(match: re.Match[str]) -> str:
            seat = int(match[1])
            return f"player {self.participants[seat]}" if seat < seats else match[0]

        return _SEAT.sub(player, message)

    def _row(self, values: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(values[p] for p in self.participants)

    def _check_open(self, what: str) -> None:
        if self.ending is not None:
            raise GameError(f"the game is over ({self.ending.value}"
                            f"{'' if self.winner is None else f', won by player {self.winner}'}"
                            f"): cannot {what}")

    def _deal_in_progress(self, what: str) -> Deal:
        self._check_open(what)
        if self.deal is None:
            raise GameError(f"no deal is in progress: cannot {what}; the game waits for "
                            f"{self.waiting_for}")
        return self.deal

    def _sheet_combo(self, outcome: Outcome) -> ComboBid:
        declarer = outcome.declarer
        if declarer not in self.participants:
            raise GameError(f"declarer {declarer!r} takes no part in this deal (R3): the "
                            f"participants are {list(self.participants)}")
        if declarer in self.banned:
            raise GameError(f"player {declarer} is banned from bidding with a score below "
                            f"{self.profile.ban_below} and cannot be declarer (R36)")
        combo = outcome.combo
        if combo is None:
            raise GameError(f"player {declarer}'s outcome needs the combo bid")
        players = len(self.participants)
        try:
            if isinstance(combo, str):
                return ComboBid.parse(combo, self.profile, players)
            return ComboBid.of(self.profile, *combo.bids, players=players)
        except (InvalidBidError, NotationError) as error:
            raise type(error)(f"player {declarer}'s combo bid: {error}") from None

    def _honorable(self, outcome: Outcome, combo: ComboBid) -> bool:
        """Whether the recorded extra points include honorable Plague's (R33)."""
        base = combo.extra_points
        if outcome.extra_points in (None, base if outcome.completed else 0):
            return False
        if not outcome.completed:
            raise GameError(f"player {outcome.declarer}'s failed bid earns no extra points "
                            f"(R34), not {outcome.extra_points}")
        plague = base + combo.honour_points
        if combo.honour_points and outcome.extra_points == plague:
            return True
        allowed = sorted({base, plague})
        raise GameError(f"player {outcome.declarer}'s {combo} completed earns "
                        f"{' or '.join(map(str, allowed))} extra points (Greed R32, honorable "
                        f"Plague R33), not {outcome.extra_points}")

    def _replace(self, **changes: Any) -> Game:
        return Game(*[changes[n] if n in changes else getattr(self, n) for n in _FIELDS])

    # -- saving -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The game as plain JSON-ready data: its parameters (a house rule's contents
        included) and every action (see :mod:`combowhist.serialize`)."""
        return formats.game_data(self.profile, self.players, self.mode.value, self.seed,
                                 self.first_dealer, attrs.asdict(self.variant),
                                 [formats.action_data(action) for action in self.actions])

    @classmethod
    def from_dict(cls, data: dict[str, Any], profile: RuleProfile | str | None = None
                  ) -> Game:
        """Rebuild a game from :meth:`to_dict`'s data (see :meth:`from_json`)."""
        return collections.deque(cls.states_of(data, profile), maxlen=1)[0]

    def to_json(self, indent: int | str | None = None) -> str:
        """The game as JSON text (:meth:`to_dict`'s data); ``indent`` as in
        :func:`json.dumps`."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes, profile: RuleProfile | str | None = None) -> Game:
        """Rebuild a game from :meth:`to_json`'s text (a str, or UTF-8 bytes), replaying
        and checking every action. A house rule's game reloads from its own text;
        ``profile`` overrides the saved profile (needed only for older files that name a
        house rule without holding it). Raises
        :class:`~combowhist.errors.SerializationError` for bad input, a dict included (use
        :meth:`from_dict`)."""
        return cls.from_dict(formats.load_json(text, "game"), profile)

    @classmethod
    def states_of(cls, data: Any, profile: RuleProfile | str | None = None) -> Iterator[Game]:
        """Every state of a saved game (:meth:`to_dict`'s data), from its start to its
        last action, replaying and checking each action. Raises
        :class:`~combowhist.errors.SerializationError` naming what is wrong."""
        saved = formats.read_game(data, profile)
        try:
            game = cls.new(saved.players, profile=saved.profile, seed=saved.seed,
                           dealer=saved.dealer, variant=Variant(**saved.variant),
                           mode=saved.mode)
        except (CombowhistError, TypeError) as error:  # the saved values' fault
            raise formats.game_error(f"'players', 'dealer', 'mode', 'seed' or 'variant': "
                                     f"{type(error).__name__}: {error}") from error
        yield game
        if not isinstance(saved.actions, list):
            raise formats.game_error(f"'actions' must be a list, got {shown(saved.actions)}")
        for number, item in enumerate(saved.actions, start=1):
            try:
                game = formats.apply_action(game, item)
            except (CombowhistError, TypeError) as error:
                raise formats.replay_error("game", number, item, error) from None
            yield game

    def replay(self) -> Iterator[Game]:
        """The game's states from :meth:`new` to this one, replayed action by action."""
        return Game.states_of(self.to_dict(), self.profile)

    def __repr__(self) -> str:
        if self.ending is None:
            state = f"deal {self.deals + 1}"
        elif self.winner is None:
            state = self.ending.value
        else:
            state = f"won by player {self.winner} ({self.ending.value})"
        return (f"<Game {self.players} players, {self.profile} {self.variant.kind}, {state}, "
                f"scores {list(self.scores)}>")


_FIELDS = tuple(f.name for f in attrs.fields(Game))
_SEAT = re.compile(r"\bseat ([0-9])\b")
