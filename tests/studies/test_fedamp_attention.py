"""studies/fedamp_attention.py: FedAMP's xi_ii read back from a run's checkpoint, checked
against values computed by hand."""

import math

import pytest
import torch

from copfl.cli import main
from helpers import load_script

PROBLEM = ["--dataset", "digits", "--clients", "4", "--rounds", "2", "--seed", "1", "--checkpoint-every", "1"]


def _script():
    return load_script("studies/fedamp_attention.py")


def test_two_models_by_hand():
    # squared distance 1 + 1 = 2; alpha_k 0.5, sigma 1: xi_01 = 0.5 * exp(-2) / 1, xi_00 = 1 - xi_01
    fig = _script().attention_figures([torch.zeros(2), torch.ones(2)], alpha_k=0.5, sigma=1.0)
    assert fig["sq_distance"] == pytest.approx({"min": 2.0, "median": 2.0, "max": 2.0})
    assert fig["xi_own_per_client"] == pytest.approx([1 - 0.5 * math.exp(-2.0)] * 2)
    # sigma 4: A'(2) = exp(-0.5) / 4
    fig = _script().attention_figures([torch.zeros(2), torch.ones(2)], alpha_k=0.5, sigma=4.0)
    assert fig["xi_own"]["min"] == pytest.approx(1 - 0.5 * math.exp(-0.5) / 4)


def test_cosine_by_hand():
    # HeurFedAMP, client a = (1, 0) with peers b = (1, 0) (cos 1) and c = (0, 1) (cos 0), sigma 1:
    # xi_aa = 1/m = 1/3; the peers share 2/3 by softmax(cos): e/(e+1) and 1/(e+1)
    a, b, c = torch.tensor([1.0, 0.0]), torch.tensor([1.0, 0.0]), torch.tensor([0.0, 1.0])
    fig = _script().attention_figures([a, b, c], alpha_k=1.0, sigma=1.0, attention="cosine")
    assert fig["xi_own_per_client"] == pytest.approx([1 / 3] * 3)
    e = math.e
    assert fig["xi_peers"]["max"] == pytest.approx(2 / 3 * e / (e + 1))  # a's weight for b (and b's for a)
    assert fig["xi_peers"]["min"] == pytest.approx(2 / 3 / (e + 1))  # a's weight for c (c splits its 2/3 evenly: 1/3 each)
    with pytest.raises(ValueError, match="attention must be one of"):
        _script().attention_figures([a, b], alpha_k=1.0, sigma=1.0, attention="softmax")


def test_one_model_is_an_error():
    with pytest.raises(ValueError, match="at least 2 clients"):
        _script().attention_figures([torch.zeros(3)], alpha_k=1.0, sigma=1.0)


def test_reads_a_run_at_its_values(tmp_path, capsys):
    out = tmp_path / "amp"
    assert main(["run", "--algorithm", "fedamp", "--sigma", "2", "--out", str(out), *PROBLEM]) == 0
    fig = _script().run_figures(out)
    assert (fig["round"], fig["clients"], fig["sigma"]) == (2, 4, 2.0)
    assert fig["alpha_k"] == pytest.approx(2.0 / 3)  # FedAMP's default alpha_k = sigma / (N - 1)
    assert all(0.0 <= x <= 1.0 for x in fig["xi_own_per_client"])  # the default alpha_k keeps u_i convex


def test_refuses_other_algorithms(tmp_path, capsys):
    out = tmp_path / "avg"
    assert main(["run", "--algorithm", "fedavg", "--out", str(out), *PROBLEM]) == 0
    assert _script().main([str(out)]) == 2
    assert "expected a fedamp run" in capsys.readouterr().err
