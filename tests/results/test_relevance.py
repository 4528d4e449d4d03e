"""copfl.results.relevance: the relevance matrix, the label ground truth and their agreement by hand."""

import json

import numpy as np
import pytest

from copfl.results.relevance import label_overlap, latest_relevance, relevance_agreement, top_k_agreement


def test_latest_vectors_form_the_matrix():
    hist = [
        {"round": 1, "per_client": {"client": [0, 1], "relevance": [[0, 0.5, -1], [0.2, 0, 0]]}},
        {"round": 2},
        {"round": 3, "per_client": {"client": [1], "relevance": [[0.3, 0, -0.4]]}},
    ]
    rel = latest_relevance(hist, 3)
    assert rel[0].tolist() == [0, 0.5, -1] and rel[1].tolist() == [0.3, 0, -0.4]
    assert np.isnan(rel[2]).all()


def test_label_overlap_counts_shared_labels():
    ov = label_overlap([np.array([0, 1, 1]), np.array([1, 2]), np.array([3, 3])])
    assert ov.tolist() == [[2, 1, 0], [1, 2, 0], [0, 0, 1]]


def test_agreement_by_hand():
    overlap = np.array([[2, 1, 0, 1], [1, 2, 0, 0], [0, 0, 2, 1], [1, 0, 1, 2]], dtype=float)
    rel = np.array([
        [9.0, 0.4, -0.1, 0.2],   # positives {1, 3} = sharers {1, 3}: exact
        [0.1, 9.0, 0.3, -0.2],   # positives {0, 2}, sharers {0}: one false positive
        [-0.1, -0.2, 9.0, -0.3],  # no positive, sharer {3} missed
        [np.nan] * 4,            # never logged
    ])
    ag = relevance_agreement(rel, overlap)
    assert ag["clients"] == 3
    assert ag["precision"] == pytest.approx(3 / 4)  # tp 3 (0->1, 0->3, 1->0), fp 1 (1->2)
    assert ag["recall"] == pytest.approx(3 / 4)  # fn 1 (2->3)
    assert ag["clients_exact"] == 1 and ag["clients_positive_only_on_sharers"] == 1
    # top k: client 0 ranks {1, 3} first (2 of k 2), client 1 ranks 2 first (0 of 1), client 2 ranks 0 first (0 of 1)
    assert ag["top_k_hits"] == pytest.approx(2 / 4)
    assert ag["top_k_chance"] == pytest.approx((2 * 2 / 3 + 1 / 3 + 1 / 3) / 4)
    json.dumps(ag)  # goes into summary.json


def test_top_k_is_blind_to_sign_and_splits_ties():
    overlap = np.array([[2, 1, 0, 0], [1, 2, 0, 0], [0, 0, 2, 1], [0, 0, 1, 2]], dtype=float)
    negative = np.array([  # every score negative (FedFomo after convergence), sharers still ranked first
        [0, -1.0, -2.0, -3.0],
        [-1.0, 0, -2.5, -2.0],
        [-3.0, -2.0, 0, -1.5],
        [-2.0, -2.2, -0.5, 0],
    ])
    assert top_k_agreement(negative, overlap) == {"top_k_hits": 1.0, "top_k_chance": pytest.approx(1 / 3)}
    assert relevance_agreement(negative, overlap)["recall"] == 0.0  # the positive-only reading sees nothing
    tied = negative.copy()
    tied[0] = [0, -1.0, -1.0, -1.0]  # client 0: its sharer 1 tied with 2 and 3 for the one place: 1/3 expected
    assert top_k_agreement(tied, overlap)["top_k_hits"] == pytest.approx((1 / 3 + 3) / 4)


def test_a_pfedsv_run_writes_the_relevance_plot_and_its_agreement(tmp_path):
    from copfl.cli import main

    out = tmp_path / "pf"
    assert main(["run", "--algorithm", "pfedsv", "--clients", "4", "--rounds", "2", "--out", str(out)]) == 0
    s = json.loads((out / "summary.json").read_text())
    assert s["relevance"]["clients"] == 4 and set(s["relevance"]) >= {"precision", "recall", "clients_exact"}
    assert (out / "relevance.png").stat().st_size > 0
    fed = tmp_path / "fa"
    assert main(["run", "--algorithm", "fedavg", "--clients", "4", "--rounds", "1", "--out", str(fed)]) == 0
    assert "relevance" not in json.loads((fed / "summary.json").read_text()) and not (fed / "relevance.png").exists()
