"""--tensorboard's logs (copfl.results.tensorboard): what TensorBoard's own reader gets back from them
equals the run's metrics.csv and history; a resume repeats no round; without the optional
extra the run goes on with one note."""

from __future__ import annotations

import csv
import json
import math
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from copfl.results import tensorboard as tb


def test_tags_group_any_key_by_kind():
    expected = {
        "acc_mean": "accuracy/acc_mean",
        "acc_worst10": "accuracy/acc_worst10",
        "val_acc_mean": "accuracy/val_acc_mean",
        "unseen_acc_mean": "accuracy/unseen_acc_mean",
        "train_loss": "loss/train_loss",
        "test_loss_weighted": "loss/test_loss_weighted",
        "bytes_up": "traffic/bytes_up",
        "bytes_down": "traffic/bytes_down",
        "epsilon": "privacy/epsilon",
        "train_flops": "cost/train_flops",
        "clients_trained": "other/clients_trained",
        "unseen_gap": "other/unseen_gap",
        "some_new_key": "other/some_new_key",
    }
    assert {k: tb.tag(k) for k in expected} == expected


def test_round_scalars_keep_numbers_only():
    record = {
        "round": 4,
        "acc_mean": 0.5,
        "clients_trained": 3,
        "train_loss": float("nan"),
        "test_loss_mean": float("inf"),
        "bytes_up": np.int64(7),
        "acc_std": np.float32(0.25),
        "diverged": True,
        "flag": np.bool_(False),
        "per_client": {"client": [0, 1], "x": [1.0, 2.0]},
        "sizes": [1, 2],
        "note": "text",
        "missing": None,
    }
    got = tb.round_scalars(record)
    assert set(got) == {"accuracy/acc_mean", "other/clients_trained", "loss/train_loss", "loss/test_loss_mean", "traffic/bytes_up", "accuracy/acc_std"}
    assert math.isnan(got["loss/train_loss"]) and got["loss/test_loss_mean"] == math.inf
    assert got["traffic/bytes_up"] == 7.0 and got["accuracy/acc_std"] == 0.25


def test_make_logger_without_the_extra_says_so_once(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(tb, "available", lambda: False)
    assert tb.make_logger(tmp_path / "tensorboard", {"a": 1}) is None
    assert capsys.readouterr().err == tb.MISSING_EXTRA + "\n"
    assert "pip install 'copfl[tensorboard]'" in tb.MISSING_EXTRA
    assert not (tmp_path / "tensorboard").exists()


def test_available_is_false_when_the_writer_cannot_be_imported(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch.utils.tensorboard", None)  # import raises ImportError
    assert tb.available() is False


# ---------------------------------------------------------------- a real run (needs the extra)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    from copfl.results.callbacks import ResultsWriter
    from copfl.execution.config import to_toml
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation

    # round 1 not evaluated (eval_every 2): its accuracy is absent from the CSV and from TB;
    # DP noise on: epsilon is in every record
    cfg = RunConfig(algorithm="fedavg", dataset="digits", rounds=3, seed=0, eval_every=2, dp_noise=1.0).resolved()
    out = tmp_path_factory.mktemp("tb-run")
    config = {**cfg.__dict__, "out": str(out)}
    logger = tb.make_logger(out / "tensorboard", config)
    assert isinstance(logger, tb.TensorBoardLogger)
    writer = ResultsWriter(out, config, to_toml(cfg), {}, plot=False)
    engine = build_engine(cfg, build_federation(cfg))
    state = engine.run([writer, logger])
    return SimpleNamespace(out=out, logdir=out / "tensorboard", state=state, config=config, logger=logger)


def _csv_rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b or math.isclose(a, b, rel_tol=5e-6, abs_tol=1e-30)  # metrics.csv: 6 significant digits


@pytest.mark.extra("tensorboard")
def test_scalars_equal_metrics_csv(run):
    scalars = tb.read_scalars(run.logdir)
    rows = _csv_rows(run.out / "metrics.csv")
    assert [int(r["round"]) for r in rows] == [1, 2, 3]
    expected: dict[str, list[tuple[int, float]]] = {}
    for r in rows:
        for k, v in r.items():
            if k != "round" and v != "":
                expected.setdefault(tb.tag(k), []).append((int(r["round"]), float(v)))
    # every CSV column has its tag and nothing else is logged; steps are the rounds
    assert set(scalars) == set(expected)
    for t in expected:
        assert [s for s, _ in scalars[t]] == [s for s, _ in expected[t]], t
        for (_, got), (_, want) in zip(scalars[t], expected[t]):
            assert _same(got, want), (t, got, want)
    # the kinds this run has: accuracy only on evaluated rounds, epsilon every round
    assert [s for s, _ in scalars["accuracy/acc_mean"]] == [2, 3]
    assert [s for s, _ in scalars["privacy/epsilon"]] == [1, 2, 3]
    assert {t.split("/")[0] for t in scalars} >= {"accuracy", "loss", "traffic", "privacy", "cost", "other"}


@pytest.mark.extra("tensorboard")
def test_scalars_equal_the_history(run):
    scalars = tb.read_scalars(run.logdir)
    for record in run.state.history:
        for t, v in tb.round_scalars(record).items():
            got = dict(scalars[t])[record["round"]]
            assert _same(got, float(np.float32(v))), (t, got, v)
    assert not any("per_client" in t for t in scalars)  # nested values are not logged


@pytest.mark.extra("tensorboard")
def test_config_is_logged_as_text(run):
    texts = tb.read_config_text(run.logdir)
    assert [s for s, _ in texts] == [0]
    text = texts[0][1]
    assert all(line.startswith("    ") for line in text.splitlines())  # a Markdown code block
    assert json.loads("\n".join(line[4:] for line in text.splitlines())) == json.loads(json.dumps(run.config, default=str))
    assert run.logger.writer is None  # closed at the run's end


def _replay(logdir: Path, start: int, records: list[dict]) -> None:
    logger = tb.TensorBoardLogger(logdir, {"session": start})
    logger.on_run_start(None, SimpleNamespace(round=start))
    for r in records:
        logger.on_round_end(None, SimpleNamespace(round=r["round"]), r)
    logger.on_run_end(None, None)


@pytest.mark.extra("tensorboard")
def test_a_resume_repeats_no_round(tmp_path):
    first = [{"round": r, "acc_mean": 0.1 * r, "bytes_up": 100 * r} for r in (1, 2, 3)]
    _replay(tmp_path, 0, first)  # rounds 1-3 written (a checkpoint at round 2, then killed)
    resumed = [{"round": 3, "acc_mean": 0.9, "bytes_up": 999}, {"round": 4, "acc_mean": 0.95, "bytes_up": 400}]
    _replay(tmp_path, 2, resumed)  # resumed from round 2: round 3 again, then 4
    got = tb.read_scalars(tmp_path)
    assert [s for s, _ in got["accuracy/acc_mean"]] == [1, 2, 3, 4]
    assert [v for _, v in got["traffic/bytes_up"]] == [100.0, 200.0, 999.0, 400.0]
    assert [v for _, v in got["accuracy/acc_mean"]] == pytest.approx([0.1, 0.2, 0.9, 0.95], rel=1e-6)
    assert [s for s, _ in tb.read_config_text(tmp_path)] == [0, 2]
    # a fresh run (round 0) into the same folder hides everything written before it
    _replay(tmp_path, 0, [{"round": 1, "acc_mean": 0.5}])
    assert tb.read_scalars(tmp_path) == {"accuracy/acc_mean": [(1, 0.5)]}
    assert [json.loads(t[4:].strip()) for _, t in tb.read_config_text(tmp_path)] == [{"session": 0}]
