"""FedBABU (copfl.algorithms.fedbabu): the oracle (fine-tuning off is FedAvg with a frozen head,
bit for bit, and against plain torch), the frozen head, the fine-tuning at evaluation against
plain torch, and the orthogonal head by hand."""

import re

import pytest
import torch

from copfl.algorithms.base import LocalTraining
from copfl.algorithms.fedavg import FedAvg
from copfl.algorithms.fedbabu import FedBABU, head_weight, orthogonal_rows
from copfl.algorithms.partial import FedRep
from copfl.seeding import torch_generator
from copfl.core.train_hooks import OptimizerConfig

from helpers import XS, YS, engine, flat_of, fresh_model, reference_sgd

HEAD = ("fc.weight", "fc.bias")


def body_names():
    return tuple(n for n, _ in fresh_model().named_parameters() if n not in HEAD)


# ------------------------------------------------------------------------- the oracle
@pytest.mark.parametrize("off", [{"finetune_epochs": 0}, {"finetune": "none"}])
def test_without_fine_tuning_it_is_fedavg_with_a_frozen_head_bit_for_bit(off):
    """FedRep with no head epochs never moves its (personal) heads: it is FedAvg with a frozen
    head, written another way. Same server model, same evaluations, same traffic."""
    kw = dict(rounds=3, momentum=0.5)
    babu = engine(FedBABU, off, **kw).run()
    rep = engine(FedRep, {"head_epochs": 0}, **kw).run()
    assert torch.equal(babu.server["params"], rep.server["params"])
    for x, y in zip(babu.history, rep.history):
        for k in ("train_loss", "acc_mean", "test_loss_mean", "bytes_up", "bytes_down"):
            assert x[k] == y[k], k


def test_without_fine_tuning_one_round_matches_plain_torch():
    eng = engine(FedBABU, {"finetune_epochs": 0})
    run = eng.run()
    refs = []
    for c in range(2):
        m = fresh_model()
        reference_sgd(m, XS[c], YS[c], torch_generator(0, "local", 1, c), 1, 0.3, frozen=HEAD)
        refs.append(flat_of(m))
    torch.testing.assert_close(run.server["params"], (6 * refs[0] + 4 * refs[1]) / 10)


def test_the_head_never_moves_and_never_travels():
    eng = engine(FedBABU, {"finetune_epochs": 1}, rounds=3)
    eng.training = LocalTraining(1, 4, OptimizerConfig("sgd", 0.3, momentum=0.9, weight_decay=0.01))
    run = eng.run()
    head = eng.ws.flat.select("head")
    assert torch.equal(run.server["params"][head], eng.init_params[head])  # weight decay and momentum included
    assert not torch.equal(run.server["params"][~head], eng.init_params[~head])
    fedavg = engine(FedAvg, {}, rounds=3).run()
    n_head = int(head.sum())
    assert [r["bytes_up"] for r in run.history] == [r["bytes_up"] - 2 * 4 * n_head for r in fedavg.history]  # the body only
    assert all(eng.store.get(c) in (None, {}) for c in range(2))  # no client state: the head is the server's


# ------------------------------------------------------------------------- fine-tuning at evaluation
def test_fine_tuning_the_whole_model_matches_plain_torch():
    eng = engine(FedBABU, {"finetune_epochs": 2})
    state = eng.new_state()
    eng.run_round(state)
    models = eng.evaluation.personalized_models(state)
    for c in range(2):
        m = fresh_model()
        torch.nn.utils.vector_to_parameters(state.server["params"].clone(), m.parameters())
        reference_sgd(m, XS[c], YS[c], torch_generator(0, "finetune", 1, c), 2, 0.3)
        torch.testing.assert_close(models[c], flat_of(m))
    head = eng.ws.flat.select("head")
    assert not torch.equal(models[0][head], state.server["params"][head])  # the head is fine-tuned too
    assert not torch.equal(models[0], models[1])


def test_fine_tuning_the_head_alone_keeps_the_body():
    eng = engine(FedBABU, {"finetune_epochs": 3, "finetune": "head"})
    state = eng.new_state()
    eng.run_round(state)
    models = eng.evaluation.personalized_models(state)
    head = eng.ws.flat.select("head")
    for c in range(2):
        m = fresh_model()
        torch.nn.utils.vector_to_parameters(state.server["params"].clone(), m.parameters())
        reference_sgd(m, XS[c], YS[c], torch_generator(0, "finetune", 1, c), 3, 0.3, frozen=body_names())
        torch.testing.assert_close(models[c], flat_of(m), rtol=1e-6, atol=1e-6)  # head-only steps on cached features
        assert torch.equal(models[c][~head], state.server["params"][~head])
    # the fine-tuned models are evaluated, never kept: the server's model is unchanged by evaluation
    assert torch.equal(state.server["params"][head], eng.init_params[head])


# ------------------------------------------------------------------------- the orthogonal head
def test_orthogonal_rows_by_hand():
    # Gram-Schmidt of the rows: (0, 3, 4) / 5, then (1, 0, 0) (already orthogonal to it)
    torch.testing.assert_close(orthogonal_rows(torch.tensor([[0.0, 3.0, 4.0], [1.0, 0.0, 0.0]])), torch.tensor([[0.0, 0.6, 0.8], [1.0, 0.0, 0.0]]))
    # a negative diagonal of R flips the row back: (-2, 0) -> (-1, 0)
    torch.testing.assert_close(orthogonal_rows(torch.tensor([[-2.0, 0.0], [1.0, 3.0]])), torch.tensor([[-1.0, 0.0], [0.0, 1.0]]))
    q = orthogonal_rows(torch.randn(5, 3, generator=torch.Generator().manual_seed(0)))  # more classes than features
    torch.testing.assert_close(q.t() @ q, torch.eye(3))


def test_orthogonal_head_is_fixed_at_the_start():
    eng = engine(FedBABU, {"head_init": "orthogonal", "finetune_epochs": 0}, rounds=2)
    run = eng.run()
    w = head_weight(eng.ws.flat, run.server["params"])
    torch.testing.assert_close(w @ w.t(), torch.eye(2))
    torch.testing.assert_close(w, orthogonal_rows(head_weight(eng.ws.flat, eng.init_params)))
    bias = eng.ws.flat.unflatten(run.server["params"])["fc.bias"]
    assert torch.equal(bias, eng.ws.flat.unflatten(eng.init_params)["fc.bias"])  # the bias is kept


@pytest.mark.parametrize(
    "opts, words",
    [({"finetune_epochs": -1}, "FedBABU finetune_epochs must be >= 0, got -1"),
     ({"finetune": "body"}, "FedBABU finetune must be one of full, head, none, got 'body'"),
     ({"head_init": "xavier"}, "FedBABU head_init must be one of model, orthogonal, got 'xavier'")],
)  # fmt: skip
def test_bad_options_are_refused_naming_the_value(opts, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        FedBABU.Config(**opts)


def test_run_defaults_are_the_official_scripts():
    assert FedBABU.run_defaults == {"optimizer": "sgd", "lr": 0.1, "momentum": 0.9, "weight_decay": 0.0}
    assert (FedBABU.Config().finetune_epochs, FedBABU.Config().finetune, FedBABU.Config().head_init) == (5, "full", "model")
