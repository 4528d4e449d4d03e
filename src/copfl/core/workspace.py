"""The one model every client borrows, and the local training / evaluation loops.

There is a single ``nn.Module`` per run. A client's model is a flat parameter vector (plus a
batch-norm statistics vector) loaded into it with one ``copy_``; nothing is deep-copied per
client or per round. The optimizer steps the flat vector as one tensor.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace

import torch
import torch.nn.functional as F
from torch import nn

from copfl.data.clients import ClientData
from copfl.core.models import channels_last_hazard, has_batchnorm
from copfl.core.params import FlatParams
from copfl.core.train_hooks import (
    EvalStats,
    FeatureLoss,
    GradHook,
    LossFn,
    OptimizerConfig,
    Trainable,
    TrainHook,
    TrainStats,
    in_order,
    make_optimizer,
)

__all__ = ["GradientStage", "Workspace"]


class GradientStage:
    """Another way to compute a batch's loss and gradient, which the workspace calls without
    knowing what it is: a run extension installs one on :attr:`Workspace.gradient_stage`
    around a client's work, and until it is removed every gradient
    :meth:`Workspace.loss_and_grad` computes is the stage's (and the workspace takes no
    shortcut that would bypass it: no head-only steps on cached features)."""

    def sampling(self, batch_size: int, n: int) -> None:
        """The steps that follow take batches of ``batch_size`` from ``n`` samples:
        :meth:`Workspace.batches` says so at the start of each pass over a client's data (an
        algorithm that draws its batches itself says it too). Default: nothing to note."""

    def loss_and_grad(
        self, ws: Workspace, xb: torch.Tensor, yb: torch.Tensor,
        loss_fn: LossFn | None, feature_loss: FeatureLoss | None, tap: list[torch.Tensor] | None,
    ) -> torch.Tensor:
        """:meth:`Workspace.loss_and_grad` of ``ws``'s loaded model on the batch: the gradient
        written into ``ws.flat.grad`` (zeroed already), the loss returned, detached."""
        raise NotImplementedError


class Workspace:
    """A model bound to flat vectors, with the local loops every algorithm uses."""

    def __init__(
        self,
        model: nn.Module,
        augment: Callable[[torch.Tensor, torch.Generator], torch.Tensor] | None = None,
        eval_batch_size: int = 128,
        channels_last: bool | None = None,
        device: torch.device | str | None = None,
    ) -> None:
        if device is not None:
            model.to(device)
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
        # set by a run extension around a client's work: computes every gradient loss_and_grad
        # computes (GradientStage); None: one backward pass of the batch's loss
        self.gradient_stage: GradientStage | None = None
        self._head_mask: torch.Tensor | None = None  # FlatParams.select("head"), for head_only
        # head-only steps on cached body features where exact (head_only); False: always full steps
        self.cache_features = True
        # samples the model has run forward without autograd (evaluations, a method's validation
        # of candidate models, cluster choices...), and with it (training: fine-tuning or
        # adaptation steps in an evaluation count too): the engine's per-round ``eval_flops``
        self.inference_samples = 0
        self.grad_samples = 0
        # local mini-batch steps left to a straggler (copfl.extensions.unreliable; set by the engine
        # around its step): batch_indices stops when they are spent. None: no limit
        self.step_budget: int | None = None
        self._uncounted = False  # inside uncounted(): forwards that are not the run's evaluation work
        model.register_forward_pre_hook(self._count_inference)

    def _count_inference(self, module: nn.Module, args: tuple[object, ...]) -> None:
        if self._uncounted or not args or not isinstance(args[0], torch.Tensor):
            return
        if torch.is_grad_enabled():
            self.grad_samples += len(args[0])
        else:
            self.inference_samples += len(args[0])

    @contextmanager
    def uncounted(self) -> Iterator[None]:
        """Forward passes inside are left out of the counters (train_features' passes are
        training work, counted there; the FLOP counter's one-sample pass is no work of the run)."""
        was, self._uncounted = self._uncounted, True
        try:
            yield
        finally:
            self._uncounted = was

    @property
    def device(self) -> torch.device:
        return self.flat.device

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
        hooks: Sequence[TrainHook | None] = (),
    ) -> TrainStats:
        """``epochs`` passes over the client's training data in seeded random order.

        Trains the parameters currently loaded; the result stays in :attr:`params`. A batch of
        one sample is skipped when the model has batch norm (its statistics are undefined).
        ``hooks`` (:class:`TrainHook`: :class:`Proximal`, :class:`Trainable`,
        :class:`Criterion`, :class:`FeatureTerm`, :class:`GradientHook`; None entries are
        skipped) change the step. This is :meth:`train_steps` over :meth:`batches` with a
        step of :meth:`loss_and_grad` then :meth:`step`.
        """
        live = [h for h in hooks if h is not None]
        if isinstance(optimizer, OptimizerConfig) and optimizer.weight_decay and any(isinstance(h, Trainable) for h in live):
            live = [replace(h, decay=optimizer.weight_decay) if isinstance(h, Trainable) else h for h in live]
            optimizer = replace(optimizer, weight_decay=0.0)
        opt = make_optimizer(optimizer, self.flat.param) if isinstance(optimizer, OptimizerConfig) else optimizer
        loss_fn = next((h.criterion for h in reversed(live) if h.criterion is not None), None)
        terms = [h.feature_loss for h in live if h.feature_loss is not None]
        if len(terms) > 1:
            raise ValueError(f"{len(terms)} feature terms given; Workspace.train takes at most one")
        feature_loss = terms[0] if terms else None
        on_grad = [h for h in live if type(h).grad is not TrainHook.grad]
        grad_hook = None if not on_grad else on_grad[0].grad if len(on_grad) == 1 else in_order(on_grad)
        if feature_loss is None and self.head_only(live):
            stats = self._train_head(data, epochs=epochs, batch_size=batch_size, generator=generator, opt=opt, loss_fn=loss_fn,
                                     grad_hook=grad_hook, optimizer=optimizer, hooks=on_grad)
            if stats is not None:
                return stats
        with self.feature_tap(feature_loss is not None) as tap:

            def sgd_step(xb: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
                loss = self.loss_and_grad(xb, yb, loss_fn=loss_fn, feature_loss=feature_loss, tap=tap)
                self.step(opt, grad_hook)
                return loss

            return self.train_steps(data, epochs=epochs, batch_size=batch_size, generator=generator, step=sgd_step)

    # ----------------------------------------------------------------- head-only training
    def head_only(self, hooks: Sequence[TrainHook]) -> bool:
        """Whether a :meth:`train` with ``hooks`` trains the head alone on features the frozen
        body can compute once: a :class:`Trainable` mask inside the head (FedRep's head
        epochs), no :attr:`gradient_stage`, and a body with nothing random or batch-dependent in training mode
        (no augmentation, no batch norm, no dropout)."""
        masks = [h.mask for h in hooks if isinstance(h, Trainable)]
        if not masks or not self.cache_features or self.gradient_stage is not None or self.augment is not None or self.has_bn or self._stochastic:
            return False
        if self._head_mask is None:
            self._head_mask = self.flat.select("head").to(self.device)
        return any(not bool(m[~self._head_mask].any()) for m in masks)

    @property
    def _stochastic(self) -> bool:
        return any(isinstance(m, nn.modules.dropout._DropoutNd) and m.p > 0 for m in self.model.modules())

    def _train_head(
        self, data: ClientData, *, epochs: int, batch_size: int, generator: torch.Generator,
        opt: torch.optim.Optimizer, loss_fn: LossFn | None, grad_hook: GradHook | None,
        optimizer: torch.optim.Optimizer | OptimizerConfig, hooks: list[TrainHook],
    ) -> TrainStats | None:
        """:meth:`train` with a frozen body: the body's features of the client's training data
        computed once (in batches of ``batch_size``, training mode, no autograd), then every
        step runs the head alone on its batch's cached rows, in the same seeded batch order.
        The same training as through the frozen body (a sample's features do not depend on
        its batch: no batch norm, no dropout), at the head's cost, up to the last bits: BLAS
        picks its kernels by matrix size, so a row computed in a batch of another size (the
        epoch's short last batch of 2) can differ in the last bit (measured: 2e-8 on the
        parameters after 3 epochs; tests/test_partial.py bounds it by 1e-6; every golden run,
        FedRep's and FedPAC's included, is bit-identical). None (nothing trained) for a model whose output is not its
        head's output: :meth:`train` then takes full steps."""
        feats = self.train_features(data.x_train, batch_size)
        if feats is None:
            return None
        head, criterion, y = self._head(), loss_fn or self.criterion, data.y_train
        params, grad = self.flat.vector, self.flat.grad
        cut = self._head_range()
        cut_hooks = [h.restrict(*cut) for h in hooks] if cut is not None else []
        if cut is not None and isinstance(optimizer, OptimizerConfig) and all(h is not None for h in cut_hooks):
            # step the head's coordinates alone (a fresh optimizer leaves the others exactly as
            # they are: zero gradient, zero state), hooks cut to them: no per-step pass over the body
            a, b = cut
            grad.zero_()
            params, grad = params[a:b], grad[a:b]
            part = nn.Parameter(params, requires_grad=False)
            part.grad = grad
            opt = make_optimizer(optimizer, part)
            grad_hook = None if not cut_hooks else cut_hooks[0].grad if len(cut_hooks) == 1 else in_order(cut_hooks)  # type: ignore[arg-type]

        def head_step(idx: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
            grad.zero_()
            loss = criterion(head(feats[idx]), yb)
            loss.backward()
            if grad_hook is not None:
                grad_hook(params, grad)
            opt.step()
            return loss.detach()

        batches = ((idx, y[idx]) for idx in self.batch_indices(len(y), epochs=epochs, batch_size=batch_size, generator=generator))
        stats = self.train_steps(data, epochs=epochs, batch_size=batch_size, generator=generator, step=head_step, batches=batches)
        stats.head_only, stats.featurized = stats.samples, len(y)
        return stats

    def _head_range(self) -> tuple[int, int] | None:
        """(start, stop) of the head's coordinates in the flat vector when they are one range."""
        assert self._head_mask is not None
        idx = self._head_mask.nonzero().flatten()
        if not len(idx) or int(idx[-1]) - int(idx[0]) + 1 != len(idx):
            return None
        return int(idx[0]), int(idx[-1]) + 1

    @torch.no_grad()
    def train_features(self, x: torch.Tensor, batch_size: int) -> torch.Tensor | None:
        """The head's input for every row of ``x``, computed in training mode in batches of
        ``batch_size``; None when the model's output is not its head's output (the head then
        cannot be trained alone)."""
        self.model.train()
        feats: list[torch.Tensor] = []
        outs: list[torch.Tensor] = []

        def tap(m: nn.Module, inp: tuple[torch.Tensor, ...], out: torch.Tensor) -> None:
            feats.append(inp[0])
            outs.append(out)

        handle = self._head().register_forward_hook(tap)
        try:
            with self.uncounted():
                for start in range(0, len(x), batch_size):
                    if self.model(self._layout(x[start : start + batch_size])) is not outs[-1]:
                        return None
        finally:
            handle.remove()
        return torch.cat(feats) if feats else x.new_zeros((0,))

    # ----------------------------------------------------------------- the parts of training
    def batch_indices(self, n: int, *, epochs: int, batch_size: int, generator: torch.Generator) -> Iterator[torch.Tensor]:
        """The sample indices of :meth:`batches`' batches: ``epochs`` seeded permutations of
        ``range(n)`` cut into batches (a batch of one skipped when the model has batch norm).
        Stops early when :attr:`step_budget` (a straggler's steps) is spent."""
        for _ in range(epochs):
            order = torch.randperm(n, generator=generator)
            for start in range(0, n, batch_size):
                idx = order[start : start + batch_size]
                if self.has_bn and len(idx) < 2:
                    continue
                if self.step_budget is not None:
                    if self.step_budget <= 0:
                        return
                    self.step_budget -= 1
                yield idx

    def batches(self, data: ClientData, *, epochs: int, batch_size: int, generator: torch.Generator) -> Iterator[tuple[torch.Tensor, torch.Tensor]]:
        """``epochs`` passes over the client's training data in seeded random order, augmented
        (if the run augments) and in the model's memory order. A batch of one sample is
        skipped when the model has batch norm (its statistics are undefined)."""
        x, y = data.x_train, data.y_train
        n = len(y)
        if self.gradient_stage is not None:
            self.gradient_stage.sampling(batch_size, n)
        for idx in self.batch_indices(n, epochs=epochs, batch_size=batch_size, generator=generator):
            xb = x[idx]
            if self.augment is not None:
                xb = self.augment(xb, generator)
            yield self._layout(xb), y[idx]

    def loss_and_grad(
        self,
        xb: torch.Tensor,
        yb: torch.Tensor,
        *,
        loss_fn: LossFn | None = None,
        feature_loss: FeatureLoss | None = None,
        tap: list[torch.Tensor] | None = None,
    ) -> torch.Tensor:
        """The loss of the loaded parameters on a batch, its gradient left in :attr:`flat`'s
        ``grad`` (zeroed first). ``loss_fn(logits, y)`` replaces the run's criterion
        (cross-entropy or hinge); ``feature_loss(features, y)`` is added, with ``features`` the
        head's input taken by :meth:`feature_tap` (``tap``). Returns the loss, detached.

        With a :attr:`gradient_stage` installed, the stage computes both (its
        :meth:`GradientStage.loss_and_grad`)."""
        self.flat.grad.zero_()
        if self.gradient_stage is not None:
            return self.gradient_stage.loss_and_grad(self, xb, yb, loss_fn, feature_loss, tap)
        out = self.model(xb)
        loss = (loss_fn or self.criterion)(out, yb)
        if feature_loss is not None:
            assert tap is not None, "feature_loss needs the features: pass tap= from feature_tap(True)"
            loss = loss + feature_loss(tap.pop(), yb)
        loss.backward()
        return loss.detach()

    def step(self, optimizer: torch.optim.Optimizer, grad_hook: GradHook | None = None) -> None:
        """One optimizer step on the flat vector, after ``grad_hook(params, grad)`` (which may
        change the gradient in place: proximal terms, masks)."""
        if grad_hook is not None:
            grad_hook(self.flat.vector, self.flat.grad)
        optimizer.step()

    def train_steps(
        self, data: ClientData, *, epochs: int, batch_size: int, generator: torch.Generator, step: Callable[[torch.Tensor, torch.Tensor], torch.Tensor],
        batches: Iterator[tuple[torch.Tensor, torch.Tensor]] | None = None,
    ) -> TrainStats:
        """Run ``step(x_batch, y_batch) -> loss`` on every batch of :meth:`batches` (or of
        ``batches``, given); the training statistics of the pass. An algorithm whose model is
        computed from other tensors (theta = theta_g * phi + theta_l) passes its own step:
        write the composed parameters into :attr:`params`, :meth:`loss_and_grad`, carry the
        flat gradient to its tensors (element-wise, on flat vectors), step them."""
        self.model.train()
        loss_sum = torch.zeros((), dtype=torch.float64, device=self.flat.device)
        stats = TrainStats()
        if batches is None:
            batches = self.batches(data, epochs=epochs, batch_size=batch_size, generator=generator)
        for xb, yb in batches:
            loss = step(xb, yb)
            loss_sum += loss * len(yb)
            stats.samples += len(yb)
            stats.steps += 1
        stats.loss_sum = float(loss_sum)
        return stats

    @contextmanager
    def feature_tap(self, enabled: bool = True) -> Iterator[list[torch.Tensor] | None]:
        """While open, each forward pass appends the head's input (the penultimate features)
        to the yielded list; yields None when not ``enabled``."""
        if not enabled:
            yield None
            return
        feats: list[torch.Tensor] = []
        handle = self._head().register_forward_hook(lambda m, inp, out: feats.append(inp[0]))
        try:
            yield feats
        finally:
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
    def evaluate(self, x: torch.Tensor, y: torch.Tensor, batch_size: int | None = None) -> EvalStats:
        """Loss and accuracy of the loaded model, in batches of ``batch_size`` (default
        :attr:`eval_batch_size`), without autograd."""
        self.model.eval()
        loss_sum, correct = 0.0, 0
        bs = batch_size or self.eval_batch_size
        for start in range(0, len(y), bs):
            xb, yb = x[start : start + bs], y[start : start + bs]
            xb = self._layout(xb)
            out = self.model(xb)
            loss_sum += float(self.criterion(out, yb, reduction="sum"))
            correct += int((out.argmax(1) == yb).sum())
        return EvalStats(loss_sum, correct, len(y))

    @torch.inference_mode()
    def evaluate_many(self, sets: list[tuple[torch.Tensor, torch.Tensor]], join: int = 16) -> list[EvalStats]:
        """:meth:`evaluate` of each ``(x, y)`` of ``sets`` with the one loaded model, their
        samples run forward together in batches of :attr:`eval_batch_size` that cross the
        sets' borders (many small client test sets: a few large batches instead of one small
        batch each), and each set's summed loss (in float64) and right answers counted from
        the per-sample figures. The right answers are :meth:`evaluate`'s; a loss may differ
        from it in the last bits (a matrix product's kernel depends on the batch's size, and
        the sum runs in another order). At most about ``join`` batches' worth of samples are
        joined at a time, so memory stays bounded."""
        self.model.eval()
        bs = self.eval_batch_size
        out: list[EvalStats] = []
        pending: list[tuple[torch.Tensor, torch.Tensor]] = []
        size = 0
        for i, (x, y) in enumerate(sets):
            pending.append((x, y))
            size += y.shape[0]
            if size < join * bs and i < len(sets) - 1:
                continue
            sizes = [y.shape[0] for _, y in pending]
            xs = torch.cat([x for x, _ in pending]) if len(pending) > 1 else pending[0][0]
            ys = torch.cat([y for _, y in pending]) if len(pending) > 1 else pending[0][1]
            which = torch.repeat_interleave(torch.arange(len(pending), device=ys.device), torch.tensor(sizes, device=ys.device))
            losses = torch.zeros(len(pending), dtype=torch.float64, device=ys.device)
            right = torch.zeros(len(pending), dtype=torch.long, device=ys.device)
            for s in range(0, size, bs):
                logits, yb = self.model(self._layout(xs[s : s + bs])), ys[s : s + bs]
                losses.index_add_(0, which[s : s + bs], self.criterion(logits, yb, reduction="none").double())
                right.index_add_(0, which[s : s + bs], (logits.argmax(1) == yb).long())
            out.extend(EvalStats(loss, int(r), n) for loss, r, n in zip(losses.tolist(), right.tolist(), sizes))
            pending, size = [], 0
        return out


def _nchw_strides(shape: torch.Size) -> tuple[int, ...]:
    n, c, h, w = shape
    return (c * h * w, h * w, w, 1)
