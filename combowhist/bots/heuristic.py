"""The heuristic bot: bids from its hand's strength and plays toward its bid's goal
(and against the declarer's)."""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

import attrs

from combowhist.analysis import proven_impossible
from combowhist.bids import Bid, ComboBid, GoalKind, PlayRule
from combowhist.bots.base import check_turn
from combowhist.bots.cards import (
    _cards,
    _higher,
    _highest,
    _lowest,
    _suit_length,
)
from combowhist.bots.estimate import (
    _Assessment,
    _auction_gain,
    _best_guesses,
    _chance,
    _Choices,
    _gain_of,
    _Option,
    _options_from,
    _Way,
    _way,
    _winning_tricks,
)
from combowhist.cards import (
    ALL_CARDS,
    SUIT_MASKS,
    CardSet,
    Suit,
    card_strength,
)
from combowhist.deal import HAND_SIZE, Deal
from combowhist.legal import LegalMoves
from combowhist.moves import (
    Award,
    Commit,
    Guess,
    MakeBid,
    Move,
    Pass,
    Play,
    Prefer,
    Refill,
    Send,
    SetAtelier,
    SetJustice,
    SetMail,
    SetPlague,
    SetTrump,
    Take,
)
from combowhist.profiles import RuleProfile
from combowhist.rules.play import beats, winning_play
from combowhist.rules.setup import mail_target
from combowhist.state import Phase
from combowhist.views import PlayerView

# -- what a seat knows ---------------------------------------------------------------------


@attrs.frozen
class _Sight:
    """The part of a :class:`~combowhist.views.PlayerView` the heuristic bot reads, as
    plain ints (cards as indices, card sets as bitmasks, ``-1`` for "none").

    Built from the seat's view alone (:meth:`of`), so the bot sees nothing the view hides.
    Exposed cards (Open Hand, Open Trump, the atelier), Mail's known cards
    and Master's Trump statements are left out: the bot does not use them.
    """

    seat: int
    players: int
    profile: RuleProfile
    phase: Phase
    hand: int
    """The seat's own cards."""
    deck: int
    """The deck in use (R2)."""
    played: int
    """Every card played to a trick so far, the current trick included."""
    high_bid: ComboBid | None
    """The high bid in the auction."""
    declarer: int
    """D's seat, ``-1`` before the auction ends."""
    combo: ComboBid | None
    trump: int
    """The trump suit now (the current trick's under Grill), ``-1`` for none."""
    trick: tuple[tuple[int, int], ...]
    """The current trick as (seat, card) pairs."""
    winners: tuple[int, ...]
    """Who brought home each finished trick."""
    guesses: tuple[int, ...]
    laid: tuple[int, ...]
    """Rank Trump's laid cards as far as the seat sees them (``-1`` for a hidden one)."""
    auction: tuple[tuple[int, str], ...]
    """The auction's moves, public (R11): ``(seat, standard bid key)`` for a bid,
    ``(seat, "pass")`` for a pass."""

    @classmethod
    def of(cls, view: PlayerView) -> _Sight:
        """What the seat of ``view`` knows, from the view alone."""
        auction = []
        for mover, text in view.log:  # the auction's moves come first
            word, _, rest = text.partition(" ")
            if word == "bid":
                auction.append((mover, rest.partition("+")[0]))
            elif word == "pass":
                auction.append((mover, "pass"))
            else:
                break
        laid = tuple(-1 if c is None else c.index for c in view.laid)
        return cls(
            view.seat, view.players, view.profile, view.phase, view.hand.mask,
            view.profile.deck(view.players).mask, view.played.mask, view.high_bid,
            -1 if view.declarer is None else view.declarer, view.combo,
            -1 if view.trump is None else int(view.trump),
            tuple((s, c.index) for s, c in view.trick), view.trick_winners, view.guesses, laid,
            tuple(auction),
        )

    @property
    def iron(self) -> bool:
        """Whether aces rank lowest (R24)."""
        return self.combo is not None and PlayRule.ACES_LOW in self.combo.play_rules

    @property
    def unseen(self) -> int:
        """The cards the seat has not seen: in the other hands, as far as it knows."""
        return self.deck & ~self.hand & ~self.played

    @property
    def is_declarer(self) -> bool:
        return self.seat == self.declarer

    def tricks_of(self, seat: int) -> int:
        return self.winners.count(seat)


# -- trick play ---------------------------------------------------------------------------------


class _Aim(enum.Enum):
    """What D wants from the current trick."""

    WIN = "win"
    LOSE = "lose"
    ANY = "any"


def _targets(combo: ComboBid, guesses: Sequence[int]) -> list[int]:
    """The final trick counts that complete a guessing bid, Greed applied (R16, R32)."""
    counts = range(HAND_SIZE + 1)
    if combo.greed:
        return [t for t in counts if t - 1 in guesses and t + 1 in guesses]
    return [t for t in counts if t in guesses]


def _declarer_aim(sight: _Sight) -> _Aim:
    """What D wants from the current trick, given the bid's goal and the tricks so far."""
    combo = sight.combo
    assert combo is not None
    number = len(sight.winners) + 1
    if combo.avoid_tricks >> (number - 1) & 1:
        return _Aim.LOSE  # Lock, Ending Dog (R31)
    goal = combo.standard.goal
    assert goal is not None
    mine = sight.tricks_of(sight.declarer)
    left = HAND_SIZE - number + 1
    kind, greed = goal.kind, int(combo.greed)
    if kind is GoalKind.MIN_TRICKS:
        need = goal.n + greed
        return _Aim.WIN if mine < need <= mine + left else _Aim.ANY
    if kind is GoalKind.SOLITARY_MOST:
        rival = max(sight.tricks_of(s) for s in range(sight.players) if s != sight.declarer)
        sure = mine - greed > rival + left
        return _Aim.ANY if sure or mine + left <= rival + greed else _Aim.WIN
    if kind is GoalKind.MAX_TRICKS:
        return _Aim.LOSE if mine <= goal.n - greed else _Aim.ANY
    if kind in (GoalKind.NOT_MOST, GoalKind.LEAST):
        return _Aim.LOSE
    if kind is GoalKind.CAPTURE:  # win the tricks a named card falls in (E4)
        return _Aim.WIN if any(goal.cards >> c & 1 for _, c in sight.trick) else _Aim.ANY
    if kind is GoalKind.LIMBO:
        first = sum(1 for w in sight.winners[: goal.first] if w == sight.declarer)
        if number <= goal.first:
            return _Aim.LOSE
        return _Aim.WIN if mine - first <= first + greed else _Aim.ANY
    reachable = [t for t in _targets(combo, sight.guesses) if t >= mine]
    if not reachable or reachable[0] > mine + left:
        return _Aim.ANY
    return _Aim.LOSE if reachable[0] == mine else _Aim.WIN


def _danger(card: int, sight: _Sight) -> tuple[int, int]:
    """How likely a card is to win a trick later: fewer unseen higher cards, higher rank."""
    iron = sight.iron
    return (-_higher(card, sight.unseen, iron).bit_count(), card_strength(card, iron))


def _is_master(card: int, sight: _Sight) -> bool:
    """No unseen card of its suit outranks it."""
    return not _higher(card, sight.unseen, sight.iron)


def _cheap(cards: list[int], sight: _Sight) -> int:
    """The card that costs least to give up: a low non-trump, from a short suit."""
    return min(cards, key=lambda c: _cheapness(c, sight))


def _lead_to_win(cards: list[int], sight: _Sight) -> int:
    """Lead for tricks: draw trumps with a master trump, cash a master, else lead low from
    the longest suit."""
    trump, iron = sight.trump, sight.iron
    masters = [c for c in cards if _is_master(c, sight)]
    master_trumps = [c for c in masters if c // 13 == trump]
    if master_trumps and sight.unseen & SUIT_MASKS[trump]:
        return _highest(master_trumps, iron)
    if masters:
        return _highest(masters, iron)
    side = [c for c in cards if c // 13 != trump] or cards
    longest = max(side, key=lambda c: _suit_length(sight.hand, c // 13)) // 13
    return _lowest([c for c in side if c // 13 == longest], iron)


def _follow_to_win(cards: list[int], sight: _Sight, last: bool) -> int:
    """Take the trick as cheaply as can be trusted, else throw the cheapest card."""
    iron, trump = sight.iron, sight.trump
    best = winning_play(sight.trick, trump, iron)[1]
    winners = [c for c in cards if beats(c, best, trump, iron)]
    if not winners:
        return _cheap(cards, sight)
    if not last:
        led = sight.trick[0][1] // 13
        safe = [c for c in winners if _is_master(c, sight) or c // 13 != led]
        if not safe:
            return _cheap(cards, sight)
        winners = safe
    return _lowest(winners, iron)


def _play_to_lose(cards: list[int], sight: _Sight, last: bool) -> int:
    """Lose the trick with the most dangerous card that loses; if every card wins, win
    with the most dangerous (last to play) or the least (someone may still go over)."""
    trump, iron = sight.trump, sight.iron
    if not sight.trick:
        return min(cards, key=lambda c: _danger(c, sight))
    best = winning_play(sight.trick, trump, iron)[1]
    losers = [c for c in cards if not beats(c, best, trump, iron)]
    if losers:
        return max(losers, key=lambda c: _danger(c, sight))
    lowest = _lowest(cards, iron)
    to_play = sight.players - 1 - len(sight.trick)
    under = _higher(lowest, sight.unseen, iron) ^ (sight.unseen & SUIT_MASKS[lowest // 13])
    if last or under.bit_count() >= 2 * to_play:  # they can all play under it: win high
        return max(cards, key=lambda c: _danger(c, sight))
    return lowest


def _defend_against_tricks(cards: list[int], sight: _Sight) -> int:
    """An opponent of a D who needs tricks: keep D from winning this one."""
    iron, trump, declarer = sight.iron, sight.trump, sight.declarer
    if not sight.trick:
        masters = [c for c in cards if _is_master(c, sight)]
        return _highest(masters, iron) if masters else _cheap(cards, sight)
    seat, best = winning_play(sight.trick, trump, iron)
    winners = [c for c in cards if beats(c, best, trump, iron)]
    declarer_played = any(s == declarer for s, _ in sight.trick)
    if declarer_played:
        if seat == declarer and winners:
            return _lowest(winners, iron)
        return _cheap(cards, sight)
    strong = [c for c in winners if _is_master(c, sight)]
    if strong:
        return _lowest(strong, iron)
    if winners and not _is_master(best, sight):
        return _highest(winners, iron)
    return _cheap(cards, sight)


def _defend_against_ducking(cards: list[int], sight: _Sight) -> int:
    """An opponent of a D who must lose tricks: make D take this one."""
    iron, trump, declarer = sight.iron, sight.trump, sight.declarer
    if not sight.trick:
        return _lowest(cards, iron)
    seat, best = winning_play(sight.trick, trump, iron)
    if not any(s == declarer for s, _ in sight.trick):
        led = sight.trick[0][1] // 13
        following = [c for c in cards if c // 13 == led]
        if following:
            return _lowest(following, iron)
        return max(cards, key=lambda c: _danger(c, sight))  # void: shed a high card
    if seat == declarer:
        losers = [c for c in cards if not beats(c, best, trump, iron)]
        if losers:
            return max(losers, key=lambda c: _danger(c, sight))
    return max(cards, key=lambda c: _danger(c, sight))


def _choose_card(cards: list[int], sight: _Sight) -> int:
    """The card to play: by what D wants from the trick, and whose side the seat is on."""
    last = len(sight.trick) == sight.players - 1
    aim = _declarer_aim(sight)
    if aim is _Aim.ANY:
        return _cheap(cards, sight)
    if sight.is_declarer:
        if aim is _Aim.LOSE:
            return _play_to_lose(cards, sight, last)
        if not sight.trick:
            return _lead_to_win(cards, sight)
        return _follow_to_win(cards, sight, last)
    if aim is _Aim.WIN:
        return _defend_against_tricks(cards, sight)
    return _defend_against_ducking(cards, sight)


# -- the bot ------------------------------------------------------------------------------------


@attrs.frozen
class HeuristicBot:
    """A simple, honest computer player: rules of thumb, no search, no peeking.

    It reads only what ``deal.view(seat)`` shows (its own hand, the public record), through
    a small snapshot of those fields (see the module's ``_Sight``); it ignores cards the
    rules expose (Open Hand, Open Trump, the atelier) and the cards it knows of by Mail.

    **Auction.** It judges its hand by expected tricks: high cards by how many unseen cards
    outrank them, the long cards of its suits, and ruffs with spare trumps, for each
    possible trump suit and without trump, with aces high and with aces low (Iron); and,
    for the low bids, the tricks it would be forced to take while ducking; these estimates
    are calibrated on measured games. It reads the public auction too (R11): each
    opponent's bid to take tricks means fewer tricks for a D who takes them and more
    help for a D who ducks. For every standard bid (all 16) it weighs the special bids
    whose effect it can judge: Master's Mail, Atelier, Open Trump, Open Hand, Penalty,
    Lock, Ending Dog, Greed and Plague when they raise the worth to outbid (Plague's cost
    grows with the tricks D needs), Iron, Justice, Sloth, Mail and Potential when they
    help while lowering the worth (the card of justice and Sloth win or shed tricks,
    Mail sheds a ducking D's dangerous cards, a potential is worth a little), and
    estimates the chance of completing the combo bid from a normal spread around its
    estimate. It bids the legal combo bid of the best expected points (the score times
    the chance, less the failure points times the rest) if that is at least
    :attr:`min_expectation`, and passes otherwise, skipping, in every profile, a combo
    bid that R8's exact search proves impossible with its own hand within
    :attr:`r8_nodes` tricks (a sure failure: 1.4.x forbids it, 1.5.1 scores it failed). It
    never bids Hurry (leading trick 1 gained no tricks when measured), and some standard
    bids hardly ever win its weighing (see the bots page of the docs).

    **Before the first lead.** As D it names the trump suit in which it expects the most
    tricks (a legal one under Sub Trump), guesses the trick counts it is likeliest to hit,
    names its cheapest card as the card of justice when it needs tricks (its most dangerous
    one when it must lose them), names as the plague suit the side suit it holds fewest
    winners and most low cards of, lays its lowest card for Rank Trump and takes the card
    of the best trump suit, passes its weakest cards by Mail (its strongest when it must
    lose tricks) and shows its lowest cards in the atelier. It sends Mail toward the
    opponent whose cast-offs suit it: a D who takes tricks receives from an opponent who
    bid to take tricks (whose lowest cards are the highest), a D who ducks from one who
    did not. As an opponent who chooses Master's Trump it names its longest suit, and
    states a preference for it when that suit is long; for Rank Trump an opponent lays
    the lowest card of its longest suit, so that a trump suit taken from it is one it
    holds many of. Opponents pass by Mail the cards that hurt D's goal least to keep: low
    cards against a D who needs tricks, high cards against one who must lose them.

    **Trick play.** D plays for its goal trick by trick: to win while it still needs
    tricks (leading master trumps to draw trumps, then masters, then low from a long suit;
    following with the cheapest trusted winner), and to lose when it must avoid them (Zero,
    the Bids of Shame, Lock's and Ending Dog's tricks, a guess reached), shedding its most
    dangerous cards. The opponents play against D's goal: they beat D's cards and cash their
    masters against a D who needs tricks, and lead low, duck under D and shed high cards
    against a D who must lose them. With the card of justice, D awards the trick to itself
    when it wants it, otherwise to an opponent.
    """

    name: str = "heuristic"
    """The bot's name in tables and reports."""
    min_expectation: float = 0.0
    """The least expected points (per deal, by the bot's estimates) a combo bid must
    promise to be bid: by default a bid must gain points on average. Lower values bid
    more (only a declarer can win the game); at all-heuristic tables a threshold of -1
    made declarers complete 0.33 of their bids (+0.24 points per contract, 4 players)
    against 0.55 (+1.36) at 0."""
    spread: float = 1.0
    """A factor on the measured spread of the hand estimates (above 1: less trust)."""
    r8_nodes: int = 50
    """The tricks R8's exact search (see :mod:`combowhist.analysis`) may open to prove a
    combo bid impossible with the bot's hand before the bot bids it; ``0`` turns the check
    off. A bid the search does not decide within them, or does not cover, counts as
    possible: only a proof keeps the bot from a bid. The search finds most possible bids
    in 13 tricks and proved the impossible ones measured in about 20; the check costs about
    1 ms an auction decision that bids (see the bots page of the docs)."""

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        """A legal move for ``seat``, the seat to move (see the class docs for how it is
        chosen); :class:`~combowhist.errors.IllegalMoveError` for any other seat."""
        check_turn(self, deal, seat)
        sight = _Sight.of(deal.view(seat))
        moves = deal.legal_moves()
        chooser = _CHOOSERS.get(sight.phase)
        move = chooser(self, sight, moves, rng) if chooser is not None else None
        if move is None or move not in moves:  # pragma: no cover - every phase is handled
            move = moves.draw(rng)
        return move

    # -- the auction ----------------------------------------------------------------------

    def _bid(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        """The legal combo bid of the best expected points, if good enough, leaving out
        those R8's exact layer proves impossible with the seat's hand; else pass."""
        for value, move in self._ranked_bids(sight, moves):
            if value < self.min_expectation:
                break
            if not _proven_impossible(sight, move.combo, self.r8_nodes):
                return move
        return Pass()

    def _ranked_bids(self, sight: _Sight, moves: LegalMoves
                     ) -> Iterator[tuple[float, MakeBid]]:
        """The legal combo bids the bot weighs, with their expected points by its
        estimates, best first (on a tie, the lower worth first); lazily, as the bot
        mostly needs the first."""
        profile = sight.profile
        high = sight.high_bid
        floor = profile.min_worth
        if high is not None:  # equal worth needs more potentials (R7, R34)
            floor = high.worth if MakeBid(high) in moves else high.worth + 1
        ranked: list[tuple[float, int, Bid, _Option]] = []
        chance = _Chances(sight, self.spread)
        dodges: dict[tuple[bool, int], float] = {}
        for choices in _options_from(profile, sight.players, floor):
            if chance.hopeless(choices):
                continue
            standard, ducking = choices.standard, choices.way is _Way.DUCK
            for group in choices.groups:
                dodge = dodges.get((ducking, group.avoid))
                if dodge is None:
                    dodge = dodges[ducking, group.avoid] = chance.base.dodge(ducking,
                                                                             group.avoid)
                p = chance(choices, group.greed, group.iron, group.gain) * dodge
                for slope, base, option in group.options:
                    ranked.append((slope * p + base, -option.worth, standard, option))
        ranked.sort(key=lambda r: (r[0], r[1]), reverse=True)
        for value, _, standard, option in ranked:
            move = MakeBid(ComboBid.unchecked(profile, standard, option.specials))
            if move in moves:
                yield value, move

    # -- before the first lead --------------------------------------------------------------

    def _name_trump(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        suits = [int(m.suit) for m in moves if isinstance(m, SetTrump)]
        hand, iron = sight.hand, sight.iron
        if sight.is_declarer:
            def tricks(s: int) -> tuple[float, int]:
                return (_winning_tricks(hand, sight.unseen, s, sight.players, iron),
                        _suit_length(hand, s))
            return SetTrump(Suit(max(suits, key=tricks)))
        # Master's Trump's chooser: its own longest suit, where D is likely short.
        return SetTrump(Suit(max(suits, key=lambda s: (_suit_length(hand, s), -s))))

    def _prefer(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        suit = max(range(4), key=lambda s: (_suit_length(sight.hand, s), -s))
        length = _suit_length(sight.hand, suit)
        if length < 4:
            return Prefer()
        return Prefer(Suit(suit), min(5, length - 3))

    def _commit(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        """D lays its cheapest card; an opponent the lowest card of its longest suit, so
        that if its card is taken the trump suit is one it holds many of (R14)."""
        cards = _cards(sight.hand)
        if sight.is_declarer:
            return Commit(ALL_CARDS[_cheap(cards, sight)])
        return Commit(ALL_CARDS[min(cards, key=lambda c: (-_suit_length(sight.hand, c // 13),
                                                          card_strength(c, sight.iron), c))])

    def _take(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        """The laid card (and, where D gives any card for it, the card given: E2) that
        leaves the hand the most tricks with its suit as trump."""
        def tricks(move: Take) -> float:
            give = sight.laid[sight.seat] if move.give is None else move.give.index
            hand = sight.hand & ~(1 << give) | 1 << move.card.index
            unseen = sight.deck & ~hand
            return _winning_tricks(hand, unseen, move.card.index // 13, sight.players,
                                   sight.iron)
        return max((m for m in moves if isinstance(m, Take)), key=tricks)

    def _guess(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        combo = sight.combo
        assert combo is not None
        assessment = _assess(sight, sight.iron)
        count, gain = combo.standard.guesses, _gain_of(combo)
        if combo.greed and count == 2:  # R32: both neighbours of the target (one in range)
            (target,), _ = _best_guesses(assessment, 1, self.spread, gain)
            target = min(max(target, 1), HAND_SIZE - 1)
            return Guess((target - 1, target + 1))
        numbers, _ = _best_guesses(assessment, count, self.spread, gain)
        return Guess(numbers)

    def _justice(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        cards = _cards(sight.hand)
        if _ducking(sight):  # awarded away whenever it is forced to win
            card = max(cards, key=lambda c: _danger(c, sight))
        else:  # a loser turned into a trick
            card = _cheap(cards, sight)
        return SetJustice(ALL_CARDS[card])

    def _plague(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        """The suit whose cards D is least likely to bring home (R33): not trump, few
        cards that win tricks, and many low ones to follow under other seats' winners."""
        hand, trump = sight.hand, sight.trump
        def risk(s: int) -> tuple[bool, int, int, int]:
            mine = _cards(hand & SUIT_MASKS[s])
            winners = sum(1 for c in mine if _higher(c, sight.unseen, sight.iron).bit_count() < 2)
            return s == trump, winners, -len(mine), s
        return SetPlague(Suit(min(range(4), key=risk)))

    def _mail(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        """Receive from the opponent whose cast-offs suit D best: the opponents pass their
        lowest cards to a D who takes tricks (a strong hand's lowest are the highest) and
        their highest to a D who ducks (a weak hand's highest are the lowest). Strength
        is read from the auction (R11): a bid to take tricks is strong, a bid to lose
        them or a pass weak. On a tie, the first direction of the legal moves."""
        strength = _auction_strength(sight)
        sign = -1 if _ducking(sight) else 1
        def sender(move: Move) -> int:
            assert isinstance(move, SetMail)
            return next(s for s in range(sight.players)
                        if mail_target(move.direction, s, sight.players) == sight.seat)
        return max(moves, key=lambda m: sign * strength.get(sender(m), 0))

    def _send(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        """Against (or as) a D who must lose tricks, pass high cards; else low ones."""
        cards = _cards(sight.hand)
        if _ducking(sight):
            chosen = sorted(cards, key=lambda c: _danger(c, sight))[-3:]
        else:
            chosen = sorted(cards, key=lambda c: _cheapness(c, sight))[:3]
        return Send(CardSet(sum(1 << c for c in chosen)))

    def _atelier(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        combo = sight.combo
        assert combo is not None
        eligible = sight.hand
        if "trumps" in combo.exposes and sight.trump >= 0:
            eligible &= ~SUIT_MASKS[sight.trump]
        cards = sorted(_cards(eligible), key=lambda c: (card_strength(c, sight.iron), c))
        size = min(combo.atelier_size, len(cards))
        return SetAtelier(CardSet(sum(1 << c for c in cards[:size])))

    # -- trick play -------------------------------------------------------------------------

    def _play(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        cards = [m.card.index for m in moves if isinstance(m, Play)]
        if len(cards) == 1:
            return moves[0]
        return Play(ALL_CARDS[_choose_card(cards, sight)])

    def _refill(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        cards = [m.card.index for m in moves if isinstance(m, Refill)]
        return Refill(ALL_CARDS[_lowest(cards, sight.iron)])

    def _award(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        """To D when D wants the trick; else to an opponent: the one with the most tricks
        under Bid of Shame (someone must have more than D), the one with the fewest
        otherwise."""
        if _declarer_aim(sight) is _Aim.WIN:
            return Award(sight.seat)
        combo = sight.combo
        assert combo is not None
        assert combo.standard.goal is not None
        others = [s for s in range(sight.players) if s != sight.seat]
        most = combo.standard.goal.kind is GoalKind.NOT_MOST
        def rank(s: int) -> tuple[int, int]:
            count = sight.tricks_of(s)
            return (-count if most else count, s)
        return Award(min(others, key=rank))


def _assess(sight: _Sight, iron: bool = False) -> _Assessment:
    """The seat's hand judged for the auction (the same hand is judged once), with aces
    low under Iron (R24)."""
    return _assessment(sight.hand, sight.unseen, sight.players, iron)


@lru_cache(maxsize=4096)
def _assessment(hand: int, unseen: int, players: int, iron: bool) -> _Assessment:
    return _Assessment.of(hand, unseen, players, iron)


class _Chances:
    """The chances of completing standard bids with a seat's hand, each judged once:
    by standard bid, Greed, Iron (the hand judged with aces low) and the specials' gain."""

    def __init__(self, sight: _Sight, spread: float) -> None:
        self.sight, self.spread = sight, spread
        self.base = _assess(sight)
        self.told = {way: _auction_gain(sight.profile, sight.seat, sight.auction, way)
                     for way in _Way}
        self.known: dict[tuple[str, bool, bool, float], float] = {}

    def __call__(self, choices: _Choices, greed: bool, iron: bool, gain: float) -> float:
        """The chance, the specials winning ``gain`` tricks and the auction telling more."""
        key = (choices.standard.key, greed, iron, gain)
        chance = self.known.get(key)
        if chance is None:
            assessment = _assess(self.sight, True) if iron else self.base
            chance = self.known[key] = _chance(choices.standard, greed, assessment,
                                               self.spread, gain + self.told[choices.way])
        return chance

    def hopeless(self, choices: _Choices) -> bool:
        """Whether no option can make the bid likelier than 1%, whatever the specials: a
        trick more than the best of them gains is left for Iron (judged only if needed)."""
        return self(choices, False, False, choices.top_gain + 1.0) < 0.01


def _proven_impossible(sight: _Sight, combo: ComboBid, nodes: int) -> bool:
    """Whether R8's exact search proves ``combo`` impossible with the seat's own hand (the
    view's profile and participant count), opening at most ``nodes`` tricks: by
    :func:`~combowhist.analysis.proven_impossible`, which asks no solver and no cache, so
    that the bot's choice stays cheap and depends on its view alone."""
    return nodes > 0 and proven_impossible(CardSet(sight.hand), combo, players=sight.players,
                                           max_nodes=nodes)


def _auction_strength(sight: _Sight) -> dict[int, int]:
    """What each other seat's auction says of its hand (R11): 1 if it bid to take tricks,
    -1 if it passed or bid only to lose them (or to steer)."""
    strength: dict[int, int] = {}
    for seat, key in sight.auction:
        if seat == sight.seat:
            continue
        strong = key != "pass" and _way(sight.profile.bids[key]) is _Way.WIN
        strength[seat] = max(strength.get(seat, -1), 1 if strong else -1)
    return strength


def _ducking(sight: _Sight) -> bool:
    """Whether D's standard bid asks D to lose tricks (Zero, the Bids of Shame)."""
    return sight.combo is not None and _way(sight.combo.standard) is _Way.DUCK


def _cheapness(card: int, sight: _Sight) -> tuple[bool, int, int]:
    """Sort key: cheapest card to give away first (non-trump, low, from a short suit)."""
    return (card // 13 == sight.trump, card_strength(card, sight.iron),
            _suit_length(sight.hand, card // 13))


_Chooser = Callable[[HeuristicBot, _Sight, LegalMoves, random.Random], Move]
_CHOOSERS: dict[Phase, _Chooser] = {
    Phase.AUCTION: HeuristicBot._bid,
    Phase.TRUMP: HeuristicBot._name_trump,
    Phase.PREFERENCE: HeuristicBot._prefer,
    Phase.RANK_COMMIT: HeuristicBot._commit,
    Phase.RANK_TAKE: HeuristicBot._take,
    Phase.GUESS: HeuristicBot._guess,
    Phase.JUSTICE: HeuristicBot._justice,
    Phase.PLAGUE: HeuristicBot._plague,
    Phase.MAIL: HeuristicBot._mail,
    Phase.SEND: HeuristicBot._send,
    Phase.MASTERS_MAIL: HeuristicBot._send,
    Phase.ATELIER: HeuristicBot._atelier,
    Phase.PLAY: HeuristicBot._play,
    Phase.REFILL: HeuristicBot._refill,
    Phase.AWARD: HeuristicBot._award,
}
