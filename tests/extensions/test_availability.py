"""Unreliable clients (copfl.extensions.unreliable): dropout, stragglers, a simulated deadline."""

import math

import pytest
import torch

from copfl.extensions.unreliable import Availability, client_speed, drops_out, parse_speed_profile, simulated_seconds, stragglers
from copfl.engine.checkpoint import Checkpoint
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.seeding import numpy_rng

from helpers import run_cfg, small, synthetic


def engine(algorithm="fedavg", **kw):
    cfg = small(algorithm, **kw)
    return build_engine(cfg, build_federation(cfg, synthetic()))


# ----------------------------------------------------------------- the seeded decisions
def test_dropout_is_a_draw_per_seed_round_and_client():
    assert drops_out(0, 1, 2, 0.3) == (numpy_rng(0, "dropout", 1, 2).random() < 0.3)
    assert not drops_out(0, 1, 2, 0.0) and drops_out(0, 1, 2, 1.0)
    draws = [drops_out(7, r, c, 0.5) for r in range(1, 41) for c in range(25)]
    assert 0.4 < sum(draws) / len(draws) < 0.6


def test_stragglers_are_a_seeded_fraction_of_the_selected_clients():
    sel = [0, 2, 4, 6, 8, 9]
    picked = stragglers(0, 3, sel, 10, 0.5, "round")
    assert len(picked) == 3 and picked <= set(sel)
    assert picked == stragglers(0, 3, sel, 10, 0.5, "round")  # deterministic
    slow = stragglers(0, 1, list(range(10)), 10, 0.3, "fixed")
    assert len(slow) == 3 and all(stragglers(0, r, list(range(10)), 10, 0.3, "fixed") == slow for r in range(2, 6))
    assert stragglers(0, 2, [0, 1], 10, 0.3, "fixed") == slow & {0, 1}


def test_simulated_time_and_speeds_by_hand():
    # 1 MB down and up at 1 MB/s, 300 samples at 100 samples/s: 1 + 3 + 1 seconds
    assert simulated_seconds(300, 100.0, 10**6, 10**6, 1e6) == pytest.approx(5.0)
    z = float(numpy_rng(4, "speed", 3).standard_normal())
    assert client_speed(4, 3, 100.0, 0.5) == pytest.approx(100.0 * math.exp(0.5 * z))
    assert client_speed(4, 3, 100.0, 0.0) == 100.0
    assert parse_speed_profile("lognormal:0.5") == 0.5 and parse_speed_profile(None) == 0.0


@pytest.mark.parametrize("bad, match", [
    (dict(client_dropout=1.5), "client-dropout must be a probability"),
    (dict(stragglers=-0.1), "stragglers must be a fraction"),
    (dict(straggler_schedule="weekly"), "straggler-schedule must be one of round, fixed"),
    (dict(deadline=0.0), "deadline must be > 0"),
    (dict(speed_profile="normal:1"), "expected lognormal:SIGMA"),
    (dict(speed_profile="lognormal:x"), "expected lognormal:SIGMA"),
])
def test_bad_settings_are_refused_before_any_work(bad, match):
    with pytest.raises(ValueError, match=match):
        RunConfig(algorithm="fedavg", **bad)


def test_flower_refuses_simulated_unreliable_clients():
    from copfl.flower.run_config import check_flower_config

    with pytest.raises(ValueError, match="copfl's own engine only"):
        check_flower_config(RunConfig(algorithm="fedavg", client_dropout=0.2))


# ----------------------------------------------------------------- what a run does with them
def test_every_algorithm_of_a_compare_loses_the_same_clients():
    cols = ("selected", "returned", "dropped", "late")
    a = run_cfg(small("fedavg", rounds=4, client_dropout=0.4))[1].history
    b = run_cfg(small("ditto", rounds=4, client_dropout=0.4))[1].history
    assert [[r[k] for k in cols] for r in a] == [[r[k] for k in cols] for r in b]
    assert sum(r["dropped"] for r in a) > 0 and all(r["selected"] == 4 for r in a)
    expected = [sum(drops_out(5, r, c, 0.4) for c in range(4)) for r in range(1, 5)]
    assert [r["dropped"] for r in a] == expected


def test_the_rest_are_aggregated_with_renormalised_weights():
    eng = engine(rounds=1, client_dropout=0.5, seed=3)
    run = eng.run()
    returned = [c for c in range(4) if not drops_out(3, 1, c, 0.5)]
    assert 0 < len(returned) < 4
    ref = engine(rounds=1, seed=3)  # no dropout: the same clients' uploads, aggregated by hand
    state = ref.new_state()
    sctx = ref.server_context(1, "train", returned)
    uploads = [(c, ref.client_step(c, 1, ref.message(state, c, sctx), state.server_buffers).upload) for c in returned]
    server, _ = ref.algorithm.aggregate(sctx, state.server, uploads)  # FedAvg's weights over these uploads only
    assert torch.equal(run.server["params"], server["params"])
    n = [ref.clients[c].num_train for c in returned]
    by_hand = sum(k / sum(n) * u["shared"].double() for k, (_, u) in zip(n, uploads))
    torch.testing.assert_close(run.server["params"].double(), by_hand, rtol=1e-6, atol=1e-7)


def test_when_every_client_fails_the_server_keeps_its_model_and_the_run_completes(caplog):
    eng = engine(rounds=3, client_dropout=1.0)
    run = eng.run()
    assert torch.equal(run.server["params"], eng.init_params)
    assert all(r["kept_model"] and r["returned"] == 0 and r["dropped"] == 4 for r in run.history)
    assert "the server keeps its model" in caplog.text


def test_cli_dropout_one_completes_with_exit_0(tmp_path):
    from copfl.cli import main

    rc = main(["run", "--algorithm", "fedavg", "--dataset", "digits", "--clients", "4", "--rounds", "2",
               "--client-dropout", "1.0", "--out", str(tmp_path / "r")])
    assert rc in (0, None)
    import json

    rows = [json.loads(x) for x in (tmp_path / "r" / "metrics.jsonl").read_text().splitlines()]
    assert [r["returned"] for r in rows] == [0, 0]


def test_a_missing_clients_server_side_state_is_unchanged():
    """FedAMP keeps every client's latest model on the server: a client that drops out keeps
    the entry of its last upload."""
    eng = engine("fedamp", rounds=3, client_dropout=0.5, seed=0)
    state = eng.new_state()
    seen: dict[int, torch.Tensor] = {}
    for r in range(1, 4):
        eng.run_round(state)
        for c in range(4):
            entry = eng.server_store.get(c)
            if drops_out(0, r, c, 0.5):
                if c in seen:
                    assert torch.equal(entry["w"], seen[c])  # untouched this round
                else:
                    assert entry is None
            else:
                seen[c] = entry["w"].clone()
    assert any(drops_out(0, r, c, 0.5) and any(not drops_out(0, q, c, 0.5) for q in range(1, r)) for r in range(1, 4) for c in range(4))


def test_a_straggler_takes_only_its_steps():
    eng = engine(rounds=1, stragglers=1.0, straggler_steps=2, local_epochs=3)
    state = eng.new_state()
    sctx = eng.server_context(1, "train", [0])
    step = eng.client_step(0, 1, eng.message(state, 0, sctx), state.server_buffers)
    assert step.samples == 2 * 4  # two batches of 4
    free = engine(rounds=1, local_epochs=3)
    fstate = free.new_state()
    full = free.client_step(0, 1, free.message(fstate, 0, free.server_context(1, "train", [0])), fstate.server_buffers)
    assert full.samples == 3 * free.clients[0].num_train
    assert eng.ws.step_budget is None  # reset after the step


def test_a_stragglers_budget_covers_every_step_of_its_round(monkeypatch):
    """The step budget is the client's whole round: FedALA's ALA learns W in mini-batch steps
    before training, so from the second round (the first with a local model to aggregate) a
    one-step straggler spends its step on W and trains its model for none (the FedALA
    finding of the unreliable-clients study); a reliable client trains every batch."""
    from copfl.algorithms import fedala

    steps = []
    update = fedala.FedALA.client_update

    def counted(self, ctx, broadcast, state):
        train = ctx.train

        def counting(*a, **k):
            s = train(*a, **k)
            steps.append(s.steps)
            return s

        ctx.train = counting
        return update(self, ctx, broadcast, state)

    monkeypatch.setattr(fedala.FedALA, "client_update", counted)
    engine("fedala", rounds=3, stragglers=1.0, straggler_steps=1).run()
    assert steps == [1] * 4 + [0] * 8  # 4 clients: round 1 trains one step each, rounds 2 and 3 none
    steps.clear()
    free = engine("fedala", rounds=2)
    free.run()
    assert steps == [math.ceil(c.num_train / 4) for c in free.clients] * 2  # every batch of 4, both rounds


def test_uploads_past_the_deadline_are_dropped_by_simulated_time():
    av = dict(deadline=0.8, speed_profile="lognormal:1.0", client_speed=30.0, bandwidth=1e7)
    eng = engine(rounds=2, seed=2, **av)
    run = eng.run()
    # by hand: each client's simulated time from its speed, samples trained and bytes
    ref = engine(rounds=1, seed=2)
    state = ref.new_state()
    sctx = ref.server_context(1, "train", list(range(4)))
    late = 0
    for c in range(4):
        step = ref.client_step(c, 1, ref.message(state, c, sctx), state.server_buffers)
        t = simulated_seconds(step.samples, client_speed(2, c, 30.0, 1.0), step.bytes_down, step.bytes_up, 1e7)
        late += t > 0.8
    assert run.history[0]["late"] == late and 0 < late < 4
    assert run.history[0]["returned"] == 4 - late


@pytest.mark.parametrize("kw", [dict(client_dropout=0.4), dict(stragglers=0.5, straggler_steps=1),
                                dict(deadline=0.8, speed_profile="lognormal:1.0", client_speed=30.0, bandwidth=1e7)])
def test_resume_is_bit_exact_with_unreliable_clients(tmp_path, kw):
    cfg = small("co-pfl", rounds=4, **kw)
    fed = build_federation(cfg, synthetic())
    full = build_engine(cfg, fed).run()
    eng = build_engine(small("co-pfl", rounds=2, **kw), fed)
    half = eng.run()
    Checkpoint(half, eng.store.state_dict(), eng.server_store.state_dict()).save(tmp_path / "ck.pt")
    ck = Checkpoint.load(tmp_path / "ck.pt")
    eng2 = build_engine(cfg, fed)
    eng2.store.load_state_dict(ck.clients)
    eng2.server_store.load_state_dict(ck.server_clients)
    assert eng2.run(state=ck.state).history == full.history


def test_availability_defaults_are_off():
    assert not Availability().active and RunConfig(algorithm="fedavg").availability() == Availability()


@pytest.mark.slow  # every algorithm x 4 settings: about 45 s
@pytest.mark.parametrize("kw", [dict(client_dropout=0.5), dict(client_dropout=1.0), dict(stragglers=0.5, straggler_steps=1),
                                dict(deadline=0.8, speed_profile="lognormal:1.0", client_speed=30.0, bandwidth=1e7)],
                         ids=["dropout-0.5", "dropout-1", "stragglers", "deadline"])
def test_every_algorithm_runs_with_unreliable_clients(kw):
    """Each algorithm aggregates whatever arrives (or keeps its model when nothing does) and
    runs to the end; the columns add up."""
    from copfl.algorithms.base import algorithm_names

    failed = {}
    for name in algorithm_names():
        try:
            _, run = run_cfg(small(name, rounds=3, seed=0, **kw))
        except Exception as e:  # noqa: BLE001 - collected, reported together
            failed[name] = f"{type(e).__name__}: {e}"
            continue
        for r in run.history:
            assert r["selected"] == r["returned"] + r["dropped"] + r["late"], (name, r)
            assert math.isfinite(r["train_loss"]), (name, r)
    assert not failed, failed


def test_local_under_dropout_is_not_a_round_without_uploads(caplog):
    """Local uploads nothing by design: a round in which some of its clients trained is not one
    in which the server 'kept its model'; a round in which every client dropped out is."""
    eng = engine(rounds=4, client_dropout=0.5, algorithm="local")
    run = eng.run()
    assert [r["returned"] + r["dropped"] for r in run.history] == [4] * 4 and any(r["returned"] for r in run.history)
    assert all(bool(r.get("kept_model")) == (r["returned"] == 0) for r in run.history)
    assert ("the server keeps its model" in caplog.text) == any(r["returned"] == 0 for r in run.history)
    everyone = engine(rounds=2, client_dropout=1.0, algorithm="local").run()
    assert all(r["kept_model"] and r["returned"] == 0 for r in everyone.history)
