"""`copfl reproduce --dry-run` (copfl.reproduce.dry_run): the data found or missing, the expected time
at every scale, what is left out and why, writing nothing."""

import re

from copfl.cli import main

from helpers import image_tree_zip, write_balanced_cifar


def test_dry_run_names_missing_data_and_expected_times(tmp_path, monkeypatch, capsys):
    import copfl.execution.federation as federation
    import copfl.reproduce.runner as runner

    def no_loading(*args, **kwargs):
        raise AssertionError("a dry run loads no data")

    monkeypatch.setattr(runner, "build_federation", no_loading)
    monkeypatch.setattr(federation, "load_dataset", no_loading)
    empty = tmp_path / "empty"
    empty.mkdir()
    out = tmp_path / "rep"
    base = ["reproduce", "table2", "--dry-run", "--out", str(out)]
    assert main([*base, "--data-dir", str(empty)]) == 0
    text = capsys.readouterr().out
    assert "cinic10       MISSING  columns cinic10-20, cinic10-50 will be skipped" in text
    assert f"looked for: {empty / 'CINIC-10'}, {empty / 'cinic10'}, {empty / 'CINIC-10.zip'}" in text
    assert str(empty / "cifar-10-python.tar.gz") in text and "to obtain it: download CINIC-10.tar.gz" in text
    assert "cifar10c      MISSING  columns cifar10c-10, cifar10c-50 will be skipped" in text
    for scale in ("smoke", "cpu", "paper"):  # an expected-time line per scale, here with nothing to run
        assert re.search(rf"^  {scale} +0 runs to do \(.*; (64|184) more on missing data, skipped\): nothing to run", text, re.M), scale
    # with CIFAR-10 there: its columns are found, the others skipped, and each scale has its time
    data = write_balanced_cifar(tmp_path / "data")
    assert main([*base, "--data-dir", str(data), "--scale", "smoke"]) == 0
    text = capsys.readouterr().out
    assert f"cifar10       found    {data / 'cifar-10-batches-py'} (not cached yet" in text
    assert "miniimagenet  MISSING  columns miniimagenet-20, miniimagenet-50 will be skipped" in text
    assert "expected time on a 2-core CPU (an estimate" in text
    assert re.search(r"^  smoke +32 runs to do \(one rate per cell; 32 more on missing data, skipped\): about \d+ s  <- this command$", text, re.M)
    assert re.search(r"^  cpu +92 runs to do \(lr grid; 92 more on missing data, skipped\): about [\d.]+ (s|min|h|days)$", text, re.M)
    assert re.search(r"^  paper +92 runs to do .*: about [\d.]+ days: more than a day on this CPU: the paper scale needs a GPU$", text, re.M)
    assert re.search(r"^ +per column: cifar10-10 \d+ s, cifar10-50 \d+ s, cifar10c-10 \d+ s, cifar10c-50 \d+ s$", text, re.M)
    assert not out.exists()  # a dry run writes nothing


def test_dry_run_says_the_estimate_first_and_what_it_leaves_out(tmp_path, capsys):
    """`copfl reproduce table2 --dry-run`: the first line is the summary, in hours, with the runs
    left out and why (CINIC-10 missing, a Mini-ImageNet copy too small for its columns)."""
    import re

    data = tmp_path / "data"
    data.mkdir()
    image_tree_zip(data / "miniimagenet_subset_80_20.zip", 8, 2, classes=100, test_dir="val")
    assert main(["reproduce", "table2", "--dry-run", "--columns", "miniimagenet-20,cinic10-20", "--data-dir", str(data),
                 "--out", str(tmp_path / "rep")]) == 0
    text = capsys.readouterr().out
    first = text.splitlines()[0]
    m = re.fullmatch(r"estimate: nothing to run on this machine \((\d+) more not run: (\d+) skipped, data missing: cinic10; "
                     r"(\d+) left out, data too small for the split: miniimagenet-20\)", first)
    assert m, first
    assert int(m.group(1)) == int(m.group(2)) + int(m.group(3)) and int(m.group(3)) > 0
    assert f"runs: {m.group(2)} skipped (data missing), {m.group(3)} left out (data too small for the split) (--list lists them)" in text


def test_dry_run_counts_and_lists_skipped_runs_as_skipped_after_the_data_and_time(tmp_path, capsys):
    """`reproduce table2 --dry-run` with CIFAR-10 only said "92 runs" on line 1, then listed 184
    runs as "to run", the 92 on missing data among them, and its table said 6 h against line 1's
    6.5 h: now the runs on missing data are counted (and, with --list, listed) as skipped, line 1
    and the table give the same figures, and the data and the time come before the runs."""
    data = write_balanced_cifar(tmp_path / "data")
    base = ["reproduce", "table2", "--dry-run", "--data-dir", str(data), "--out", str(tmp_path / "rep")]
    assert main(base) == 0
    lines = capsys.readouterr().out.splitlines()
    m = re.fullmatch(r"estimate: 92 runs to do, about (.+) on this machine \(92 more not run: 92 skipped, data missing: cinic10, miniimagenet\)",
                     lines[0])
    assert m, lines[0]
    row = next(x for x in lines if x.endswith("<- this command"))
    assert re.fullmatch(rf"  cpu +92 runs to do \(lr grid; 92 more on missing data, skipped\): about {re.escape(m.group(1))}  <- this command", row)
    count = lines.index(next(x for x in lines if re.match(r"184 runs in ", x)))
    assert lines[count].endswith("runs: 92 to run, 92 skipped (data missing) (--list lists them)")
    assert count > lines.index(row) > next(i for i, x in enumerate(lines) if x.startswith("data directory:"))  # data, time, then runs
    assert not any(re.match(r"(to run|skipped|finished) +\S+-seed\d", x) for x in lines)  # no run listed without --list
    assert main([*base, "--list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    runs = [x.split() for x in listed if re.match(r"(to run|skipped|finished|left out) +\S+-seed\d", x)]
    to_run = [r[-1] for r in runs if r[0] == "to"]
    skipped = [r[-1] for r in runs if r[0] == "skipped"]
    assert len(to_run) == 92 and all(r.startswith(("cifar10-", "cifar10c-")) for r in to_run)
    assert len(skipped) == 92 and all(r.startswith(("cinic10-", "miniimagenet-")) for r in skipped)
    assert listed[count].endswith("runs: 92 to run, 92 skipped (data missing)")
    assert main(["reproduce", "table2", "--list", "--columns", "cinic10-20", "--data-dir", str(data), "--out", str(tmp_path / "rep")]) == 0
    assert not (tmp_path / "rep").exists()  # --list is a dry run


def test_dry_run_does_not_price_tuning_for_a_column_too_small_for_its_split(tmp_path, capsys):
    """With --tune N a column the data cannot hold is left out of the tuning's price too (the
    run reports it unavailable and tunes nothing there), not only of the default rows'."""
    data = tmp_path / "data"
    data.mkdir()
    image_tree_zip(data / "miniimagenet_subset_80_20.zip", 8, 2, classes=100, test_dir="val")
    args = ["reproduce", "table2", "--dry-run", "--tune", "2", "--data-dir", str(data), "--out", str(tmp_path / "rep")]
    assert main([*args, "--columns", "miniimagenet-20"]) == 0
    out = capsys.readouterr().out
    assert "  0 studies, 0 trials to run (0 finished): about" in out and "tuned final runs: 0 to run" in out


def test_dry_run_advises_a_gpu_only_for_a_paper_scale_plan_beyond_a_day(tmp_path, capsys, monkeypatch):
    """`--dry-run`'s paper line says a GPU is needed only when the plan costs more than a day of
    this CPU: DPAO-PFL's 4-client FEMNIST column runs its paper scale on the CPU in under an hour."""
    import copfl.reproduce.dry_run as dry_run

    data = write_balanced_cifar(tmp_path / "data")
    args = ["reproduce", "table3", "--dry-run", "--columns", "cifar10-10", "--data-dir", str(data), "--out", str(tmp_path / "o")]
    lines = {}
    for limit in (0, 10**9):
        monkeypatch.setattr(dry_run, "GPU_ADVISED_SECONDS", limit)
        assert main(args) == 0
        lines[limit] = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("  paper"))
    assert lines[0].endswith(": more than a day on this CPU: the paper scale needs a GPU")
    assert "GPU" not in lines[10**9] and lines[10**9] == lines[0].removesuffix(": more than a day on this CPU: the paper scale needs a GPU")
