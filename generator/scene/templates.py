"""The one jinja2 factory: every template Boneyard renders (card and sheet layout values, the
rulebook) comes from an environment made here. jinja2 is imported by this module only.

Game data is not trusted, so every environment is sandboxed; a missing name is an error unless
a layout asks for lenient lookups (sheet ``when:`` tests and the like).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import ChainableUndefined, FileSystemLoader, StrictUndefined, TemplateError, UndefinedError
from jinja2.sandbox import SandboxedEnvironment

__all__ = ["Environment", "TemplateError", "UndefinedError", "environment"]

Environment = SandboxedEnvironment


def environment(*, lenient: bool = False, folder: Path | None = None, html: bool = False,
                filters: dict[str, Callable[..., Any]] | None = None) -> SandboxedEnvironment:
    """A sandboxed environment. ``lenient``: undefined names chain to empty instead of failing;
    ``folder``: templates are loaded from files there; ``html``: autoescaped, block tags trimmed
    (the rulebook); ``filters``: extra filters by name."""
    options: dict[str, Any] = {"undefined": ChainableUndefined if lenient else StrictUndefined,
                               "autoescape": html}
    if folder is not None:
        options["loader"] = FileSystemLoader(folder)
    if html:
        options.update(trim_blocks=True, lstrip_blocks=True)
    env = SandboxedEnvironment(**options)
    env.filters.update(filters or {})
    return env
