"""Search spaces: what `copfl tune` may change, declared with each algorithm.

Each registered algorithm declares ``search_space = {knob: Knob}`` beside its options. A knob
is a run option (``lr``, ``momentum``, ``optimizer``, ``local_epochs``: the shared optimizer
knobs, :func:`sgd_space`) or one of the algorithm's own options (FedProx's ``mu``, Ditto's
``lam``...), with its range, its scale and the value its paper uses (documentation: the
table in docs/tuning.md is made from these declarations, :func:`space_table`).

Ranges are wide enough to hold the paper's value and the values a federated problem nobody
tuned for may need; learning rates and penalty weights are searched on a log scale.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

KINDS = ("float", "int", "choice")


@dataclass(frozen=True)
class Knob:
    """One searched value: ``float`` or ``int`` in [low, high] (``log``: on a log scale), or
    one of ``choices``. ``paper``: the value the method's paper (or its reference code) uses."""

    kind: str
    low: float | int | None = None
    high: float | int | None = None
    log: bool = False
    choices: tuple[Any, ...] = ()
    paper: Any = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"knob kind {self.kind!r}: expected one of {', '.join(KINDS)}")
        if self.kind == "choice":
            if not self.choices:
                raise ValueError("a choice knob needs at least one value")
        elif self.low is None or self.high is None or not self.low < self.high or (self.log and self.low <= 0):
            raise ValueError(f"knob range [{self.low}, {self.high}]{' (log)' if self.log else ''}: expected low < high{', low > 0' if self.log else ''}")

    def suggest(self, trial: Any, name: str) -> Any:
        """The value an Optuna ``trial`` suggests for this knob, as ``name``."""
        if self.kind == "float":
            return trial.suggest_float(name, self.low, self.high, log=self.log)
        if self.kind == "int":
            return trial.suggest_int(name, int(self.low), int(self.high), log=self.log)  # type: ignore[arg-type]
        return trial.suggest_categorical(name, list(self.choices))

    def contains(self, value: Any) -> bool:
        if self.kind == "choice":
            return value in self.choices
        return isinstance(value, (int, float)) and not isinstance(value, bool) and self.low <= value <= self.high  # type: ignore[operator]

    def describe(self) -> tuple[str, str]:
        """(range, scale) as the docs' table writes them."""
        if self.kind == "choice":
            return "{" + ", ".join(str(c) for c in self.choices) + "}", "choice"
        return f"[{self.low:g}, {self.high:g}]", ("log" if self.log else "linear") + (" int" if self.kind == "int" else "")


def log_float(low: float, high: float, paper: Any = None) -> Knob:
    return Knob("float", low, high, log=True, paper=paper)


def uniform(low: float, high: float, paper: Any = None) -> Knob:
    return Knob("float", low, high, paper=paper)


def integer(low: int, high: int, paper: Any = None, log: bool = False) -> Knob:
    return Knob("int", low, high, log=log, paper=paper)


def choice(*values: Any, paper: Any = None) -> Knob:
    return Knob("choice", choices=tuple(values), paper=paper)


def sgd_space(lr: tuple[float, float] = (1e-3, 0.5), paper_lr: Any = None, momentum: bool = True, paper_momentum: Any = None) -> dict[str, Knob]:
    """The shared optimizer knobs of an SGD method: the learning rate (log scale) and, unless
    the method's protocol fixes it, the momentum."""
    out = {"lr": log_float(*lr, paper=paper_lr)}
    if momentum:
        out["momentum"] = choice(0.0, 0.5, 0.9, paper=paper_momentum)
    return out


def adam_space(lr: tuple[float, float] = (1e-4, 1e-2), paper_lr: Any = None) -> dict[str, Knob]:
    """The shared optimizer knob of an Adam method: its learning rate (log scale)."""
    return {"lr": log_float(*lr, paper=paper_lr)}


# ----------------------------------------------------------------------------- applying
def run_option_names() -> set[str]:
    from copfl.config import RunConfig

    return {f.name for f in fields(RunConfig)}


def split_values(algorithm: Any, values: dict[str, Any], what: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """``values`` ({knob: value}) as (run options, algorithm options) of ``algorithm`` (a
    registered class); a name that is neither is an error naming ``what`` (where it came from)."""
    run_names = run_option_names()
    alg_names = {f.name for f in fields(algorithm.Config)} if algorithm.Config is not object else set()
    run, own, unknown = {}, {}, []
    for k, v in values.items():
        if k in alg_names:
            own[k] = v
        elif k in run_names and k not in ("algorithm", "options"):
            run[k] = v
        else:
            unknown.append(k)
    if unknown:
        valid = ", ".join(sorted(alg_names)) or "none"
        raise ValueError(f"{what}: {algorithm.name} has no option {', '.join(sorted(unknown))} (its own options: {valid}; or a run option such as lr, momentum)")
    refused = sorted(set(run) & set(algorithm.unused_run_options))
    if refused:
        raise ValueError(f"{what}: {algorithm.name} does not use {', '.join(refused)} ({algorithm.unused_run_options[refused[0]]})")
    return run, own


def space_of(algorithm: Any) -> dict[str, Knob]:
    """The algorithm's declared search space (its class's own ``search_space``)."""
    space = vars(algorithm).get("search_space")
    if not space:
        raise ValueError(f"{algorithm.name} declares no search space (search_space = {{knob: Knob}} beside its options)")
    return space


def space_table(algorithms: dict[str, Any]) -> str:
    """The docs' table of every algorithm's knobs: knob, range, scale, paper value."""
    lines = ["| algorithm | knob | range | scale | paper |", "|---|---|---|---|---|"]
    for name in sorted(algorithms):
        for knob, k in space_of(algorithms[name]).items():
            rng, scale = k.describe()
            paper = "-" if k.paper is None else f"{k.paper:g}" if isinstance(k.paper, float) else str(k.paper)
            lines.append(f"| {name} | `{knob}` | {rng} | {scale} | {paper} |")
    return "\n".join(lines) + "\n"
