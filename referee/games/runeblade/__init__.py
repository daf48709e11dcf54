"""Runeblade: the table referee's engine for the three-player story game of the cursed sword."""
from referee.games.runeblade.engine import Runeblade

__all__ = ["Runeblade"]
