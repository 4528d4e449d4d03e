"""DPAO-PFL: the decomposition, the importance statistics by hand, the trigger on scripted
losses, the round against plain torch autograd, and its equivalence with FedAvg."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from copfl.algorithms.base import ClientContext, LocalTraining
from copfl.algorithms.dpao_pfl import DPAOPFL
from copfl.algorithms.dpao_pfl_equations import PathScore, combine_scores, compose, critical_mask, decompose_init, ewc_fisher_update, forced_refresh, importance, peak_stable, penalty_grad, penalty_value, phi_full, phi_raw_grad, unit_index
from copfl.algorithms.fedavg import FedAvg
from copfl.core.models import MLP, CharLSTM, FedAvgCNN
from copfl.core.params import FlatParams
from copfl.core.train_hooks import OptimizerConfig
from copfl.core.workspace import Workspace

from helpers import XS, YS, engine, mlp_ws, tiny_clients


# ---------------------------------------------------------------------------- decomposition
def test_units_are_output_units_shared_by_weight_and_bias_and_norm_is_not_decomposed():
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(5, 3)
            self.fc = nn.Linear(3, 2)
            self.bn = nn.BatchNorm1d(2)

    m = Net()
    flat = FlatParams(m)
    u = unit_index(flat, m)
    index, dec, n = u.index, u.decomposed, u.count
    views = {s.name: index[s.offset : s.end].view(s.shape) for s in flat.slices}
    # the embedding's units are its columns (dim 1): 3 units
    assert views["emb.weight"].tolist() == [[0, 1, 2]] * 5
    # the linear layer: one unit per output row, shared by weight row u and bias u
    assert views["fc.weight"].tolist() == [[3, 3, 3], [4, 4, 4]]
    assert views["fc.bias"].tolist() == [3, 4]
    # batch norm's affine parameters are not decomposed
    assert views["bn.weight"].tolist() == [-1, -1] and views["bn.bias"].tolist() == [-1, -1]
    assert n == 5 and int(dec.sum()) == 15 + 6 + 2
    # per element: one unit per decomposed coordinate
    ue = unit_index(flat, m, per_element=True)
    index_e, dec_e, n_e = ue.index, ue.decomposed, ue.count
    assert n_e == 23 and index_e[dec_e].tolist() == list(range(23)) and torch.equal(dec_e, dec)


def test_lstm_layers_have_their_own_units():
    m = CharLSTM(vocab=6, embed=2, hidden=3, layers=2)
    flat = FlatParams(m)
    index = unit_index(flat, m).index
    views = {s.name: index[s.offset : s.end].view(s.shape) for s in flat.slices}
    l0 = views["lstm.weight_ih_l0"][:, 0]
    assert torch.equal(views["lstm.weight_hh_l0"][:, 0], l0) and torch.equal(views["lstm.bias_ih_l0"], l0)
    assert len(set(l0.tolist())) == 12  # 4 gates x 3 hidden units
    assert not set(views["lstm.weight_ih_l1"][:, 0].tolist()) & set(l0.tolist())


def test_decomposition_is_function_preserving_at_its_start():
    torch.manual_seed(0)
    ws = Workspace(FedAvgCNN(1, 28, 28, 10))
    x = torch.randn(4, 1, 28, 28)
    w_s = ws.params.clone()
    before = ws.model(x).detach()
    units = unit_index(ws.flat, ws.model)
    phi_raw, theta_l = decompose_init(w_s, units)  # D7: phi = 0.5, theta_l = 0.5 w_s
    theta = compose(w_s, phi_full(phi_raw, units), theta_l)
    assert torch.equal(theta, w_s)  # 0.5 w + 0.5 w is exact in floating point
    ws.load(theta)
    assert torch.equal(ws.model(x).detach(), before)
    # another phi0: the same function to float precision
    phi_raw, theta_l = decompose_init(w_s, units, phi0=0.9)
    torch.testing.assert_close(compose(w_s, phi_full(phi_raw, units), theta_l), w_s)


def test_phi_expansion_and_gradient_match_a_gather_and_autograd():
    class Net(nn.Module):  # runs of every kind: rows, biases, embedding columns, batch norm
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(4, 3)
            self.fc1 = nn.Linear(3, 4)
            self.bn = nn.BatchNorm1d(4)
            self.fc = nn.Linear(4, 2)

    torch.manual_seed(1)
    m = Net()
    flat = FlatParams(m)
    for per_element in (False, True):
        units = unit_index(flat, m, per_element)
        index, dec, n = units.index, units.decomposed, units.count
        tg = torch.randn(flat.numel, dtype=torch.float64)
        tl = torch.randn(flat.numel, dtype=torch.float64)
        pr = torch.randn(n, dtype=torch.float64, requires_grad=True)
        g = torch.randn(flat.numel, dtype=torch.float64)
        gathered = torch.where(dec, torch.sigmoid(pr)[index.clamp(min=0)], torch.ones((), dtype=torch.float64))
        assert torch.equal(phi_full(pr.detach(), units), gathered.detach())
        theta = tg * gathered + tl
        (theta * g).sum().backward()  # dL/dtheta = g
        torch.testing.assert_close(phi_raw_grad(g, tg, pr.detach(), units), pr.grad)


# ---------------------------------------------------------------------------- importance
def test_ewc_fisher_three_steps_by_hand():
    F = torch.zeros(2, dtype=torch.float64)
    for g in ([1.0, 2.0], [2.0, 0.0], [-1.0, 1.0]):
        ewc_fisher_update(F, torch.tensor(g, dtype=torch.float64), 0.85)
    # F1 = 0.15 (1, 4) = (0.15, 0.6); F2 = 0.85 F1 + 0.15 (4, 0) = (0.7275, 0.51)
    # F3 = 0.85 F2 + 0.15 (1, 1) = (0.768375, 0.5835)
    assert F.tolist() == pytest.approx([0.768375, 0.5835])


def test_path_score_three_sgd_steps_by_hand():
    # two parameters, SGD with lr 0.1: delta_t = -0.1 g_t, so -g_t delta_t = 0.1 g_t^2
    theta = torch.zeros(2, dtype=torch.float64)
    F = torch.zeros(2, dtype=torch.float64)
    path = PathScore(theta, window=3, eps=1e-8)
    for g in ([1.0, 2.0], [2.0, 0.0], [-1.0, 1.0]):
        g = torch.tensor(g, dtype=torch.float64)
        ewc_fisher_update(F, g, 0.85)
        delta = -0.1 * g
        theta = theta + delta
        path.step(g, delta, F, theta)
    # numerator = 0.1 (1 + 4 + 1, 4 + 0 + 1) = (0.6, 0.5); moved = -0.1 (2, 3)
    # s = 0.6 / (0.5 * 0.768375 * 0.04 + 1e-8), 0.5 / (0.5 * 0.5835 * 0.09 + 1e-8)
    assert path.finish(F, theta).tolist() == pytest.approx([39.04341041587088, 19.04217117312342])
    # a partial window is closed by finish(): one step then finish
    p2 = PathScore(torch.zeros(1, dtype=torch.float64), window=10, eps=0.0)
    p2.step(torch.tensor([2.0], dtype=torch.float64), torch.tensor([-0.5], dtype=torch.float64), torch.ones(1, dtype=torch.float64), torch.tensor([-0.5], dtype=torch.float64))
    # 1.0 / (0.5 * 1 * 0.25) = 8
    assert p2.finish(torch.ones(1, dtype=torch.float64), torch.tensor([-0.5], dtype=torch.float64)).tolist() == [8.0]


def test_scores_combine_and_importance_normalizes_each_term():
    s1 = torch.tensor([2.0, -4.0, 6.0])
    S = combine_scores(None, s1)
    assert S.tolist() == [2.0, -4.0, 6.0]
    S = combine_scores(S, torch.tensor([4.0, 0.0, -2.0]))  # eq. (5): mean of the two rounds
    assert S.tolist() == [3.0, -2.0, 2.0]
    F = torch.tensor([1.0, 4.0, 2.0])
    # F / max F = (0.25, 1, 0.5); relu(S) / max = (1, 0, 2/3)
    assert importance(F, S).tolist() == pytest.approx([1.25, 1.0, 0.5 + 2 / 3])
    # per-tensor min-max over slices [0, 2) and [2, 3): F -> (0, 1), (0); relu(S) -> (1, 0), (0)
    assert importance(F, S, "minmax-tensor", [(0, 2), (2, 3)]).tolist() == pytest.approx([1.0, 1.0, 0.0])
    assert importance(torch.zeros(3), torch.zeros(3)).tolist() == [0.0, 0.0, 0.0]


def test_penalty_gradient_is_its_value_derivative():
    w_g = torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64, requires_grad=True)
    w_s = torch.tensor([0.0, 1.0, 0.5], dtype=torch.float64)
    omega = torch.tensor([2.0, 0.5, 1.0], dtype=torch.float64)
    for form, expected in (("eq8", [0.2, -0.15, 0.0]), ("eq10", [0.4, -0.3, 0.0])):
        g = penalty_grad(w_g.detach(), w_s, omega, 0.1, form)
        assert g.tolist() == pytest.approx(expected)  # lambda Omega (w_g - w_s), x2 for eq. (10)
        w_g.grad = None
        scale = 0.05 if form == "eq8" else 0.1
        (scale * (omega * (w_g - w_s) ** 2).sum()).backward()
        torch.testing.assert_close(w_g.grad, g)
        assert penalty_value(w_g.detach(), w_s, omega, 0.1, form) == pytest.approx(float(scale * (omega * (w_g.detach() - w_s) ** 2).sum()))


def test_critical_mask_keeps_the_top_fraction():
    assert critical_mask(torch.tensor([0.1, 0.9, 0.5, 0.3, 0.7]), 0.4).tolist() == [0.0, 1.0, 0.0, 0.0, 1.0]


# ---------------------------------------------------------------------------- the trigger
def fires(losses, **kw):
    armed, out = True, []
    for r in range(1, len(losses) + 1):
        fired, armed = peak_stable(losses[:r], armed, **kw)
        if fired:
            out.append(r)
    return out


def test_trigger_fires_after_a_peak_once_the_window_settles():
    losses = [1.0, 0.8, 0.6, 0.5, 0.45, 0.44, 0.43, 0.43]
    # r6: the window (0.5, 0.45, 0.44) still moves 10%; r7: (0.45, 0.44, 0.43) moves < 5% and
    # 0.44 + 0.0082 < mean(0.8, 0.6, 0.5) -> fires, disarms; r8: disarmed
    assert fires(losses, window=3) == [7]
    # a peak at r9 (+16%) re-arms it; it fires again when the window (0.42, 0.41, 0.40) settles
    assert fires(losses + [0.5, 0.45, 0.42, 0.41, 0.40, 0.40], window=3) == [7, 13]


def test_trigger_on_monotone_decrease_and_on_noise():
    assert fires([0.9**r for r in range(30)], window=3) == []  # every change is 10%: never stable
    assert fires([0.99**r for r in range(30)], window=3) == [6]  # stable from the start: once, at 2W
    assert fires([1.0, 1.1] * 15, window=3) == []  # noise re-arms but never settles


def test_refresh_rounds_forced_around_the_start_and_after_a_trigger():
    assert [r for r in range(1, 9) if forced_refresh(r, 2)] == [1, 2, 3, 4]
    assert [r for r in range(1, 12) if forced_refresh(r, 6)] == [4, 5, 6, 7, 8]
    # with the default window (5) the trigger needs 10 rounds of losses: it cannot fire next to
    # the forced rounds, whatever the losses
    assert fires([1.0, 0.999, 0.998, 0.997, 0.996, 0.995, 0.994, 0.993, 0.992]) == []
    alg = engine(DPAOPFL).algorithm
    server = alg.init_server(torch.zeros(3))
    assert [r for r in range(1, 9) if alg.is_refresh(r, server)] == [1, 2, 3, 4]
    server["refresh_next"] = True  # the trigger fired at the end of the previous round
    assert alg.is_refresh(7, server)
    interval = engine(DPAOPFL, {"refresh": "interval", "interval": 5}).algorithm
    assert [r for r in range(1, 21) if interval.is_refresh(r, server)] == [1, 2, 3, 4, 5, 10, 15, 20]


# ---------------------------------------------------------------------------- a round
def _ctx(ws, data, round, lr=0.1, batch=100):
    return ClientContext(client=0, round=round, data=data, workspace=ws, training=LocalTraining(1, batch, OptimizerConfig("sgd", lr, 0.0)), seed=0)


def test_a_decomposed_step_matches_plain_torch_autograd_and_uploads_only_w_g():
    ws = mlp_ws()
    data = tiny_clients(XS, YS)[0]
    alg = engine(DPAOPFL, {"decompose_from": 1, "lam": 0.3}).algorithm
    w_s = ws.params.clone() + 0.01
    omega = torch.linspace(0.0, 2.0, ws.flat.numel)
    idx, n = alg.units.index, alg.units.count
    phi_raw0 = torch.linspace(-1.0, 1.0, n)
    theta_l0 = torch.linspace(0.2, -0.2, ws.flat.numel)
    state = {"phi_raw": phi_raw0.clone(), "theta_l": theta_l0.clone(), "omega": omega.clone()}
    res = alg.client_update(_ctx(ws, data, round=3), {"params": w_s, "refresh": 0}, state)
    # plain torch: one full batch, leaves theta_g, phi_raw, theta_l; loss = CE + lambda/2 sum Omega (theta_g - w_s)^2
    tg, pr, tl = (t.clone().requires_grad_(True) for t in (w_s, phi_raw0, theta_l0))
    theta = tg * torch.sigmoid(pr)[idx] + tl
    model = MLP(2, 2, hidden=(3,))
    named = ws.flat.unflatten(theta)
    x, y = data.x_train, data.y_train
    out = torch.func.functional_call(model, named, (x,))
    loss = nn.functional.cross_entropy(out, y) + 0.15 * (omega * (tg - w_s) ** 2).sum()
    loss.backward()
    with torch.no_grad():
        ref_g, ref_p, ref_l = tg - 0.1 * tg.grad, pr - 0.1 * pr.grad, tl - 0.1 * tl.grad
    torch.testing.assert_close(res.upload["params"], ref_g)
    torch.testing.assert_close(res.state["phi_raw"], ref_p)
    torch.testing.assert_close(res.state["theta_l"], ref_l)
    # only w_g (and scalars) leave the client: phi and theta_l never do
    assert set(res.upload) == {"params", "loss", "num_samples"}
    assert not any(torch.equal(v, res.state["theta_l"]) for v in res.upload.values() if isinstance(v, torch.Tensor))
    # the evaluated model is w_s (.) phi + theta_l
    personal = alg.personalized(_ctx(ws, data, 3), {"params": w_s}, res.state)
    torch.testing.assert_close(personal, w_s * torch.sigmoid(res.state["phi_raw"])[idx] + res.state["theta_l"])


def test_fisher_of_a_round_is_the_ewc_average_of_the_batch_gradients():
    ws = mlp_ws()
    data = tiny_clients(XS, YS)[0]
    alg = engine(DPAOPFL, {"decompose": False}).algorithm
    w_s = ws.params.clone()
    res = alg.client_update(_ctx(ws, data, round=1, batch=2), {"params": w_s, "refresh": 1}, {})
    # replay: plain SGD over the same seeded batches, Fisher from each batch-mean gradient
    ref = Workspace(MLP(2, 2, hidden=(3,)))
    ref.load(w_s)
    F = torch.zeros_like(w_s)
    gen = _ctx(ws, data, 1).generator("local")
    for xb, yb in ref.batches(data, epochs=1, batch_size=2, generator=gen):
        ref.loss_and_grad(xb, yb)
        F = 0.85 * F + 0.15 * ref.flat.grad**2
        ref.params.sub_(0.1 * ref.flat.grad)
    torch.testing.assert_close(res.state["fisher"], F)
    torch.testing.assert_close(res.upload["params"], ref.params)
    # a refresh round uploads the client's normalized importance (D3 default: global)
    torch.testing.assert_close(res.upload["omega"], importance(F, res.state["path"]))


def test_omega_is_sent_only_to_clients_holding_a_stale_version():
    run = engine(DPAOPFL, rounds=6).run()  # two clients, both in every round
    rec = run.history
    assert [r["importance_refresh"] for r in rec] == [1, 1, 1, 1, 0, 0]
    d = mlp_ws().flat.numel
    params = 4 * d  # one float32 model
    # down: w_s and the refresh flag (8 bytes); from round 2 the Omega version (8 bytes) and, to
    # a client whose copy is stale, Omega itself: new ones after rounds 1-4, none after round 5
    assert [r["bytes_down"] for r in rec] == [2 * (params + 8)] + [2 * (2 * params + 16)] * 4 + [2 * (params + 16)]
    # up: w_g, loss and sample count; Omega_i on the refresh rounds 1-4
    assert [r["bytes_up"] for r in rec] == [2 * (2 * params + 16)] * 4 + [2 * (params + 16)] * 2


def test_without_decomposition_and_penalty_it_is_fedavg_bit_for_bit():
    a = engine(FedAvg, rounds=3).run()
    b = engine(DPAOPFL, {"decompose": False, "lam": 0.0}, rounds=3).run()
    assert torch.equal(a.server["params"], b.server["params"])
    assert [r["acc_mean"] for r in a.history] == [r["acc_mean"] for r in b.history]
    assert [r["train_loss"] for r in a.history] == [r["train_loss"] for r in b.history]
    # the decomposition and the penalty each change the result (the test can fail)
    for options in ({"lam": 0.0}, {"decompose": False, "lam": 1.0}):
        c = engine(DPAOPFL, options, rounds=3).run()
        assert not torch.equal(a.server["params"], c.server["params"])


def test_upload_gate_skips_insignificant_changes():
    init = mlp_ws().params.clone()
    gated = engine(DPAOPFL, {"gate": "uploads", "upload_threshold": 10.0}, rounds=2).run()
    # nobody's shared part moved by 1000%: no model was uploaded, the global model never moved
    assert torch.equal(gated.server["params"], init)
    assert gated.history[0]["bytes_up"] == 2 * (4 * init.numel() + 16)  # Omega_i, loss, samples only
    moved = engine(DPAOPFL, {"gate": "uploads", "upload_threshold": 0.0}, rounds=2).run()
    assert not torch.equal(moved.server["params"], init)


def test_bad_options_are_named():
    with pytest.raises(ValueError, match="refresh must be one of trigger, interval, got 'sometimes'"):
        DPAOPFL.Config(refresh="sometimes")
    with pytest.raises(ValueError, match="phi0 must be in"):
        DPAOPFL.Config(phi0=1.0)


def test_training_flops_per_round_count_the_model_and_the_methods_own_work():
    # the 2-3-2 MLP: 2*3 + 3*2 = 12 MACs a sample, 6 x 12 = 72 training FLOPs; 6 + 4 samples
    assert engine(FedAvg).run().history[0]["train_flops"] == 10 * 72
    # DPAO-PFL adds 20 FLOPs per coordinate per step: d = 17, steps (batch 4) = 2 + 1
    assert engine(DPAOPFL).run().history[0]["train_flops"] == 10 * 72 + 20 * 17 * 3


# ---------------------------------------------------------------------------- other models
def _leaf_shakespeare(folder, users=3, per_user=6):
    import json

    rng = torch.Generator().manual_seed(0)
    letters = "abcdefghij klmnop"
    for split in ("train", "test"):
        (folder / "shakespeare" / split).mkdir(parents=True)
        names = [f"ROLE{u}" for u in range(users)]
        data = {}
        for u in names:
            idx = torch.randint(0, len(letters), (per_user, 81), generator=rng).tolist()
            xs = ["".join(letters[i] for i in row[:80]) for row in idx]
            data[u] = {"x": xs, "y": [letters[row[80]] for row in idx]}
        doc = {"users": names, "num_samples": [per_user] * users, "user_data": data}
        (folder / "shakespeare" / split / "all.json").write_text(json.dumps(doc))


@pytest.mark.parametrize("dataset,model", [("vehicle", "svm"), ("shakespeare", "lstm")])
def test_dpao_pfl_runs_on_the_svm_and_the_lstm(tmp_path, dataset, model):
    from tests.data.test_sources import write_vehicle

    from copfl.data.sources.registry import load_dataset
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation

    if dataset == "vehicle":
        write_vehicle(tmp_path / "vehicle", n=60)
        extra = {"clients": 3, "alpha": 1.0}
    else:
        _leaf_shakespeare(tmp_path)
        extra = {"clients": 3}
    ds = load_dataset(dataset, tmp_path, cache_dir=tmp_path / "cache")
    cfg = RunConfig(algorithm="dpao-pfl", dataset=dataset, model=model, rounds=3, batch_size=4, seed=0, **extra).resolved()
    eng = build_engine(cfg, build_federation(cfg, ds))
    run = eng.run()
    d = eng.ws.flat.numel
    assert all(torch.isfinite(torch.tensor(r["train_loss"])) for r in run.history)
    # every client trained in rounds 2-3 holds its decomposition; its evaluated model is not w_s
    for c in range(eng.num_clients):
        state = eng.store.get(c)
        assert state["theta_l"].shape == (d,) and state["phi_raw"].numel() == eng.algorithm.units.count
        personal = eng.algorithm.personalized(None, {"params": run.server["params"]}, state)
        assert not torch.equal(personal, run.server["params"])
    # rounds 2-3 are refresh rounds: Omega_i up (d floats more per client than w_g alone)
    assert run.history[1]["bytes_up"] == eng.num_clients * (2 * 4 * d + 16)


def test_normalization_parameters_are_shared_as_they_are():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(2, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 2))
    ws = Workspace(model)
    data = tiny_clients(XS, YS)[0]
    from copfl.algorithms.base import Setup

    alg = DPAOPFL(DPAOPFL.Config(decompose_from=1), Setup(1, ws, (data.num_train,)))
    norm = ~alg.units.decomposed
    assert int(norm.sum()) == 8 and len(alg.plain) == 1  # BN weight and bias: one run
    w_s = ws.params.clone()
    res = alg.client_update(_ctx(ws, data, round=1, batch=3), {"params": w_s, "refresh": 0}, {})
    # theta_l stays 0 there, and the model the client trained used theta_g itself (phi = 1)
    assert torch.equal(res.state["theta_l"][norm], torch.zeros(8))
    assert torch.equal(ws.params[norm], res.upload["params"][norm])
    assert not torch.equal(res.upload["params"][norm], w_s[norm])  # they were trained
    personal = alg.personalized(None, {"params": w_s}, res.state)
    assert torch.equal(personal[norm], w_s[norm])


def test_path_score_of_a_plain_sgd_step_equals_the_general_form():
    g, u = torch.tensor([1.0, -2.0], dtype=torch.float64), torch.tensor([0.5, 3.0], dtype=torch.float64)
    F, theta = torch.ones(2, dtype=torch.float64), torch.tensor([0.1, 0.2], dtype=torch.float64)
    a, b = PathScore(torch.zeros(2, dtype=torch.float64), window=1), PathScore(torch.zeros(2, dtype=torch.float64), window=1)
    a.step(g, -0.1 * u, F, theta)  # delta = -lr u
    b.step(g, u, F, theta, scale=0.1)
    torch.testing.assert_close(a.score, b.score)


def test_momentum_takes_the_general_path_and_stays_finite():
    run = engine(DPAOPFL, {"decompose_from": 1}, rounds=2, momentum=0.5).run()
    assert all(torch.isfinite(torch.tensor(r["train_loss"])) for r in run.history)
    assert run.history[-1]["acc_mean"] > 0
