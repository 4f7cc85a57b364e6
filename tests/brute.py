"""Every deal and every trick of a small deck, without trump, by the engine's own rules of
play: what the R8 brute forces walk through (slow, simple, independent of the searches
they check)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations

from combowhist.rules.play import NO_SUIT, flags_after, legal_play_mask


def deals(hand: int, unseen: int, players: int, declarer: int) -> Iterator[list[int]]:
    """Every split of ``unseen`` among the seats other than ``declarer``, each as many
    cards as ``hand``: all seats' hands, ``declarer``'s ``hand``."""
    size = hand.bit_count()
    opponents = [seat for seat in range(players) if seat != declarer]

    def splits(rest: list[int], seats: int) -> Iterator[list[int]]:
        if not seats:
            yield []
            return
        for chosen in combinations(rest, size):
            taken = sum(1 << card for card in chosen)
            others = [card for card in rest if not taken >> card & 1]
            for more in splits(others, seats - 1):
                yield [taken, *more]

    for split in splits([card for card in range(52) if unseen >> card & 1], len(opponents)):
        hands = [0] * players
        hands[declarer] = hand
        for seat, held in zip(opponents, split, strict=True):
            hands[seat] = held
        yield hands


def any_trick(hands: list[int], order: Sequence[int], declarer: int, plague: int, flags: int,
              judge: Callable[[tuple[tuple[int, int], ...], int], bool]) -> bool:
    """Whether ``judge`` holds for some legal trick the seats play in ``order`` (R22-R24,
    R28: the engine's ``legal_play_mask``), given the trick and the play flags after it;
    the trick's cards are out of ``hands`` while it is judged, and put back after."""

    def step(i: int, trick: tuple[tuple[int, int], ...], flags: int) -> bool:
        if i == len(order):
            return judge(trick, flags)
        seat = order[i]
        led = trick[0][1] // 13 if trick else NO_SUIT
        mask = legal_play_mask(hands[seat], led, seat == declarer, NO_SUIT, plague, flags)
        for card in range(52):
            if mask >> card & 1:
                hands[seat] &= ~(1 << card)
                found = step(i + 1, (*trick, (seat, card)),
                             flags_after(flags, card, seat == declarer, not trick, NO_SUIT,
                                         plague))
                hands[seat] |= 1 << card
                if found:
                    return True
        return False

    return step(0, (), flags)
