"""copfl.reproduce.plan: the runs a reproduction plans at each scale, their identities and folders, the
federations they share, and which finished runs run again."""

import json

import torch

from copfl.execution.config import RunConfig
from copfl.app.estimate import estimate_seconds, format_duration, run_seconds
from copfl.reproduce.experiments import EXPERIMENTS, experiment_cells
from copfl.reproduce.plan import plan_runs, run_identity


def test_run_identity_is_shared_and_stable(tmp_path):
    _, t2 = experiment_cells("table2", tune=True)
    _, t3 = experiment_cells("table3", tune=True)
    col = lambda cs: [c for c in cs if c.setting.key == "cifar10-10"]  # noqa: E731
    r2, _ = plan_runs(col(t2), "cpu", 1, tmp_path, None, None, None, False)
    r3, _ = plan_runs(col(t3), "cpu", 1, tmp_path, None, None, None, False)
    # Table III's "both" row at lr 1e-4 is the same run as Table II's CO-PFL at 1e-4
    assert len({r.folder for r in r2} & {r.folder for r in r3}) == 1
    cfg = RunConfig(algorithm="fedavg", dataset="cifar10", rounds=5)
    assert run_identity(cfg) == run_identity(RunConfig(algorithm="fedavg", dataset="cifar10", rounds=5, out="x", threads=2))
    assert run_identity(cfg) != run_identity(RunConfig(algorithm="fedavg", dataset="cifar10", rounds=6))


def test_smoke_scale_is_small(tmp_path):
    """Smoke runs every cell of every experiment through the same runs and report as the other
    scales, with small settings: 2 rounds, the tiny model, a tenth of the samples, no tuning."""
    from copfl.core.models import ModelSpec, build_model

    for name in EXPERIMENTS:
        _, cells = experiment_cells(name, tune=False)
        runs, of_cell = plan_runs(cells, "smoke", 1, tmp_path, None, None, None, False)
        # every cell has its runs (cells with one setting share them: dpao-hparams' defaults), but
        # one that takes another column's figures (robustness: Local under attack)
        assert set(of_cell) == {c for c in cells if c.same_as is None}
        for r in runs:
            c, st = r.cfg, r.cell.setting
            # a protocol (pFedSV, DPAO-PFL) or a reading may set its epochs and participation; not the model or rounds
            protocol = {**dict(st.run), **dict(r.cell.run_options)}
            epochs, fraction = protocol.get("local_epochs", 1), protocol.get("client_fraction", 1.0)
            assert (c.rounds, c.model, c.local_epochs, c.client_fraction) == (2, "tiny", epochs, fraction)
            assert c.clients == st.clients and c.classes_per_client == st.classes_per_client
            if st.partition == "label-skew":
                assert c.clients <= 50 or st.name  # the DPAO-PFL settings: their own client counts
                assert c.samples_per_class == max(1, st.samples_per_class // 10) <= 20 and c.test_samples_per_class == 4
            else:  # a whole data set split: tiny caps per client
                assert (c.train_per_client, c.test_per_client) == (20, 8)
        # the whole experiment (every column, data cached) in about a minute on 2 cores. pFedSV's
        # tables are the dearest (54 and 68 s) since the estimate counts its Shapley values at the
        # CNN's measured cost per forward pass, which over-counts the tiny model's (0.81 ms an
        # evaluation estimated, 0.34 ms measured); table1's two Fashion-MNIST columns, 26 runs,
        # estimated 17 s, took 20 s beside another job
        assert estimate_seconds(r.cfg for r in runs) < 75, name
    for shape, classes in (((3, 32, 32), 10), ((3, 84, 84), 100), ((1, 28, 28), 62)):
        model = build_model("tiny", ModelSpec(shape, classes))
        assert sum(p.numel() for p in model.parameters()) < 3000  # whatever the image size
        assert model(torch.zeros(2, *shape)).shape == (2, classes)
    # the other scales keep their definitions
    _, cells = experiment_cells("table2", tune=True)
    cpu, _ = plan_runs(cells[:8], "cpu", 1, tmp_path, None, None, None, False)
    paper_runs, _ = plan_runs(cells[:8], "paper", 1, tmp_path, None, None, None, False)
    assert {(r.cfg.model, r.cfg.rounds, r.cfg.samples_per_class, r.cfg.test_samples_per_class) for r in cpu} == {("cnn", 100, 50, 100)}
    assert {(r.cfg.model, r.cfg.resnet_stem, r.cfg.rounds) for r in paper_runs} == {("resnet18", "imagenet", 200)}
    # the cost model: a cpu-scale column is hours, not seconds; the paper's ResNet-18 far more
    cpu_col = sum(run_seconds(r.cfg) for r in cpu)
    assert 20 * 60 < cpu_col < 3 * 3600 and sum(run_seconds(r.cfg) for r in paper_runs) > 5 * cpu_col
    assert [format_duration(s) for s in (0.2, 25, 600, 7200, 10 * 86400)] == ["1 s", "25 s", "10 min", "2 h", "10 days"]


def test_every_algorithm_config_survives_its_json_round_trip():
    """changed_defaults compares config.json's algorithm_config with config_values of today's
    defaults: a value that does not survive JSON (NaN, an object's repr) would re-run runs forever."""
    from dataclasses import is_dataclass

    from copfl.algorithms.base import ALGORITHMS, config_values, make_config

    assert len(ALGORITHMS) > 15
    for name, cls in ALGORITHMS.items():
        assert is_dataclass(cls.Config), name  # a Config that is not a dataclass would hide changed defaults
        values = config_values(make_config(cls, {}))
        assert json.loads(json.dumps(values)) == values, name
    assert config_values(make_config(ALGORITHMS["co-pfl"], {"gamma": 0.3}))["gamma"] == 0.3


def test_planned_runs_share_a_federation_only_when_every_data_field_matches():
    from dataclasses import replace
    from pathlib import Path

    from copfl.execution.config import RunConfig
    from copfl.reproduce.plan import PlannedRun

    base = RunConfig(dataset="mnist", clients=10, seed=0)
    key = PlannedRun(None, 0.01, 0, base, Path("a")).federation_key
    assert PlannedRun(None, 0.1, 0, replace(base, algorithm="fedavg"), Path("b")).federation_key == key
    for change in ({"partition": "dirichlet"}, {"alpha": 0.1}, {"classes": "0-4"}, {"power": 2.0}, {"severity": 3}, {"clients": 20}):
        assert PlannedRun(None, 0.01, 0, replace(base, **change), Path("c")).federation_key != key, change


def test_a_run_an_attackers_divergence_stopped_runs_again():
    from copfl.reproduce.plan import stopped_by_an_attacker

    attack = {"kind": "gaussian", "attackers": [0, 3, 4]}
    err = "non-finite training loss at round 4, client {}: training diverged"
    assert stopped_by_an_attacker({"status": "diverged", "attack": attack, "error": err.format(3)})  # older summaries: the error
    assert not stopped_by_an_attacker({"status": "diverged", "attack": attack, "error": err.format(9)})  # an honest client: the attack's effect
    assert stopped_by_an_attacker({"status": "diverged", "attack": attack, "diverged_client": 4, "error": err.format(4)})
    assert not stopped_by_an_attacker({"status": "diverged", "error": err.format(3)})  # no attack
    assert not stopped_by_an_attacker({"status": "completed", "attack": attack})
