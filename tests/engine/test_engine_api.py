"""The engine's strategy interface, every capability at once, on a toy algorithm whose values
are checked by hand (plain torch), in copfl and through Flower's messages.

The toy: a client's model is theta = g * phi (element-wise), g shared and averaged by the
server, phi the client's own; trained with a custom loss (2 x cross-entropy) on those derived
parameters through the training API (train_steps / loss_and_grad). Each client is sent its
own message (the server's count of its uploads, kept in the server-side store); odd clients
skip their upload in odd rounds (an empty upload); after aggregation each participant
downloads the mean of the other clients' latest g from the server store (a second client
phase); evaluation is the algorithm's own: theta = g * phi, g the mean of the server's and the
peers' when it has them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import torch
import torch.nn.functional as F

from copfl.algorithms.base import ALGORITHMS
from copfl.algorithms.base import Algorithm, ClientContext, ClientResult, Message, ServerContext
from copfl.engine.rounds import message_bytes
from copfl.core.train_hooks import EvalStats

from helpers import linear_workspace, tiny_clients, tiny_engine


@dataclass(frozen=True)
class ToyConfig:
    skip_odd: bool = True  # odd clients upload nothing in odd rounds


class Toy(Algorithm):
    name = "toy"
    Config = ToyConfig

    def init_server(self, init):
        return {"g": init.clone()}

    def init_client(self, client, init):
        return {"phi": torch.ones_like(init), "count_seen": -1}

    def broadcast(self, ctx: ServerContext, server, client: int) -> Message:
        if ctx.phase == "personalize":
            others = [ctx.store.get(j)["latest"] for j in ctx.store.clients() if j != client]
            return {"peers": torch.stack(others).mean(0)} if others else {}
        entry = ctx.store.get(client)
        return {"g": server["g"], "count": entry["count"] if entry else 0}

    def client_update(self, ctx: ClientContext, message, state) -> ClientResult:
        ws, lr = ctx.workspace, ctx.training.optimizer.lr
        g, phi = message["g"].clone(), state["phi"].clone()

        def step(xb, yb):
            ws.params.copy_(g * phi)  # the model's parameters, computed from the trained tensors
            loss = ws.loss_and_grad(xb, yb, loss_fn=lambda out, y: 2 * F.cross_entropy(out, y))
            grad = ws.flat.grad
            dg, dphi = grad * phi, grad * g  # chain rule, element-wise on flat vectors
            g.sub_(dg, alpha=lr)
            phi.sub_(dphi, alpha=lr)
            return loss

        stats = ws.train_steps(ctx.data, epochs=ctx.training.epochs, batch_size=ctx.training.batch_size, generator=ctx.generator("local"), step=step)
        new_state = {**state, "phi": phi, "count_seen": message["count"]}
        ctx.logs["phi_norm"] = float(phi.norm())
        skip = self.config.skip_odd and ctx.client % 2 == 1 and ctx.round % 2 == 1
        upload = {} if skip else {"g": g, "num_samples": ctx.data.num_train}
        return ClientResult(upload, new_state, stats)

    def aggregate(self, ctx: ServerContext, server, uploads):
        for c, u in uploads:
            prev = ctx.store.get(c)
            ctx.store.put(c, {"latest": u["g"].clone(), "count": (prev["count"] if prev else 0) + 1})
        g = torch.stack([u["g"] for _, u in uploads]).mean(0)
        draw = float(torch.rand((), generator=ctx.generator("toy")))  # seeded server randomness
        return {"g": g}, {"server_draw": draw}

    def personalize(self, ctx: ClientContext, message, state):
        ctx.logs["has_peer"] = int("peers" in message)
        return {**state, "peer": message["peers"].clone()} if "peers" in message else dict(state)

    def evaluate(self, ctx: ClientContext, message, state) -> EvalStats:
        ws = ctx.workspace
        g = (message["g"] + state["peer"]) / 2 if "peer" in state else message["g"]  # the second phase counts
        ws.load(g * state["phi"])
        return ws.evaluate(ctx.data.x_test, ctx.data.y_test)


XS = [[[1.0, 0.0], [0.0, 1.0]], [[1.0, 1.0], [-1.0, 0.0]]]
YS = [[0, 1], [1, 0]]
W0, B0 = [[0.3, -0.2], [0.1, 0.4]], [0.05, -0.1]


def oracle_step(g, phi, x, y, lr):
    """One full-batch step of plain torch autograd on 2 x CE(theta = g * phi)."""
    g = g.clone().requires_grad_(True)
    phi = phi.clone().requires_grad_(True)
    theta = g * phi
    w, b = theta[:4].view(2, 2), theta[4:]
    loss = 2 * F.cross_entropy(torch.tensor(x) @ w.T + b, torch.tensor(y))
    loss.backward()
    with torch.no_grad():
        return g - lr * g.grad, phi - lr * phi.grad


def test_toy_values_by_hand():
    ws = linear_workspace(W0, B0)
    init = ws.params.clone()
    assert [s.name for s in ws.flat.slices] == ["fc.weight", "fc.bias"]  # theta[:4] = W, theta[4:] = b
    eng = tiny_engine(Toy, {}, ws, tiny_clients(XS, YS), rounds=2, lr=0.1)
    assert (eng.algorithm.personalize is not None)
    run = eng.new_state()
    rec1 = eng.run_round(run)

    ones = torch.ones_like(init)
    g0, phi0 = oracle_step(init, ones, XS[0], YS[0], 0.1)
    g1, phi1 = oracle_step(init, ones, XS[1], YS[1], 0.1)
    # round 1: client 1 skipped its upload, so the server's g is client 0's alone
    torch.testing.assert_close(run.server["g"], g0)
    assert rec1["clients_trained"] == 2 and rec1["clients_uploaded"] == 1
    assert sorted(eng.server_store.clients()) == [0] and eng.server_store.get(0)["count"] == 1
    # each client's own phi; the per-client message said 0 uploads so far
    torch.testing.assert_close(eng.store.get(0)["phi"], phi0)
    torch.testing.assert_close(eng.store.get(1)["phi"], phi1)
    assert eng.store.get(0)["count_seen"] == 0 and eng.store.get(1)["count_seen"] == 0
    # second phase: client 1 downloaded client 0's latest g; client 0 had no peer yet
    torch.testing.assert_close(eng.store.get(1)["peer"], g0)
    assert "peer" not in eng.store.get(0)
    # the clients' own logs, from both phases, in the round's per-client log
    assert rec1["per_client"] == {"client": [0, 1], "phi_norm": [float(phi0.norm()), float(phi1.norm())], "has_peer": [0, 1]}
    # traffic measured by the engine: down = 2 x (6 floats + a count) + 6 floats (the peer), up = 6 floats + a count
    assert rec1["bytes_down"] == 2 * (6 * 4 + 8) + 6 * 4
    assert rec1["bytes_up"] == 6 * 4 + 8
    # the algorithm's own evaluation: theta = g (server) * phi (client)
    ev = eng.algorithm.evaluate(eng.context(0, 1), eng.message(run, 0, eng.server_context(1, "evaluate", [0, 1])), eng.store.get(0))
    ws.load(run.server["g"] * phi0)
    assert ev.correct == ws.evaluate(*[torch.tensor(v) for v in (XS[0], YS[0])]).correct
    assert rec1["acc_mean"] == pytest.approx(sum(
        eng.algorithm.evaluate(eng.context(c, 1), eng.message(run, c, eng.server_context(1, "evaluate", [0, 1])), eng.store.get(c)).accuracy
        for c in (0, 1)
    ) / 2)

    rec2 = eng.run_round(run)
    # round 2: both upload; client 0 was told it had uploaded once, client 1 never
    assert eng.store.get(0)["count_seen"] == 1 and eng.store.get(1)["count_seen"] == 0
    assert "clients_uploaded" not in rec2 and eng.server_store.get(0)["count"] == 2 and eng.server_store.get(1)["count"] == 1
    g0b, _ = oracle_step(g0, phi0, XS[0], YS[0], 0.1)
    g1b, _ = oracle_step(g0, phi1, XS[1], YS[1], 0.1)
    torch.testing.assert_close(run.server["g"], (g0b + g1b) / 2)
    torch.testing.assert_close(eng.store.get(0)["peer"], g1b)  # each downloads the other's latest
    torch.testing.assert_close(eng.store.get(1)["peer"], g0b)
    # the server's draws are seeded per round: same seed, same draws; rounds differ
    assert rec1["server_draw"] != rec2["server_draw"]
    again = tiny_engine(Toy, {}, linear_workspace(W0, B0), tiny_clients(XS, YS), rounds=2, lr=0.1).run()
    assert [r["server_draw"] for r in again.history] == [rec1["server_draw"], rec2["server_draw"]]


def test_message_bytes_counts_masks_as_bits():
    assert message_bytes({"m": torch.zeros(17, dtype=torch.bool), "w": torch.zeros(3), "n": 5, "d": torch.zeros(2, dtype=torch.float64)}) == 3 + 12 + 8 + 16
    assert message_bytes({}) == 0


def test_server_store_is_checkpointed_and_resumes_bit_exactly(tmp_path, monkeypatch):
    from copfl.engine.checkpoint import Checkpoint
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation

    monkeypatch.setitem(ALGORITHMS, "toy", Toy)
    cfg = RunConfig(algorithm="toy", dataset="digits", clients=4, rounds=4, seed=0, threads=1).resolved()
    fed = build_federation(cfg)
    full = build_engine(cfg, fed).run()
    eng = build_engine(cfg, fed)
    half = eng.new_state()
    for _ in range(2):
        eng.run_round(half)
    Checkpoint(half, eng.store.state_dict(), eng.server_store.state_dict()).save(tmp_path / "c.pt")
    ck = Checkpoint.load(tmp_path / "c.pt")
    assert sorted(ck.server_clients) == [0, 1, 2, 3]
    resumed = build_engine(cfg, fed)
    ck.restore(resumed)
    state = resumed.run(state=ck.state)
    assert state.history == full.history
    assert torch.equal(state.server["g"], full.server["g"])


@pytest.mark.extra("flwr")
def test_toy_through_flower_messages_matches_copfl(tmp_path, monkeypatch):
    from tests.flower.test_flower import InProcessGrid, assert_same_run, copfl_run, small_config

    from flwr.supercore.task_identity import TaskIdentity

    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation
    from copfl.flower.apps import serve

    monkeypatch.setitem(ALGORITHMS, "toy", Toy)
    monkeypatch.setattr(TaskIdentity, "_run_id", 1, raising=False)
    monkeypatch.setattr(TaskIdentity, "_task_id", 1, raising=False)
    monkeypatch.setattr(TaskIdentity, "_node_id", 0, raising=False)
    ref = small_config("toy", tmp_path / "copfl", eval_every=2)  # round 2 and the last round evaluate
    copfl_run(ref)
    grid = InProcessGrid(4)
    cfg = small_config("toy", tmp_path / "flower", eval_every=2)
    grid.default = cfg
    serve(grid, cfg)
    final = torch.load(tmp_path / "flower" / "server_state.pt", weights_only=True)
    state = build_engine(ref, build_federation(ref)).run()
    assert_same_run(tmp_path / "copfl", tmp_path / "flower", state.server, final["server"])
    assert any(r.get("clients_uploaded") == 2 for r in state.history)  # odd clients skipped in odd rounds
