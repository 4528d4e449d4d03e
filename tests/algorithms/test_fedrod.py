"""FedRoD (copfl.algorithms.fedrod): the balanced softmax and the personal head's gradient by
hand, a round against plain torch, the equivalence with FedAvg at gamma = 0, and its
evaluation with the summed logits."""

import math
import re

import pytest
import torch
import torch.nn.functional as F

from copfl.algorithms.fedavg import FedAvg
from copfl.algorithms.fedrod import FedRoD, balanced_softmax_loss, bsm_adjustment, personal_head_grad, personalized_logits
from copfl.core.models import MLP
from copfl.extensions.privacy import DPConfig
from copfl.seeding import torch_generator
from copfl.core.workspace import Workspace

from helpers import engine, run_cfg, small, tiny_clients, tiny_engine

# three classes; client 0 holds none of class 2 (its balanced softmax gives class 2 zero mass)
XS = [[[1.0, 0.0], [0.9, 0.1], [0.0, 1.0], [0.1, 0.8], [0.8, -0.2]], [[0.0, 1.0], [0.2, 0.9], [-1.0, -1.0], [-0.8, -1.1], [-1.0, -0.9]]]
YS = [[0, 0, 1, 1, 0], [1, 1, 2, 2, 2]]


def mlp3(seed=0):
    torch.manual_seed(seed)
    return Workspace(MLP(2, 3, hidden=(4,)))


# ------------------------------------------------------------------------- the equations by hand
def test_balanced_softmax_by_hand():
    counts = torch.tensor([3, 1])
    adj = bsm_adjustment(counts, 1.0)
    assert adj.tolist() == pytest.approx([math.log(3), 0.0])
    # -log(3 e^0 / (3 e^0 + 1 e^0)) = log(4/3)
    assert float(balanced_softmax_loss(torch.zeros(1, 2), torch.tensor([0]), adj)) == pytest.approx(math.log(4 / 3))
    # gamma = 1/2: -log(sqrt(3) / (sqrt(3) + 1)) for class 0, and gamma = 0 is the plain cross-entropy
    assert float(balanced_softmax_loss(torch.zeros(1, 2), torch.tensor([0]), bsm_adjustment(counts, 0.5))) == pytest.approx(-math.log(3**0.5 / (3**0.5 + 1)))
    z = torch.tensor([[0.3, -1.2]])
    assert torch.equal(balanced_softmax_loss(z, torch.tensor([1]), bsm_adjustment(counts, 0.0)), F.cross_entropy(z, torch.tensor([1])))


def test_an_absent_class_gets_no_mass_and_no_gradient():
    adj = bsm_adjustment(torch.tensor([2, 0, 1]), 1.0)
    assert adj[1] == -math.inf
    z = torch.tensor([[0.5, 3.0, -0.5], [0.0, 1.0, 2.0]], requires_grad=True)
    loss = balanced_softmax_loss(z, torch.tensor([0, 2]), adj)
    loss.backward()
    # sample 1: -log(2 e^0.5 / (2 e^0.5 + e^-0.5)); sample 2: -log(e^2 / (2 e^0 + e^2))
    expect = (-math.log(2 * math.exp(0.5) / (2 * math.exp(0.5) + math.exp(-0.5))) - math.log(math.exp(2) / (2 + math.exp(2)))) / 2
    assert float(loss.detach()) == pytest.approx(expect)
    assert torch.isfinite(z.grad).all() and z.grad[:, 1].tolist() == [0.0, 0.0]


def test_personalized_logits_and_the_personal_heads_gradient_by_hand():
    feats, z_g = torch.tensor([[1.0, 0.0]]), torch.tensor([[0.0, 0.0]])
    w, b = torch.zeros(2, 2), torch.zeros(2)
    assert personalized_logits(torch.tensor([[1.0, 2.0]]), torch.tensor([[2.0, 3.0]]), torch.tensor([[1.0, 0.0], [0.0, -1.0]]), torch.tensor([0.5, 0.5])).tolist() == [[3.5, -0.5]]
    # z = 0: p = (1/2, 1/2), y = 1: G = (1/2, -1/2) -> dW = G^T f, db = G
    loss, gw, gb = personal_head_grad(feats, z_g, w, b, torch.tensor([1]))
    assert float(loss) == pytest.approx(math.log(2))
    assert gw.tolist() == [[0.5, 0.0], [-0.5, 0.0]] and gb.tolist() == [0.5, -0.5]


def test_the_personal_heads_gradient_is_autograds_and_fills_the_given_buffers():
    g = torch.Generator().manual_seed(0)
    feats, z_g = torch.randn(5, 4, generator=g), torch.randn(5, 3, generator=g)
    w, b, y = torch.randn(3, 4, generator=g, requires_grad=True), torch.randn(3, generator=g, requires_grad=True), torch.tensor([0, 2, 1, 2, 0])
    ref = F.cross_entropy(z_g + feats @ w.t() + b, y)
    ref.backward()
    out_w, out_b = torch.empty(3, 4), torch.empty(3)
    loss, gw, gb = personal_head_grad(feats, z_g, w.detach(), b.detach(), y, out_w, out_b)
    assert gw is out_w and gb is out_b
    torch.testing.assert_close(loss, ref.detach())
    torch.testing.assert_close(gw, w.grad)
    torch.testing.assert_close(gb, b.grad)


# ------------------------------------------------------------------------- a round against plain torch
def reference_client(x, y, gen, lr, batch_size, epochs=1):
    """Plain torch, PFLlib's step: body + generic head on CE(z + log n), then the personal head
    (a copy of the initial head) on CE(z.detach() + h_P(f.detach())), per batch."""
    model = mlp3().model
    x, y = torch.tensor(x, dtype=torch.float32), torch.tensor(y)
    log_n = torch.log(torch.bincount(y, minlength=3).float())
    head = torch.nn.Linear(4, 3)
    head.load_state_dict(model.fc.state_dict())
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    opt_p = torch.optim.SGD(head.parameters(), lr=lr)
    for _ in range(epochs):
        order = torch.randperm(len(y), generator=gen)
        for s in range(0, len(y), batch_size):
            idx = order[s : s + batch_size]
            rep = model.body(x[idx])
            out = model.fc(rep)
            opt.zero_grad()
            F.cross_entropy(out + log_n, y[idx]).backward()
            opt.step()
            opt_p.zero_grad()
            F.cross_entropy(out.detach() + head(rep.detach()), y[idx]).backward()
            opt_p.step()
    flat = lambda m: torch.cat([p.detach().reshape(-1) for p in m.parameters()])  # noqa: E731
    return flat(model), flat(head)


def test_round_matches_plain_torch():
    eng = tiny_engine(FedRoD, {}, mlp3(), tiny_clients(XS, YS), lr=0.3, batch_size=2, epochs=2)
    run = eng.run()
    refs = [reference_client(XS[c], YS[c], torch_generator(0, "local", 1, c), 0.3, 2, epochs=2) for c in range(2)]
    torch.testing.assert_close(run.server["params"], (5 * refs[0][0] + 5 * refs[1][0]) / 10)
    for c in range(2):
        torch.testing.assert_close(eng.store.get(c)["phead"], refs[c][1])
    # the personal heads learned their clients' data, differently
    assert not torch.allclose(eng.store.get(0)["phead"], eng.store.get(1)["phead"])


def test_evaluation_adds_the_personal_heads_logits_to_the_generic_ones():
    eng = tiny_engine(FedRoD, {}, mlp3(), tiny_clients(XS, YS), rounds=1, lr=0.3, batch_size=2)
    state = eng.new_state()
    eng.run_round(state)
    metrics = eng.evaluation.evaluate(state)
    for c, m in zip(range(2), metrics):
        eng.ws.load(state.server["params"])
        x, y = eng.clients[c].x_test, eng.clients[c].y_test
        with torch.no_grad():
            f = eng.ws.model.body(x)
            w, b = eng.algorithm.head_views(eng.store.get(c)["phead"])
            z = eng.ws.model.fc(f) + f @ w.t() + b
        assert m.accuracy == pytest.approx(float((z.argmax(1) == y).float().mean()))
        assert m.loss == pytest.approx(float(F.cross_entropy(z, y)), rel=1e-5)
    assert eng.evaluation.personalized_models(state) is None  # no single flat model per client


def test_personal_head_starts_as_the_models_head_or_at_zero():
    eng = tiny_engine(FedRoD, {"phead_init": "zero"}, mlp3(), tiny_clients(XS, YS))
    head = eng.ws.flat.select("head")
    assert torch.equal(eng.algorithm.init_client(0, eng.init_params)["phead"], torch.zeros(int(head.sum())))
    eng = tiny_engine(FedRoD, {}, mlp3(), tiny_clients(XS, YS))
    assert torch.equal(eng.algorithm.init_client(0, eng.init_params)["phead"], eng.init_params[head])


# ------------------------------------------------------------------------- equivalences and traffic
@pytest.mark.parametrize("momentum", [0.0, 0.5])
def test_gamma_zero_shares_fedavgs_model_bit_for_bit(momentum):
    a = engine(FedRoD, {"balance": 0.0}, rounds=3, momentum=momentum).run()
    b = engine(FedAvg, {}, rounds=3, momentum=momentum).run()
    assert torch.equal(a.server["params"], b.server["params"])
    assert [r["train_loss"] for r in a.history] == [r["train_loss"] for r in b.history]
    assert [r["bytes_up"] for r in a.history] == [r["bytes_up"] for r in b.history]  # the personal head stays home


def test_gamma_zero_is_fedavg_with_batch_norm():
    kw = dict(model="resnet18", resnet_stem="cifar", width=0.0625, rounds=2, augment=False, momentum=0.5)
    _, a = run_cfg(small("fedrod", options={"balance": 0.0}, **kw))
    _, b = run_cfg(small("fedavg", **kw))
    assert torch.equal(a.server["params"], b.server["params"]) and torch.equal(a.server_buffers, b.server_buffers)


def test_the_balanced_softmax_changes_the_shared_model_and_the_work_is_declared():
    a = tiny_engine(FedRoD, {}, mlp3(), tiny_clients(XS, YS), rounds=1, lr=0.3, batch_size=2)
    run = a.run()
    b = tiny_engine(FedAvg, {}, mlp3(), tiny_clients(XS, YS), rounds=1, lr=0.3, batch_size=2).run()
    assert not torch.allclose(run.server["params"], b.server["params"])
    per_sample = a.accounting.train_flops_per_sample(a.clients[0])
    assert run.history[0]["train_flops"] == 10 * per_sample + 10 * (6 * 3 * 4 + 6 * 3 + 3)
    assert all(loss > 0 for loss in run.history[0]["per_client"]["personal_loss"])


# ------------------------------------------------------------------------- DP, refusals
def test_dp_sgd_runs_with_one_private_pass_per_batch():
    dp = DPConfig(noise=1.0, clip=1.0)
    a = tiny_engine(FedRoD, {}, mlp3(), tiny_clients(XS, YS), rounds=2, lr=0.3, batch_size=2, dp=dp)
    run = a.run()
    b = tiny_engine(FedAvg, {}, mlp3(), tiny_clients(XS, YS), rounds=2, lr=0.3, batch_size=2, dp=dp).run()
    assert run.spent == b.spent  # the personal head's step is not a private pass
    assert torch.isfinite(run.server["params"]).all() and not torch.equal(a.store.get(0)["phead"], a.init_params[a.ws.flat.select("head")])
    up = tiny_engine(FedRoD, {}, mlp3(), tiny_clients(XS, YS), rounds=2, dp=DPConfig(noise=0.5, clip=0.1, mode="upload")).run()
    assert torch.isfinite(up.server["params"]).all()


def test_a_hinge_model_is_refused():
    ws = mlp3()
    ws.model.criterion = "hinge"
    with pytest.raises(ValueError, match="FedRoD's balanced softmax and personal head need a cross-entropy model"):
        tiny_engine(FedRoD, {}, Workspace(ws.model), tiny_clients(XS, YS))


@pytest.mark.parametrize(
    "opts, words",
    [({"balance": -1.0}, "FedRoD balance (gamma) must be >= 0, got -1.0"),
     ({"phead_init": "random"}, "FedRoD phead_init must be one of head, zero, got 'random'")],
)  # fmt: skip
def test_bad_options_are_refused_naming_the_value(opts, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        FedRoD.Config(**opts)
