"""pFedSV: each equation by hand, the download protocol, its equivalences and its logs."""

from __future__ import annotations

import json

import pytest
import torch

from copfl.algorithms.peers import available_mask, model_distances, pool_download, pool_put, rank_peers
from copfl.algorithms.pfedsv import PFedSV, next_k, personalized_model, shapley_weights, update_relevance
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.core.store import MemoryStore

from helpers import linear_workspace, tiny_clients, tiny_engine


# ---------------------------------------------------------------------------- equations
def test_relevance_update_eq5_touches_only_the_coalition():
    rel = torch.tensor([0.0, 0.4, -0.2, 0.1], dtype=torch.float64)
    out = update_relevance(rel, [0, 1, 2], {0: 0.3, 1: 0.2, 2: -0.6}, decay=0.25)
    # a * rel + (1 - a) * SV: 0.25*0 + 0.75*0.3, 0.25*0.4 + 0.75*0.2, 0.25*-0.2 + 0.75*-0.6; client 3 untouched
    assert out.tolist() == pytest.approx([0.225, 0.25, -0.5, 0.1])
    assert rel[0] == 0.0  # not in place


def test_weights_eq6_by_hand_with_the_own_models_distance_a1():
    sv = torch.tensor([0.4, 0.2, -0.1, 0.3])
    dist = torch.tensor([0.0, 2.0, 1.0, 4.0])
    # mean (default): the own model gets the mean distance of the positive others: (2 + 4) / 2 = 3
    # raw = [0.4/3, 0.2/2, 0, 0.3/4] = [2/15, 1/10, 0, 3/40]; sum = 37/120
    w = shapley_weights(sv, dist, own=0)
    assert w.tolist() == pytest.approx([16 / 37, 12 / 37, 0.0, 9 / 37])
    # none: weights proportional to the positive values
    assert shapley_weights(sv, dist, 0, "none").tolist() == pytest.approx([4 / 9, 2 / 9, 0.0, 3 / 9])
    # epsilon: the literal division, the own model takes (almost) everything
    assert shapley_weights(sv, dist, 0, "epsilon")[0] > 0.999999
    # A2: nobody positive -> None (keep the own model)
    assert shapley_weights(torch.tensor([-0.1, 0.0]), torch.tensor([0.0, 1.0]), 0) is None
    # only the own model positive: it gets everything
    assert shapley_weights(torch.tensor([0.2, -0.1]), torch.tensor([0.0, 1.0]), 0).tolist() == [1.0, 0.0]


def test_personalized_model_eq7_on_three_tiny_clients():
    models = torch.tensor([[1.0, 0.0], [0.0, 2.0], [4.0, 4.0]])
    sv = torch.tensor([0.3, 0.3, 0.0])  # client 2 is worth nothing
    dist = model_distances(models[0], models)
    assert dist.tolist() == pytest.approx([0.0, 5**0.5, 5.0])
    w = shapley_weights(sv, dist, 0)  # own distance = sqrt(5): equal weights for 0 and 1
    assert w.tolist() == pytest.approx([0.5, 0.5, 0.0])
    assert personalized_model(w, models).tolist() == pytest.approx([0.5, 1.0])


@pytest.mark.parametrize("threads", [1, 2])
def test_model_distances_row_by_row_are_the_matrix_forms_bits(threads):
    """L2 distances go row by row through one float64 buffer (issue 41): bit for bit the
    whole-matrix form, at one and two torch threads."""
    before = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        g = torch.Generator().manual_seed(3)
        for d in (1, 1000, 100_003, 878_538):
            for k in (1, 3, 7):
                models, own = torch.randn(k, d, generator=g) * 3, torch.randn(d, generator=g)
                assert torch.equal(model_distances(own, models), (models.double() - own.double()).norm(dim=1)), (d, k)
                assert torch.equal(model_distances(own, models, 1), (models.double() - own.double()).abs().sum(dim=1))
    finally:
        torch.set_num_threads(before)


def test_coalition_accuracy_is_the_accuracy_of_the_uniform_average():
    """Eq. (4) through the workspace's own parameter vector (no fresh model-sized tensors):
    the accuracy of ``members.mean(0)``, and with ``select`` only those coordinates averaged."""
    from copfl.algorithms.pfedsv import coalition_accuracy
    from copfl.data.clients import ClientData

    ws = linear_workspace(W0, B0)
    x, y = XS[0], YS[0]
    xt, yt = torch.tensor(x), torch.tensor(y)
    val = ClientData(xt, yt, xt[:0], yt[:0])
    g = torch.Generator().manual_seed(0)
    rows = torch.randn(4, ws.flat.vector.numel(), generator=g)
    for members in (rows[:1], rows[:2], rows[1:4], rows):
        assert coalition_accuracy(ws, rows[0], None, members, val) == acc(ws, members.mean(0), x, y)
    select = torch.zeros(rows.shape[1], dtype=torch.bool)
    select[::2] = True
    base = torch.randn(rows.shape[1], generator=g)
    theta = base.clone()
    theta[select] = rows[:3, select].mean(0)
    assert coalition_accuracy(ws, base, select, rows[:3, select], val) == acc(ws, theta, x, y)


def test_equal_values_and_distances_give_the_uniform_average_of_the_coalition():
    models = torch.tensor([[1.0, 2.0], [3.0, -2.0], [5.0, 6.0], [-1.0, 0.0]])
    w = shapley_weights(torch.full((4,), 0.2), torch.tensor([0.0, 1.5, 1.5, 1.5]), 0)
    assert w.tolist() == pytest.approx([0.25] * 4)
    torch.testing.assert_close(personalized_model(w, models), models.mean(0))


def test_dynamic_k_on_a_scripted_relevance_history():
    n, me, k0 = 6, 0, 3
    avail = torch.tensor([False, True, True, True, True, True])
    scored = torch.zeros(n, dtype=torch.bool)
    rel = torch.zeros(n, dtype=torch.float64)
    # round 1: clients 1, 2, 3 valued; 4 and 5 never: keep exploring with k0
    scored[[1, 2, 3]] = True
    rel[[1, 2, 3]] = torch.tensor([0.2, -0.1, -0.3], dtype=torch.float64)
    assert next_k(rel, scored, avail, me, k0) == 3
    assert next_k(rel, scored, avail, me, k0, "positive") == 1  # one positive other
    # round 2: 4 and 5 valued too (4 positive): everyone explored -> k = #positive = 2
    scored[[4, 5]] = True
    rel[[4, 5]] = torch.tensor([0.05, -0.2], dtype=torch.float64)
    assert next_k(rel, scored, avail, me, k0) == 2
    # all turn negative: at least one download
    assert next_k(-rel.abs() - 0.1, scored, avail, me, k0) == 1
    # no upper cap by default; capped at k0 as an option; the own entry never counts
    many = torch.tensor([9.0, 1, 1, 1, 1, 1], dtype=torch.float64)
    assert next_k(many, scored, avail, me, k0) == 5 and next_k(many, scored, avail, me, k0, "capped") == 3
    assert next_k(many, scored, avail, me, k0, "fixed") == 3 and next_k(many, scored, avail, me, 0) == 0
    # an unavailable, never-scored client does not keep the exploration going
    scored[5] = False
    assert next_k(rel, scored, avail & (torch.arange(n) != 5), me, k0) == 2


# ---------------------------------------------------------------------------- download
def test_rank_peers_puts_the_best_first_and_breaks_ties_at_random():
    scores = torch.tensor([0.9, 0.0, 0.5, 0.0, -0.2, 0.0], dtype=torch.float64)
    orders = {tuple(rank_peers(scores, 0, torch.Generator().manual_seed(s)).tolist()) for s in range(20)}
    for o in orders:
        assert o[0] == 2 and o[-1] == 4 and sorted(o[1:4]) == [1, 3, 5] and 0 not in o
    assert len(orders) > 1  # the zeros come in different orders


def test_pool_download_sends_the_first_k_available_in_request_order():
    store = MemoryStore()
    for c in (1, 2, 4):
        pool_put(store, c, torch.full((3,), float(c)), round=1)
    seen = torch.tensor([True, True, True, False, True])
    avail = available_mask(seen, seen, client=0)
    assert avail.tolist() == [False, True, True, False, True]
    ids, models = pool_download(store, torch.tensor([3, 4, 2, 1], dtype=torch.int32), 2, avail, 3)
    assert ids.tolist() == [4, 2] and models[:, 0].tolist() == [4.0, 2.0]
    ids, models = pool_download(store, torch.tensor([3, 4, 2, 1], dtype=torch.int32), 2, avail, 3, select=torch.tensor([True, False, True]))
    assert models.shape == (2, 2)
    ids, models = pool_download(store, torch.tensor([3], dtype=torch.int32), 2, avail, 3)
    assert ids.numel() == 0 and models.shape == (0, 3)
    fresh = torch.tensor([False, False, True, False, False])
    assert available_mask(seen, fresh, 0, latest=False).tolist() == [False, False, True, False, False]


# ---------------------------------------------------------------------------- the algorithm
XS = [[[1.0, 0.0], [0.0, 1.0], [1.0, 0.2]], [[1.0, 0.0], [0.0, 1.0], [0.2, 1.0]], [[1.0, 0.0], [0.0, 1.0], [0.9, 0.1]]]
YS = [[0, 1, 0], [1, 0, 0], [0, 1, 0]]  # client 1's labels disagree with clients 0 and 2
W0, B0 = [[0.3, -0.2], [0.1, 0.4]], [0.05, -0.1]


def acc(ws, params, x, y):
    ws.load(params)
    return ws.evaluate(torch.tensor(x), torch.tensor(y)).accuracy


def test_each_client_values_its_coalition_on_its_own_validation_data():
    ws = linear_workspace(W0, B0)
    eng = tiny_engine(PFedSV, {"k0": 1, "topk": "fixed", "validation": "train"}, ws, tiny_clients(XS, YS), lr=0.5)
    run = eng.new_state()
    rec = eng.run_round(run)
    logs = rec["per_client"]
    assert logs["client"] == [0, 1, 2] and logs["downloaded"] == [1, 1, 1] and logs["estimator"] == ["exact"] * 3
    local = {c: eng.server_store.get(c)["params"] for c in range(3)}
    checked_other = 0
    for i, (me, other) in enumerate(logs["coalition"]):
        assert me == i
        def v(x, y, members):  # noqa: E306
            return acc(ws, torch.stack([local[m] for m in members]).mean(0), x, y)
        x, y = XS[i], YS[i]
        # two players: SV_me = (v(me) + v(me, other) - v(other)) / 2, and symmetrically
        sv_me = (v(x, y, [me]) + v(x, y, [me, other]) - v(x, y, [other])) / 2
        sv_other = (v(x, y, [other]) + v(x, y, [me, other]) - v(x, y, [me])) / 2
        assert logs["shapley"][i] == pytest.approx([sv_me, sv_other])
        # with client 0's data instead (the bug this test exists for) the values differ somewhere
        x0, y0 = XS[0], YS[0]
        wrong = [(v(x0, y0, [me]) + v(x0, y0, [me, other]) - v(x0, y0, [other])) / 2,
                 (v(x0, y0, [other]) + v(x0, y0, [me, other]) - v(x0, y0, [me])) / 2]
        checked_other += i != 0 and wrong != pytest.approx(logs["shapley"][i])
    assert checked_other >= 1
    assert logs["relevance"][1][logs["coalition"][1][1]] == pytest.approx(0.5 * logs["shapley"][1][1])  # eq. (5), a = 0.5


def test_the_personalized_model_is_eq7_of_the_clean_local_models():
    ws = linear_workspace(W0, B0)
    eng = tiny_engine(PFedSV, {"k0": 2, "topk": "fixed", "validation": "train"}, ws, tiny_clients(XS, YS), lr=0.5)
    run = eng.new_state()
    rec = eng.run_round(run)
    logs = rec["per_client"]
    for i in range(3):
        members = logs["coalition"][i]
        local = torch.stack([eng.server_store.get(c)["params"] for c in members])
        w = shapley_weights(torch.tensor(logs["shapley"][i], dtype=torch.float64), model_distances(local[0], local), 0)
        want = local[0] if w is None else personalized_model(w, local)
        torch.testing.assert_close(eng.store.get(i)["params"], want)
        assert logs["weights"][i] == pytest.approx(w.tolist() if w is not None else [0.0] * 3)


def run_digits(algorithm, rounds=3, **kw):
    cfg = RunConfig(algorithm=algorithm, dataset="digits", clients=4, rounds=rounds, seed=0, threads=1, **kw).resolved()
    return build_engine(cfg, build_federation(cfg)).run().history


def test_with_k_zero_pfedsv_is_local_training():
    local = run_digits("local", lr=0.05, momentum=0.0)
    pf = run_digits("pfedsv", lr=0.05, momentum=0.0, options={"k0": 0, "validation": "train"})
    keep = ("train_loss", "acc_mean", "acc_weighted", "test_loss_mean", "test_loss_weighted")
    assert [{k: r[k] for k in keep} for r in pf] == [{k: r[k] for k in keep} for r in local]
    assert all(d == 0 for r in pf for d in r["per_client"]["downloaded"])


def test_a_run_downloads_values_and_reports_per_client(tmp_path):
    from copfl.cli import main

    out = tmp_path / "pf"
    assert main(["run", "--algorithm", "pfedsv", "--clients", "4", "--rounds", "2", "--k0", "2", "--out", str(out)]) == 0
    rows = [json.loads(x) for x in (out / "per_client.jsonl").read_text().splitlines()]
    assert [r["round"] for r in rows] == [1, 2] and rows[0]["client"] == [0, 1, 2, 3]
    assert rows[0]["downloaded"] == [2, 2, 2, 2] and all(len(r) == 4 for r in rows[0]["relevance"])
    assert all(e == 7 for e in rows[0]["utility_evaluations"])  # 3 players: 2^3 - 1 coalitions, exact
    hist = [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
    cfg = json.loads((out / "config.json").read_text())["config"]
    assert cfg["lr"] == 0.01 and cfg["momentum"] == 0.0  # the paper's plain SGD (A13)
    d = build_engine(RunConfig(dataset="digits", clients=4).resolved(), build_federation(RunConfig(dataset="digits", clients=4))).ws.flat.numel
    # measured by the engine: down = per client 2 models (4 d bytes each) + 2 int32 ids + 4 availability bits;
    # up = the model + the request (3 int32) + k + the sample count
    assert hist[0]["bytes_down"] == 4 * (2 * 4 * d + 2 * 4 + 1)
    assert hist[0]["bytes_up"] == 4 * (4 * d + 3 * 4 + 8 + 8)


def test_bad_options_name_the_value():
    from copfl.algorithms.pfedsv import PFedSVConfig

    for kw, msg in [({"topk": "dyn"}, "topk must be one of explore, positive, capped, fixed, got 'dyn'"),
                    ({"decay": 1.5}, "decay must be in"), ({"k0": -1}, "k0 must be >= 0"),
                    ({"own_distance": "zero"}, "own_distance must be one of")]:  # fmt: skip
        with pytest.raises(ValueError, match=msg):
            PFedSVConfig(**kw)


def test_common_feature_extractor_variant_d_plus_c():
    cfg = RunConfig(algorithm="pfedsv", dataset="digits", clients=4, rounds=1, seed=0, threads=1, options={"common": True, "k0": 2}).resolved()
    fed = build_federation(cfg)
    eng = build_engine(cfg, fed)
    run = eng.new_state()
    rec = eng.run_round(run)
    head = eng.ws.flat.select("head")
    d_cls, d_fe = int(head.sum()), int((~head).sum())
    assert 0 < d_cls < d_fe
    # down: the common feature extractor + 2 classifiers (+ ids and availability bits) per client
    assert rec["bytes_down"] == 4 * (4 * d_fe + 2 * 4 * d_cls + 2 * 4 + 1)
    # the feature extractor is the sample-weighted average of the uploaded ones, and every
    # participant's personalized model carries it
    ups = [eng.server_store.get(c)["params"] for c in range(4)]
    sizes = torch.tensor([float(round(c.num_train - max(1, round(0.2 * c.num_train)))) for c in fed.clients], dtype=torch.float64)
    fe = sum(u * float(a) for u, a in zip(ups, sizes / sizes.sum()))
    torch.testing.assert_close(run.server["fe"][~head], fe[~head])
    for c in range(4):
        torch.testing.assert_close(eng.store.get(c)["params"][~head], run.server["fe"][~head])
