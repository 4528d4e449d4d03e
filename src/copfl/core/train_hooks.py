"""What a client's local training is made of, apart from the model it runs on: the optimizer's
config, the hooks that change a step (a gradient hook, FedProx's proximal term, a trainable
part of the parameters, a criterion, a feature term), and the figures a training or an
evaluation returns. :class:`copfl.core.workspace.Workspace` runs them; it re-exports them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch
from torch import nn

OPTIMIZERS = ("sgd", "adam")

# Called after backward, before the optimizer step, with (parameters, gradient) flat vectors;
# may modify the gradient in place (FedProx's proximal term, masks...).
GradHook = Callable[[torch.Tensor, torch.Tensor], None]


# (logits, labels) -> loss: replaces the criterion (e.g. a balanced softmax)
LossFn = Callable[[torch.Tensor, torch.Tensor], torch.Tensor]
# (penultimate features, labels) -> loss added to the criterion (FedPAC's feature alignment)
FeatureLoss = Callable[[torch.Tensor, torch.Tensor], torch.Tensor]


# ----------------------------------------------------------------- training hooks
class TrainHook:
    """One change to :meth:`Workspace.train`'s step, passed in its ``hooks`` list: a hook may
    replace the loss (:attr:`criterion`), add a term on the head's input features
    (:attr:`feature_loss`) and change the gradient after backward, before the optimizer step
    (:meth:`grad`; the hooks' in list order). A run-wide change of how every gradient is
    computed is not in the list: it is the workspace's gradient stage
    (:class:`copfl.core.workspace.GradientStage`), installed by a run extension while a client works."""

    criterion: LossFn | None = None
    feature_loss: FeatureLoss | None = None

    def grad(self, params: torch.Tensor, grad: torch.Tensor) -> None:
        """Change ``grad`` (the flat gradient) in place; ``params``: the flat parameters."""

    def restrict(self, start: int, stop: int) -> TrainHook | None:
        """This hook acting on the coordinates ``start:stop`` alone (a step that updates only
        them: head-only training), or None when it cannot be cut (it reads the whole vector)."""
        return self if type(self).grad is TrainHook.grad else None


@dataclass(frozen=True, eq=False)
class GradientHook(TrainHook):
    """``fn(params, grad)`` on every step's gradient (a clip, an algorithm's own mask)."""

    fn: GradHook

    def grad(self, params: torch.Tensor, grad: torch.Tensor) -> None:
        self.fn(params, grad)


@dataclass(frozen=True, eq=False)
class Proximal(TrainHook):
    """The gradient of ``coefficient / 2 * ||w - anchor||^2`` added to the loss's: FedProx's
    mu (anchor: the round's start), Ditto's lambda (the global model), FedAMP's lambda /
    alpha_k (the client's cloud model)."""

    anchor: torch.Tensor
    coefficient: float

    def grad(self, params: torch.Tensor, grad: torch.Tensor) -> None:
        grad.add_(params - self.anchor, alpha=self.coefficient)  # d/dw c/2 ||w - anchor||^2 = c (w - anchor)

    def restrict(self, start: int, stop: int) -> TrainHook | None:
        return Proximal(self.anchor[start:stop], self.coefficient)


def proximal(anchor: torch.Tensor, coefficient: float) -> Proximal | None:
    """:class:`Proximal`, or None when the coefficient is 0 (no term; None hooks are skipped)."""
    return Proximal(anchor, coefficient) if coefficient else None


@dataclass(frozen=True, eq=False)
class Trainable(TrainHook):
    """Training restricted to the coordinates where ``mask`` (a 0/1 float vector) is 1: the
    gradient, with the L2 term ``decay`` added first, is multiplied by it, so the other
    coordinates keep their values exactly, provided the optimizer's state for them is zero (a
    fresh optimizer, or one only ever used with the same mask). Given an
    :class:`OptimizerConfig`, :meth:`Workspace.train` moves its weight decay here (the
    optimizer then does not apply it itself)."""

    mask: torch.Tensor
    decay: float = 0.0

    def grad(self, params: torch.Tensor, grad: torch.Tensor) -> None:
        if self.decay:
            grad.add_(params, alpha=self.decay)
        grad.mul_(self.mask)

    def restrict(self, start: int, stop: int) -> TrainHook | None:
        return Trainable(self.mask[start:stop], self.decay)


@dataclass(frozen=True, eq=False)
class Criterion(TrainHook):
    """``criterion(logits, labels)`` replaces the run's loss (a balanced softmax, a mixture)."""

    criterion: LossFn | None = None


@dataclass(frozen=True, eq=False)
class FeatureTerm(TrainHook):
    """``feature_loss(features, labels)`` added to the loss, ``features`` the head's input for
    the batch (FedPAC's feature alignment)."""

    feature_loss: FeatureLoss | None = None


@dataclass(frozen=True)
class OptimizerConfig:
    """Local optimizer. A fresh one is made for every local update unless an algorithm keeps
    its state. ``momentum`` applies to SGD; ``betas``/``eps`` to Adam."""

    name: str = "sgd"
    lr: float = 0.05
    momentum: float = 0.5
    weight_decay: float = 0.0
    betas: tuple[float, float] = (0.9, 0.999)
    eps: float = 1e-8

    def __post_init__(self) -> None:
        if self.name not in OPTIMIZERS:
            raise ValueError(f"unknown optimizer {self.name!r}; available optimizers: {', '.join(OPTIMIZERS)}")
        if not self.lr > 0:
            raise ValueError(f"learning rate must be > 0, got {self.lr}")


def make_optimizer(cfg: OptimizerConfig, param: nn.Parameter | list[nn.Parameter]) -> torch.optim.Optimizer:
    """The optimizer ``cfg`` describes over one flat parameter (or a list of them: DPAO-PFL
    steps theta_g, theta_l and phi together)."""
    params = [param] if isinstance(param, torch.Tensor) else list(param)
    if cfg.name == "sgd":
        return torch.optim.SGD(params, lr=cfg.lr, momentum=cfg.momentum, weight_decay=cfg.weight_decay)
    return torch.optim.Adam(params, lr=cfg.lr, betas=cfg.betas, eps=cfg.eps, weight_decay=cfg.weight_decay, fused=True)


@dataclass
class TrainStats:
    loss_sum: float = 0.0  # sum over samples of the training loss
    samples: int = 0
    steps: int = 0
    # Head-only training on cached features (Workspace.train, module docstring): of ``samples``,
    # those that ran through the head alone, and the samples whose features the frozen body
    # computed once (a forward pass each); the engine's FLOP count charges what was done.
    head_only: int = 0
    featurized: int = 0

    @property
    def mean_loss(self) -> float:
        return self.loss_sum / max(self.samples, 1)

    def __add__(self, other: TrainStats) -> TrainStats:
        """Two passes' statistics together (``sum(passes, TrainStats())`` for many)."""
        return TrainStats(
            self.loss_sum + other.loss_sum, self.samples + other.samples, self.steps + other.steps,
            self.head_only + other.head_only, self.featurized + other.featurized,
        )


@dataclass
class EvalStats:
    loss_sum: float
    correct: int
    samples: int

    @property
    def accuracy(self) -> float:
        return self.correct / max(self.samples, 1)

    @property
    def loss(self) -> float:
        return self.loss_sum / max(self.samples, 1)


def in_order(hooks: list[TrainHook]) -> GradHook:
    """One gradient hook that runs ``hooks`` in their order."""
    def hook(params: torch.Tensor, grad: torch.Tensor) -> None:
        for h in hooks:
            h.grad(params, grad)

    return hook
