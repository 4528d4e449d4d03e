"""Several seeds: aggregate_seeds by hand, `copfl compare --seeds K` and `copfl run --seeds K`."""

from __future__ import annotations

import json
import math

import pytest

from copfl.cli import main
from copfl.app.multiseed import aggregate_seeds, seed_list, seeds_table


def _summary(final, best, weighted=None, **extra):
    return {"status": "completed", "final": {"acc_mean": final, "acc_weighted": weighted if weighted is not None else final}, "best": {"acc_mean": best}, **extra}


def test_aggregate_seeds_mean_and_sample_std_by_hand():
    agg = aggregate_seeds([_summary(0.5, 0.6, 0.4), _summary(0.7, 0.8, 0.6), _summary(0.9, 0.9, 0.8)])
    assert agg["n"] == 3
    fin = agg["final"]["acc_mean"]
    # mean 0.7; deviations -0.2, 0, 0.2: sample variance (0.04 + 0 + 0.04) / 2 = 0.04, std 0.2
    assert fin["n"] == 3 and math.isclose(fin["mean"], 0.7) and math.isclose(fin["std"], 0.2)
    w = agg["final"]["acc_weighted"]
    assert math.isclose(w["mean"], 0.6) and math.isclose(w["std"], 0.2)
    b = agg["best"]["acc_mean"]  # 0.6, 0.8, 0.9
    m = (0.6 + 0.8 + 0.9) / 3
    assert math.isclose(b["mean"], m) and math.isclose(b["std"], math.sqrt(((0.6 - m) ** 2 + (0.8 - m) ** 2 + (0.9 - m) ** 2) / 2))
    assert "selected" not in agg and "unseen" not in agg and "acc_worst10" not in agg["final"]


def test_aggregate_seeds_takes_optional_figures_where_present():
    a = _summary(0.5, 0.6, selected={"acc_mean": 0.55, "round": 4, "val_acc_mean": 0.6}, unseen={"acc_mean": 0.3, "gap": 0.2})
    a["final"].update(acc_std=0.1, acc_worst10=0.2, acc_min=0.1)
    b = _summary(0.7, 0.8, selected=None)  # validation off: selected None, no unseen clients, no fairness keys
    c = _summary(0.9, 0.9, selected={"acc_mean": 0.75, "round": 6, "val_acc_mean": None})
    agg = aggregate_seeds([a, b, c])
    assert agg["n"] == 3 and agg["final"]["acc_mean"]["n"] == 3
    sel = agg["selected"]
    assert sel["acc_mean"]["n"] == 2 and math.isclose(sel["acc_mean"]["mean"], 0.65)
    assert math.isclose(sel["acc_mean"]["std"], math.sqrt(2 * 0.1**2))  # 0.55, 0.75: sample std 0.1 * sqrt(2)
    assert sel["round"] == {"mean": 5.0, "std": pytest.approx(math.sqrt(2)), "n": 2}
    assert sel["val_acc_mean"] == {"mean": 0.6, "std": 0.0, "n": 1}  # None is left out; one value: std 0
    assert agg["unseen"]["gap"] == {"mean": 0.2, "std": 0.0, "n": 1}
    assert agg["final"]["acc_worst10"] == {"mean": 0.2, "std": 0.0, "n": 1}
    assert agg["final"]["acc_min"]["n"] == 1 and agg["final"]["acc_std"]["n"] == 1
    d = _summary(0.6, 0.6)
    d["final"].update(unseen_acc_mean=0.4, unseen_gap=0.1)  # the unseen figures in the final round record only
    assert aggregate_seeds([a, d])["unseen"]["gap"] == {"mean": pytest.approx(0.15), "std": pytest.approx(0.05 * math.sqrt(2)), "n": 2}
    assert aggregate_seeds([]) == {"n": 0}
    assert aggregate_seeds([{"status": "diverged", "final": None, "best": None}]) == {"n": 1}


def test_seeds_table_cells_are_mean_pm_std_in_percent():
    agg = aggregate_seeds([_summary(0.5, 0.6, selected={"acc_mean": 0.55}), _summary(0.7, 0.8, selected={"acc_mean": 0.65})])
    table = seeds_table({"fedavg": (agg, 3, "2 completed, 1 diverged")})
    row = table.splitlines()[2]
    # final 60 ± 14.14 (sample std of 50, 70), best-test 70 ± 14.14, selected 60 ± 7.07
    assert row == "| fedavg | 2/3 | 60.00 ± 14.14 | 70.00 ± 14.14 | 60.00 ± 7.07 | - | - | 2 completed, 1 diverged |"
    assert "best-test" in table.splitlines()[0]
    assert seed_list(5, 3) == [5, 6, 7]


def _read(path):
    return json.loads(path.read_text())


def test_compare_with_seeds_runs_each_seed_and_skips_finished_runs(tmp_path, capsys):
    out = tmp_path / "cmp"
    cmd = ["compare", "--algorithms", "local,fedavg", "--dataset", "digits", "--rounds", "2", "--seeds", "2", "--seed", "3", "--out", str(out)]
    assert main(cmd) == 0
    printed = capsys.readouterr().out
    assert "±" in printed and "| local | 2/2 |" in printed and "| fedavg | 2/2 |" in printed
    assert (out / "compare.md").read_text() == printed.split("results:")[0]
    assert (out / "compare.png").stat().st_size > 0
    splits = [(out / f"seed-{s}" / "split.json").read_text() for s in (3, 4)]
    assert splits[0] != splits[1]  # each seed draws its own split
    doc = _read(out / "compare.json")
    mtimes = {}
    for a in ("local", "fedavg"):
        cfgs = [_read(out / f"seed-{s}" / a / "config.json")["config"] for s in (3, 4)]
        assert [c["seed"] for c in cfgs] == [3, 4] and all(c["algorithm"] == a for c in cfgs)
        finals = [_read(out / f"seed-{s}" / a / "summary.json")["final"]["acc_mean"] for s in (3, 4)]
        agg = doc[a]["aggregate"]["final"]["acc_mean"]
        assert agg["n"] == 2 and math.isclose(agg["mean"], (finals[0] + finals[1]) / 2)
        assert math.isclose(agg["std"], abs(finals[0] - finals[1]) / math.sqrt(2))
        assert [r["seed"] for r in doc[a]["runs"]] == [3, 4] and [r["final"]["acc_mean"] for r in doc[a]["runs"]] == finals
        assert doc[a]["status"] == "completed"
        mtimes[a] = [(out / f"seed-{s}" / a / "metrics.jsonl").stat().st_mtime_ns for s in (3, 4)]
    # a seed's split is the one `copfl partition` draws with that seed
    assert main(["partition", "--dataset", "digits", "--seed", "4", "--save", str(tmp_path / "s4.json")]) == 0
    assert (tmp_path / "s4.json").read_text() == splits[1]
    capsys.readouterr()
    # the same command again: nothing re-runs, same table
    assert main(cmd) == 0
    res = capsys.readouterr()
    assert "seed 3: local, fedavg already finished" in res.err and "seed 4: local, fedavg already finished" in res.err
    assert res.out == printed
    for a in ("local", "fedavg"):
        assert [(out / f"seed-{s}" / a / "metrics.jsonl").stat().st_mtime_ns for s in (3, 4)] == mtimes[a]
    # a run that did not complete (here marked interrupted) is run again, the others kept
    (out / "seed-4" / "fedavg" / "summary.json").write_text(json.dumps({**_read(out / "seed-4" / "fedavg" / "summary.json"), "status": "interrupted"}))
    assert main(cmd) == 0
    err = capsys.readouterr().err
    assert "seed 4: local already finished" in err and "fedavg seed 4 round 2/2" in err
    assert (out / "seed-4" / "fedavg" / "metrics.jsonl").stat().st_mtime_ns != mtimes["fedavg"][1]
    assert (out / "seed-3" / "fedavg" / "metrics.jsonl").stat().st_mtime_ns == mtimes["fedavg"][0]


def test_run_with_seeds_and_bad_counts(tmp_path, capsys):
    out = tmp_path / "run"
    cmd = ["run", "--algorithm", "fedavg", "--dataset", "digits", "--rounds", "2", "--seeds", "2", "--out", str(out)]
    assert main(cmd) == 0
    printed = capsys.readouterr().out
    finals = [_read(out / f"seed-{s}" / "summary.json")["final"]["acc_mean"] for s in (0, 1)]
    assert [_read(out / f"seed-{s}" / "config.json")["config"]["seed"] for s in (0, 1)] == [0, 1]
    doc = _read(out / "seeds.json")
    agg = doc["aggregate"]["final"]["acc_mean"]
    assert doc["seeds"] == [0, 1] and math.isclose(agg["mean"], sum(finals) / 2)
    m, sd = 100 * agg["mean"], 100 * agg["std"]
    assert "over 2 seeds: personalized accuracy %" in printed and f"  final {m:.2f} ± {sd:.2f}   best-test" in printed
    block = printed[printed.index("over 2 seeds"):printed.index("\nresults: ")].splitlines()
    assert len(block) >= 2 and max(len(line) for line in block) <= 80, block
    assert printed.count("personalized accuracy, mean over clients") == 2  # each seed's normal summary
    assert (out / "curves.png").stat().st_size > 0
    mtime = (out / "seed-1" / "metrics.jsonl").stat().st_mtime_ns
    assert main(cmd) == 0
    assert "seed 1: already finished" in capsys.readouterr().err
    assert (out / "seed-1" / "metrics.jsonl").stat().st_mtime_ns == mtime
    # a diverged run is final too (the same options diverge again the same way): not run again
    summary = _read(out / "seed-1" / "summary.json")
    (out / "seed-1" / "summary.json").write_text(json.dumps({**summary, "status": "diverged"}))
    assert main(cmd) == 3  # a seed diverged: the run command's exit status says so
    assert "seed 1: already finished" in capsys.readouterr().err
    assert (out / "seed-1" / "metrics.jsonl").stat().st_mtime_ns == mtime and _read(out / "seeds.json")["runs"][1]["status"] == "diverged"
    for bad in ("0", "-2"):
        for sub in (["run"], ["compare", "--algorithms", "local,fedavg"]):
            assert main(sub + ["--seeds", bad, "--out", str(tmp_path / "bad")]) == 2
            assert f"--seeds {bad}:" in capsys.readouterr().err
    assert not (tmp_path / "bad").exists()
    assert main(["run", "--resume", str(out / "seed-0"), "--seeds", "2"]) == 2
    assert "--seeds does not go with --resume" in capsys.readouterr().err


def test_runs_progress_counts_runs_and_estimates_the_time_left(monkeypatch):
    import io

    from copfl.results import callbacks

    clock = iter([0.0, 30.0, 90.0])  # the start, then the second and third runs
    monkeypatch.setattr(callbacks.time, "perf_counter", lambda: next(clock))
    out = io.StringIO()
    p = callbacks.RunsProgress(4, out)
    assert p.next("fedavg seed 0") == "run 1/4: fedavg seed 0"
    assert p.next("ditto seed 0") == "run 2/4: ditto seed 0  (30s so far, ~1m30s left)"  # 30 s a run, 3 to go
    assert p.next("fedavg seed 1") == "run 3/4: fedavg seed 1  (1m30s so far, ~1m30s left)"  # 45 s a run, 2 to go
    assert out.getvalue().count("\n") == 3


def test_a_seed_run_cut_short_continues_from_its_checkpoint_and_ends_as_one_never_cut(tmp_path, monkeypatch, capsys):
    """`copfl run --seeds`: a run checkpoints itself (here every round) and, killed, goes on from
    its last checkpoint when the command runs again; its figures are those of a run never cut,
    and a finished run keeps no checkpoint."""
    import copfl.execution.experiment as experiment
    from copfl.engine.loop import Engine

    monkeypatch.setattr(experiment, "RUN_CHECKPOINT_SECONDS", 0.0)
    cmd = lambda out: ["run", "--algorithm", "fedavg", "--dataset", "digits", "--rounds", "4", "--seeds", "2", "--out", str(out)]  # noqa: E731
    assert main(cmd(tmp_path / "whole")) == 0
    honest, fired = Engine.run_round, []

    def cut(self, run):
        if self.config.seed == 1 and run.round == 2 and not fired:  # seed 1's round 3 never ends
            fired.append(1)
            raise KeyboardInterrupt
        return honest(self, run)

    monkeypatch.setattr(Engine, "run_round", cut)
    assert main(cmd(tmp_path / "cut")) == 130
    assert _read(tmp_path / "cut" / "seed-1" / "summary.json")["status"] == "interrupted"
    assert (tmp_path / "cut" / "seed-1" / "checkpoint.pt").exists()
    monkeypatch.setattr(Engine, "run_round", honest)
    capsys.readouterr()
    assert main(cmd(tmp_path / "cut")) == 0
    err = capsys.readouterr().err
    assert "fedavg seed 1: continues after round 2 (its checkpoint)" in err and "seed 0: already finished" in err
    for s in (0, 1):
        whole, cut_ = (_read(tmp_path / d / f"seed-{s}" / "summary.json") for d in ("whole", "cut"))
        assert cut_["status"] == "completed" and cut_["final"] == whole["final"] and cut_["best"] == whole["best"]
        metrics = [[{k: v for k, v in json.loads(line).items() if "seconds" not in k and "time" not in k}
                    for line in (tmp_path / d / f"seed-{s}" / "metrics.jsonl").read_text().splitlines()] for d in ("whole", "cut")]
        assert metrics[0] == metrics[1] and len(metrics[0]) == 4
        assert not (tmp_path / "cut" / f"seed-{s}" / "checkpoint.pt").exists()


def test_only_a_checkpoint_of_the_same_run_under_the_same_algorithm_defaults_is_continued(tmp_path, monkeypatch):
    from dataclasses import replace

    import copfl.execution.experiment as experiment
    from copfl.execution.config import RunConfig
    from copfl.engine.loop import Engine
    from copfl.execution.runfolder import unfinished_checkpoint

    monkeypatch.setattr(experiment, "RUN_CHECKPOINT_SECONDS", 0.0)
    honest = Engine.run_round

    def cut(self, run):
        if run.round == 2:
            raise KeyboardInterrupt
        return honest(self, run)

    monkeypatch.setattr(Engine, "run_round", cut)
    out = tmp_path / "r"
    assert main(["run", "--algorithm", "ditto", "--dataset", "digits", "--rounds", "4", "--seeds", "2", "--out", str(out)]) == 130
    folder = out / "seed-0"
    cfg = RunConfig(algorithm="ditto", dataset="digits", rounds=4, seed=0).resolved()
    assert "running the same command again continues it from round 2" in _read(folder / "summary.json")["error"]
    assert unfinished_checkpoint(folder, cfg).state.round == 2
    assert unfinished_checkpoint(folder, replace(cfg, rounds=2)) is None  # nothing left to run
    assert unfinished_checkpoint(folder, replace(cfg, seed=1).resolved()) is None  # another run
    doc = _read(folder / "config.json")
    doc["algorithm_config"]["lam"] = 123.0  # as if made under other ditto defaults (not in the run's identity)
    (folder / "config.json").write_text(json.dumps(doc))
    assert unfinished_checkpoint(folder, cfg) is None
