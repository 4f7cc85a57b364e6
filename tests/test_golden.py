"""Golden transcripts: whole deals in move notation, replayed and checked.

Each ``tests/golden/*.txt`` file is one deal: a header of ``# key: value`` lines (the
profile, players, dealer, each seat's hand, optional scores and potentials, and the
expected result worked out by hand), then one move per line. Keys: ``note`` (any number),
``profile``, ``players``, ``dealer``, ``hand0`` … ``hand{n-1}``, ``scores``,
``potentials``, ``declarer`` (a seat or ``none``), ``combo`` (or ``none``), ``redeal``,
``completed``, ``tricks``, ``points``, ``potential``, ``winners`` (the seat that brought
home each trick, 1 to 13).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from combowhist import Deal, Phase
from combowhist.bids import ComboBid
from combowhist.moves import parse_move

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.txt"))
KEYS = {
    "profile", "players", "dealer", "scores", "potentials", "declarer", "combo", "redeal",
    "completed", "tricks", "points", "potential", "winners",
}


def parse(path):
    """(header dict, hands, notes, moves) of a golden file."""
    header: dict[str, str] = {}
    hands: dict[int, str] = {}
    notes: list[str] = []
    moves: list[str] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            assert not moves, f"{path.name}:{number}: header line after the moves"
            key, sep, value = line[1:].partition(":")
            key, value = key.strip(), value.strip()
            assert sep, f"{path.name}:{number}: expected '# key: value'"
            if key == "note":
                notes.append(value)
            elif key.startswith("hand") and key[4:].isdigit():
                hands[int(key[4:])] = value
            else:
                assert key in KEYS, f"{path.name}:{number}: unknown key {key!r}"
                assert key not in header, f"{path.name}:{number}: {key!r} given twice"
                header[key] = value
        else:
            moves.append(line)
    players = int(header["players"])
    assert sorted(hands) == list(range(players)), f"{path.name}: one hand per seat"
    return header, [hands[s] for s in range(players)], notes, moves


def ints(text):
    return tuple(int(v) for v in text.split())


def flag(text):
    assert text in ("true", "false")
    return text == "true"


def replay(path):
    header, hands, _, moves = parse(path)
    players = int(header["players"])
    deal = Deal.from_hands(
        hands,
        dealer=int(header["dealer"]),
        profile=header["profile"],
        scores=ints(header["scores"]) if "scores" in header else None,
        potentials=ints(header["potentials"]) if "potentials" in header else None,
    )
    assert deal.players == players
    for number, text in enumerate(moves, start=1):
        assert not deal.is_over, f"{path.name}: move {number} {text!r} after the end"
        move = parse_move(text, deal.profile)
        assert move in deal.legal_moves(), f"{path.name}: move {number} {text!r} not legal"
        deal = deal.apply(move)
    return header, moves, deal


@pytest.fixture(params=FILES, ids=[f.stem for f in FILES])
def golden(request):
    return replay(request.param)


def test_golden_there_are_enough_transcripts():
    assert len(FILES) >= 6


def test_golden_result(golden):
    header, _, deal = golden
    assert deal.is_over
    assert deal.phase is Phase.OVER
    assert deal.to_move is None
    result = deal.result
    players = int(header["players"])
    if header["declarer"] == "none":
        assert result.declarer is None
        assert header["combo"] == "none"
        assert result.combo is None
    else:
        assert result.declarer == int(header["declarer"])
        assert result.combo == ComboBid.parse(header["combo"], deal.profile, players)
        assert str(result.combo) == header["combo"]
    assert result.redeal is flag(header.get("redeal", "false"))
    assert result.completed is flag(header["completed"])
    assert result.tricks == ints(header["tricks"])
    assert result.points == ints(header["points"])
    assert result.potential is flag(header.get("potential", "false"))
    assert sum(result.tricks) == (0 if result.redeal else 13)
    if not result.redeal:
        assert len(result.trick_winners) == 13
        assert deal.tricks_won == result.tricks
    if "winners" in header:
        assert result.trick_winners == ints(header["winners"])
        counts = tuple(result.trick_winners.count(s) for s in range(players))
        assert counts == ints(header["tricks"])


def test_golden_history_is_the_transcript(golden):
    _, moves, deal = golden
    assert [str(m) for m in deal.history] == [
        str(parse_move(text, deal.profile)) for text in moves
    ]


def test_golden_json_round_trip(golden):
    _, _, deal = golden
    again = Deal.from_json(deal.to_json())
    assert again == deal
    assert again.result == deal.result
    assert again.hands == deal.hands
    assert again.dealt_hands == deal.dealt_hands
    assert again.history == deal.history
    assert again.to_json() == deal.to_json()


def test_golden_transcripts_cover_the_brief():
    seen = {"specials": set(), "standards": set(), "decks": set(), "redeal": False}
    for path in FILES:
        header, _, _, _ = parse(path)
        if header.get("redeal") == "true":
            seen["redeal"] = True
        if header["players"] == "3":
            seen["decks"].add(header["profile"])
        if header["combo"] != "none":
            standard, *specials = header["combo"].split("+")
            seen["standards"].add(standard)
            seen["specials"].update(specials)
    assert seen["redeal"]
    assert seen["decks"] >= {"1.4.1", "1.4.2"}
    assert seen["standards"] >= {"rank_trump", "masters_trump", "grill", "block_trump"}
    assert seen["standards"] & {"precise", "approximate"}
    assert seen["specials"] >= {
        "justice", "plague", "mail", "masters_mail", "atelier", "sloth", "hurry", "iron",
    }
