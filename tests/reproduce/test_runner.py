"""copfl.reproduce.runner: claimed runs, two processes sharing a reproduction, resuming after an
interruption or from a checkpoint, columns run one command at a time, --top-seeds."""

import json
import re

from copfl.cli import main
from copfl.reproduce.experiments import experiment_cells
from copfl.reproduce.cells import paper_setting

from helpers import write_balanced_cifar


def test_claim_run_is_exclusive_and_freed(tmp_path):
    from copfl.reproduce.runner import claim_run

    folder = tmp_path / "runs" / "a"
    with claim_run(folder) as first:
        assert first is True
        assert (tmp_path / ".claims" / "a").read_text().strip().isdigit()  # the holder's pid
        assert not folder.exists()  # run folders exist only for runs that started
        with claim_run(folder) as second:  # another open file: flock refuses it, as it would another process
            assert second is False
    with claim_run(folder) as again:  # released when the block ends
        assert again is True


def test_two_processes_share_a_reproduction(tmp_path, monkeypatch, capsys):
    """A run another process holds is skipped (that process trains it); the rest run here, and
    the report marks the held one as not finished until its summary appears."""
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    import copfl.reproduce.runner as runner

    args = ["reproduce", "table3", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--columns", "cifar10-10"]
    real, ran = runner.run_in_folder, []

    def recording(cfg, fed, folder, **kw):
        ran.append(folder.name)
        return real(cfg, fed, folder, **kw)

    monkeypatch.setattr(runner, "run_in_folder", recording)
    assert main(args[:-2] + ["--dry-run", "--list"] + args[-2:]) == 0
    names = re.findall(r"^to run +(\S+)$", capsys.readouterr().out, re.M)
    assert len(names) == 4
    held = names[1]
    clock = iter(range(0, 10**9, 100))  # every reading of the clock 100 s later: the estimate is never 0 by luck
    monkeypatch.setattr(runner.time, "perf_counter", lambda: float(next(clock)))
    with runner.claim_run(out / "runs" / held) as mine:
        assert mine
        assert main(args) == 0
    monkeypatch.undo()
    monkeypatch.setattr(runner, "run_in_folder", recording)
    text = capsys.readouterr().out
    assert f"{held}: another process is running it, skipped" in text
    lefts = re.findall(r"^\[(\d)/4\] .*, ~(\S+) left$", text, re.M)
    assert len(lefts) == 3 and lefts[-1][0] == "4"
    # after its last run this process still counts the held run as left (its holder is on it)
    assert lefts[-1][1] != "0m00s"
    assert sorted(ran) == sorted(n for n in names if n != held)
    doc = json.loads((out / "table3.json").read_text())
    assert sum(c["status"] == "done" for c in doc["cells"]) == 3
    assert main(args) == 0  # the claim is free now: only the held run is left
    assert ran[-1] == held and len(ran) == 4
    assert "4 runs, 3 already finished, 1 to run" in capsys.readouterr().out


def test_a_run_made_under_other_algorithm_defaults_runs_again(tmp_path, capsys):
    """config.json records the algorithm's resolved options; a finished run whose recorded
    defaults differ from this version's is run again (its folder name, a hash of the run
    options, cannot tell), one recorded before the field existed is kept."""
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    args = ["reproduce", "table3", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--columns", "cifar10-10"]
    assert main(args) == 0
    folders = sorted((out / "runs").iterdir())
    saved = [json.loads((f / "config.json").read_text()) for f in folders]
    assert saved[0]["algorithm_config"]["gamma"] == 0.5 and saved[0]["algorithm_config"]["p"] == 0.25  # CO-PFL's defaults
    stale, old = folders[0], folders[1]
    doc = saved[0]
    doc["algorithm_config"]["gamma"] = 0.3  # as if the default were 0.3 when the run was made
    (stale / "config.json").write_text(json.dumps(doc))
    doc = saved[1]
    del doc["algorithm_config"]  # a run from before copfl recorded it
    (old / "config.json").write_text(json.dumps(doc))
    stamps = {f.name: (f / "summary.json").stat().st_mtime_ns for f in folders}
    capsys.readouterr()
    assert main(args[:2] + ["--dry-run", "--list"] + args[2:]) == 0
    assert f"to run    {stale.name}\n" in capsys.readouterr().out
    import copfl.reproduce.runner as runner

    real = runner.run_in_folder

    def interrupted(cfg, fed, folder, **kw):
        raise KeyboardInterrupt

    runner.run_in_folder = interrupted
    try:  # the re-run stops before its first round: the stale figures count neither now nor later
        assert main(args) == 130
    finally:
        runner.run_in_folder = real
    assert not (stale / "summary.json").exists()
    doc = json.loads((out / "table3.json").read_text())
    assert sum(c["status"] == "done" for c in doc["cells"]) == 3
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "4 runs, 3 already finished, 1 to run" in text
    assert (stale / "summary.json").exists()
    assert json.loads((stale / "config.json").read_text())["algorithm_config"]["gamma"] == 0.5
    assert all((f / "summary.json").stat().st_mtime_ns == stamps[f.name] for f in folders[1:])


def test_interrupted_reproduction_keeps_finished_runs(tmp_path, monkeypatch, capsys):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    import copfl.reproduce.runner as runner

    real, calls = runner.run_in_folder, []

    def flaky(cfg, fed, folder, **kw):
        calls.append(folder.name)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(cfg, fed, folder, **kw)

    monkeypatch.setattr(runner, "run_in_folder", flaky)
    args = ["reproduce", "table3", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--columns", "cifar10-10"]
    assert main(args) == 130
    doc = json.loads((out / "table3.json").read_text())  # the report of what finished is written
    assert sum(c["status"] == "done" for c in doc["cells"]) == 2
    md = (out / "table3.md").read_text()
    assert "Not finished yet" in md and "not run: `cifar10c-10`, `miniimagenet-20`, `cinic10-20`" in md
    monkeypatch.setattr(runner, "run_in_folder", real)
    capsys.readouterr()
    assert main(args) == 0
    assert "4 runs, 2 already finished, 2 to run" in capsys.readouterr().out
    doc = json.loads((out / "table3.json").read_text())
    assert [c["row"] for c in doc["cells"]] == ["neither", "prediction only", "gradient only", "both"]
    assert all(c["status"] == "done" and c["chosen_lr"] == 1e-4 for c in doc["cells"])


def test_a_run_cut_short_continues_from_its_checkpoint(tmp_path, monkeypatch, capsys):
    """A reproduction's run checkpoints itself (here every round); killed in its last round, the
    same command goes on from the checkpoint and the table is that of a reproduction never cut."""
    import copfl.reproduce.runner as runner
    from copfl.engine.loop import Engine

    data = write_balanced_cifar(tmp_path / "data")
    args = lambda out: ["reproduce", "table3", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--columns", "cifar10-10"]  # noqa: E731
    monkeypatch.setattr(runner, "RUN_CHECKPOINT_SECONDS", 0.0)
    assert main(args(tmp_path / "whole")) == 0
    honest, seen = Engine.run_round, []

    def cut(self, run):
        if run.round == 1:  # the smoke scale's runs have 2 rounds: the third run's second never ends
            seen.append(1)
            if len(seen) == 3:
                raise KeyboardInterrupt
        return honest(self, run)

    monkeypatch.setattr(Engine, "run_round", cut)
    assert main(args(tmp_path / "cut")) == 130
    [ckpt] = (tmp_path / "cut").rglob("checkpoint.pt")
    monkeypatch.setattr(Engine, "run_round", honest)
    capsys.readouterr()
    assert main([*args(tmp_path / "cut"), "--dry-run", "--list"]) == 0
    dry = capsys.readouterr().out.splitlines()
    at = dry.index(f"to run    {ckpt.parent.name}")
    assert dry[at + 1].strip() == "(cut short: continues after round 1, its checkpoint)"
    assert main(args(tmp_path / "cut")) == 0
    printed = capsys.readouterr()
    assert "4 runs, 2 already finished, 2 to run" in printed.out
    assert ": continues after round 1 (its checkpoint)" in printed.out + printed.err
    keys = ("row", "status", "ours", "ours_std", "ours_selected", "train_loss")
    whole, cut_ = (json.loads((tmp_path / d / "table3.json").read_text())["cells"] for d in ("whole", "cut"))
    assert [[c[k] for k in keys] for c in cut_] == [[c[k] for k in keys] for c in whole]
    assert all(c["status"] == "done" for c in cut_)
    assert not list((tmp_path / "cut").rglob("checkpoint.pt"))


def test_a_later_column_keeps_the_columns_finished_earlier_in_the_report(tmp_path, monkeypatch, capsys):
    """Running the columns one command at a time builds one report: a column not asked for
    this time but finished earlier in the same --out is reported (not run again); one never
    run is listed as not selected."""
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    base = ["reproduce", "table3", "--scale", "smoke", "--data-dir", str(data), "--out", str(out)]
    assert main([*base, "--columns", "cifar10-10"]) == 0
    first = json.loads((out / "table3.json").read_text())
    import copfl.reproduce.runner as runner

    def refuse(cfg, fed, folder, **kw):
        raise AssertionError(f"{folder.name} was run again")

    monkeypatch.setattr(runner, "run_in_folder", refuse)
    capsys.readouterr()
    assert main([*base, "--columns", "miniimagenet-20"]) == 0  # not on this machine: nothing runs
    doc = json.loads((out / "table3.json").read_text())
    assert doc["columns_kept"] == ["cifar10-10"]
    assert doc["columns_left_out"] == ["cifar10c-10", "cinic10-20"]
    kept = [c for c in doc["cells"] if c["setting"] == "cifar10-10"]
    assert [c["ours"] for c in kept] == [c["ours"] for c in first["cells"] if c["setting"] == "cifar10-10"]
    assert len(kept) == 4 and all(c["status"] == "done" for c in kept)
    assert {c["status"] for c in doc["cells"] if c["setting"] == "miniimagenet-20"} == {"unavailable"}
    md = (out / "table3.md").read_text()
    assert "but reported: every one of their runs had finished in the same `--out`: `cifar10-10`.\n" in md
    assert "not run: `cifar10c-10`, `cinic10-20`" in md
    assert main([*base, "--dry-run", "--columns", "miniimagenet-20"]) == 0
    assert "also reported, not run (every run finished earlier in this --out): cifar10-10" in capsys.readouterr().out
    # a column with a run not finished (e.g. one another experiment shares only in part) is not kept
    (next((out / "runs").glob("cifar10-10-*")) / "summary.json").unlink()
    assert main([*base, "--columns", "miniimagenet-20"]) == 0
    doc = json.loads((out / "table3.json").read_text())
    assert doc["columns_kept"] == [] and doc["columns_left_out"] == ["cifar10-10", "cifar10c-10", "cinic10-20"]
    assert {c["setting"] for c in doc["cells"]} == {"miniimagenet-20"}


def test_top_seed_rows_are_the_papers_method_and_the_two_strongest_baselines():
    from copfl.reproduce.runner import top_seed_rows

    st, other = paper_setting("cifar10", 10), paper_setting("cifar10", 50)

    def cell(row, alg, setting=st):
        return experiment_cells("table2", False)[1][0].__class__("", row, setting.title, setting, alg)

    col = [cell("Local Only", "local"), cell("FedAvg", "fedavg"), cell("FedPer", "fedper"), cell("FedPAC", "fedpac"),
           cell("CO-PFL", "co-pfl"), cell("w / o MAMO", "co-pfl")]
    figures = {"Local Only": 70.0, "FedAvg": 30.0, "FedPer": 70.0, "FedPAC": 75.0, "CO-PFL": 10.0, "w / o MAMO": 99.0}
    chosen = top_seed_rows("CO-PFL", col, lambda c: figures[c.row])
    # the paper's own row (not its ablation, whatever its figure), FedPAC, then Local Only before FedPer (the table's order)
    assert [c.row for c in chosen] == ["CO-PFL", "FedPAC", "Local Only"]
    # per column; a row without a figure is never chosen
    col2 = [cell("FedAvg", "fedavg", other), cell("FedPer", "fedper", other), cell("CO-PFL", "co-pfl", other)]
    chosen = top_seed_rows("CO-PFL", col + col2, lambda c: None if c.row == "FedPer" and c.setting is other else figures[c.row])
    assert [(c.row, c.setting.clients) for c in chosen][3:] == [("CO-PFL", 50), ("FedAvg", 50)]


def test_top_seeds_runs_more_seeds_for_the_chosen_rows_then_resumes(tmp_path, capsys):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    args = ["reproduce", "table2", "--scale", "smoke", "--columns", "cifar10-10", "--top-seeds", "2", "--data-dir", str(data),
            "--out", str(out), "--threads", "1"]
    assert main([*args, "--dry-run"]) == 0
    assert "at most 3 more runs" in capsys.readouterr().out  # nothing has run: CO-PFL and the two costliest baselines, one rate each
    assert main(args) == 0
    log = capsys.readouterr().out
    doc = json.loads((out / "table2.json").read_text())
    cells = {c["row"]: c for c in doc["cells"]}
    more = {row for row, c in cells.items() if c["seeds"] == 2}
    baselines = sorted((c for row, c in cells.items() if row != "CO-PFL"), key=lambda c: -c["lrs"][f"{c['chosen_lr']:g}"]["runs"][0]["final_acc"])
    assert "CO-PFL" in more and len(more) == 3 and {c["seeds"] for c in cells.values()} == {1, 2}
    # the baselines chosen lead on their first seed
    first = {row: cells[row]["lrs"][f"{cells[row]['chosen_lr']:g}"]["runs"][0]["final_acc"] for row in cells if row != "CO-PFL"}
    assert min(first[r] for r in more - {"CO-PFL"}) >= max(first[r] for r in set(first) - more)
    assert len(baselines) == 7 and doc["top_seeds"] == 2 and "--top-seeds 2: " in log
    assert "2 for the paper's method and each column's two strongest baselines" in (out / "table2.md").read_text()
    assert len(list((out / "runs").iterdir())) == 8 + 3
    capsys.readouterr()
    assert main(args) == 0  # again: the same rows chosen, nothing runs
    log = capsys.readouterr().out
    assert "11 runs, 11 already finished, 0 to run" in log
    assert f"--top-seeds 2: {'; '.join(f'CIFAR10, 10 clients: {r}' for r in ['CO-PFL', *sorted(more - {'CO-PFL'}, key=lambda r: -first[r])])}" in log
    assert main([*args, "--dry-run"]) == 0
    assert f"(chosen: {', '.join(sorted(more))}): nothing more to run" in capsys.readouterr().out
