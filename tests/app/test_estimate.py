"""copfl.app.estimate: the dry run's cost model by hand, label counts from an archive's listing,
splits too big for the data, and the estimate against a measured smoke column."""

from dataclasses import replace

import pytest

from copfl.execution.config import RunConfig
from copfl.app.estimate import RUN_SECONDS, estimate_seconds, run_seconds

from helpers import image_tree_zip


def test_cost_model_prices_digits_the_new_methods_and_dp_sgd():
    """28-pixel data cost about half of CIFAR's 32 (the 1-channel CNN); pFedMe's K inner steps
    make a run several times dearer, DP-SGD about twice (its fast path) or nine times (a loss of
    the algorithm's own: per-sample gradients), as calibrated on this machine."""
    base = RunConfig(algorithm="local", dataset="mnist", partition="label-skew", clients=10, rounds=10, local_epochs=5)
    digits = run_seconds(base.resolved())
    cifar = run_seconds(replace(base, dataset="cifar10").resolved())
    assert 0.4 < digits / cifar < 0.6
    assert run_seconds(replace(base, algorithm="pfedme").resolved()) > 5 * digits
    dp = run_seconds(replace(base, dp_noise=1.0).resolved())
    assert 1.5 * digits < dp < 2.5 * digits  # the fast clipped sum
    assert run_seconds(replace(base, algorithm="fedem", dp_noise=1.0).resolved()) > 7 * run_seconds(replace(base, algorithm="fedem").resolved())
    assert run_seconds(replace(base, dp_noise=1.0, dp_mode="upload").resolved()) == pytest.approx(digits)


def test_cost_model_prices_a_writer_at_its_own_samples():
    """--partition natural (one FEMNIST writer a client): a client costs a writer's mean samples
    (294 training, 34 test in this machine's copy), not a 50th of a 50,000-sample set; worked by
    hand for Local (factor 1), 50 writers, 20 rounds, the 28-pixel CNN (60e-6 s a sample)."""
    from copfl.app.estimate import CLIENT_ROUND_SECONDS

    cfg = RunConfig(algorithm="local", dataset="femnist", partition="natural", clients=50, rounds=20).resolved()
    by_hand = RUN_SECONDS + 20 * 50 * (CLIENT_ROUND_SECONDS + (3 * 294 + 34) * 60e-6)
    assert run_seconds(cfg) == pytest.approx(by_hand)
    capped = RunConfig(algorithm="local", dataset="femnist", partition="natural", clients=50, rounds=20, train_per_client=100).resolved()
    assert run_seconds(capped) == pytest.approx(RUN_SECONDS + 20 * 50 * (CLIENT_ROUND_SECONDS + (3 * 100 + 34) * 60e-6))


def test_cost_model_counts_the_shapley_evaluations_of_pfedsv():
    """pFedSV's utility evaluations by hand: exact for a coalition of 6 (2^6 - 1 = 63 <= 3 x 6
    x 6); Monte-Carlo for 8 (255 > 192): 24 permutations reach C (1 - (1 - 1/C)^24) of the
    C(8, s) coalitions of each size s (1 + 2 x 7.676 + 2 x 16.303 + 2 x 19.660 + 20.44). A run's
    cost grows by rounds x clients x evaluations x (held-out samples + 133) x the sample's cost."""
    from copfl.app.estimate import UTILITY_FORWARDS, shapley_evaluations, trial_seconds, TRIAL_SHARE

    assert shapley_evaluations(6) == 63 and shapley_evaluations(1) == 1
    assert shapley_evaluations(8) == pytest.approx(108.72, abs=0.01)
    assert shapley_evaluations(8, estimator="exact") == 255
    base = dict(algorithm="pfedsv", dataset="mnist", partition="dirichlet", alpha=0.5, clients=20, rounds=2, train_per_client=500)
    cost = {k: run_seconds(RunConfig(**base, options={"k0": k, "topk": "fixed"}).resolved()) for k in (1, 5)}
    assert cost[5] - cost[1] == pytest.approx(2 * 20 * (63 - 3) * (0.2 * 500 + UTILITY_FORWARDS) * 60e-6)
    # "explore": k0 while it explores its 19 peers (ceil(19 / 5) = 4 rounds), then the peers it values
    # positively (half of them: 10, Monte-Carlo over 11)
    ten = RunConfig(**{**base, "rounds": 10}, options={"k0": 5}).resolved()
    fixed = RunConfig(**{**base, "rounds": 10}, options={"k0": 5, "topk": "fixed"}).resolved()
    per_eval = (0.2 * 500 + UTILITY_FORWARDS) * 60e-6
    assert run_seconds(ten) - run_seconds(fixed) == pytest.approx(6 * 20 * (shapley_evaluations(11) - 63) * per_eval)
    # a trial averages the cost over the k0 it may draw (1..10); a method with float knobs only costs a share of a run
    fedavg = RunConfig(algorithm="fedavg", dataset="mnist", clients=10, rounds=5).resolved()
    assert trial_seconds(fedavg, {"momentum": 0.0}) == pytest.approx(TRIAL_SHARE * run_seconds(fedavg))
    pfedsv = RunConfig(**base, options={"topk": "fixed"}).resolved()
    by_k = [run_seconds(RunConfig(**base, options={"topk": "fixed", "k0": k}).resolved()) for k in range(1, 11)]
    assert trial_seconds(pfedsv, {"decay": 0.5}) == pytest.approx(TRIAL_SHARE * sum(by_k) / 10)
    assert trial_seconds(pfedsv, {"k0": 5}) == pytest.approx(TRIAL_SHARE * run_seconds(pfedsv))


def test_cost_model_prices_pfedsv_and_pfedhn_on_the_pfedsv_protocol_by_hand():
    """pFedSV trains on what its 20 % hold-out leaves and, on a pathological split, ends up
    valuing the peers that share a label (2 of 9: each of MNIST's labels has 10 x 2 / 10 = 2
    holders): k0 = 5 for the ceil(9 / 5) = 2 exploring rounds (63 coalitions), then 2 peers (7),
    12.6 on average, each over its 100 held-out images plus the model's forming. pFedHN trains
    50 mini-batches of 32 whatever the data, at 2.5x.
    10 clients, 20 rounds, 5 epochs, 500 training / 200 test images, 60 us a sample."""
    from copfl.app.estimate import CLIENT_ROUND_SECONDS, UTILITY_FORWARDS, positive_share

    base = dict(dataset="mnist", partition="pathological", clients=10, rounds=20, local_epochs=5, train_per_client=500, test_per_client=200)
    sv = RunConfig(algorithm="pfedsv", **base).resolved()
    assert positive_share(sv) == pytest.approx(2 / 9)
    per = (3 * 400 * 5 + 200) + 12.6 * (100 + UTILITY_FORWARDS)
    assert run_seconds(sv) == pytest.approx(RUN_SECONDS + 20 * 10 * (CLIENT_ROUND_SECONDS + per * 60e-6))
    hn = RunConfig(algorithm="pfedhn", **base).resolved()
    assert run_seconds(hn) == pytest.approx(RUN_SECONDS + 20 * 10 * (CLIENT_ROUND_SECONDS + 2.5 * (3 * 50 * 32 + 200) * 60e-6))
    # pFedHN's cost follows its inner steps, not the epochs or the data
    assert run_seconds(replace(hn, local_epochs=1)) == run_seconds(hn)
    assert run_seconds(RunConfig(algorithm="pfedhn", **base, options={"inner_steps": 100}).resolved()) > 1.9 * (run_seconds(hn) - RUN_SECONDS)
    # 20 of CIFAR-100's labels a client, 10 clients: every peer shares one; a Dirichlet split: half
    assert positive_share(RunConfig(algorithm="pfedsv", **{**base, "dataset": "cifar100"}, classes_per_client=20).resolved()) == 1.0
    assert positive_share(RunConfig(algorithm="pfedsv", **{**base, "partition": "dirichlet"}).resolved()) == 0.5


def test_cost_model_prices_a_narrower_resnet():
    """Half the width costs a little more than a quarter of the time (measured: 1.62 s a round
    against 5.85 s for FedAvg on the CO-PFL protocol); the other models ignore the width."""
    base = RunConfig(algorithm="fedavg", dataset="cifar10", partition="label-skew", clients=10, rounds=10, model="resnet18")
    full = run_seconds(base.resolved()) - RUN_SECONDS
    half = run_seconds(replace(base, width=0.5).resolved()) - RUN_SECONDS
    assert half / full == pytest.approx(0.5**1.85, rel=1e-2) and 0.25 < half / full < 0.3
    cnn = replace(base, model="cnn")
    assert run_seconds(replace(cnn, width=0.5).resolved()) == run_seconds(cnn.resolved())


def test_label_counts_come_from_the_archive_listing(tmp_path):
    from copfl.app.estimate import listing_label_counts

    assert listing_label_counts(image_tree_zip(tmp_path / "a.zip", 7, 3)) == ([7, 7, 7, 7], [3, 3, 3, 3])
    assert listing_label_counts(image_tree_zip(tmp_path / "b.zip", 5, 2, test_dir="val")) == ([5] * 4, [2] * 4)  # Mini-ImageNet's form
    (tmp_path / "c.npz").write_bytes(b"not a tree")
    assert listing_label_counts(tmp_path / "c.npz") is None


def test_a_split_too_big_for_the_data_is_named_without_decoding():
    from copfl.execution.config import RunConfig
    from copfl.app.estimate import split_problem

    cfg = RunConfig(dataset="miniimagenet", clients=20, classes_per_client=10, samples_per_class=50, test_samples_per_class=10).resolved()
    why = split_problem(cfg, ([80] * 100, [20] * 100))
    assert why is not None and "80 training samples but 2 clients hold it" in why and "each needs 50" in why
    fits = RunConfig(dataset="miniimagenet", clients=20, classes_per_client=10, samples_per_class=40, test_samples_per_class=10).resolved()
    assert split_problem(fits, ([80] * 100, [20] * 100)) is None


def test_a_class_selection_is_judged_on_the_kept_classes_when_their_names_are_known():
    """DPAO-PFL Table 3's columns keep FEMNIST's a-j: the dry run judges the split on those 10
    classes (names from the decoded cache), as the run does, instead of pricing runs that the
    run then reports unavailable. Without the names it cannot tell, and says nothing."""
    from copfl.execution.config import RunConfig
    from copfl.app.estimate import split_problem

    names = tuple("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    a, j = names.index("a"), names.index("j")
    tr, te = [1000] * 62, [100] * a + [4] * 10 + [100] * (62 - j - 1)  # 4 test samples in each of a-j, plenty elsewhere
    cfg = lambda n, test: RunConfig(dataset="femnist", partition="label-skew", clients=n, classes="a-j", classes_per_client=5,  # noqa: E731
                                    samples_per_class=25, test_samples_per_class=test).resolved()
    assert split_problem(cfg(4, "all"), (tr, te), names) is None
    why = split_problem(cfg(4, 4), (tr, te), names)  # 20 class slots over 10 classes: some class has 2 holders, 8 > 4 test samples
    assert why is not None and "has 4 test samples but 2 clients hold it" in why and "each needs 4" in why
    assert split_problem(cfg(4, 4), (tr, te), None) is None  # names unknown: not judged
    assert split_problem(cfg(4, 4), (tr, [100] * 62), names) is None  # 100 test samples of each: it fits
    zero = [0] * (62 - j)  # labels from 'j' on absent from the cache's arrays: read as classes with no samples
    why = split_problem(cfg(4, 4), (tr[:j], te[:j]), names)
    assert why is not None and why == split_problem(cfg(4, 4), (tr[:j] + zero, te[:j] + zero), names)


def test_the_estimate_is_within_2x_of_a_measured_smoke_column(tmp_path):
    """The cost model against a measurement: tests/app/smoke_column.json holds the wall time of
    `copfl reproduce EXPERIMENT --scale smoke --columns ...` on the reference machine (data
    cached, nothing else running); the dry run's estimate for the same runs is within 2x of it."""
    import json
    from pathlib import Path

    from copfl.reproduce.experiments import experiment_cells
    from copfl.reproduce.plan import plan_runs

    fx = json.loads((Path(__file__).parent / "smoke_column.json").read_text())
    _, cells = experiment_cells(fx["experiment"], tune=fx["lr_grid"])
    cells = [c for c in cells if c.setting.key in fx["columns"]]
    runs, _ = plan_runs(cells, "smoke", 1, tmp_path, None, None, None, False)
    assert len(runs) == fx["runs"]
    est = estimate_seconds(r.cfg for r in runs)
    assert fx["measured_seconds"] / 2 <= est <= 2 * fx["measured_seconds"], (est, fx["measured_seconds"])
