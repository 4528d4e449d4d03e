"""Search spaces: what `copfl tune` may change, declared with each algorithm.

Each registered algorithm declares ``search_space = {knob: Knob}`` beside its options. A knob
is a run option (``lr``, ``momentum``, ``optimizer``, ``local_epochs``: the shared optimizer
knobs, :func:`sgd_space`) or one of the algorithm's own options (FedProx's ``mu``, Ditto's
``lam``...), with its range, its scale and the value its paper uses (documentation: the
table in docs/tuning.md is made from these declarations, :func:`space_table`).

Ranges are wide enough to hold the paper's value and the values a federated problem nobody
tuned for may need; learning rates and penalty weights are searched on a log scale. An SGD
learning rate is searched **relative to the model's stable rate** (:data:`STABLE_LR`, measured
by studies/stable_lr.py): a knob made by :func:`sgd_space` holds multiples of it, and
:func:`space_of` with the problem's model gives the rates themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
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
    relative: bool = False  # low and high are multiples of the model's stable learning rate (resolve())

    def resolve(self, model: str | None) -> Knob:
        """The knob on a problem of ``model``: a relative knob's range as rates, [low x
        min(s, 0.5), high x s] for the model's stable rate s (the low end never above what a
        stable rate of 0.5 gives, so that copfl's default 0.05 and the papers' rates, 0.001 and
        up, stay inside on every model); any other knob as it is."""
        if not self.relative:
            return self
        s = stable_lr(model)
        return Knob(self.kind, float(f"{self.low * min(s, 0.5):.6g}"), float(f"{self.high * s:.6g}"), self.log, self.choices, self.paper)

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
        if self.relative:
            raise ValueError("a relative knob's range depends on the model: resolve(model) it first (space_of(algorithm, model))")
        if self.kind == "choice":
            return value in self.choices
        return isinstance(value, (int, float)) and not isinstance(value, bool) and self.low <= value <= self.high  # type: ignore[operator]

    def describe(self) -> tuple[str, str]:
        """(range, scale) as the docs' table writes them."""
        if self.kind == "choice":
            return "{" + ", ".join(str(c) for c in self.choices) + "}", "choice"
        if self.relative:
            return f"[{self.low:g} s, {self.high:g} s]", "log, s: the model's stable rate"
        return f"[{self.low:g}, {self.high:g}]", ("log" if self.log else "linear") + (" int" if self.kind == "int" else "")


def log_float(low: float, high: float, paper: Any = None) -> Knob:
    return Knob("float", low, high, log=True, paper=paper)


def uniform(low: float, high: float, paper: Any = None) -> Knob:
    return Knob("float", low, high, paper=paper)


def integer(low: int, high: int, paper: Any = None, log: bool = False) -> Knob:
    return Knob("int", low, high, log=log, paper=paper)


def choice(*values: Any, paper: Any = None) -> Knob:
    return Knob("choice", choices=tuple(values), paper=paper)


# The largest SGD learning rate (momentum 0.5, plain local training) at which each model family
# still lowers its training loss steadily: studies/stable_lr.py, on a 2-core CPU, 2026-12-05
# (docs/results/stable-lr.json: the grid 1e-3 ... 30 in half decades, 3 rounds). A model not
# measured (svm, tiny, a plugin's) takes DEFAULT_STABLE_LR, the CNN's.
STABLE_LR = {"mlp": 0.1, "logreg": 10.0, "cnn": 0.1, "lenet5": 0.3, "lstm": 3.0, "resnet18": 0.03}
DEFAULT_STABLE_LR = 0.1


def stable_lr(model: str | None) -> float:
    """The model family's stable SGD rate (:data:`STABLE_LR`; the CNN's for a model not measured)."""
    return STABLE_LR.get(str(model), DEFAULT_STABLE_LR) if model is not None else DEFAULT_STABLE_LR


MOMENTA = (0.0, 0.5, 0.9)


def sgd_space(lr: tuple[float, float] = (1e-2, 5.0), paper_lr: Any = None, paper_momentum: Any = None) -> dict[str, Knob]:
    """The shared optimizer knobs of an SGD method: the learning rate (log scale, ``lr`` as
    multiples of the model's stable rate: by default s/100 to 5 s, which on the CNN, s = 0.1, is
    [0.001, 0.5]) and the momentum among :data:`MOMENTA`. Every SGD method searches both, those
    whose papers use plain SGD too (their paper's momentum 0 is the default trial, not a limit
    of the search): a fair comparison gives every method the same optimizer freedom."""
    return {"lr": Knob("float", lr[0], lr[1], log=True, paper=paper_lr, relative=True),
            "momentum": choice(*MOMENTA, paper=paper_momentum)}


def adam_space(lr: tuple[float, float] = (1e-4, 1e-2), paper_lr: Any = None) -> dict[str, Knob]:
    """The shared optimizer knob of an Adam method: its learning rate (log scale)."""
    return {"lr": log_float(*lr, paper=paper_lr)}


def space_of(algorithm: Any, model: str | None = None) -> dict[str, Knob]:
    """The algorithm's declared search space (its class's own ``search_space``), its relative
    knobs resolved for a problem of ``model`` (None: the CNN's stable rate)."""
    space = vars(algorithm).get("search_space")
    if not space:
        raise ValueError(f"{algorithm.name} declares no search space (search_space = {{knob: Knob}} beside its options)")
    return {k: knob.resolve(model) for k, knob in space.items()}


def space_table(algorithms: dict[str, Any]) -> str:
    """The docs' table of every algorithm's knobs: knob, range, scale, paper value (a learning
    rate's range as multiples of the model's stable rate s)."""
    lines = ["| algorithm | knob | range | scale | paper |", "|---|---|---|---|---|"]
    for name in sorted(algorithms):
        for knob, k in vars(algorithms[name])["search_space"].items():
            rng, scale = k.describe()
            paper = "-" if k.paper is None else f"{k.paper:g}" if isinstance(k.paper, float) else str(k.paper)
            lines.append(f"| {name} | `{knob}` | {rng} | {scale} | {paper} |")
    return "\n".join(lines) + "\n"
