"""Rows of a comparison: algorithms, and named variants of one (``fedavg[lr=0.01,momentum=0]``).

``--algorithms "fedavg,fedavg[lr=0.01,momentum=0]"``: commas inside ``[...]`` belong to the
variant. A variant's knobs are run options (``lr``, ``momentum``...) or the algorithm's own
options (``mu``...), checked like ``--params`` (:func:`copfl.tuning.values.split_values`); values
are read as JSON where they parse (``0.01``, ``true``), as text otherwise. Each row has a
folder-safe key (``fedavg--lr-0.01_momentum-0``) for its run folder and its study.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from copfl.algorithms.base import get_algorithm
from copfl.tuning.values import split_values


@dataclass(frozen=True)
class Row:
    """One row of a comparison: ``algorithm`` with the knobs ``fixed`` (empty: its defaults)."""

    text: str
    algorithm: str
    fixed: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """A folder-safe name: the algorithm, then each fixed knob and its value."""
        if not self.fixed:
            return self.algorithm
        parts = "_".join(f"{k}-{_text(v)}" for k, v in self.fixed.items())
        return f"{self.algorithm}--{re.sub(r'[^A-Za-z0-9._-]+', '-', parts)}"


def _text(v: Any) -> str:
    return json.dumps(v) if not isinstance(v, str) else v


def split_rows(text: str) -> list[str]:
    """``text`` cut at the commas outside brackets; an unbalanced bracket is an error."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "[":
            depth += 1
            if depth > 1:
                raise ValueError(f"--algorithms {text!r}: brackets inside a variant's brackets")
        elif ch == "]":
            depth -= 1
            if depth < 0:
                raise ValueError(f"--algorithms {text!r}: a ']' without its '['")
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if depth:
        raise ValueError(f"--algorithms {text!r}: a '[' without its ']'")
    out.append(cur.strip())
    return [r for r in out if r]


def parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_row(text: str) -> Row:
    m = re.fullmatch(r"([A-Za-z0-9_.-]+)(?:\[(.*)\])?", text)
    if not m:
        raise ValueError(f"--algorithms: {text!r} is not NAME or NAME[knob=value,...]")
    name, inner = m.group(1), m.group(2)
    cls = get_algorithm(name)
    fixed: dict[str, Any] = {}
    if inner is not None:
        if not inner.strip():
            raise ValueError(f"--algorithms: {text!r} names no knob inside its brackets")
        for item in inner.split(","):
            k, eq, v = item.partition("=")
            k = k.strip()
            if not eq or not k or not v.strip():
                raise ValueError(f"--algorithms: {text!r}: {item.strip()!r} is not knob=value")
            if k in fixed:
                raise ValueError(f"--algorithms: {text!r} sets {k} twice")
            fixed[k] = parse_value(v.strip())
        split_values(cls, fixed, f"--algorithms {text}")
    return Row(text, name, fixed)


# Left out of ``--algorithms all``: centralized training pools every client's data on one machine
# (an upper reference, not a federated method a user can deploy); name it to compare it.
NOT_IN_ALL = ("centralized",)


def expand_all(items: list[str]) -> list[str]:
    """``all`` (every registered algorithm but :data:`NOT_IN_ALL`, in name order) in a list of
    rows, with ``-NAME`` items taking a method out of it: ``all,-fedper,centralized``."""
    from copfl.algorithms.base import algorithm_names

    if "all" not in items:
        if any(i.startswith("-") for i in items):
            raise ValueError(f"--algorithms: {', '.join(i for i in items if i.startswith('-'))}: '-NAME' takes a method out of 'all', which the list does not name")
        return items
    minus = [i[1:] for i in items if i.startswith("-")]
    for name in minus:
        get_algorithm(name)  # an unknown name is named, with the known ones
    every = [n for n in algorithm_names() if n not in NOT_IN_ALL and n not in minus]
    out: list[str] = []
    for i in items:
        if i == "all":
            out += [n for n in every if n not in items]
        elif not i.startswith("-"):
            out.append(i)
    return out


def parse_rows(text: str) -> list[Row]:
    """Every row of ``--algorithms`` (``all``: :func:`expand_all`); a row or a folder key given
    twice is an error."""
    rows = [parse_row(r) for r in expand_all(split_rows(text))]
    if not rows:
        raise ValueError("--algorithms needs at least one name")
    keys = [r.key for r in rows]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise ValueError(f"--algorithms lists {', '.join(dup)} twice: {text}")
    return rows
