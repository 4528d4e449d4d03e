"""What a run's work costs in FLOPs, counted by the engine (``engine.accounting``).

Training: each client step's samples (and any further passes it declares) at the model's
analytic per-sample cost (:func:`copfl.core.flops.training_flops_per_sample`), head-only steps on
cached features at their own cost, plus the element-wise work an algorithm declares. A round's
other counted work: every forward pass without autograd (evaluations, validations of candidate
models) at a third of the training cost and every pass with autograd an evaluation makes
(fine-tuning, adaptation) at the full cost. The workspace counts the passes
(``inference_samples``, ``grad_samples``); this class prices them. A model the counter cannot
count costs 0.
"""

from __future__ import annotations

from typing import Any

from copfl.data.clients import ClientData
from copfl.core.flops import UnknownModuleError, head_split_flops, training_flops_per_sample
from copfl.core.workspace import Workspace


class Accounting:
    """FLOPs of the run's model on ``workspace`` (the per-sample costs computed once)."""

    def __init__(self, workspace: Workspace) -> None:
        self.ws = workspace
        self._flops_per_sample: int | None = None
        self._head_split: tuple[int, int] | None = None

    def train_flops_per_sample(self, data: ClientData) -> int:
        """FLOPs of one training sample of the run's model (forward + backward, analytic:
        :func:`copfl.core.flops.training_flops_per_sample`); 0 for a model the counter cannot count."""
        if self._flops_per_sample is None:
            try:
                with self.ws.uncounted():
                    self._flops_per_sample = training_flops_per_sample(self.ws.model, data.x_train[:1])
            except UnknownModuleError:
                self._flops_per_sample = 0
        return self._flops_per_sample

    def eval_flops_per_sample(self, data: ClientData) -> int:
        """FLOPs of one sample's forward pass (a third of :meth:`train_flops_per_sample`)."""
        return self.train_flops_per_sample(data) // 3

    def head_split_flops(self, data: ClientData) -> tuple[int, int]:
        """(head training FLOPs per sample, body forward FLOPs per sample): :func:`copfl.core.flops.head_split_flops`."""
        if self._head_split is None:
            try:
                with self.ws.uncounted():
                    self._head_split = head_split_flops(self.ws.model, data.x_train[:1], self.ws.flat.head_module)
            except UnknownModuleError:
                self._head_split = (0, 0)
        return self._head_split

    def step_flops(self, data: ClientData, stats: Any, logs: dict[str, Any]) -> int:
        """Training FLOPs of one client step on ``data`` (``stats``: its training figures):
        the samples it reports plus any further forward + backward passes it declares
        (``logs["extra_train_samples"]``: MAML's support passes...) at the model's per-sample
        cost, plus its own element-wise work (``logs["extra_flops"]``); head-only steps on
        cached features at their own cost. Pops the two declarations from ``logs``."""
        passes = stats.samples + int(logs.pop("extra_train_samples", 0))
        per_sample = self.train_flops_per_sample(data)
        flops = passes * per_sample + int(logs.pop("extra_flops", 0))
        if stats.head_only:  # head-only steps on cached features (Workspace.train): their own cost
            head, body = self.head_split_flops(data)
            flops += stats.head_only * (head - per_sample) + stats.featurized * body
        return flops

    def flops_since(self, inferred: int, tuned: int, data: ClientData) -> int:
        """FLOPs of the passes the workspace counted since its counters read ``inferred``
        (forward passes without autograd: at :meth:`eval_flops_per_sample` each) and ``tuned``
        (passes with autograd: three times that)."""
        per_sample = self.eval_flops_per_sample(data)
        return (self.ws.inference_samples - inferred) * per_sample + (self.ws.grad_samples - tuned) * 3 * per_sample
