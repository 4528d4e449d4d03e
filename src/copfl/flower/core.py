"""copfl's engine pieces carried over Flower's Message API (flwr >= 1.41).

No algorithm and no round logic is implemented here: the ClientApp calls
:meth:`Engine.client_step`, :meth:`Engine.personalize_step` and :meth:`Evaluation.evaluate_client`
of an engine built from the run's config; the Strategy calls :meth:`Participation.sample_clients`,
:meth:`Engine.message` (each client's own message), :meth:`Engine.server_step` and
:meth:`Engine.end_round` of a data-free engine, so a run on Flower computes what ``copfl run``
computes. What travels:

* train (server -> client): ``broadcast`` (ArrayRecord: the algorithm's tensors for THIS
  client), ``broadcast_scalars`` (ConfigRecord), ``server_buffers`` (batch-norm statistics),
  ``meta`` (round);
* train (client -> server): ``upload`` + ``upload_scalars`` (the algorithm's upload, possibly
  empty), ``bn`` (batch-norm statistics when they are shared), ``step`` (client id, loss sum,
  samples, bytes received and sent, and what its DP spent, ``spent``: JSON
  ``[[sigma, q, steps], ...]``, for the server's accountant; the noise is added on the client);
* evaluate (server -> client), sent after aggregation: the client's second-phase message
  (``p_broadcast``, for the round's participants of an algorithm with a personalize phase)
  and/or its evaluation message (``broadcast``), with ``meta`` saying which; ``metrics``
  (accuracy, loss, sizes) out when it evaluated, ``personalized`` (the client's logs of the
  second phase and its DP-SGD steps, JSON) when it personalized; a train reply's ``step`` carries its logs too;
* query: the node's partition, its sizes and the model's input shape, so that the server
  needs no data at all.

A client's state between rounds lives in Flower's ``context.state`` (one ``torch.save``
blob), as Flower keeps it per node, in memory.
"""

from __future__ import annotations

import io
import json
import time
from collections.abc import Iterable, Iterator
from dataclasses import fields as dataclass_fields
from pathlib import Path
from typing import Any

import torch
from flwr.app import ArrayRecord, ConfigRecord, Context, Message, MetricRecord, RecordDict
from flwr.serverapp import Grid
from flwr.serverapp.strategy import Strategy

from copfl.algorithms.base import ClientState
from copfl.engine.loop import Callback
from copfl.execution.config import RunConfig
from copfl.engine.figures import ClientMetrics
from copfl.engine.rounds import ClientStep, NonFiniteLossError, RunState, add_client_logs, message_bytes
from copfl.engine.loop import Engine, observe_spent
from copfl.execution.experiment import apply_threads, build_engine
from copfl.execution.federation import Federation, build_federation
from copfl.flower.run_config import config_from_run_config, config_to_json
from copfl.io import atomic_write
from copfl.core.store import ClientStore


# --------------------------------------------------------------------------- encoding
def pack(message: dict[str, Any]) -> tuple[ArrayRecord, ConfigRecord]:
    """An algorithm's message (str -> tensor | number) as an ArrayRecord and a ConfigRecord."""
    tensors = {k: v.detach().cpu().contiguous() for k, v in message.items() if isinstance(v, torch.Tensor)}
    scalars: dict[str, Any] = {}
    for k, v in message.items():
        if isinstance(v, torch.Tensor):
            continue
        if not isinstance(v, (bool, int, float, str)):
            raise TypeError(f"message entry {k!r} is a {type(v).__name__}; Flower carries tensors, numbers and strings")
        scalars[k] = v
    return ArrayRecord(torch_state_dict=tensors), ConfigRecord(scalars)


def unpack(arrays: ArrayRecord, scalars: ConfigRecord) -> dict[str, Any]:
    out: dict[str, Any] = dict(arrays.to_torch_state_dict()) if len(arrays) else {}
    out.update(dict(scalars))
    return out


def _blob(obj: Any) -> bytes:
    buf = io.BytesIO()
    torch.save(obj, buf)
    return buf.getvalue()


def _unblob(data: bytes) -> Any:
    return torch.load(io.BytesIO(data), weights_only=True)


class ContextStore(ClientStore):
    """One client's state in a Flower node's ``context.state``."""

    KEY = "copfl-client-state"

    def __init__(self, context: Context) -> None:
        self.context = context

    def get(self, client: int) -> ClientState | None:
        rec = self.context.state.get(self.KEY)
        if rec is None:
            return None
        stored = _unblob(rec["state"])
        if stored["client"] != client:
            raise RuntimeError(f"this node holds client {stored['client']}'s state, not client {client}'s")
        return stored["state"]

    def put(self, client: int, state: ClientState) -> None:
        self.context.state[self.KEY] = ConfigRecord({"state": _blob({"client": client, "state": state})})

    def clients(self) -> Iterator[int]:
        rec = self.context.state.get(self.KEY)
        if rec is not None:
            yield _unblob(rec["state"])["client"]


# --------------------------------------------------------------------------- client side
_RUNTIMES: dict[str, tuple[Federation, Engine]] = {}


def client_runtime(context: Context, default: RunConfig | None = None) -> tuple[RunConfig, int, Federation, Engine]:
    """The run's config, this node's client id, the federation and an engine, built once per
    process and config (a process may serve several simulated nodes)."""
    cfg = config_from_run_config(dict(context.run_config), default)
    node = dict(context.node_config)
    if "partition-id" not in node:
        raise ValueError("this SuperNode has no partition-id: start it with --node-config 'partition-id=<k> num-partitions=<n>'")
    client = int(node["partition-id"])
    key = config_to_json(cfg)
    if key not in _RUNTIMES:
        fed = build_federation(cfg)
        _RUNTIMES.clear()  # one run per process at a time
        engine = build_engine(cfg, fed)
        apply_threads(cfg, engine, fed)
        _RUNTIMES[key] = (fed, engine)
    fed, engine = _RUNTIMES[key]
    n = len(fed.clients)
    if not 0 <= client < n:
        raise ValueError(f"partition-id {client} is out of range: this run's split has {n} clients (0..{n - 1})")
    if "num-partitions" in node and int(node["num-partitions"]) != n:
        raise ValueError(f"num-partitions={node['num-partitions']} but the run's split has {n} clients")
    engine.store = ContextStore(context)
    return cfg, client, fed, engine


def handle_query(msg: Message, context: Context, default: RunConfig | None = None) -> Message:
    cfg, client, fed, _ = client_runtime(context, default)
    info = ConfigRecord(
        {
            "client": client,
            "num-partitions": len(fed.clients),
            "num-train": fed.clients[client].num_train,
            "input-shape": list(fed.dataset.input_shape),
            "num-classes": fed.dataset.num_classes,
            "config": config_to_json(cfg),
        }
    )
    return Message(RecordDict({"info": info}), reply_to=msg)


def _broadcast(content: RecordDict, prefix: str = "") -> tuple[int, dict[str, Any], torch.Tensor]:
    meta = content.config_records["meta"]
    broadcast = unpack(content.array_records[prefix + "broadcast"], content.config_records[prefix + "broadcast_scalars"])
    buffers = content.array_records["server_buffers"].to_torch_state_dict()["buffers"]
    return int(meta["round"]), broadcast, buffers


def handle_train(msg: Message, context: Context, default: RunConfig | None = None) -> Message:
    _, client, _, engine = client_runtime(context, default)
    r, broadcast, buffers = _broadcast(msg.content)
    try:
        step = engine.client_step(client, r, broadcast, buffers)
    except NonFiniteLossError:
        return Message(RecordDict({"step": ConfigRecord({"client": client, "diverged": True})}), reply_to=msg)
    return Message(step_records(client, step), reply_to=msg)


# A ClientStep's fields as a reply carries them: the upload and the batch-norm statistics as
# arrays, the JSON-typed fields as text, the rest as numbers. step_records and step_from_records
# are the one place that knows it; the field list is ClientStep's own.
_STEP_JSON = ("logs", "spent")
_STEP_APART = ("upload", "bn", "folded")  # arrays of their own; "folded" never travels (a Flower server does not fold)


def step_records(client: int, step: ClientStep) -> RecordDict:
    """Client ``client``'s step as the records of its reply (inverse: :func:`step_from_records`)."""
    upload, upload_scalars = pack(step.upload)
    values: dict[str, Any] = {"client": client, "diverged": False}
    for f in dataclass_fields(ClientStep):
        if f.name not in _STEP_APART:
            v = getattr(step, f.name)
            values[f.name] = json.dumps(v) if f.name in _STEP_JSON else v
    content = RecordDict({"upload": upload, "upload_scalars": upload_scalars, "step": ConfigRecord(values)})
    if step.bn is not None:
        content["bn"] = ArrayRecord(torch_state_dict={"buffers": step.bn})
    return content


def step_from_records(content: RecordDict) -> ClientStep:
    """The ClientStep a reply's records carry (written by :func:`step_records`)."""
    st = content.config_records["step"]
    kinds = {f.name: f.type for f in dataclass_fields(ClientStep)}
    values: dict[str, Any] = {}
    for name, kind in kinds.items():
        if name in _STEP_APART:
            continue
        v = st[name]
        values[name] = json.loads(str(v)) if name in _STEP_JSON else (float(v) if kind == "float" else bool(v) if kind == "bool" else int(v))
    upload = unpack(content.array_records["upload"], content.config_records["upload_scalars"])
    bn = content.array_records["bn"].to_torch_state_dict()["buffers"] if "bn" in content.array_records else None
    return ClientStep(upload, bn, **values)


def handle_evaluate(msg: Message, context: Context, default: RunConfig | None = None) -> Message:
    """After aggregation: the second client phase (if asked), then the evaluation (if asked)."""
    _, client, _, engine = client_runtime(context, default)
    meta = msg.content.config_records["meta"]
    out = RecordDict({})
    if meta["personalize"]:
        r, message, buffers = _broadcast(msg.content, "p_")
        _, logs, spent = engine.personalize_step(client, r, message, buffers)
        out["personalized"] = ConfigRecord({"client": client, "logs": json.dumps(logs), "spent": json.dumps(spent)})
    if meta["evaluate"]:
        r, broadcast, buffers = _broadcast(msg.content)
        m = engine.evaluation.evaluate_client(client, r, broadcast, buffers)
        values = {"client": client, "accuracy": m.accuracy, "loss": m.loss, "num-test": m.num_test, "num-train": m.num_train}
        if m.val_accuracy is not None:
            values.update({"val-accuracy": m.val_accuracy, "val-loss": m.val_loss, "num-val": m.num_val})
        out["metrics"] = MetricRecord(values)
    return Message(out, reply_to=msg)


# --------------------------------------------------------------------------- server side
def _check(replies: Iterable[Message], what: str) -> list[Message]:
    out = list(replies)
    for m in out:
        if m.has_error():
            raise RuntimeError(f"a ClientApp failed during {what}: {m.error.reason}")
    return out


class CopflStrategy(Strategy):
    """A Flower Strategy around a copfl algorithm: the server's half of copfl's engine."""

    def __init__(self, cfg: RunConfig, engine: Engine, node_of: dict[int, int], callbacks: list[Callback] | None = None) -> None:
        self.cfg = cfg
        self.engine = engine
        self.node_of = node_of  # client id -> Flower node id
        self.callbacks = callbacks or []
        self.run = engine.new_state()
        self.record: dict[str, Any] = {}
        self.t_round = 0.0
        for cb in self.callbacks:
            cb.on_run_start(engine, self.run)

    def summary(self) -> None:
        print(f"copfl {self.cfg.algorithm} on {self.cfg.dataset}: {len(self.node_of)} clients, {self.cfg.rounds} rounds", flush=True)

    def _content(self, r: int, messages: dict[str, dict[str, Any]], **meta: Any) -> RecordDict:
        content = RecordDict(
            {
                "server_buffers": ArrayRecord(torch_state_dict={"buffers": self.run.server_buffers}),
                "meta": ConfigRecord({"round": r, **meta}),
            }
        )
        for prefix, message in messages.items():
            arrays, scalars = pack(message)
            content[prefix + "broadcast"] = arrays
            content[prefix + "broadcast_scalars"] = scalars
        return content

    def configure_train(self, server_round: int, arrays: ArrayRecord, config: ConfigRecord, grid: Grid) -> Iterable[Message]:
        if server_round != self.run.round + 1:
            raise RuntimeError(f"round {server_round} requested after round {self.run.round}")
        self.t_round = time.perf_counter()
        selected = self.engine.participation.sample_clients(server_round)
        sctx = self.engine.server_context(server_round, "train", selected)
        # A list, not a generator: Flower's HttpGrid.push_messages iterates the messages twice
        # (validation, then sending) and would send nothing the second time. Flower holds
        # every message of a round anyway.
        return [
            Message(self._content(server_round, {"": self.engine.message(self.run, c, sctx)}), dst_node_id=self.node_of[c], message_type="train")
            for c in selected
        ]

    def aggregate_train(self, server_round: int, replies: Iterable[Message]) -> tuple[ArrayRecord | None, MetricRecord | None]:
        steps: dict[int, ClientStep] = {}
        for m in _check(replies, "training"):
            st = m.content.config_records["step"]
            c = int(st["client"])
            if st["diverged"]:
                raise NonFiniteLossError(server_round, c)
            steps[c] = step_from_records(m.content)
        expected = self.engine.participation.sample_clients(server_round)
        if sorted(steps) != expected:
            missing = sorted(set(expected) - set(steps))
            raise RuntimeError(f"round {server_round}: no reply from client(s) {missing}")
        self.record = self.engine.server_step(self.run, steps)
        tensors = {k: v for k, v in self.run.server.items() if isinstance(v, torch.Tensor)}
        scalars = {k: float(v) for k, v in self.record.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
        return ArrayRecord(torch_state_dict=tensors), MetricRecord(scalars)

    def configure_evaluate(self, server_round: int, arrays: ArrayRecord, config: ConfigRecord, grid: Grid) -> Iterable[Message]:
        """After aggregation: the participants' second-phase messages (algorithms that have
        one) and, on evaluation rounds, every client's evaluation message."""
        selected = self.engine.participation.sample_clients(server_round)
        participants = set(selected) if (self.engine.algorithm.personalize is not None) else set()
        evaluate = self.engine.participation.is_eval_round(server_round)
        pctx = self.engine.server_context(server_round, "personalize", selected)
        ectx = self.engine.server_context(server_round, "evaluate", selected)
        evaluated = set(self.engine.participation.evaluated_clients(server_round)) if evaluate else set()
        out = []
        for c, node in sorted(self.node_of.items()):
            messages = {}
            if c in participants:
                messages["p_"] = self.engine.message(self.run, c, pctx)
                self.record["bytes_down"] += message_bytes(messages["p_"])
            if c in evaluated:
                messages[""] = self.engine.message(self.run, c, ectx)
            if messages:
                out.append(
                    Message(self._content(server_round, messages, personalize=c in participants, evaluate=c in evaluated), dst_node_id=node, message_type="evaluate")
                )
        return out

    def aggregate_evaluate(self, server_round: int, replies: Iterable[Message]) -> MetricRecord | None:
        got = _check(replies, "evaluation")
        out, clients = None, None
        plogs = [m.content.config_records["personalized"] for m in got if "personalized" in m.content.config_records]
        plogs = sorted(plogs, key=lambda p: int(p["client"]))
        add_client_logs(self.record, {int(p["client"]): json.loads(str(p["logs"])) for p in plogs})
        for p in plogs:
            observe_spent(self.engine.extensions, self.run, int(p["client"]), json.loads(str(p["spent"])))
        if self.engine.participation.is_eval_round(server_round):
            ms = sorted((m.content.metric_records["metrics"] for m in got if "metrics" in m.content.metric_records), key=lambda x: x["client"])
            expected = self.engine.participation.evaluated_clients(server_round)
            if [int(x["client"]) for x in ms] != expected:
                raise RuntimeError(f"round {server_round}: {len(ms)} of the {len(expected)} clients evaluated answered the evaluation")
            clients = [
                ClientMetrics(int(x["client"]), float(x["accuracy"]), float(x["loss"]), int(x["num-test"]), int(x["num-train"]),
                              *((float(x["val-accuracy"]), float(x["val-loss"]), int(x["num-val"])) if "val-accuracy" in x else ()))
                for x in ms
            ]
        self.engine.timings["train"] += time.perf_counter() - self.t_round
        self.engine.end_round(self.run, self.record, clients)
        if clients is not None:
            out = MetricRecord({k: float(v) for k, v in self.record.items() if k.startswith(("acc_", "test_loss"))})
        for cb in self.callbacks:
            cb.on_round_end(self.engine, self.run, self.record)
        if self.run.round == self.cfg.rounds:
            for cb in self.callbacks:
                cb.on_run_end(self.engine, self.run)
        return out


def save_server_state(run: RunState, path: Path) -> None:
    """The final server state (for comparing runs), written atomically."""
    atomic_write(path, lambda f: torch.save({"round": run.round, "server": run.server, "buffers": run.server_buffers}, f), binary=True)
