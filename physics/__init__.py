"""The pymunk world of Cactus: pieces, cacti, ground, hand and the facts of every placement.

Imports pymunk and numpy only: no window or drawing code, nothing from the game package. It reports
facts and decides no rule.
"""

from physics.cacti import CactiError, CactiSpec, CactusSpec, load_cacti, parse_cacti
from physics.geometry import OutlineError
from physics.hand import Hand, HandTouch
from physics.pieces import AssetError, PiecesError, PieceSpec, load_pieces, parse_pieces
from physics.world import SUBSTEP, TOLERANCE, Facts, World

__all__ = [
    "SUBSTEP",
    "TOLERANCE",
    "AssetError",
    "CactiError",
    "CactiSpec",
    "CactusSpec",
    "Facts",
    "Hand",
    "HandTouch",
    "OutlineError",
    "PieceSpec",
    "PiecesError",
    "World",
    "load_cacti",
    "load_pieces",
    "parse_cacti",
    "parse_pieces",
]
