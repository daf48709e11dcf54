"""Runes and Bones: the referee follows rounds of runes played for a pot of bones."""
from referee.games.runes_and_bones.engine import RunesAndBones

__all__ = ["RunesAndBones"]
