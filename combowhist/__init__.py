"""combowhist: the rules engine for Combo Whist, the taintless card game."""

from combowhist.bids import Bid, ComboBid
from combowhist.cards import Card, CardSet, Rank, Suit
from combowhist.combos import ComboSpace, legal_combos
from combowhist.deal import Deal, legal_moves
from combowhist.errors import (
    CombowhistError,
    GameError,
    IllegalMoveError,
    InvalidBidError,
    NotationError,
    ProfileError,
    SerializationError,
    SimulationError,
)
from combowhist.events import (
    Cheat,
    CheatBeforeBid,
    CheatReversed,
    DeclarerCheated,
    Hands,
    IntentionalCheat,
    OpponentCheated,
    Outcome,
)
from combowhist.game import Game, Mode, Variant
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
    parse_move,
)
from combowhist.profiles import (
    DEFAULT_PROFILE,
    RuleProfile,
    available_profiles,
    load_profile,
    load_profile_file,
)
from combowhist.records import CheatRecord, DealRecord, Ending
from combowhist.state import DealResult, Phase
from combowhist.views import PlayerView

__all__ = [
    "DEFAULT_PROFILE",
    "Award",
    "Bid",
    "Card",
    "CardSet",
    "Cheat",
    "CheatBeforeBid",
    "CheatRecord",
    "CheatReversed",
    "ComboBid",
    "ComboSpace",
    "CombowhistError",
    "Commit",
    "Deal",
    "DealRecord",
    "DealResult",
    "DeclarerCheated",
    "Ending",
    "Game",
    "GameError",
    "Guess",
    "Hands",
    "IllegalMoveError",
    "IntentionalCheat",
    "InvalidBidError",
    "LegalMoves",
    "MakeBid",
    "Mode",
    "Move",
    "NotationError",
    "OpponentCheated",
    "Outcome",
    "Pass",
    "Phase",
    "Play",
    "PlayerView",
    "Prefer",
    "ProfileError",
    "Rank",
    "Refill",
    "RuleProfile",
    "Send",
    "SerializationError",
    "SetAtelier",
    "SetJustice",
    "SetMail",
    "SetPlague",
    "SetTrump",
    "SimulationError",
    "Suit",
    "Take",
    "Variant",
    "available_profiles",
    "legal_combos",
    "legal_moves",
    "load_profile",
    "load_profile_file",
    "parse_move",
]
__version__ = "0.1.0"
