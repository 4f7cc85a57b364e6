"""combowhist: the rules engine for Combo Whist, the taintless card game."""

from combowhist.bids import Bid, ComboBid
from combowhist.cards import Card, CardSet, Rank, Suit
from combowhist.combos import ComboSpace, legal_combos
from combowhist.deal import Deal, legal_moves
from combowhist.errors import (
    CombowhistError,
    IllegalMoveError,
    InvalidBidError,
    NotationError,
    ProfileError,
    SerializationError,
)
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
from combowhist.state import DealResult, Phase
from combowhist.views import PlayerView

__all__ = [
    "DEFAULT_PROFILE",
    "Award",
    "Bid",
    "Card",
    "CardSet",
    "ComboBid",
    "ComboSpace",
    "CombowhistError",
    "Commit",
    "Deal",
    "DealResult",
    "Guess",
    "IllegalMoveError",
    "InvalidBidError",
    "LegalMoves",
    "MakeBid",
    "Move",
    "NotationError",
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
    "Suit",
    "Take",
    "available_profiles",
    "legal_combos",
    "legal_moves",
    "load_profile",
    "load_profile_file",
    "parse_move",
]
__version__ = "0.1.0"
