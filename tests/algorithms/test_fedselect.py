"""FedSelect (copfl.algorithms.fedselect): p = 0 is FedAvg, masks grow by exact counts."""

import torch

from helpers import run_cfg, small


def test_fedselect_with_p_zero_equals_fedavg_with_the_same_sgd():
    kw = dict(optimizer="sgd", lr=0.1, momentum=0.9, local_epochs=2)
    _, a = run_cfg(small("fedselect", options={"p": 0.0}, **kw))
    _, b = run_cfg(small("fedavg", options={"weighting": "uniform"}, **kw))
    assert torch.equal(a.server["params"], b.server["params"])
    keys = ("train_loss", "acc_mean", "test_loss_mean")
    assert [[r[k] for k in keys] for r in a.history] == [[r[k] for k in keys] for r in b.history]


def test_fedselect_grows_masks_every_third_round_by_exact_counts():
    eng, run = run_cfg(small("fedselect", rounds=6))
    fracs = [r["mask_fraction_mean"] for r in run.history]
    assert fracs[0] == fracs[1] == 0.0 and fracs[2] > 0.0 and fracs[2] == fracs[3] == fracs[4] < fracs[5]
    mask = eng.store.get(0)["mask"]
    for s in eng.ws.flat.slices:
        seg = int(mask[s.offset : s.end].sum())
        if s.kind == "weight":  # two growth steps: floor(p n), then floor(p (n - first))
            first = int(0.25 * s.numel)
            assert seg == first + int(0.25 * (s.numel - first))
        else:
            assert seg == 0
