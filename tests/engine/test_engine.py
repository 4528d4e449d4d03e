import pytest
import torch

from copfl.engine.figures import ClientMetrics, summarize_clients
from copfl.engine.loop import Engine
from copfl.engine.rounds import NonFiniteLossError
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation

from helpers import synthetic


class ReversedEngine(Engine):
    def processing_order(self, selected):
        return list(reversed(selected))


def small_cfg(**kw):
    base = dict(
        algorithm="fedavg", dataset="synthetic", clients=4, classes_per_client=2, samples_per_class=6,
        test_samples_per_class=4, model="resnet18", resnet_stem="cifar", width=0.0625, rounds=3,
        batch_size=4, lr=0.05, seed=11, augment=True,
    )
    base.update(kw)
    return RunConfig(**base)


def run(cfg, engine_cls=None):
    fed = build_federation(cfg, synthetic())
    eng = build_engine(cfg, fed)
    if engine_cls is not None:
        eng.__class__ = engine_cls
    return eng, eng.run()


@pytest.mark.parametrize("bn_stats", ["shared", "local"])
def test_same_seed_is_bit_identical_and_client_order_does_not_matter(bn_stats):
    cfg = small_cfg(bn_stats=bn_stats)
    e1, a = run(cfg)
    e2, b = run(cfg)
    e3, c = run(cfg, ReversedEngine)
    assert a.history == b.history == c.history
    assert torch.equal(a.server["params"], c.server["params"]) and torch.equal(a.server_buffers, c.server_buffers)
    _, d = run(small_cfg(bn_stats=bn_stats, seed=12))
    assert d.history != a.history


def test_bn_statistics_shared_or_local():
    es, s = run(small_cfg(bn_stats="shared"))
    assert all("bn" not in es.store.get(c) for c in range(4))
    assert not torch.equal(s.server_buffers, es.init_buffers)  # averaged statistics moved
    el, loc = run(small_cfg(bn_stats="local"))
    assert torch.equal(loc.server_buffers, el.init_buffers)  # never uploaded
    bns = [el.store.get(c)["bn"] for c in range(4)]
    assert not torch.equal(bns[0], bns[1])


def test_shared_bn_statistics_are_the_sample_weighted_average():
    cfg = small_cfg(rounds=1, samples_per_class="all", test_samples_per_class=4)
    fed = build_federation(cfg, synthetic())
    eng = build_engine(cfg, fed)
    seen = {}
    orig = eng.algorithm.client_update

    def spy(ctx, bc, st):
        res = orig(ctx, bc, st)
        seen[ctx.client] = eng.ws.buffers.clone()
        return res

    eng.algorithm.client_update = spy
    state = eng.run()
    n = torch.tensor([float(c.num_train) for c in fed.clients], dtype=torch.float64)
    expected = sum(seen[c] * (n[c] / n.sum()).item() for c in range(4))
    torch.testing.assert_close(state.server_buffers, expected)


def test_client_sampling_is_seeded_and_sized():
    cfg = small_cfg(clients=10, samples_per_class=2, test_samples_per_class=2, client_fraction=0.3, model="mlp", rounds=1)
    eng = build_engine(cfg, build_federation(cfg, synthetic(num_classes=5)))
    picks = [eng.participation.sample_clients(r) for r in range(1, 6)]
    assert all(len(p) == 3 and p == sorted(set(p)) for p in picks)
    assert len({tuple(p) for p in picks}) > 1  # changes between rounds
    assert picks == [eng.participation.sample_clients(r) for r in range(1, 6)]  # and is reproducible


def test_nan_loss_names_round_and_client_and_keeps_previous_rounds():
    cfg = small_cfg(model="mlp", lr=1e30, rounds=5, augment=False)
    fed = build_federation(cfg, synthetic())
    eng = build_engine(cfg, fed)
    state = eng.new_state()
    with pytest.raises(NonFiniteLossError, match=r"non-finite training loss at round \d+, client \d+") as e:
        eng.run(state=state)
    assert state.round == e.value.round - 1 and len(state.history) == state.round


def test_summary_means_by_hand():
    cs = [ClientMetrics(0, 0.5, 1.0, 100, 10), ClientMetrics(1, 1.0, 0.0, 300, 10)]
    s = summarize_clients(cs)
    assert s["acc_mean"] == 0.75 and s["acc_weighted"] == pytest.approx(0.875)
    assert s["test_loss_mean"] == 0.5 and s["test_loss_weighted"] == pytest.approx(0.25)


def test_disk_store_gives_the_same_run_as_memory(tmp_path):
    cfg = small_cfg(algorithm="co-pfl", rounds=3, model="mlp", augment=False)
    fed = build_federation(cfg, synthetic())
    mem = build_engine(cfg, fed).run()
    from dataclasses import replace

    eng = build_engine(replace(cfg, store="disk"), fed, tmp_path)
    disk = eng.run()
    assert disk.history == mem.history and torch.equal(disk.server["params"], mem.server["params"])
    names = sorted(p.name for p in (tmp_path / "client-state").iterdir())  # one file per client, named by its content
    assert [n.split("-")[1] for n in names] == ["0", "1", "2", "3"] and all(len(n.split("-")[2]) == len("0123456789abcdef.pt") for n in names)


# ---------------------------------------------------------------- streaming aggregation
def test_folding_fedavg_equals_aggregating_the_whole_set_and_drops_every_upload(monkeypatch):
    from copfl.algorithms.fedavg import FedAvg

    cfg = small_cfg(rounds=3, client_fraction=0.75, model="mlp", augment=False)
    held = []
    real = Engine.server_step

    def spy(self, run, steps, fold=None):
        held.append([(s.folded, bool(s.upload)) for s in steps.values()])
        return real(self, run, steps, fold)

    monkeypatch.setattr(Engine, "server_step", spy)
    _, folded = run(cfg, ReversedEngine)  # clients finish in descending order: the fold buffers
    assert held and all(row == [(True, False)] * 3 for row in held)  # every upload folded, none held
    monkeypatch.setattr(FedAvg, "fold_start", lambda self, ctx, server: None)
    held.clear()
    _, whole = run(cfg)
    assert all(row == [(False, True)] * 3 for row in held)
    assert folded.history == whole.history and torch.equal(folded.server["params"], whole.server["params"])


def test_upload_fold_adds_in_ascending_order_holding_only_early_uploads():
    from copfl.algorithms.base import ServerContext
    from copfl.engine.loop import UploadFold
    from copfl.core.store import MemoryStore

    class Recorder:
        def fold_add(self, ctx, acc, client, upload):
            return acc + [(client, upload["x"])]

        def fold_end(self, ctx, server, acc):
            return {"order": acc}, {}

    ctx = ServerContext(1, "train", (1, 4, 6, 9), (1,) * 10, 0, MemoryStore())
    fold = UploadFold(Recorder(), ctx, [])
    sizes = []
    for c in (6, 1, 9, 4):
        fold.offer(c, {"x": c * 10} if c != 9 else {})  # client 9 uploads nothing
        sizes.append(len(fold.early))
    assert sizes == [1, 1, 2, 0] and fold.end({})[0] == {"order": [(1, 10), (4, 40), (6, 60)]}
    short = UploadFold(Recorder(), ctx, [])
    short.offer(1, {"x": 1})
    with pytest.raises(RuntimeError, match=r"uploads of clients \[4, 6, 9\] never arrived"):
        short.end({})


def test_eval_clients_samples_the_evaluated_clients_and_every_client_after_the_last_round():
    eng, state = run(small_cfg(rounds=3, clients=8, classes_per_client=1, eval_clients=0.25, model="mlp", augment=False))
    assert [r.get("clients_evaluated") for r in state.history] == [2, 2, None]  # 2 of 8, then all
    assert len(state.last_clients) == 8
    assert eng.participation.evaluated_clients(1) == eng.participation.evaluated_clients(1) and eng.participation.evaluated_clients(1) != eng.participation.evaluated_clients(2)
    assert eng.participation.evaluated_clients(3) == list(range(8))


def test_eval_clients_as_a_count_is_the_fraction_of_the_same_size():
    """--eval-clients 2 of 8 clients draws the same sample as 0.25 (the same seeded draw of 2);
    a count of at least the clients evaluates everyone; a count that is not whole is refused."""
    from copfl.execution.config import RunConfig

    count, _ = run(small_cfg(rounds=2, clients=8, classes_per_client=1, eval_clients=2, model="mlp", augment=False))
    frac, _ = run(small_cfg(rounds=2, clients=8, classes_per_client=1, eval_clients=0.25, model="mlp", augment=False))
    assert count.participation.evaluated_clients(1) == frac.participation.evaluated_clients(1) and len(count.participation.evaluated_clients(1)) == 2
    many, _ = run(small_cfg(rounds=2, clients=8, classes_per_client=1, eval_clients=50, model="mlp", augment=False))
    assert many.participation.evaluated_clients(1) == list(range(8))
    with pytest.raises(ValueError, match=r"eval-clients = 2.5: expected a fraction in \(0, 1\] or a whole number of clients K >= 2"):
        RunConfig(eval_clients=2.5)


def test_finite_check_is_exact_even_when_the_sum_overflows():
    from copfl.extensions.run_extension import finite_upload as _finite

    assert _finite({"a": torch.ones(5), "n": 3, "i": torch.tensor([1, 2])})
    assert not _finite({"a": torch.tensor([1.0, float("nan")])})
    assert not _finite({"a": torch.tensor([float("inf"), -float("inf")])})  # the sum is NaN, so is the check
    assert _finite({"a": torch.full((10,), 3e38)})  # the sum overflows to inf, every value is finite
    assert _finite({"a": torch.zeros(0)})
