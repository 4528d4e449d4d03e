"""FedPer, LG-FedAvg, FedRep, FedBN and personal parts (copfl.algorithms.partial): golden values on
tiny clients (against plain torch) and the equivalences that must hold."""

import pytest
import torch

from copfl.algorithms.fedavg import FedAvg
from copfl.algorithms.partial import FedPer, FedRep, LGFedAvg
from copfl.core.models import MLP
from copfl.seeding import torch_generator

from helpers import XS, YS, engine, flat_of, fresh_model, reference_sgd, run_cfg, small, tiny_clients, tiny_engine


def test_fedper_golden_bodies_averaged_heads_kept():
    eng = engine(FedPer)
    run = eng.run()
    refs = []
    for c in range(2):
        m = fresh_model()
        reference_sgd(m, XS[c], YS[c], torch_generator(0, "local", 1, c), 1, 0.3)
        refs.append(flat_of(m))
    head = eng.ws.flat.select("head")
    expected_body = (6 * refs[0][~head] + 4 * refs[1][~head]) / 10
    torch.testing.assert_close(run.server["params"][~head], expected_body)
    assert torch.equal(run.server["params"][head], eng.init_params[head])  # the server never holds heads
    for c in range(2):
        torch.testing.assert_close(eng.store.get(c)["params"][head], refs[c][head])


def test_lg_fedavg_shares_the_head_only():
    eng = engine(LGFedAvg)
    run = eng.run()
    head = eng.ws.flat.select("head")
    assert torch.equal(run.server["params"][~head], eng.init_params[~head])
    assert not torch.equal(run.server["params"][head], eng.init_params[head])


@pytest.mark.parametrize("cls", [FedPer, LGFedAvg])
def test_empty_personal_part_equals_fedavg(cls):
    a, b = engine(cls, {"personal": "none"}, rounds=3).run(), engine(FedAvg, {}, rounds=3).run()
    assert torch.equal(a.server["params"], b.server["params"]) and a.history == b.history


def test_fedrep_golden_head_then_body():
    eng = engine(FedRep, {"head_epochs": 2}, epochs=1)
    run = eng.run()
    head_names = ("fc.weight", "fc.bias")
    body_names = tuple(n for n, _ in fresh_model().named_parameters() if n not in head_names)
    refs = []
    for c in range(2):
        m = fresh_model()
        reference_sgd(m, XS[c], YS[c], torch_generator(0, "fedrep-head", 1, c), 2, 0.3, frozen=body_names)
        reference_sgd(m, XS[c], YS[c], torch_generator(0, "local", 1, c), 1, 0.3, frozen=head_names)
        refs.append(flat_of(m))
    head = eng.ws.flat.select("head")
    torch.testing.assert_close(run.server["params"][~head], (6 * refs[0][~head] + 4 * refs[1][~head]) / 10)
    for c in range(2):
        torch.testing.assert_close(eng.store.get(c)["params"][head], refs[c][head])


def test_personal_head_is_kept_local_and_never_averaged():
    from copfl.core.workspace import Workspace

    torch.manual_seed(0)
    ws = Workspace(MLP(2, 2, hidden=(3,)))
    init = ws.params.clone()
    xs = [[[1.0, 0.0], [0.0, 1.0]], [[1.0, 1.0], [-1.0, 0.0]]]
    eng = tiny_engine(FedAvg, {"personal": "head"}, ws, tiny_clients(xs, [[0, 1], [1, 0]]), rounds=2, lr=0.5)
    run = eng.run()
    head = ws.flat.select("head")
    assert torch.equal(run.server["params"][head], init[head])  # the server never touches the head
    assert not torch.equal(run.server["params"][~head], init[~head])
    h0, h1 = (eng.store.get(c)["params"][head] for c in (0, 1))
    assert not torch.equal(h0, h1)
    assert torch.equal(eng.algorithm.personalized(None, {"params": run.server["params"]}, eng.store.get(0))[head], h0)


def test_fedbn_keeps_norm_layers_local_and_equals_fedavg_without_them():
    kw = dict(model="resnet18", resnet_stem="cifar", width=0.0625, rounds=2, augment=False)
    eng, run = run_cfg(small("fedbn", **kw))
    norm = eng.ws.flat.select("norm")
    assert torch.equal(run.server["params"][norm], eng.init_params[norm])
    assert not torch.equal(eng.store.get(0)["params"][norm], eng.store.get(1)["params"][norm])
    assert not torch.equal(eng.store.get(0)["bn"], eng.store.get(1)["bn"])  # statistics local too
    _, a = run_cfg(small("fedbn"))  # MLP: no batch norm at all
    _, b = run_cfg(small("fedavg"))
    assert torch.equal(a.server["params"], b.server["params"])
    with pytest.raises(ValueError, match="FedBN keeps batch-norm statistics on the clients: use --bn-stats local"):
        run_cfg(small("fedbn", bn_stats="shared"))


@pytest.mark.parametrize("model", ["mlp", "cnn"])
def test_fedrep_head_epochs_on_cached_features_equal_full_steps(model):
    """FedRep's head epochs run the head alone on the body's features computed once a round
    (Workspace.train's head-only path): the same training as steps through the frozen body."""
    from helpers import small, synthetic

    cfg = small("fedrep", model=model, rounds=2, options={"head_epochs": 3}, lr=0.05, momentum=0.5, weight_decay=1e-3)
    ds = synthetic(size=16)
    runs = []
    for cache in (True, False):
        from copfl.execution.experiment import build_engine
        from copfl.execution.federation import build_federation

        eng = build_engine(cfg, build_federation(cfg, ds))
        eng.ws.cache_features = cache
        runs.append((eng, eng.run()))
    (a, ra), (b, rb) = runs
    # equal up to the last bits (a 2-sample last batch takes another BLAS kernel than the
    # features' batches): the golden test holds FedRep's and FedPAC's runs to every bit
    close = dict(rtol=1e-6, atol=1e-6)
    torch.testing.assert_close(ra.server["params"], rb.server["params"], **close)
    for c in range(cfg.clients):
        torch.testing.assert_close(a.store.get(c)["params"], b.store.get(c)["params"], **close)
    for x, y in zip(ra.history, rb.history):
        for k in ("train_loss", "test_loss_mean"):
            assert x[k] == pytest.approx(y[k], rel=1e-6)
        assert x["acc_mean"] == y["acc_mean"]
    # the cached path's FLOPs: per client, body forward once + head-only steps + full body epoch
    head, body = a.accounting.head_split_flops(a.clients[0])
    full = a.accounting.train_flops_per_sample(a.clients[0])
    n = sum(a.clients[c].num_train for c in range(cfg.clients))
    assert ra.history[0]["train_flops"] == n * (body + 3 * head + full)
    assert rb.history[0]["train_flops"] == n * (4 * full)


def test_head_only_path_is_not_taken_when_the_body_is_random_or_batch_dependent():
    from copfl.core.train_hooks import Trainable
    from copfl.core.workspace import Workspace

    head_mask = lambda ws: ws.flat.select("head").float()  # noqa: E731
    ws = Workspace(MLP(4, 2, hidden=(3,)))
    assert ws.head_only([Trainable(head_mask(ws))])
    assert not ws.head_only([Trainable(torch.ones_like(ws.params))])  # the body trains too
    assert not ws.head_only([])
    drop = Workspace(torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Dropout(0.5), torch.nn.Linear(3, 2)))
    assert not drop.head_only([Trainable(head_mask(drop))])
    bn = Workspace(torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.BatchNorm1d(3), torch.nn.Linear(3, 2)))
    assert not bn.head_only([Trainable(head_mask(bn))])
    aug = Workspace(MLP(4, 2, hidden=(3,)), augment=lambda x, g: x)
    assert not aug.head_only([Trainable(head_mask(aug))])
