"""The determinization sampler (issue 14): a sampled deal agrees with the seat's view, its
legal moves for the seat are the real ones, and hidden cards and choices are drawn again
(uniformly among the consistent worlds) without breaking what the seat saw: voids (R23),
Mail and Master's Mail (R19, R20), Rank Trump (R14, E2), the atelier (R21, R30), Open Hand
(R30), Block Trump (R27), Sub Trump (R13), Taintless Bid's 2s (E4).

Hand-built scenarios: seat 1 bids, the others pass (dealer 0), so seat 1 is D and seat 0
leads trick 1 (R22).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from hands import WHOLE_SUITS
from hypothesis import HealthCheck, given, settings

from combowhist import CardSet, Deal, Phase, load_profile, sampling
from combowhist.cards import SUIT_MASKS, mask_indices
from combowhist.errors import CombowhistError
from combowhist.moves import Send
from combowhist.rules.setup import mail_target
from combowhist.sampling import Sampler, SamplingError, sample_deal
from combowhist.strategies import deals_at_phase, played_deals, reachable_phases
from combowhist.views import PlayerView

EDITIONS = ("1.4.0", "1.4.1", "1.4.2", "1.5.1")
DECLARER = 1
SAMPLES = 60


# -- helpers -----------------------------------------------------------------------------------


def declared(combo: str, seed: int, players: int = 4, profile: str = "1.4.2",
             *setup: str) -> Deal:
    """A shuffled deal where seat 1 bids ``combo`` and everyone else passes, then
    ``setup``."""
    deal = Deal.new(players, seed=seed, profile=profile).apply(f"bid {combo}")
    for _ in range(players - 1):
        deal = deal.apply("pass")
    for move in setup:
        deal = deal.apply(move)
    return deal


def advance(deal: Deal, rng: random.Random, until: Callable[[Deal], bool]) -> Deal:
    """Random legal moves until ``until(deal)`` holds (or the deal is over)."""
    while not until(deal) and deal.to_move is not None:
        moves = deal.legal_moves()
        deal = deal.apply(moves[rng.randrange(len(moves))])
    return deal


def tricks_played(count: int) -> Callable[[Deal], bool]:
    return lambda deal: len(deal.winners) >= count


def samples(deal: Deal, seat: int, count: int = SAMPLES, seed: int = 0) -> list[Deal]:
    """``count`` samples for ``seat``'s view, each checked to keep the view."""
    view = deal.view(seat)
    sampler = Sampler(view)
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        sample = sampler.sample(rng)
        assert sample.view(seat) == view
        out.append(sample)
    return out


def played_by(deal: Deal, seat: int) -> int:
    return sum(1 << move.card.index for s, move in deal.log  # type: ignore[attr-defined]
               if s == seat and move.word == "play")


def hidden_moves(deal: Deal, seat: int) -> tuple[str, ...]:
    """The moves of ``deal`` that ``seat``'s view hides, as they really were."""
    seen = deal.view(seat).log
    return tuple(str(move) for (_, move), (_, text) in zip(deal.log, seen, strict=True)
                 if "?" in text)


def assert_legal_moves_equal(sample: Deal, deal: Deal) -> None:
    ours, theirs = sample.legal_moves(), deal.legal_moves()
    assert len(ours) == len(theirs)
    if len(theirs) < 2000:  # the auction's combo bids: compared by their description
        assert list(ours) == list(theirs)
    assert ours.to_data() == theirs.to_data()


# -- the properties, over every phase, edition and seat ----------------------------------------


PHASES = [(edition, phase) for edition in EDITIONS for phase in reachable_phases(edition)]


@pytest.mark.parametrize(("edition", "phase"), PHASES,
                         ids=[f"{e}-{p.value}" for e, p in PHASES])
def test_issue14_a_sample_keeps_the_view_and_the_legal_moves(edition: str,
                                                             phase: Phase) -> None:
    @settings(max_examples=3, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(deals_at_phase(phase, profile=edition))
    def check(deal: Deal) -> None:
        for seat in range(deal.players):
            view = deal.view(seat)
            sample = Sampler(view).sample(random.Random(seat))
            assert sample.view(seat) == view
            assert (sample.phase, sample.to_move) == (deal.phase, deal.to_move)
            assert sample.hands[seat] == deal.hands[seat]
            if deal.to_move == seat:
                assert_legal_moves_equal(sample, deal)
            finished = sample.playout(random.Random(seat))
            assert finished.is_over
            again = Sampler(view).sample(random.Random(seat))
            assert again == sample
            assert again.history == sample.history
            assert sample_deal(view, random.Random(seat)) == sample

    check()


STEERED = [("1.4.2", "trump+mail+masters_mail"), ("1.4.2", "rank_trump+masters_mail"),
           ("1.5.1", "rank_trump+mail+master_mail"), ("1.4.0", "rank_trump+mail")]


@pytest.mark.parametrize(("edition", "combo"), STEERED)
def test_issue14_steered_samples_keep_the_view(edition: str, combo: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # Steering (after UNIFORM_ATTEMPTS uniform proposals) draws hidden picks and given
    # cards among those that fit: every sample must still keep the view.
    monkeypatch.setattr(sampling, "UNIFORM_ATTEMPTS", 0)
    for seed in range(3):
        rng = random.Random(seed)
        deal = advance(declared(combo, seed, 4 - seed % 2, edition), rng,
                       tricks_played(4 * seed + 1))
        for seat in range(deal.players):
            view = deal.view(seat)
            assert Sampler(view).sample(random.Random(seat)).view(seat) == view


@pytest.mark.parametrize("players", [3, 4])
def test_issue14_the_sampler_reads_only_the_view(players: int) -> None:
    deal = advance(declared("trump+masters_mail", 5, players, "1.4.2"), random.Random(2),
                   lambda d: len(d.winners) >= 3)
    view = deal.view(2)
    copy = PlayerView.from_dict(view.to_dict())  # only what the seat may know
    assert copy == view
    assert Sampler(copy).sample(random.Random(9)) == Sampler(view).sample(random.Random(9))
    with pytest.raises(SamplingError, match="PlayerView"):
        Sampler(deal)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(played_deals(with_scores=True, max_moves=10))
def test_r36_r34_bans_and_potentials_the_auction_shows_are_explained(deal: Deal) -> None:
    for seat in range(deal.players):
        view = deal.view(seat)
        sample = Sampler(view).sample(random.Random(seat))
        assert sample.view(seat) == view
        if deal.to_move == seat:
            assert sample.legal_moves().to_data() == deal.legal_moves().to_data()


def test_r36_a_banned_seat_is_skipped_in_every_sample() -> None:
    deal = Deal.new(4, seed=3, dealer=0, scores=[0, -6, 0, 0], potentials=[0, 0, 2, 1])
    deal = deal.apply("bid trump").apply("bid max_trump")  # seat 1 banned: 2, then 3
    assert deal.log[0][0] == 2
    sampler = Sampler(deal.view(0))
    assert sampler.scores[1] < load_profile("1.4.2").ban_below <= min(
        sampler.scores[0], sampler.scores[2], sampler.scores[3])
    assert Sampler(deal.view(0), scores=deal.scores, potentials=deal.potentials).sample(
        random.Random(1)).scores == deal.scores


def test_r34_an_equal_overbid_means_more_potentials_in_the_samples() -> None:
    deal = Deal.new(4, seed=3, dealer=0, potentials=[0, 0, 2, 0])
    deal = deal.apply("bid trump+lock").apply("bid max_trump")  # equal worth, 2 > 0
    first, second = (move.combo for _, move in deal.log)  # type: ignore[attr-defined]
    assert first.worth == second.worth
    for seat in range(4):
        sample = Sampler(deal.view(seat)).sample(random.Random(seat))
        assert sample.potentials[2] > sample.potentials[1]
        assert sample.view(seat) == deal.view(seat)


# -- scenarios: what each ruling shows must hold in every sample ------------------------------


def test_r23_a_seat_that_did_not_follow_never_gets_that_suit() -> None:
    for seed in itertools.count():
        deal = advance(declared("trump", seed, 4, "1.4.2", "trump S"), random.Random(seed),
                       lambda d: len(d.winners) >= 6)
        voids = {(s, trick[0][1] // 13) for trick in _tricks(deal) for s, card in trick[1:]
                 if card // 13 != trick[0][1] // 13 and s != 0}
        if voids:
            break
    seen = set()
    for sample in samples(deal, 0):
        for seat, suit in voids:
            assert not sample.hand_masks[seat] & SUIT_MASKS[suit]
        seen.add(sample.hand_masks)
    assert len(seen) > 1  # the other seats' cards are drawn again


def _tricks(deal: Deal) -> list[list[tuple[int, int]]]:
    plays = [(s, m.card.index) for s, m in deal.log  # type: ignore[attr-defined]
             if m.word == "play"]
    n = deal.players
    return [plays[i:i + n] for i in range(0, len(plays) - len(plays) % n, n)]


@pytest.mark.parametrize("observer", [0, 1, 2, 3])
def test_r19_mail_the_observers_sent_cards_stay_with_the_receiver_unless_played(
        observer: int) -> None:
    deal = declared("max_trump+mail", 3, 4, "1.4.2", "trump H", "mail left")
    deal = advance(deal, random.Random(4), lambda d: len(d.winners) >= 4)
    view = deal.view(observer)
    receiver = (observer + 1) % 4  # left (R19)
    assert len(view.sent) == 3
    hidden = set()
    for sample in samples(deal, observer):
        unplayed = view.sent.mask & ~played_by(sample, receiver)
        assert sample.hand_masks[receiver] & unplayed == unplayed
        hidden.add(hidden_moves(sample, observer))
    assert len(hidden) > 1  # the picks the observer did not see are drawn again


@pytest.mark.parametrize("observer", [0, 1, 2])
def test_r20_masters_mail_picks_hidden_from_the_observer_are_drawn_again(
        observer: int) -> None:
    deal = declared("trump+masters_mail", 8, 4, "1.4.2", "trump D")
    deal = advance(deal, random.Random(1), lambda d: len(d.winners) >= 2)
    view = deal.view(observer)
    receivers = {0: 3, 2: 0, 3: 2}  # to the right, skipping D (R20)
    hidden = set()
    for sample in samples(deal, observer):
        if observer != DECLARER:
            receiver = receivers[observer]
            unplayed = view.sent.mask & ~played_by(sample, receiver)
            assert sample.hand_masks[receiver] & unplayed == unplayed
        hidden.add(hidden_moves(sample, observer))
    assert len(hidden) > 1
    assert all(len(moves) == (3 if observer == DECLARER else 1) for moves in hidden)


def test_r14_rank_trump_laid_cards_go_back_to_their_layers() -> None:
    deal = declared("rank_trump", 2, 4, "1.4.2")
    deal = advance(deal, random.Random(3), lambda d: d.phase is Phase.PLAY)
    contract = deal.contract
    assert contract is not None
    for observer in (0, 2):
        for sample in samples(deal, observer, 30):
            for seat, card in enumerate(contract.laid):
                holder = DECLARER if card == contract.taken else seat
                if seat == DECLARER:
                    holder = contract.laid.index(contract.taken)  # D's laid card, given
                assert sample.hand_masks[holder] >> card & 1


def test_r14_rank_trump_cards_laid_face_down_are_drawn_again() -> None:
    deal = declared("rank_trump", 6, 4, "1.4.2")
    deal = advance(deal, random.Random(0), lambda d: len(d.log) >= 6)  # D and one more laid
    assert deal.phase is Phase.RANK_COMMIT
    drawn = Counter()
    for sample in samples(deal, 3):
        drawn.update(hidden_moves(sample, 3))
        for seat, card in enumerate(sample.contract.laid):  # type: ignore[union-attr]
            assert card < 0 or sample.hand_masks[seat] >> card & 1
    assert len(drawn) > 2


def test_e2_the_card_given_for_the_one_taken_is_drawn_again_for_a_third_seat() -> None:
    deal = declared("rank_trump", 4, 4, "1.5.1")
    deal = advance(deal, random.Random(5), lambda d: d.phase is Phase.PLAY)
    contract = deal.contract
    assert contract is not None
    owner = contract.laid.index(contract.taken)
    third = next(s for s in range(4) if s not in (DECLARER, owner))
    gifts = set()
    for sample in samples(deal, third):
        take = next(m for _, m in sample.log if m.word == "take")
        gifts.add(take.give)  # type: ignore[attr-defined]
        assert sample.dealt_hands[DECLARER].mask >> take.give.index & 1  # type: ignore[attr-defined]
    assert len(gifts) > 1
    for sample in samples(deal, owner, 10):  # the owner saw it
        assert sample.history == deal.history


def test_r30_the_atelier_is_drawn_again_before_the_first_lead_and_shown_after() -> None:
    deal = declared("trump+atelier+open_trump", 1, 4, "1.4.2", "trump S")
    deal = advance(deal, random.Random(2), lambda d: d.phase is Phase.PLAY)
    assert deal.view(0).log[-1] == (DECLARER, "atelier ? ? ? ?")
    ateliers = set()
    for sample in samples(deal, 0):
        assert not sample.atelier_mask & SUIT_MASKS[3]  # not trumps under Open Trump (R21)
        ateliers.add(sample.atelier_mask)
    assert len(ateliers) > 1
    led = deal.apply(deal.legal_moves()[0])
    for sample in samples(led, 0, 20):
        assert sample.atelier == deal.atelier


def test_r30_open_hand_the_declarers_hand_is_the_one_shown() -> None:
    deal = declared("trump+open_hand", 7, 4, "1.4.2", "trump C")
    deal = advance(deal, random.Random(1), lambda d: len(d.winners) >= 2)
    for sample in samples(deal, 2, 20):
        assert sample.hands[DECLARER] == deal.hands[DECLARER]


def test_r27_block_trump_a_declarer_who_trumped_first_holds_only_trumps() -> None:
    # D holds every spade: trumping trick 1 before any opponent is legal only so (R27).
    deal = Deal.from_hands(list(WHOLE_SUITS), dealer=0).apply("bid block_trump")
    for move in ("pass", "pass", "pass", "trump S", "play AC", "play AS"):
        deal = deal.apply(move)
    for observer in (0, 2):
        for sample in samples(deal, observer, 20):
            assert sample.hands[DECLARER] == deal.hands[DECLARER]


def test_r13_sub_trump_is_never_a_longest_suit_of_the_declarers_dealt_hand() -> None:
    deal = declared("sub_trump", 3, 4, "1.4.2")
    deal = advance(deal, random.Random(0), lambda d: len(d.winners) >= 1)
    suit = deal.contract.trump_suit  # type: ignore[union-attr]
    for sample in samples(deal, 0):
        counts = [(sample.dealt_hands[DECLARER].mask & m).bit_count() for m in SUIT_MASKS]
        assert counts[suit] < max(counts)


def test_e4_taintless_bid_shown_twos_stay_with_their_holders() -> None:
    deal = declared("taintless_bid", 2, 4, "1.5.1")
    deal = advance(deal, random.Random(3), lambda d: len(d.winners) >= 1)
    shown = deal.view(0).shown
    assert any(shown)
    for sample in samples(deal, 0, 20):
        for seat, twos in enumerate(shown):
            assert sample.hands[seat] & CardSet.parse("2C 2D 2H 2S") == twos


# -- uniform over the consistent worlds --------------------------------------------------------


def _worlds(deal: Deal, seat: int) -> Counter[tuple[int, ...]]:
    """Every way to hand out the cards ``seat`` does not see that the engine accepts (the
    whole log replayed from the dealt hands it gives), by the hands it makes now."""
    view = deal.view(seat)
    played = [played_by(deal, s) for s in range(deal.players)]
    unseen = [c for c in range(52) if deal.table.deck >> c & 1 and not (
        view.hand.mask >> c & 1 or any(p >> c & 1 for p in played))]
    sizes = [len(deal.hands[s]) if s != seat else 0 for s in range(deal.players)]
    others = [s for s in range(deal.players) if s != seat]
    worlds: Counter[tuple[int, ...]] = Counter()
    for owners in itertools.product(others, repeat=len(unseen)):
        if any(owners.count(s) != sizes[s] for s in others):
            continue
        hands = list(played)
        hands[seat] |= view.hand.mask
        for card, owner in zip(unseen, owners, strict=True):
            hands[owner] |= 1 << card
        try:
            world = Deal.from_hands([CardSet(h) for h in hands], dealer=deal.dealer,
                                    profile=deal.profile)
            for move in deal.history:
                world = world.apply(move)
        except CombowhistError:
            continue
        if world.view(seat) == view:
            worlds[world.hand_masks] += 1
    return worlds


@pytest.mark.parametrize(("players", "seed", "tricks"), [(4, 11, 11), (3, 4, 10)])
def test_issue14_samples_are_uniform_over_the_consistent_worlds(players: int, seed: int,
                                                                tricks: int) -> None:
    deal = advance(declared("trump", seed, players, "1.4.2", "trump H"), random.Random(seed),
                   lambda d: len(d.winners) >= tricks and not d.trick)
    worlds = _worlds(deal, 0)
    assert 10 <= len(worlds) < 100
    count = 60 * len(worlds)
    drawn = Counter(s.hand_masks for s in samples(deal, 0, count, seed=3))
    assert set(drawn) == set(worlds)  # every consistent world, and only those
    expected = count / len(worlds)
    chi2 = sum((drawn[w] - expected) ** 2 / expected for w in worlds)
    # Deterministic (fixed seed); the bound is the chi-square's 99.9% quantile
    # (Wilson-Hilferty), which a sampler biased towards some worlds would exceed.
    k = len(worlds) - 1
    bound = k * (1 - 2 / (9 * k) + 3.09 * math.sqrt(2 / (9 * k))) ** 3
    assert chi2 < bound


def _pick_worlds(deal: Deal, observer: int) -> tuple[int, set[int]]:
    """For a finished 3-player Rank Trump (R14) and Mail (R19) deal with one Mail pick
    hidden from ``observer``: that pick's place in the log and every 3 cards of its
    receiver's it may have been that the engine accepts (the whole log replayed from the
    dealt hands it implies)."""
    view = deal.view(observer)
    index = next(i for i, (_, text) in enumerate(view.log) if "?" in text)
    picker = deal.log[index][0]
    contract = deal.contract
    assert contract is not None
    assert contract.mail is not None
    targets = [mail_target(contract.mail, s, deal.players) for s in range(deal.players)]
    after = [played_by(deal, s) for s in range(deal.players)]  # the hands after Mail
    laid, taken, declarer = contract.laid, contract.taken, contract.declarer
    owner = laid.index(taken)
    worlds = set()
    for cards in itertools.combinations(mask_indices(after[targets[picker]]), 3):
        sent = list(contract.mail_sent)
        sent[picker] = sum(1 << card for card in cards)
        dealt = [after[s] & ~sent[targets.index(s)] | sent[s] for s in range(deal.players)]
        dealt[declarer] = dealt[declarer] & ~(1 << taken) | 1 << laid[declarer]
        dealt[owner] = dealt[owner] & ~(1 << laid[declarer]) | 1 << taken
        try:
            world = Deal.from_hands([CardSet(h) for h in dealt], dealer=deal.dealer,
                                    profile=deal.profile)
            for i, move in enumerate(deal.history):
                world = world.apply(Send(CardSet(sent[picker])) if i == index else move)
        except CombowhistError:
            continue
        if world.view(observer) == view:
            worlds.add(sent[picker])
    return index, worlds


def test_r19_r14_a_hidden_mail_pick_is_uniform_over_the_consistent_ones() -> None:
    # Seat 0 saw the laid cards (R14) but not one Mail pick (R19): the laid cards that
    # ended where only that pick explains bind it, so only some of the 286 picks fit.
    deal = advance(declared("rank_trump+mail", 3, 3, "1.4.2"), random.Random(3),
                   lambda d: d.is_over)
    index, worlds = _pick_worlds(deal, 0)
    assert 10 <= len(worlds) < 286
    drawn = Counter(sample.history[index].cards.mask  # type: ignore[attr-defined]
                    for sample in samples(deal, 0, 20 * len(worlds), seed=7))
    assert set(drawn) == worlds
    assert _chi2_below_bound(drawn, dict.fromkeys(worlds, 1.0))


def _chi2_below_bound(drawn: Counter[int], weights: dict[int, float]) -> bool:
    """Whether ``drawn`` fits the distribution proportional to ``weights``: the chi-square
    statistic (bins expecting fewer than 5 merged into one) below its 99.9% quantile
    (Wilson-Hilferty)."""
    count = sum(drawn.values())
    total = sum(weights.values())
    bins: list[tuple[float, int]] = []
    rest = (0.0, 0)
    for key, weight in sorted(weights.items()):
        expected = count * weight / total
        if expected < 5:
            rest = (rest[0] + expected, rest[1] + drawn[key])
        else:
            bins.append((expected, drawn[key]))
    if rest[0] > 0:
        bins.append(rest)
    chi2 = sum((seen - expected) ** 2 / expected for expected, seen in bins)
    k = len(bins) - 1
    return chi2 < k * (1 - 2 / (9 * k) + 3.09 * math.sqrt(2 / (9 * k))) ** 3


def test_r21_a_hidden_atelier_weighs_each_declarers_hand_by_its_ateliers() -> None:
    # Under Open Trump the atelier is 4 of D's non-trumps (R21): a hand of k trumps has
    # C(13 - k, 4) ateliers, so it is that many worlds. Uniform over worlds, the trumps
    # in D's hand follow hypergeometric(k) * C(13 - k, 4), not the hypergeometric alone.
    deal = declared("trump+atelier+open_trump", 1, 4, "1.4.2", "trump S")
    deal = advance(deal, random.Random(2), lambda d: d.phase is Phase.PLAY)
    unseen_trumps = 13 - (deal.hand_masks[0] & SUIT_MASKS[3]).bit_count()
    hands = {k: math.comb(unseen_trumps, k) * math.comb(39 - unseen_trumps, 13 - k)
             for k in range(min(unseen_trumps, 9) + 1)}
    worlds = {k: float(n * math.comb(13 - k, 4)) for k, n in hands.items()}
    drawn = Counter((s.hand_masks[DECLARER] & SUIT_MASKS[3]).bit_count()
                    for s in samples(deal, 0, 600, seed=5))
    assert _chi2_below_bound(drawn, worlds)
    assert not _chi2_below_bound(drawn, {k: float(n) for k, n in hands.items()})


# -- views no deal produces --------------------------------------------------------------------


def test_issue14_a_view_no_deal_produces_raises_sampling_error() -> None:
    deal = advance(declared("trump", 2, 4, "1.4.2", "trump S"), random.Random(2),
                   lambda d: len(d.winners) >= 6)
    view = deal.view(0)
    with pytest.raises(SamplingError, match="played"):  # a card both held and played
        Sampler(attrs.evolve(view, hand=view.hand | CardSet([next(iter(view.played))])))
    # Seat 2 discards in trick 1 a card of another suit than the one led, and plays a card
    # of the suit led later: no hand of seat 2 explains both (R23).
    log = list(view.log)
    plays = [i for i, (_, text) in enumerate(log) if text.startswith("play")]
    first = plays[:4]
    led = log[first[0]][1][-1]
    mine = next(i for i in first if log[i][0] == 2)
    later = next(i for i in plays[4:] if log[i][0] == 2 and log[i][1][-1] != led)
    assert log[mine][1][-1] == led  # seat 2 followed in the real deal
    log[mine], log[later] = log[later], log[mine]
    with pytest.raises(SamplingError, match="R23"):
        Sampler(attrs.evolve(view, log=tuple(log)))


def test_issue14_sampling_error_is_a_combowhist_error() -> None:
    assert issubclass(SamplingError, CombowhistError)
