"""Values checked against a dataclass's field types, before anything runs, and the message for
a name no registry holds (:func:`unknown_name`, with difflib's "did you mean").

The command line's flags are typed by argparse, but a TOML file or a Python caller can hand
over anything: ``rounds = "ten"``, ``lr = "fast"``, ``rounds = 2.5``. :func:`check_types`
refuses them with one message naming every bad field, its value and the type expected, for
the run's config (:class:`copfl.execution.config.RunConfig`) and for every algorithm's ``Config``
alike, so the flags and the files get the same validation.
"""

from __future__ import annotations

import difflib
import functools
import numbers
import types
import typing
from collections.abc import Iterable
from dataclasses import fields
from typing import Any

_NAMES = {bool: "true or false", int: "an integer", float: "a number", str: "a text", dict: "a table"}


def _accepts(t: Any, v: Any) -> bool:
    if t is Any:
        return True
    if t is bool:
        return isinstance(v, bool)
    if t is int:
        return isinstance(v, numbers.Integral) and not isinstance(v, bool)
    if t is float:
        return isinstance(v, numbers.Real) and not isinstance(v, bool)
    if t is str:
        return isinstance(v, str)
    origin = typing.get_origin(t)
    if origin is dict or t is dict:
        return isinstance(v, dict)
    if origin is tuple:
        inner = typing.get_args(t)[0]
        return isinstance(v, (list, tuple)) and all(_accepts(inner, x) for x in v)
    return True  # a type this checker does not know: the dataclass's own checks decide


def _alternatives(hint: Any) -> tuple[Any, ...]:
    """The types a hint admits: ``int | None`` -> (int, NoneType); ``float`` -> (float,)."""
    return typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)


def expected(hint: Any) -> str:
    """A field's type in words: ``an integer``, ``a number or none``..."""
    return " or ".join(_NAMES.get(a, "none" if a is type(None) else getattr(a, "__name__", str(a))) for a in _alternatives(hint))


@functools.cache
def _plan(cls: type) -> dict[str, tuple[Any, tuple[Any, ...], bool]]:
    """Per field of ``cls``: its hint, the types it admits and whether None means "the default"
    there (worked out once per class: configs are made often, a reproduction's plan makes
    thousands)."""
    hints = typing.get_type_hints(cls)
    return {f.name: (hints[f.name], _alternatives(hints[f.name]), f.default is None) for f in fields(cls)}


_PLAIN = {bool: (bool,), int: (int,), float: (int, float), str: (str,)}  # exact types accepted at once


def type_errors(cls: type, values: dict[str, Any]) -> list[str]:
    """One line per value of ``values`` whose type its field of ``cls`` does not accept
    (unknown keys are not this function's business)."""
    plan = _plan(cls)
    errors = []
    for k, v in values.items():
        field_plan = plan.get(k)
        if field_plan is None:
            continue
        hint, options, default_none = field_plan
        if v is None:
            if type(None) in options or default_none:
                continue
        elif any(type(v) in _PLAIN.get(t, ()) for t in options):  # the common case: a value of the field's own type
            continue
        if not any(_accepts(t, v) for t in options if t is not type(None)):
            errors.append(f"{k.replace('_', '-')} = {v!r} ({type(v).__name__}): expected {expected(hint)}")
    return errors


def check_types(cls: type, values: dict[str, Any], where: str) -> None:
    """Raise a ValueError naming every value of ``values`` of the wrong type for ``cls``'s
    fields (``where`` says whose: "run option", "fedprox option"...)."""
    errors = type_errors(cls, values)
    if errors:
        raise ValueError(f"{where}{'s' if len(errors) > 1 else ''} of the wrong type: " + "; ".join(errors))


def did_you_mean(name: str, known: Iterable[str], prefix: str = "") -> str:
    """``"; did you mean 'fedavg'?"`` for a misspelled ``name`` among ``known`` (up to three
    close ones, by difflib's measure; each shown after ``prefix``, e.g. ``--``), else ``""``:
    the tail of an unknown-name error."""
    close = difflib.get_close_matches(name, list(known), n=3, cutoff=0.6)
    return f"; did you mean {' or '.join(repr(prefix + c) for c in close)}?" if close else ""


def unknown_name(what: str, name: str, known: Iterable[str], plural: str | None = None) -> str:
    """The message for a name no registry holds, e.g. ``unknown partition 'dirichet'; available
    partitions: label-skew, dirichlet, ...; did you mean 'dirichlet'?``."""
    known = list(known)
    return f"unknown {what} {name!r}; available {plural or what + 's'}: {', '.join(known)}{did_you_mean(name, known)}"
