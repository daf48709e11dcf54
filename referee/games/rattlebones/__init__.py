"""Rattlebones (Stephen Glenn, Rio Grande Games 2013): the table referee's rules engine.

facts.py reads the game data; state.py sets up and holds shared helpers; parse.py reads and
writes the notation; rules.py checks moves and lists legal ones; apply.py carries them out;
engine.py is the Engine the registry names.
"""
from .engine import Rattlebones

__all__ = ["Rattlebones"]
