"""The pymunk world of Cactus: pieces, cacti, ground, hand and the facts of every placement.

Imports pymunk and numpy only: no window or drawing code, nothing from the game package. It reports
facts and decides no rule.

Modules: ``world`` (the World: pieces, stepping, the hand and its grip, saving) · ``hand`` (the hand zone's size
and touches, C-X1) · ``grip`` (the joints that drag a held piece) · ``overlap`` (fine stepping and push-out: no
tunnelling) · ``facts`` (Facts from contacts and outlines) · ``placement`` (is a pose free, where a piece clears
a cactus) · ``table`` (ground, bounds, cacti and bases in the space) · ``constants`` · ``geometry`` · ``pieces`` ·
``cacti`` · ``scenes`` (scripted drops).
"""

from physics.cacti import CactiError, CactiSpec, CactusSpec, load_cacti, parse_cacti
from physics.facts import Facts, ZoneHit
from physics.geometry import OutlineError
from physics.hand import ZONE_RADIUS, HandTouch
from physics.pieces import AssetError, PiecesError, PieceSpec, load_pieces, parse_pieces
from physics.placement import CLEARANCE
from physics.world import SUBSTEP, TOLERANCE, Hand, World

__all__ = [
    "CLEARANCE",
    "SUBSTEP",
    "TOLERANCE",
    "ZONE_RADIUS",
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
    "ZoneHit",
    "load_cacti",
    "load_pieces",
    "parse_cacti",
    "parse_pieces",
]
