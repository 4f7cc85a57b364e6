"""combowhist: the rules engine for Combo Whist, the taintless card game."""

from combowhist.bids import Bid, ComboBid
from combowhist.cards import Card, CardSet, Rank, Suit
from combowhist.errors import (
    CombowhistError,
    IllegalMoveError,
    InvalidBidError,
    NotationError,
    ProfileError,
    SerializationError,
)
from combowhist.profiles import (
    DEFAULT_PROFILE,
    RuleProfile,
    available_profiles,
    load_profile,
    load_profile_file,
)

__all__ = [
    "DEFAULT_PROFILE",
    "Bid",
    "Card",
    "CardSet",
    "ComboBid",
    "CombowhistError",
    "IllegalMoveError",
    "InvalidBidError",
    "NotationError",
    "ProfileError",
    "Rank",
    "RuleProfile",
    "SerializationError",
    "Suit",
    "available_profiles",
    "load_profile",
    "load_profile_file",
]
__version__ = "0.1.0"
