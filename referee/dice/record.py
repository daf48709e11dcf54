"""Small frozen records for the dice package, a start-up-cheap stand-in for dataclasses.

`@dataclass` imports inspect (and with it ast, dis, tokenize...) and writes five or six methods
per class through exec: for the twenty classes of a dice roll that was a third of `referee roll
3d6`'s whole start-up. `@record` makes the same kind of class (fields from the annotations,
defaults, keyword or positional construction, frozen, ==/hash over the compared fields, a
readable repr) with one small generated __init__ each, and `replace()` and `fields()` work as
dataclasses' do for these classes.
"""
from __future__ import annotations

_MISSING = object()


class FrozenError(AttributeError):
    """Assigning to a field of a record (they are immutable, like frozen dataclasses)."""


class Field:
    __slots__ = ("name", "default", "default_factory", "compare")

    def __init__(self, default=_MISSING, default_factory=None, compare: bool = True):  # noqa: ANN001
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.compare = compare


def field(*, default=_MISSING, default_factory=None, compare: bool = True) -> Field:  # noqa: ANN001
    return Field(default, default_factory, compare)


def record(cls=None, *, eq: bool = True):  # noqa: ANN001, ANN201
    """Class decorator: a frozen record with the class's annotated names as fields, in order."""
    if cls is None:
        return lambda c: record(c, eq=eq)
    specs = []
    for name in cls.__dict__.get("__annotations__", {}):
        value = cls.__dict__.get(name, _MISSING)
        spec = value if isinstance(value, Field) else Field(value)
        spec.name = name
        specs.append(spec)
        if isinstance(value, Field):
            if spec.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, spec.default)
    cls.__record_fields__ = tuple(specs)
    cls.__init__ = _make_init(cls.__name__, specs)
    cls.__setattr__ = _frozen
    cls.__delattr__ = _frozen
    cls.__repr__ = _repr
    compared = tuple(spec.name for spec in specs if spec.compare)
    if eq:
        cls.__eq__ = _make_eq(compared)
        cls.__hash__ = lambda self: hash(tuple(getattr(self, name) for name in compared))
    return cls


def _make_init(class_name: str, specs: list[Field]):  # noqa: ANN202
    params, body, scope = [], [], {"_set": object.__setattr__}
    for spec in specs:
        if spec.default_factory is not None:
            scope[f"_factory_{spec.name}"] = spec.default_factory
            params.append(f"{spec.name}=_MISSING")
            body.append(f"_set(self, {spec.name!r}, _factory_{spec.name}() if {spec.name} is _MISSING else {spec.name})")
            scope["_MISSING"] = _MISSING
            continue
        if spec.default is _MISSING:
            params.append(spec.name)
        else:
            scope[f"_default_{spec.name}"] = spec.default
            params.append(f"{spec.name}=_default_{spec.name}")
        body.append(f"_set(self, {spec.name!r}, {spec.name})")
    source = f"def __init__(self, {', '.join(params)}):\n    " + "\n    ".join(body or ["pass"])
    exec(compile(source, f"<record {class_name}>", "exec"), scope)  # noqa: S102 -- our own field names
    return scope["__init__"]


def _frozen(self, name: str, value=None) -> None:  # noqa: ANN001
    raise FrozenError(f"cannot assign to field {name!r} of a {type(self).__name__}")


def _repr(self) -> str:
    inner = ", ".join(f"{spec.name}={getattr(self, spec.name)!r}" for spec in type(self).__record_fields__)
    return f"{type(self).__name__}({inner})"


def _make_eq(compared: tuple[str, ...]):  # noqa: ANN202
    def __eq__(self, other):  # noqa: ANN001, ANN202, N807
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in compared)

    return __eq__


def fields(cls_or_record) -> tuple[Field, ...]:  # noqa: ANN001
    return cls_or_record.__record_fields__


def replace(obj, **changes):  # noqa: ANN001, ANN201
    """A copy of `obj` with some fields changed."""
    values = {spec.name: getattr(obj, spec.name) for spec in obj.__record_fields__}
    values.update(changes)
    return type(obj)(**values)
