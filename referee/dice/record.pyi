# Type checkers read this stub: `record` makes dataclass-like classes (PEP 681), so their
# generated __init__ is checked like a frozen dataclass's. At run time record.py needs no typing.
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

_T = TypeVar("_T")

class FrozenError(AttributeError): ...

class Field:
    name: str
    default: Any
    default_factory: Callable[[], Any] | None
    compare: bool

def field(*, default: Any = ..., default_factory: Callable[[], Any] | None = ..., compare: bool = ...) -> Any: ...
@overload
@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: type[_T], *, eq: bool = ...) -> type[_T]: ...
@overload
@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: None = ..., *, eq: bool = ...) -> Callable[[type[_T]], type[_T]]: ...
def fields(cls_or_record: Any) -> tuple[Field, ...]: ...
def replace(obj: _T, **changes: Any) -> _T: ...
