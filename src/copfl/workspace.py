"""The one model every client borrows, and the local training / evaluation loops.

There is a single ``nn.Module`` per run. A client's model is a flat parameter vector (plus a
batch-norm statistics vector) loaded into it with one ``copy_``; nothing is deep-copied per
client or per round. The optimizer steps the flat vector as one tensor.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import torch
import torch.nn.functional as F
from torch import nn

from copfl.data.clients import ClientData
from copfl.models import channels_last_hazard, has_batchnorm
from copfl.params import FlatParams

OPTIMIZERS = ("sgd", "adam")

# Called after backward, before the optimizer step, with (parameters, gradient) flat vectors;
# may modify the gradient in place (FedProx's proximal term, masks...).
GradHook = Callable[[torch.Tensor, torch.Tensor], None]


@dataclass(frozen=True)
class OptimizerConfig:
    """Local optimizer. A fresh one is made for every local update unless an algorithm keeps
    its state. ``momentum`` applies to SGD; ``betas``/``eps`` to Adam."""

    name: str = "sgd"
    lr: float = 0.01
    momentum: float = 0.0
    weight_decay: float = 0.0
    betas: tuple[float, float] = (0.9, 0.999)
    eps: float = 1e-8

    def __post_init__(self) -> None:
        if self.name not in OPTIMIZERS:
            raise ValueError(f"unknown optimizer {self.name!r}; available optimizers: {', '.join(OPTIMIZERS)}")
        if not self.lr > 0:
            raise ValueError(f"learning rate must be > 0, got {self.lr}")


def make_optimizer(cfg: OptimizerConfig, param: nn.Parameter) -> torch.optim.Optimizer:
    if cfg.name == "sgd":
        return torch.optim.SGD([param], lr=cfg.lr, momentum=cfg.momentum, weight_decay=cfg.weight_decay)
    return torch.optim.Adam([param], lr=cfg.lr, betas=cfg.betas, eps=cfg.eps, weight_decay=cfg.weight_decay, fused=True)


@dataclass
class TrainStats:
    loss_sum: float = 0.0  # sum over samples of the training loss
    samples: int = 0
    steps: int = 0

    @property
    def mean_loss(self) -> float:
        return self.loss_sum / max(self.samples, 1)


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


class Workspace:
    """A model bound to flat vectors, with the local loops every algorithm uses."""

    def __init__(
        self,
        model: nn.Module,
        augment: Callable[[torch.Tensor, torch.Generator], torch.Tensor] | None = None,
        eval_batch_size: int = 128,
        channels_last: bool | None = None,
    ) -> None:
        self.model = model
        # Channels-last speeds convolutions up ~1.2x (training) to ~2.5x (inference) on CPU,
        # except where it would reach a crashing oneDNN kernel (on every CPU alike, so that
        # results never depend on which CPU a run had).
        hazard = channels_last_hazard(model)
        if channels_last is None:
            channels_last = hazard is None and any(isinstance(m, nn.Conv2d) for m in model.modules())
        elif channels_last and hazard is not None:
            raise ValueError(
                f"channels-last is unsafe for this model: layer {hazard!r} is a 1x1 strided convolution "
                "with 2-7 input channels, whose weight gradient crashes oneDNN's AVX2 kernel "
                "(docs/known-issues.md); use channels_last=False or None"
            )
        self.channels_last = channels_last
        self.flat = FlatParams(model, channels_last=channels_last)
        # the training and evaluation loss: cross-entropy, or the multi-class hinge loss for SVMs
        self.criterion = F.multi_margin_loss if getattr(model, "criterion", "ce") == "hinge" else F.cross_entropy
        self.augment = augment
        self.eval_batch_size = eval_batch_size
        self.has_bn = has_batchnorm(model)

    @property
    def params(self) -> torch.Tensor:
        return self.flat.vector

    @property
    def buffers(self) -> torch.Tensor:
        return self.flat.buffers

    def load(self, params: torch.Tensor, buffers: torch.Tensor | None = None) -> None:
        self.flat.load(params, buffers)

    def train(
        self,
        data: ClientData,
        *,
        epochs: int,
        batch_size: int,
        generator: torch.Generator,
        optimizer: torch.optim.Optimizer | OptimizerConfig,
        grad_hook: GradHook | None = None,
        trainable: torch.Tensor | None = None,
        decay: float = 0.0,
        feature_loss: Callable[[torch.Tensor, torch.Tensor], torch.Tensor] | None = None,
    ) -> TrainStats:
        """``epochs`` passes over the client's training data in seeded random order.

        Trains the parameters currently loaded; the result stays in :attr:`params`. A batch of
        one sample is skipped when the model has batch norm (its statistics are undefined).

        ``trainable`` (a 0/1 float vector) restricts training to the coordinates where it is 1:
        the gradient is multiplied by it after ``grad_hook`` and after the L2 term ``decay``
        (taken from an :class:`OptimizerConfig`'s weight decay, which the optimizer then does
        not apply itself), so the other coordinates keep their values exactly, provided the
        optimizer's state for them is zero (a fresh optimizer, or one only ever used with the
        same ``trainable``).

        ``feature_loss(features, labels)`` is added to the cross-entropy, with ``features`` the
        head's input for the batch (FedPAC's feature alignment).
        """
        if trainable is not None and isinstance(optimizer, OptimizerConfig) and optimizer.weight_decay:
            decay, optimizer = optimizer.weight_decay, replace(optimizer, weight_decay=0.0)
        opt = make_optimizer(optimizer, self.flat.param) if isinstance(optimizer, OptimizerConfig) else optimizer
        if trainable is not None:
            grad_hook = _masked_hook(grad_hook, trainable, decay)
        model, grad, x, y = self.model, self.flat.grad, data.x_train, data.y_train
        feats: list[torch.Tensor] = []
        handle = self._head().register_forward_hook(lambda m, inp, out: feats.append(inp[0])) if feature_loss else None
        try:
            return self._train_loop(model, grad, x, y, epochs, batch_size, generator, opt, grad_hook, feature_loss, feats)
        finally:
            if handle is not None:
                handle.remove()

    def _layout(self, xb: torch.Tensor) -> torch.Tensor:
        """An image batch in the memory order the model runs in. oneDNN follows the input's
        order, so an NCHW model must also get NCHW strides: a one-channel batch can carry
        channels-last strides while ``is_contiguous()`` says True."""
        if xb.dim() != 4:
            return xb
        if self.channels_last:
            return xb.contiguous(memory_format=torch.channels_last)
        if xb.stride() != _nchw_strides(xb.shape):
            return xb.clone(memory_format=torch.contiguous_format)
        return xb

    def _head(self) -> nn.Module:
        return dict(self.model.named_modules())[self.flat.head_module]

    def _train_loop(self, model, grad, x, y, epochs, batch_size, generator, opt, grad_hook, feature_loss, feats) -> TrainStats:
        model.train()
        n = len(y)
        loss_sum = torch.zeros((), dtype=torch.float64)
        stats = TrainStats()
        for _ in range(epochs):
            order = torch.randperm(n, generator=generator)
            for start in range(0, n, batch_size):
                idx = order[start : start + batch_size]
                if self.has_bn and len(idx) < 2:
                    continue
                xb = x[idx]
                if self.augment is not None:
                    xb = self.augment(xb, generator)
                xb = self._layout(xb)
                grad.zero_()
                loss = self.criterion(model(xb), y[idx])
                if feature_loss is not None:
                    loss = loss + feature_loss(feats.pop(), y[idx])
                loss.backward()
                if grad_hook is not None:
                    grad_hook(self.flat.vector, grad)
                opt.step()
                loss_sum += loss.detach() * len(idx)
                stats.samples += len(idx)
                stats.steps += 1
        stats.loss_sum = float(loss_sum)
        return stats

    @torch.inference_mode()
    def features_and_logits(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Penultimate features (the head's input) and logits of the loaded model, in eval mode."""
        self.model.eval()
        feats: list[torch.Tensor] = []
        handle = self._head().register_forward_hook(lambda m, inp, out: feats.append(inp[0]))
        try:
            outs = []
            for start in range(0, len(x), self.eval_batch_size):
                xb = x[start : start + self.eval_batch_size]
                xb = self._layout(xb)
                outs.append(self.model(xb))
        finally:
            handle.remove()
        return torch.cat(feats), torch.cat(outs)

    @torch.inference_mode()
    def evaluate(self, x: torch.Tensor, y: torch.Tensor) -> EvalStats:
        """Loss and accuracy of the loaded model, in large batches, without autograd."""
        self.model.eval()
        loss_sum, correct = 0.0, 0
        for start in range(0, len(y), self.eval_batch_size):
            xb, yb = x[start : start + self.eval_batch_size], y[start : start + self.eval_batch_size]
            xb = self._layout(xb)
            out = self.model(xb)
            loss_sum += float(self.criterion(out, yb, reduction="sum"))
            correct += int((out.argmax(1) == yb).sum())
        return EvalStats(loss_sum, correct, len(y))


def _nchw_strides(shape: torch.Size) -> tuple[int, ...]:
    n, c, h, w = shape
    return (c * h * w, h * w, w, 1)


def _masked_hook(inner: GradHook | None, trainable: torch.Tensor, decay: float) -> GradHook:
    def hook(params: torch.Tensor, grad: torch.Tensor) -> None:
        if inner is not None:
            inner(params, grad)
        if decay:
            grad.add_(params, alpha=decay)
        grad.mul_(trainable)

    return hook
