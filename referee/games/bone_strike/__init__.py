"""Bone Strike: a deck-builder where warriors attack with symbol dice (see engine.py)."""
from referee.games.bone_strike.engine import BoneStrike

__all__ = ["BoneStrike"]
