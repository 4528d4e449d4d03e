"""What a round works with: the engine's config (:class:`EngineConfig`), one client's step
(:class:`ClientStep`), the run's state (:class:`RunState`, checkpointed), the errors that end a
run as diverged, and the small helpers the round loop and its collaborators share (messages on
a device, their size on the wire, clients' logs in a record).

:mod:`copfl.engine.loop` re-exports everything here; its collaborators (:mod:`copfl.engine.participation`,
:mod:`copfl.engine.accounting`, :mod:`copfl.engine.evaluation`) import it from here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import torch

from copfl.algorithms.base import Message, ServerState
from copfl.extensions.unreliable import Availability
from copfl.engine.figures import ClientMetrics

BN_MODES = ("shared", "local")


class NonFiniteLossError(RuntimeError):
    def __init__(self, round: int, client: int, what: str = "training loss") -> None:
        super().__init__(
            f"non-finite {what} at round {round}, client {client}: training diverged "
            "(lower the learning rate); everything up to the previous round was kept"
        )
        self.round = round
        self.client = client


class ExplodingLossError(NonFiniteLossError):
    """A round's training loss grew past the divergence rule (:class:`DivergenceRule`): the
    run ends as diverged, like a non-finite loss, after that round's records are written."""

    def __init__(self, round: int, loss: float, why: str) -> None:
        RuntimeError.__init__(
            self, f"training loss {loss:.4g} at round {round} {why}: training diverged (lower the learning rate; "
            "--diverge-factor / --diverge-loss set the rule, 0 turns a part off); everything up to that round was kept"
        )
        self.round = round
        self.client = None
        self.loss = loss


@dataclass(frozen=True)
class DivergenceRule:
    """When a finite training loss still means the run diverged: a round's mean training loss
    above ``factor`` x the first round's, or above ``limit`` (0 turns either part off)."""

    factor: float = 1e3
    limit: float = 1e6

    def __post_init__(self) -> None:
        for name in ("factor", "limit"):
            v = getattr(self, name)
            if not (isinstance(v, (int, float)) and math.isfinite(v) and v >= 0):
                raise ValueError(f"diverge-{name if name == 'factor' else 'loss'} = {v!r}: expected a finite number >= 0 (0: off)")

    def violation(self, loss: float, first: float | None) -> str | None:
        """Why ``loss`` breaks the rule (``first``: the first round's loss), or None."""
        if self.limit and loss > self.limit:
            return f"is above the limit {self.limit:g}"
        if self.factor and first is not None and first > 0 and loss > self.factor * first:
            return f"is {loss / first:.3g} x the first round's {first:.4g} (limit {self.factor:g} x)"
        return None

    def check(self, history: list[dict[str, Any]], record: dict[str, Any]) -> None:
        """:class:`ExplodingLossError` when ``record``'s training loss breaks the rule, measured
        against the first round of ``history`` where a client trained (a round where none
        trained has nothing to check)."""
        if not record.get("clients_trained"):
            return
        first = next((r["train_loss"] for r in history if r.get("clients_trained")), None)
        why = self.violation(record["train_loss"], first)
        if why is not None:
            raise ExplodingLossError(record["round"], record["train_loss"], why)


@dataclass(frozen=True)
class EngineConfig:
    rounds: int = 20
    client_fraction: float = 1.0  # fraction of clients sampled per round (full participation: 1.0)
    eval_every: int = 1  # evaluate every k rounds (and always after the last round)
    seed: int = 0
    bn_stats: str = "shared"
    eval_clients: float = 1.0  # clients evaluated on an evaluation round: a fraction, or a count > 1 (every client after the last)
    holdout_clients: float = 0.0  # fraction of clients kept out of training, evaluated as newcomers (unseen clients)
    divergence: DivergenceRule = DivergenceRule()  # an exploding (finite) loss ends the run as diverged
    availability: Availability = Availability()  # unreliable clients: dropout, stragglers, a deadline (copfl.extensions.unreliable)
    eval_batched: bool = False  # clients evaluated with one shared model run forward in joint batches (copfl.engine.evaluation.Evaluation.evaluate_clients)

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise ValueError(f"rounds must be >= 1, got {self.rounds}")
        if not 0 < self.client_fraction <= 1:
            raise ValueError(f"client fraction must be in (0, 1], got {self.client_fraction}")
        if self.eval_every < 1:
            raise ValueError(f"eval-every must be >= 1, got {self.eval_every}")
        if not (0 < self.eval_clients <= 1 or (self.eval_clients > 1 and float(self.eval_clients).is_integer())):
            raise ValueError(f"eval-clients must be a fraction in (0, 1] or a whole count >= 2, got {self.eval_clients}")
        if not 0 <= self.holdout_clients < 1:
            raise ValueError(f"holdout-clients must be in [0, 1), got {self.holdout_clients}")
        if self.bn_stats not in BN_MODES:
            raise ValueError(f"unknown bn-stats mode {self.bn_stats!r}; expected one of {', '.join(BN_MODES)}")


@dataclass
class ClientStep:
    """What one client's local work sends to the server."""

    upload: Message  # empty: the client skipped its update
    bn: torch.Tensor | None  # batch-norm statistics to average (bn_stats "shared")
    loss_sum: float
    samples: int
    num_train: int
    bytes_down: int = 0  # the message it received
    bytes_up: int = 0  # its upload (and batch-norm statistics)
    logs: dict[str, Any] = field(default_factory=dict)  # the client's ctx.logs
    spent: list[list[float]] = field(default_factory=list)  # what its extensions' mechanisms spent (privacy: [[sigma, q, steps], ...])
    flops: int = 0  # training FLOPs of the step (copfl.core.flops; 0 when the model cannot be counted)
    folded: bool = False  # its upload went into the round's fold (Algorithm.fold_start) and was dropped
    late: bool = False  # past the round's deadline (copfl.extensions.unreliable): its upload was dropped

    @property
    def uploaded(self) -> bool:
        return self.folded or bool(self.upload)


@dataclass
class RunState:
    """Everything needed to continue a run after round ``round`` (checkpointed)."""

    round: int
    server: ServerState
    server_buffers: torch.Tensor
    history: list[dict[str, Any]] = field(default_factory=list)
    last_clients: list[ClientMetrics] = field(default_factory=list)
    # the extensions' ledger: client -> what its steps spent, composed (privacy: [[sigma, q, steps], ...])
    spent: dict[int, list[list[float]]] = field(default_factory=dict)
    last_unseen: list[ClientMetrics] = field(default_factory=list)  # the held-out clients' last evaluation

    @property
    def completed_round(self) -> int:
        """The last round whose record is in the history (``round`` runs ahead of it while a
        round is being closed)."""
        return self.history[-1]["round"] if self.history else 0


def add_client_logs(record: dict[str, Any], logs: dict[int, dict[str, Any]]) -> None:
    """Merge clients' logs (client -> {key: value}) into ``record["per_client"]``, whose
    columns are lists aligned with its ``client`` list (absent values are None)."""
    logs = {c: v for c, v in logs.items() if v}
    if not logs:
        return
    old = record.get("per_client", {})
    rows: dict[int, dict[str, Any]] = {}
    for i, c in enumerate(old.get("client", [])):
        rows[c] = {k: col[i] for k, col in old.items() if k != "client"}
    for c, v in logs.items():
        rows.setdefault(c, {}).update(v)
    clients = sorted(rows)
    keys = list(dict.fromkeys(k for c in clients for k in rows[c]))
    record["per_client"] = {"client": clients, **{k: [rows[c].get(k) for c in clients] for k in keys}}


def to_device(obj: Any, device: torch.device) -> Any:
    """Tensors of a message or state (dicts and lists of them) on ``device``; the same object
    when everything is already there (no copy on CPU runs)."""
    if isinstance(obj, torch.Tensor):
        return obj if obj.device == device else obj.to(device)
    if isinstance(obj, dict):
        moved = {k: to_device(v, device) for k, v in obj.items()}
        return obj if all(moved[k] is obj[k] for k in obj) else moved
    if isinstance(obj, list):
        moved_list = [to_device(v, device) for v in obj]
        return obj if all(a is b for a, b in zip(moved_list, obj)) else moved_list
    return obj


def message_bytes(message: Message | None) -> int:
    """Bytes a message takes on the wire: tensors at their element size (boolean masks one
    bit per entry), Python numbers 8 bytes."""
    if not message:
        return 0
    total = 0
    for v in message.values():
        if isinstance(v, torch.Tensor):
            total += (v.numel() + 7) // 8 if v.dtype == torch.bool else v.numel() * v.element_size()
        elif isinstance(v, (int, float)):
            total += 8
    return total


def round_half_up(x: float) -> int:
    return int(math.floor(x + 0.5))
