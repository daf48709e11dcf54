"""The one jinja2 factory: every template Boneyard renders (card and sheet layout values, the
rulebook) comes from an environment made here. jinja2 is imported by this module only.

Game data is not trusted, so every environment is sandboxed; a missing name is an error unless
a layout asks for lenient lookups (sheet ``when:`` tests and the like).

The sandbox blocks escapes; ``BoundedEnvironment`` also bounds the work a layout value can ask
for (generator.limits): string and list repetition, format widths ('%999999999d',
'{:>999999999}'), ranges, powers, loop steps and calls, and the size of what one rendering
produces. A value past a limit is refused at once with a SecurityError (a TemplateError), which
the card and sheet composers report with the layout file and region.
"""
from __future__ import annotations

import operator
import re
import types
from collections.abc import Callable
from contextvars import ContextVar
from functools import update_wrapper
from pathlib import Path
from string import Formatter
from typing import Any

from jinja2 import ChainableUndefined, FileSystemLoader, StrictUndefined, TemplateError, UndefinedError, nodes
from jinja2.environment import Environment as BaseEnvironment
from jinja2.environment import Template
from jinja2.nodes import EvalContext
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter, SecurityError
from jinja2.utils import Namespace
from markupsafe import Markup

from ..limits import limit

__all__ = ["BoundedEnvironment", "Environment", "SecurityError", "TemplateError", "UndefinedError", "environment"]

MAX_OUTPUT = limit("template_output")
MAX_STRING = limit("template_string")
MAX_VALUE = limit("template_value")
MAX_WIDTH = limit("template_format_width")
MAX_RANGE = limit("template_range")
MAX_STEPS = limit("template_steps")
MAX_POWER_BITS = limit("template_power_bits")


class _Budget:
    __slots__ = ("steps", "output")

    def __init__(self) -> None:
        self.steps = 0
        self.output = 0


_BUDGET: ContextVar[_Budget | None] = ContextVar("template_budget", default=None)


def _refuse(message: str) -> SecurityError:
    return SecurityError(f"refused: {message}")


def _check_size(value: Any, what: str) -> Any:
    if isinstance(value, (str, list, tuple, bytes)) and len(value) > MAX_STRING:
        raise _refuse(f"{what} makes {len(value):,} characters or items; a template may make at most {MAX_STRING:,}")
    return value


def _weight(value: Any, most: int) -> int:
    """Characters and items in a value, nested containers included, counted up to ``most`` (a
    list holding itself twice, thirty levels deep, is counted in a moment, not expanded)."""
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            total += len(item)
        else:
            total += 1
            if isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            elif isinstance(item, (list, tuple, set, frozenset)):
                stack.extend(item)
            elif isinstance(item, Namespace):
                stack.append(item.__dict__.get("_Namespace__attrs", {}))
        if total > most:
            return total
    return total


def _check_weight(value: Any, most: int, what: str) -> Any:
    if not isinstance(value, (str, int, float, bool)) and value is not None and _weight(value, most) > most:
        raise _refuse(f"{what} holds more than {most:,} characters and items")
    return value


_NUMBER = re.compile(r"\d+")
_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?([-#0 +]*(?:\d+|\*)?(?:\.(?:\d+|\*))?)[a-zA-Z%]")


def _check_spec(spec: str, shown: str) -> None:
    for number in _NUMBER.findall(spec):
        if len(number) > 9 or int(number) > MAX_WIDTH:
            raise _refuse(f"the format '{shown}' asks for a width or precision of {int(number):,}; "
                          f"the limit is {MAX_WIDTH:,}")


def _check_percent(template: str, args: Any) -> None:
    """Widths and precisions in an old-style format string ('%999999999d' % 1)."""
    for spec in _PERCENT_SPEC.findall(template):
        _check_spec(spec, "%" + spec)
        if "*" in spec:  # the width comes from the arguments
            values = args if isinstance(args, tuple) else (args,)
            for value in values:
                if isinstance(value, int) and abs(value) > MAX_WIDTH:
                    raise _refuse(f"the format '%{spec}' asks for a width of {value:,}; the limit is {MAX_WIDTH:,}")


class _BoundedFormatter(SandboxedFormatter):
    def format_field(self, value: Any, format_spec: str) -> Any:
        _check_spec(format_spec, "{:" + format_spec + "}")
        _check_weight(value, MAX_STRING, "the value formatted")
        return super().format_field(value, format_spec)


class _BoundedEscapeFormatter(SandboxedEscapeFormatter):
    def format_field(self, value: Any, format_spec: str) -> Any:
        _check_spec(format_spec, "{:" + format_spec + "}")
        _check_weight(value, MAX_STRING, "the value formatted")
        return super().format_field(value, format_spec)


def _bounded_range(*args: int) -> range:
    values = range(*args)
    if len(values) > MAX_RANGE:
        raise _refuse(f"range({', '.join(map(str, args))}) has {len(values):,} items; a template's range may have at most {MAX_RANGE:,}")
    return values


def _mul(left: Any, right: Any) -> Any:
    for seq, count in ((left, right), (right, left)):
        if isinstance(seq, (str, list, tuple)) and isinstance(count, int) and not isinstance(count, bool):
            each = len(seq) if isinstance(seq, str) else _weight(seq, MAX_STRING)
            size = each * max(count, 0)
            if size > MAX_STRING:
                raise _refuse(f"repeating {each:,} characters or items {count:,} times makes {size:,}; "
                              f"a template may make at most {MAX_STRING:,}")
    return operator.mul(left, right)


def _pow(left: Any, right: Any) -> Any:
    if isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0:
        if abs(left).bit_length() * right > MAX_POWER_BITS:
            raise _refuse(f"{left} ** {right} is too large a number (over {MAX_POWER_BITS:,} bits)")
    return operator.pow(left, right)


def _mod(left: Any, right: Any) -> Any:
    if isinstance(left, str):
        _check_percent(left, right)
        _check_weight(right, MAX_STRING, "the value formatted with '%'")
        return _check_size(operator.mod(left, right), "'%' formatting")
    return operator.mod(left, right)


def _add(left: Any, right: Any) -> Any:
    for value in (left, right):
        _check_size(value, "'+'")
    if isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
        if _weight(left, MAX_STRING) + _weight(right, MAX_STRING) > MAX_STRING:
            raise _refuse(f"'+' makes more than {MAX_STRING:,} characters or items, "
                          f"the most a template may make")
    return operator.add(left, right)


_WIDTH_METHODS = {"ljust", "rjust", "center", "zfill", "expandtabs"}


def _check_str_method(method: Any, args: tuple, kwargs: dict) -> None:
    text = getattr(method, "__self__", None)
    if not isinstance(method, types.BuiltinMethodType) or not isinstance(text, str):
        return
    name = method.__name__
    if name in _WIDTH_METHODS:
        for value in (*args, *kwargs.values()):
            if isinstance(value, int) and value > MAX_STRING:
                raise _refuse(f"'{name}({value:,})' makes a string of {value:,} characters; "
                              f"a template may make at most {MAX_STRING:,}")
    elif name == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
        old, new = args[0], args[1]
        grown = (text.count(old) if old else len(text) + 1) * (len(new) - len(old))
        if len(text) + grown > MAX_STRING:
            raise _refuse(f"'replace' makes {len(text) + grown:,} characters; a template may make at most {MAX_STRING:,}")


def _guard_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """Every built-in filter refuses a value past the limits before doing the work; those that
    take a size (center, indent, batch, slice, wordwrap, truncate, format, replace) check it too."""

    def guarded(*args: Any, **kwargs: Any) -> Any:
        plain = [a for a in args if not isinstance(a, (BaseEnvironment, EvalContext))]  # drop a passed context
        if name == "format" and plain and isinstance(plain[0], str):
            _check_percent(plain[0], tuple(plain[1:]))
        elif name == "replace" and len(plain) >= 3:
            text, old, new = (str(v) for v in plain[:3])
            grown = (text.count(old) if old else len(text) + 1) * (len(new) - len(old))
            if len(text) + grown > MAX_STRING:
                raise _refuse(f"'replace' makes {len(text) + grown:,} characters; "
                              f"a template may make at most {MAX_STRING:,}")
        elif name in _SIZED_FILTERS:
            for value in (*plain[1:], *kwargs.values()):
                if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_STRING:
                    raise _refuse(f"the '{name}' filter was given {value:,}; the limit is {MAX_STRING:,}")
        for value in (*plain, *kwargs.values()):  # what a filter turns into text is bounded first
            _check_weight(value, MAX_VALUE, f"the value given to the '{name}' filter")
        return _check_size(function(*args, **kwargs), f"the '{name}' filter")

    return update_wrapper(guarded, function)


_SIZED_FILTERS = ("center", "indent", "batch", "slice", "wordwrap", "truncate", "format", "replace")


class _BoundedTemplate(Template):
    @classmethod
    def _from_namespace(cls, environment, namespace, globals):  # type: ignore[override]
        template = super()._from_namespace(environment, namespace, globals)
        if getattr(environment, "bounded", False):
            template.root_render_func = _bounded_root(template.root_render_func)
        return template


def _bounded_root(root: Callable[..., Any]) -> Callable[..., Any]:
    """One rendering (a template or an expression) shares one budget of steps and output."""

    def render(context: Any):
        budget = _BUDGET.get()
        token = None
        if budget is None:
            budget = _Budget()
            token = _BUDGET.set(budget)
        try:
            for chunk in root(context):
                budget.output += len(chunk)
                if budget.output > MAX_OUTPUT:
                    raise _refuse(f"the value renders to more than {MAX_OUTPUT:,} characters")
                yield chunk
        except RecursionError:
            raise _refuse("the template calls itself too deeply (a recursive macro?)") from None
        except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as exc:
            # range(an undefined name), 1 / 0, int('x') ...: the template's mistake, told as one
            raise TemplateError(f"{exc}" if "Undefined" not in str(exc) else
                                f"a name the template uses is not defined here ({exc})") from None
        finally:
            if token is not None:
                try:
                    _BUDGET.reset(token)
                except ValueError:  # closed from another context: nothing to restore
                    pass

    return render


def _step(count: int = 1) -> None:
    budget = _BUDGET.get()
    if budget is not None:
        budget.steps += count
        if budget.steps > MAX_STEPS:
            raise _refuse(f"the template takes more than {MAX_STEPS:,} loop steps and calls")


def _finalize(value: Any) -> Any:
    return _check_weight(value, MAX_OUTPUT, "a value shown by the template")


class BoundedEnvironment(ImmutableSandboxedEnvironment):
    """A sandbox (lists and dicts cannot be changed in place) that also bounds work. ``bounded``: templates from game data, whose loops,
    calls, concatenations and output are counted too (the rulebook's own templates are not)."""

    template_class = _BoundedTemplate
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, *args: Any, bounded: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bounded = bounded
        self.globals["range"] = _bounded_range
        self.binop_table.update({"*": _mul, "**": _pow, "%": _mod, "+": _add})
        if bounded:  # game data's templates: every filter and every {{ value }} is weighed first
            for name in list(self.filters):  # the built-in ones (extra filters are added after)
                self.filters[name] = _guard_filter(name, self.filters[name])
            self.finalize = _finalize

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)
        if self.loader is None:
            for node in tree.find_all((nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)):
                raise _refuse(f"'{{% {type(node).__name__.lower()} %}}' is not allowed in a layout value "
                              f"(line {node.lineno})")
        if self.bounded:
            for loop in tree.find_all(nodes.For):  # every loop step is counted
                loop.iter = nodes.Call(nodes.EnvironmentAttribute("counted"), [loop.iter], [], None, None,
                                       lineno=loop.lineno)
            for concat in tree.find_all(nodes.Concat):  # `a ~ b` is checked like `a + b`
                concat.nodes = [nodes.Call(nodes.EnvironmentAttribute("checked"), [n], [], None, None,
                                           lineno=concat.lineno) for n in concat.nodes]
        return tree

    def counted(self, iterable: Any):
        for item in iterable:
            _step()
            yield item

    def checked(self, value: Any) -> Any:
        _check_weight(value, MAX_STRING, "a value joined with '~'")
        return _check_size(value if isinstance(value, (list, tuple)) else str(value), "'~'")

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        if __self.bounded:
            _step()
        _check_str_method(__obj, args, kwargs)
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        if not isinstance(value, (types.MethodType, types.BuiltinMethodType)) or value.__name__ not in (
                "format", "format_map") or not isinstance(value.__self__, str):
            return None
        text: str = value.__self__
        formatter: Formatter = (_BoundedEscapeFormatter(self, escape=text.escape) if isinstance(text, Markup)
                                else _BoundedFormatter(self))
        is_map = value.__name__ == "format_map"

        def wrapper(*args: Any, **kwargs: Any) -> str:
            if is_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one mapping")
                mapping = args[0]
                args, kwargs = (), mapping
            return _check_size(type(text)(formatter.vformat(text, args, kwargs)), "formatting")

        return update_wrapper(wrapper, value)


Environment = BoundedEnvironment


def environment(*, lenient: bool = False, folder: Path | None = None, html: bool = False,
                filters: dict[str, Callable[..., Any]] | None = None) -> BoundedEnvironment:
    """A sandboxed, bounded environment. ``lenient``: undefined names chain to empty instead of
    failing; ``folder``: templates are loaded from files there (Boneyard's own: their loops and
    output are not counted); ``html``: autoescaped, block tags trimmed (the rulebook);
    ``filters``: extra filters by name."""
    options: dict[str, Any] = {"undefined": ChainableUndefined if lenient else StrictUndefined,
                               "autoescape": html}
    if folder is not None:
        options["loader"] = FileSystemLoader(folder)
    if html:
        options.update(trim_blocks=True, lstrip_blocks=True)
    env = BoundedEnvironment(bounded=folder is None, **options)
    env.filters.update(filters or {})
    return env
