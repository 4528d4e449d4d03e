"""What runs around an algorithm's steps without being the algorithm.

Differential privacy, attacks and their measurement are built once from the run's config as
a list of :class:`RunExtension` objects (:func:`run_extensions`); the engine calls every
extension's hooks, in order, at fixed points of a round and never knows what one is:

=====================  ===================================================  ==================
hook                   when                                                 used by
=====================  ===================================================  ==================
``attach``             once, when the engine is built (clients, workspace)  label flip (data
                                                                            transform), DP
                                                                            model checks
``training``           a context around each client's local work            DP-SGD
``upload``             each client's upload, in order (the upload pipeline) upload DP, model
                                                                            poisoning
``rescue``             a client whose training failed (non-finite)          attackers
``round_start`` /      around a round's training phases                     exposure
``round_trained``
``spent``              the server receives what a client's step spent       the accountant
``close_round``        a round's record is complete                         the accountant
``summary``            summary.json is written                              both
=====================  ===================================================  ==================

An upload transform sees the upload through the algorithm's one declaration,
:meth:`copfl.algorithms.base.Algorithm.upload_parts`: each floating tensor with the tensor the
client's update started from (its *reference*), optionally where its entries sit in a larger
space, how to recompute the numbers the algorithm derives from the sent tensors, and what the
client sends when it has no update of its own. Aggregation rules are the run's combiner
(:mod:`copfl.core.aggregation`), which the algorithm calls itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import torch

from copfl.algorithms.base import Algorithm, ClientContext, ClientState, Message, UploadParts

# The engine and its run state, as the hooks receive them (copfl.engine.loop; not imported here:
# the engine imports this module).
Engine = Any
RunState = Any


@dataclass
class UploadStep:
    """One client's step as the upload pipeline sees it: its upload and new state (which the
    transforms may replace), the message and the state (a copy) its update started from, what
    its privacy mechanisms spent, and its logs."""

    client: int
    round: int
    algorithm: Algorithm
    message: Message
    before: ClientState
    upload: Message
    state: ClientState
    logs: dict[str, Any]
    spent: list[list[float]] = field(default_factory=list)
    _parts: UploadParts | None = None

    @property
    def parts(self) -> UploadParts:
        """The algorithm's declaration of this upload (computed once per upload)."""
        if self._parts is None:
            self._parts = self.algorithm.upload_parts(self.message, self.before, self.upload)
        return self._parts

    def replace_upload(self, upload: Message) -> None:
        """A new upload whose declaration is asked again (a changed mask changes it)."""
        self.upload, self._parts = upload, None

    def references(self, what: str) -> dict[str, torch.Tensor | None]:
        """Each floating upload tensor's reference; an error naming ``what`` (the option
        that needs it) for a floating upload tensor the declaration leaves out."""
        parts = self.parts.parts
        missing = [k for k, v in self.upload.items() if isinstance(v, torch.Tensor) and v.is_floating_point() and k not in parts]
        if missing:
            raise ValueError(
                f"{what}: {self.algorithm.name} uploads {', '.join(repr(k) for k in missing)} but its upload_parts names no "
                "starting point for it; override Algorithm.upload_parts (docs/writing-an-algorithm.md) to give the tensor it "
                "started from, or UploadPart(None) to send it as it is"
            )
        return {k: p.reference for k, p in parts.items()}

    def rederive(self) -> None:
        """The numbers the algorithm derives from the sent tensors recomputed from the
        current upload (after a transform changed it)."""
        parts = self.parts
        if parts.rederive is not None:
            self.upload = parts.rederive(self.client, self.upload, self.state)


class RunExtension:
    """One concern around the algorithm's steps; every hook is optional (see the module)."""

    # clients whose figures the results report apart (attackers)
    adversaries: tuple[int, ...] = ()

    def attach(self, engine: Engine) -> None:
        """Once, when ``engine`` is built: check the model, transform clients' data..."""

    def needs_before(self, client: int) -> bool:
        """Whether this extension reads ``client``'s state before its update (a copy is kept)."""
        return False

    @contextmanager
    def training(self, ctx: ClientContext, phase: str, spent: list[list[float]]) -> Iterator[None]:
        """Around a client's local work in ``phase`` ("train", or "personalize": a second
        client phase); appends what the work spent to ``spent``."""
        yield

    def upload(self, step: UploadStep) -> None:
        """Transform ``step``'s upload (and state) in place."""

    def rescue(self, step: UploadStep) -> bool:
        """``step``'s training failed: True when this extension made a finite upload for it
        (the run goes on), False to let the run end as diverged."""
        return False

    def round_start(self, engine: Engine, run: RunState) -> None: ...

    def round_trained(self, engine: Engine, run: RunState, record: dict[str, Any]) -> None:
        """After a round's training phases, before its evaluation."""

    def spent(self, run: RunState, client: int, entries: list[list[float]]) -> None:
        """The server learns what ``client``'s step spent (``[[sigma, q, steps], ...]``)."""

    def close_round(self, engine: Engine, run: RunState, record: dict[str, Any]) -> None:
        """A round's record is complete (evaluation included)."""

    def summary(self, engine: Engine, run: RunState) -> dict[str, Any]:
        """Entries for summary.json."""
        return {}


def clone_tree(obj: Any) -> Any:
    """A copy of a message or state whose tensors (in dicts and lists) are cloned."""
    if isinstance(obj, torch.Tensor):
        return obj.clone()
    if isinstance(obj, dict):
        return {k: clone_tree(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [clone_tree(v) for v in obj]
    return obj


def finite_upload(upload: Message) -> bool:
    """Every floating tensor of ``upload`` holds only finite values. A finite sum proves it in
    one pass without a temporary (NaN and inf propagate through a sum); only a non-finite sum,
    which an overflow could also give, is settled element by element."""
    return all(
        bool(torch.isfinite(v.sum())) or bool(torch.isfinite(v).all())
        for v in upload.values()
        if isinstance(v, torch.Tensor) and v.is_floating_point() and v.numel()
    )


