"""The ServerApp and ClientApp that run any registered copfl algorithm on Flower.

An app written by ``copfl flower new`` points its components here; the run's copfl config
travels in Flower's run config under ``copfl-config``.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import torch
from flwr.app import ArrayRecord, Message, RecordDict
from flwr.clientapp import ClientApp
from flwr.serverapp import Grid, ServerApp

from copfl.results.callbacks import Progress, ResultsWriter
from copfl.execution.config import RunConfig, to_toml
from copfl.engine.loop import Callback
from copfl.execution.experiment import default_out, environment, make_engine
from copfl.flower.core import CopflStrategy, handle_evaluate, handle_query, handle_train, save_server_state
from copfl.flower.run_config import config_from_run_config
from copfl.core.models import ModelSpec


def discover(grid: Grid, timeout: float = 120.0) -> tuple[dict[int, int], dict[int, dict]]:
    """Wait until every partition of the split has a node; returns client -> node id and
    each client's answer to the query (sizes, input shape)."""
    deadline = time.monotonic() + timeout
    seen = "no node"
    while True:
        ids = sorted(grid.get_node_ids())
        if ids:
            replies = grid.send_and_receive([Message(RecordDict({}), dst_node_id=i, message_type="query") for i in ids], timeout=timeout)
            node_of: dict[int, int] = {}
            infos: dict[int, dict] = {}
            for m in replies:
                if m.has_error():
                    raise RuntimeError(f"a ClientApp failed to start: {m.error.reason}")
                info = dict(m.content.config_records["info"])
                c = int(info["client"])
                if c in node_of:
                    raise RuntimeError(f"two SuperNodes claim partition-id {c}")
                node_of[c], infos[c] = m.metadata.src_node_id, info
            if infos:  # nodes that just connected may not answer yet: ask again
                n = int(next(iter(infos.values()))["num-partitions"])
                if sorted(node_of) == list(range(n)):
                    return node_of, infos
                seen = f"{len(node_of)} of {n} partitions ({sorted(node_of)})"
        if time.monotonic() > deadline:
            raise RuntimeError(f"after {timeout:.0f} s only {seen} connected; start one SuperNode per partition-id")
        time.sleep(1.0)


def serve(grid: Grid, cfg: RunConfig, callbacks: list[Callback] | None = None) -> Path:
    """Run ``cfg`` on the nodes behind ``grid``; results go to ``cfg.out`` like ``copfl run``'s.
    ``callbacks`` are told of the run as ``copfl run``'s are (after the results writer)."""
    node_of, infos = discover(grid)
    first = infos[0]
    spec = ModelSpec(tuple(int(v) for v in first["input-shape"]), int(first["num-classes"]))
    engine = make_engine(cfg, spec, [], tuple(int(infos[c]["num-train"]) for c in sorted(infos)))
    out = Path(cfg.out) if cfg.out else default_out(cfg)
    writer = ResultsWriter(out, {**cfg.__dict__, "out": str(out), "engine": "flower"}, to_toml(replace(cfg, out=str(out))), environment())
    strategy = CopflStrategy(cfg, engine, node_of, [writer, Progress("flower"), *(callbacks or [])])
    initial = ArrayRecord(torch_state_dict={k: v for k, v in strategy.run.server.items() if isinstance(v, torch.Tensor)})
    strategy.start(grid, initial_arrays=initial, num_rounds=cfg.rounds)
    save_server_state(strategy.run, out / "server_state.pt")
    return out


def make_apps(default: RunConfig | None = None, callbacks: list[Callback] | None = None) -> tuple[ServerApp, ClientApp]:
    """A ServerApp and a ClientApp for a copfl run. The config comes from Flower's run
    config (``copfl-config``, written by ``copfl flower new``) or else from ``default`` (for
    ``flwr.simulation.run_simulation``, which passes no run config). ``callbacks`` (e.g. a
    timer) run in the ServerApp's process, so they suit the simulation."""
    client = ClientApp()
    client.query()(lambda msg, ctx: handle_query(msg, ctx, default))
    client.train()(lambda msg, ctx: handle_train(msg, ctx, default))
    client.evaluate()(lambda msg, ctx: handle_evaluate(msg, ctx, default))
    server = ServerApp()
    server.main()(lambda grid, ctx: serve(grid, config_from_run_config(dict(ctx.run_config), default), callbacks))
    return server, client


# The components of an app written by `copfl flower new`. One plain assignment each: `flwr run`
# finds a component by scanning this file's source for `name = ...` (or `__all__`), and a tuple
# assignment is not recognised.
_apps = make_apps()
server_app = _apps[0]
client_app = _apps[1]
__all__ = ["client_app", "make_apps", "serve", "server_app"]
