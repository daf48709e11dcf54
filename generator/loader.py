"""Kept for imports from before the model package: the loader is generator.model.loader."""
from __future__ import annotations

from .errors import GameDataError  # noqa: F401  (tests and the referee import it from here)
from .model.loader import *  # noqa: F403
from .model.loader import __all__  # noqa: F401
