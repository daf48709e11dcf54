"""Ribbon of Bone (solo): the court loop, thoughts and decisions, attunement and six-phase combat."""
from referee.games.ribbon_of_bone.engine import RibbonOfBone

__all__ = ["RibbonOfBone"]
