"""The pure rules core of Bergen: no I/O, no words, no randomness of its own."""

from .actions import Action, Draw, End, IllegalActionError, Pass, Play, Refusal
from .dealers import Deal, Dealer, SeededDealer, ToldDealer, dealer_from_spec, told_deal
from .engine import Match, Phase
from .rules import PRESET_NAMES, Rules, RulesError, preset
from .tiles import TILES, Tile, parse_tile, tile

__all__ = [
    "PRESET_NAMES",
    "TILES",
    "Action",
    "Deal",
    "Dealer",
    "Draw",
    "End",
    "IllegalActionError",
    "Match",
    "Pass",
    "Phase",
    "Play",
    "Refusal",
    "Rules",
    "RulesError",
    "SeededDealer",
    "Tile",
    "ToldDealer",
    "dealer_from_spec",
    "parse_tile",
    "preset",
    "tile",
    "told_deal",
]
