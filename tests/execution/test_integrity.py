"""Run-folder integrity and input validation (issue 35): data files that cannot run code, one
writer per run folder, no spliced runs, and a clear error for every bad input before any
training starts, with nothing on disk changed."""

import json
import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from copfl.cli import main
from copfl.data.sources.dataset import DataError


# --------------------------------------------------------------------------- pickles run no code
class _RunsCode:
    """Unpickling this calls os.system: what a crafted data file does."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def _miniimagenet_pickles(folder, payload=None):
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(0)
    for part in ("train", "val", "test"):
        doc = {"image_data": rng.integers(0, 256, (3, 84, 84, 3), dtype=np.uint8), "class_dict": {f"n{part}": [0, 1, 2]}}
        if payload is not None and part == "train":
            doc["extra"] = payload
        (folder / f"mini-imagenet-cache-{part}.pkl").write_bytes(pickle.dumps(doc, protocol=4))


def test_crafted_miniimagenet_pickle_runs_nothing_and_names_the_file_and_global(tmp_path, capsys):
    marker = tmp_path / "ran"
    _miniimagenet_pickles(tmp_path / "data" / "mini-imagenet", _RunsCode(marker))
    code = main(["run", "--dataset", "miniimagenet", "--data-dir", str(tmp_path / "data"), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert not marker.exists()  # the command inside the pickle never ran
    assert "mini-imagenet-cache-train.pkl" in err and "system" in err and "refused" in err
    assert not (tmp_path / "out").exists()  # refused before any run folder was made


@pytest.mark.parametrize("protocol", [2, 4, 5])
def test_restricted_unpickler_reads_what_the_formats_need(protocol):
    from copfl.data.sources.safe_pickle import restricted_loads

    doc = {b"data": np.arange(12, dtype=np.uint8).reshape(3, 4), b"labels": [1, 2, 3], b"name": "x", b"f": 0.5,
           b"scalar": np.int64(7), b"t": (1, b"z")}
    back = restricted_loads(pickle.dumps(doc, protocol=protocol), "f.pkl")
    assert np.array_equal(back[b"data"], doc[b"data"]) and back[b"data"].dtype == np.uint8
    assert back[b"labels"] == [1, 2, 3] and back[b"scalar"] == 7 and back[b"t"] == (1, b"z") and back[b"f"] == 0.5


def test_crafted_cifar_batch_is_refused(tmp_path):
    from copfl.data.sources.registry import load_dataset
    from copfl.data.sources.safe_pickle import UnsafePickleError

    d = tmp_path / "cifar-10-batches-py"
    d.mkdir()
    marker = tmp_path / "ran"
    good = {b"data": np.zeros((2, 3072), np.uint8), b"labels": [0, 1]}
    for name in [f"data_batch_{k}" for k in range(1, 6)] + ["test_batch"]:
        (d / name).write_bytes(pickle.dumps(good))
    (d / "data_batch_2").write_bytes(pickle.dumps({**good, b"x": _RunsCode(marker)}, protocol=2))
    with pytest.raises(UnsafePickleError, match=r"data_batch_2: refused .*posix\.system|data_batch_2: refused .*os\.system"):
        load_dataset("cifar10", tmp_path)
    assert not marker.exists()
    assert issubclass(UnsafePickleError, DataError)


# --------------------------------------------------------------------------- suggested commands exist
ROOT = Path(__file__).resolve().parents[2]


def _suggested_commands():
    """Every `copfl ...` command that a message in the package or a doc suggests: backticked
    ones anywhere, and lines of shell blocks in the README and docs."""
    import re

    found = set()
    files = [*sorted((ROOT / "src").rglob("*.py")), ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for f in files:
        text = f.read_text()
        found.update(m.group(1) for m in re.finditer(r"`(copfl [^`\n]+)`", text))
        if f.suffix == ".md":
            for block in re.findall(r"```(?:bash|sh|console)?\n(.*?)```", text, re.S):
                for line in block.splitlines():
                    line = line.strip().lstrip("$ ").split(" #")[0]
                    for part in re.split(r"\s*(?:&&|;|\|)\s*", line):
                        if part.startswith("copfl "):
                            found.add(part)
    return sorted(found)


def _subparsers(parser):
    import argparse

    acts = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return acts[0].choices if acts else {}


def test_every_command_and_flag_a_message_or_doc_suggests_exists(capsys):
    import re

    from copfl.cli import build_parser
    from copfl.commands import COMMANDS
    from tests.docs.test_writing_a_command import documented_command

    top = build_parser(commands=(*COMMANDS, documented_command()))  # docs/writing-a-command.md's `copfl best` too
    commands = _suggested_commands()
    assert len(commands) > 50  # the collector finds them (README, docs, messages)
    bad, paths = [], set()
    for cmd in commands:
        words = [w for w in re.split(r"\s+", cmd) if w]
        parser, path = top, []
        for w in words[1:]:
            subs = _subparsers(parser)
            if not subs or w.startswith("-") or not re.fullmatch(r"[a-z][a-z0-9-]*", w):
                break
            if w not in subs:
                if path:  # a positional (e.g. an experiment name, a folder): checked below
                    break
                bad.append(f"{cmd}: no command {w!r}")
                parser = None
                break
            parser, path = subs[w], path + [w]
        if parser is None or not path:
            continue
        paths.add(tuple(path))
        known = set(parser._option_string_actions)
        for w in words:
            m = re.match(r"^\[?(--[a-z][a-z0-9-]*)", w)
            if m and m.group(1) not in known:
                bad.append(f"{cmd}: `copfl {' '.join(path)}` has no {m.group(1)}")
    assert not bad, "\n".join(bad)
    for path in sorted(paths):  # and each command's --help runs
        with pytest.raises(SystemExit) as e:
            top.parse_args([*path, "--help"])
        assert e.value.code == 0
    assert capsys.readouterr().out.count("usage: copfl") == len(paths)


def test_every_flag_an_error_or_note_names_is_a_copfl_flag():
    """A flag named in a raise / print / log line of the package exists on some copfl command
    (the Flower deploy error named --insecure, which no copfl command has)."""
    import re

    from copfl.cli import build_parser

    flags = set()
    todo = [build_parser()]
    while todo:
        p = todo.pop()
        flags.update(p._option_string_actions)
        todo.extend(_subparsers(p).values())
    external = {"--index-url", "--node-config"}  # pip's (install advice), Flower's SuperNode option (its setup advice)
    bad = []
    for f in sorted((ROOT / "src").rglob("*.py")):
        lines = f.read_text().splitlines()
        for i, line in enumerate(lines):
            if not re.search(r"\braise \w+\(|\bprint\(|\blog\(|\bwarn", line):
                continue
            stmt = line
            for nxt in lines[i + 1 : i + 4]:  # a message may go on in string literals on the next lines
                if not re.match(r"\s*(\+\s*)?f?[\"']", nxt):
                    break
                stmt += " " + nxt
            for flag in re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]+)", stmt):
                if flag not in flags and flag not in external:
                    bad.append(f"{f.relative_to(ROOT)}:{i + 1}: {flag}")
    assert not bad, "\n".join(sorted(set(bad)))


# --------------------------------------------------------------------------- helpers
QUICK = ["--algorithm", "fedavg", "--rounds", "2"]


def _files(folder):
    """Every file of a folder (recursively) -> its bytes; the lock files aside (who last held
    the folder, for messages)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(Path(folder).rglob("*")) if p.is_file() and p.name != ".copfl.lock"}


def _cli(*args, timeout=120):
    """`copfl ARGS` in its own process (a second process, for locks and signals), with Ctrl-C's
    default action even where the tests were started in the background (nohup, `&`), which
    ignores it."""
    return subprocess.Popen([sys.executable, "-m", "copfl.cli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _wait_for(cond, timeout=60.0, proc=None):
    t0 = time.monotonic()
    while not cond():
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"the process ended first (exit {proc.returncode}): {proc.stderr.read()[-2000:]}")
        assert time.monotonic() - t0 < timeout, "timed out"
        time.sleep(0.02)


def _rounds_written(folder):
    p = Path(folder) / "metrics.jsonl"
    return len(p.read_text().splitlines()) if p.exists() else 0


DETERMINISTIC = ("metrics.jsonl", "metrics.csv", "per_client.jsonl", "clients.csv")


def _same_results(a, b):
    for name in DETERMINISTIC:
        assert (Path(a) / name).exists() == (Path(b) / name).exists(), name
        if (Path(a) / name).exists():
            assert (Path(a) / name).read_bytes() == (Path(b) / name).read_bytes(), name
    sa, sb = (json.loads((Path(x) / "summary.json").read_text()) for x in (a, b))
    sa.pop("timing"), sb.pop("timing")
    assert sa == sb


# --------------------------------------------------------------------------- no spliced runs
def test_a_run_of_other_options_is_refused_and_changes_nothing(tmp_path, capsys):
    out = tmp_path / "x"
    assert main(["run", *QUICK, "--checkpoint-every", "1", "--out", str(out)]) == 0
    before = _files(out)
    capsys.readouterr()
    assert main(["run", *QUICK, "--lr", "0.1", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "holds another run" in err and "lr: 0.05 there, 0.1 now" in err and "--overwrite" in err and "Traceback" not in err
    assert "loading digits" not in err  # refused before any data was loaded
    assert _files(out) == before


def test_overwrite_then_resume_never_splices(tmp_path, capsys):
    """The defect: a new run into a folder kept the old checkpoint.pt, and --resume continued
    the old run under the new run's config."""
    out = tmp_path / "x"
    assert main(["run", *QUICK, "--checkpoint-every", "1", "--out", str(out)]) == 0
    (out / "tensorboard").mkdir()
    (out / "tensorboard" / "events.out.tfevents.1").write_bytes(b"old")
    (out / "notes.txt").write_text("mine")  # not copfl's: left alone
    assert main(["run", *QUICK, "--lr", "0.1", "--out", str(out), "--overwrite"]) == 0
    assert not (out / "checkpoint.pt").exists() and not (out / "tensorboard").exists()
    assert (out / "notes.txt").read_text() == "mine"
    assert json.loads((out / "config.json").read_text())["config"]["lr"] == 0.1
    assert not list(out.glob(".copfl-old-*"))
    capsys.readouterr()
    assert main(["run", "--resume", str(out), "--rounds", "4"]) == 2
    assert "no checkpoint at" in capsys.readouterr().err


def test_same_options_again_replace_the_run_and_its_checkpoint(tmp_path, capsys):
    out, solo = tmp_path / "x", tmp_path / "solo"
    assert main(["run", *QUICK, "--checkpoint-every", "1", "--out", str(out)]) == 0
    assert main(["run", "--algorithm", "fedavg", "--rounds", "3", "--out", str(out)]) == 0
    assert "an earlier run of this same configuration" in capsys.readouterr().err
    assert not (out / "checkpoint.pt").exists()  # the 2-round checkpoint is gone with its run
    assert main(["run", "--algorithm", "fedavg", "--rounds", "3", "--out", str(solo)]) == 0
    _same_results(out, solo)


def test_resume_refuses_a_checkpoint_of_another_run(tmp_path, capsys):
    a, b = tmp_path / "a", tmp_path / "b"
    assert main(["run", *QUICK, "--checkpoint-every", "1", "--out", str(a)]) == 0
    assert main(["run", *QUICK, "--lr", "0.1", "--checkpoint-every", "1", "--out", str(b)]) == 0
    (a / "checkpoint.pt").write_bytes((b / "checkpoint.pt").read_bytes())
    before = _files(a)
    capsys.readouterr()
    assert main(["run", "--resume", str(a), "--rounds", "4"]) == 2
    err = capsys.readouterr().err
    assert "checkpoint.pt belongs to another run" in err and "splice" in err
    assert _files(a) == before
    from copfl.engine.checkpoint import Checkpoint
    from copfl.execution.runfolder import run_id

    doc = json.loads((b / "config.json").read_text())
    assert doc["run_id"] == run_id(doc["config"]) == Checkpoint.load(b / "checkpoint.pt").run_id


def test_run_identity_ignores_what_a_resume_may_change():
    from copfl.execution.config import RunConfig
    from copfl.execution.runfolder import run_id

    base = RunConfig(algorithm="fedavg")
    assert run_id(base) == run_id(RunConfig(algorithm="fedavg", rounds=50, threads=2, out="elsewhere", diverge_loss=0.0))
    assert run_id(base) != run_id(RunConfig(algorithm="fedavg", lr=0.1))
    assert run_id(base) != run_id(RunConfig(algorithm="fedavg", seed=1))
    saved = {**RunConfig(algorithm="fedavg").resolved().__dict__}
    saved.pop("val_fraction")  # a config.json from before --val-fraction: that run trained on everything
    assert run_id(saved) == run_id(RunConfig(algorithm="fedavg", val_fraction=0.0))


# --------------------------------------------------------------------------- one writer per folder
@pytest.mark.slow  # whole processes / a whole table: seconds each (CI's slow step)
def test_two_concurrent_runs_into_one_folder(tmp_path, capsys):
    out, solo = tmp_path / "x", tmp_path / "solo"
    args = ["run", "--algorithm", "fedavg", "--rounds", "25", "--out"]
    first = _cli(*args, str(out))
    _wait_for(lambda: _rounds_written(out) >= 1, proc=first)
    assert main([*args, str(out), "--lr", "0.2"]) == 2  # a second run, whatever its options, is refused
    err = capsys.readouterr().err
    assert f"is in use by another copfl run (pid {first.pid} on " in err and "Traceback" not in err
    assert first.wait(120) == 0, first.stderr.read()[-2000:]
    assert main([*args, str(solo)]) == 0
    _same_results(out, solo)  # the first run's files are exactly a solo run's
    assert json.loads((out / "config.json").read_text())["config"]["lr"] == 0.05


def test_a_lock_held_by_a_killed_process_is_taken_over(tmp_path, capsys):
    out = tmp_path / "x"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from copfl.execution.runfolder import hold\n"
         f"with hold({str(out)!r}):\n    print('held', flush=True); time.sleep(120)"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert holder.stdout.readline().strip() == "held"
    assert main(["run", *QUICK, "--out", str(out)]) == 2
    assert f"pid {holder.pid}" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == [".copfl.lock"]  # the refused run touched nothing
    holder.send_signal(signal.SIGKILL)
    holder.wait(30)
    assert main(["run", *QUICK, "--out", str(out)]) == 0  # the kernel released the dead holder's lock
    assert (out / "summary.json").exists() and not (out / ".copfl.lock").exists()  # the dead holder's file went with the new run


def test_the_lock_file_is_there_while_a_run_goes_on_and_gone_when_it_ends(tmp_path, monkeypatch, capsys):
    """A finished folder holds results only: the lock file goes when the run ends, whether it
    completed, diverged or was interrupted; while it runs, the file is there and held."""
    from copfl.engine.loop import Engine
    from copfl.execution import runfolder

    honest, seen = Engine.run_round, []
    done, diverged, cut = tmp_path / "done", tmp_path / "diverged", tmp_path / "cut"

    def watched(self, run):
        seen.append((done / ".copfl.lock").exists() and runfolder.held(done))
        return honest(self, run)

    monkeypatch.setattr(Engine, "run_round", watched)
    assert main(["run", *QUICK, "--out", str(done)]) == 0
    assert seen and all(seen)  # held during every round
    assert main(["run", "--algorithm", "co-pfl", "--lr", "1e6", "--rounds", "4", "--out", str(diverged)]) == 3

    def interrupted(self, run):
        raise KeyboardInterrupt

    monkeypatch.setattr(Engine, "run_round", interrupted)
    assert main(["run", *QUICK, "--out", str(cut)]) == 130
    for folder, status in ((done, "completed"), (diverged, "diverged"), (cut, "interrupted")):
        assert json.loads((folder / "summary.json").read_text())["status"] == status
        assert not (folder / ".copfl.lock").exists(), status


def test_compare_and_seeds_take_the_lock_and_check_every_folder_first(tmp_path, capsys):
    from copfl.execution import runfolder

    out = tmp_path / "c"
    assert main(["compare", "--algorithms", "local,fedavg", "--rounds", "1", "--out", str(out)]) == 0
    before = _files(out)
    capsys.readouterr()
    # fedavg's folder would be replaced by a run of other options: refused before local runs again
    assert main(["compare", "--algorithms", "local,fedavg", "--rounds", "1", "--lr", "0.1", "--out", str(out)]) == 2
    assert "holds another run" in capsys.readouterr().err
    assert _files(out) == before
    with runfolder.hold(out / "fedavg"):  # held by this process: a second holder would be another process
        pass
    seeds = tmp_path / "s"
    assert main(["run", "--algorithm", "fedavg", "--rounds", "1", "--seeds", "2", "--out", str(seeds)]) == 0
    assert not list(seeds.rglob(".copfl.lock")) and not list(out.rglob(".copfl.lock"))  # every hold let go, its file with it
    capsys.readouterr()
    assert main(["run", "--algorithm", "fedavg", "--rounds", "1", "--lr", "0.2", "--seeds", "2", "--out", str(seeds)]) == 2
    assert "seed-0 holds another run" in capsys.readouterr().err
    assert main(["compare", "--algorithms", "fedavg", "--rounds", "1", "--out", str(tmp_path / "x")]) == 0
    assert main(["compare", "--algorithms", "fedavg", "--rounds", "1", "--out", str(tmp_path / "x" / "fedavg")]) == 2
    assert "holds a single run's results" in capsys.readouterr().err


# --------------------------------------------------------------------------- --resume input
@pytest.mark.parametrize(
    "content,message",
    [
        ("[1, 2]", "expected an object with a 'config' object (as copfl writes it), got list"),
        ("{not json", "not readable as JSON"),
        ('{"config": [1]}', "an object whose 'config' is list"),
        ('{"config": {"rounds": "many"}}', "its 'config' is not a run config this copfl can read"),
    ],
)
def test_resume_with_a_malformed_config_json_is_a_clear_error(tmp_path, capsys, content, message):
    out = tmp_path / "x"
    assert main(["run", *QUICK, "--checkpoint-every", "1", "--out", str(out)]) == 0
    (out / "config.json").write_text(content)
    before = _files(out)
    capsys.readouterr()
    assert main(["run", "--resume", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and str(out / "config.json") in err and "Traceback" not in err
    assert _files(out) == before


def test_resume_into_another_out_is_refused(tmp_path, capsys):
    out = tmp_path / "x"
    assert main(["run", *QUICK, "--checkpoint-every", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["run", "--resume", str(out), "--out", str(tmp_path / "other"), "--rounds", "3"]) == 2
    assert "--out names" in capsys.readouterr().err and not (tmp_path / "other").exists()
    assert main(["run", "--resume", str(out), "--out", str(out), "--rounds", "3"]) == 0  # the same folder is fine
    assert main(["run", "--resume", str(out), "--overwrite"]) == 2


def test_temporary_files_are_cleaned_on_resume_and_on_a_new_run(tmp_path):
    out = tmp_path / "x"
    assert main(["run", *QUICK, "--checkpoint-every", "1", "--out", str(out)]) == 0
    for name in (".curves.png.k2j3.tmp", "curves.png.tmp", ".metrics.jsonl.abc.tmp"):
        (out / name).write_bytes(b"half")
    assert main(["run", "--resume", str(out), "--rounds", "3"]) == 0
    assert not list(out.glob("*.tmp")) and not list(out.glob(".*.tmp"))
    (out / "clients.png.tmp").write_bytes(b"half")
    assert main(["run", "--algorithm", "fedavg", "--rounds", "1", "--out", str(out)]) == 0
    assert not list(out.glob("*.tmp"))


# --------------------------------------------------------------------------- split files
def _saved_split(tmp_path, clients=4):
    split = tmp_path / "s.json"
    assert main(["partition", "--clients", str(clients), "--samples-per-class", "20", "--test-samples-per-class", "10", "--save", str(split)]) == 0
    return split, json.loads(split.read_text())


def _run_split(tmp_path, doc, *extra):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    return main(["run", "--algorithm", "fedavg", "--rounds", "1", "--split-file", str(bad), "--out", str(tmp_path / "o"), *extra])


@pytest.mark.parametrize(
    "edit,message",
    [
        (lambda d: d["train"][1].__setitem__(3, 10**6), "client 1's train index 1000000 is out of range 0..1346"),
        (lambda d: d["test"][2].__setitem__(0, -1), "client 2's test index -1 is out of range"),
        (lambda d: d["train"][0].__setitem__(1, d["train"][0][0]), "client 0 lists train index"),
        (lambda d: d["train"][3].__setitem__(0, d["train"][1][5]), "belongs to client 1 and to client 3"),
        (lambda d: d["train"][0].__setitem__(0, 1.5), "client 0's train indices must be integers, got 1.5"),
        (lambda d: d["train"][0].__setitem__(0, True), "client 0's train indices must be integers, got True"),
        (lambda d: d.__setitem__("test", d["test"][:3]), "4 clients in 'train' but 3 in 'test'"),
        (lambda d: d.pop("train"), "missing 'train'"),
    ],
)
def test_a_bad_split_file_names_the_file_client_and_index(tmp_path, capsys, edit, message):
    _, doc = _saved_split(tmp_path)
    edit(doc)
    capsys.readouterr()
    assert _run_split(tmp_path, doc) == 2
    err = capsys.readouterr().err
    assert message in err and "bad.json" in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_a_split_file_that_is_a_list_is_a_clear_error(tmp_path, capsys):
    assert _run_split(tmp_path, [[0, 1], [2, 3]]) == 2
    assert "expected a JSON object (as `copfl partition --save` writes), got a list" in capsys.readouterr().err


def test_train_test_overlap_is_an_error_only_where_they_share_a_pool(tmp_path, monkeypatch, capsys):
    from dataclasses import replace

    from copfl.data.sources import registry

    _, doc = _saved_split(tmp_path)
    doc["test"][0][0] = doc["train"][2][0]  # the same number in a train and a test part
    assert _run_split(tmp_path, doc) == 0  # digits keeps separate train and test arrays: no overlap
    monkeypatch.setitem(registry.SOURCES, "digits", replace(registry.SOURCES["digits"], shared_pool=True))
    capsys.readouterr()
    assert _run_split(tmp_path, doc, "--overwrite") == 2
    assert f"sample {doc['train'][2][0]} is in client 2's train part and client 0's test part" in capsys.readouterr().err


def test_a_split_file_fixes_the_partition_options_and_config_records_them(tmp_path, capsys):
    split, doc = _saved_split(tmp_path, clients=4)
    out = tmp_path / "o"
    assert main(["run", "--algorithm", "fedavg", "--rounds", "1", "--split-file", str(split), "--out", str(out)]) == 0
    cfg = json.loads((out / "config.json").read_text())["config"]
    assert (cfg["clients"], cfg["samples_per_class"], cfg["test_samples_per_class"], cfg["partition"]) == (4, 20, 10, "label-skew")
    capsys.readouterr()
    assert main(["run", "--algorithm", "fedavg", "--rounds", "1", "--split-file", str(split), "--clients", "10", "--out", str(tmp_path / "p")]) == 2
    err = capsys.readouterr().err
    assert "--clients 10 (the split has 4)" in err and not (tmp_path / "p").exists()
    # the same value as the split's is no contradiction
    assert main(["run", "--algorithm", "fedavg", "--rounds", "1", "--split-file", str(split), "--clients", "4", "--out", str(tmp_path / "q")]) == 0


def test_samples_per_class_advice_is_one_rule(capsys):
    """Two messages gave two different most-samples figures (67 from one class's draw, 65 for
    every class and seed): now only the rule that holds for every seed gives advice."""
    assert main(["partition", "--samples-per-class", "70"]) == 2
    err = capsys.readouterr().err
    assert "lower --samples-per-class to 65" in err and "at most 67" not in err and err.count("samples-per-class") == 1


# --------------------------------------------------------------------------- .npz data files
def _mnist_npz(path, **members):
    rng = np.random.default_rng(0)
    good = {"x_train": rng.integers(0, 256, (20, 28, 28), dtype=np.uint8), "y_train": np.arange(20, dtype=np.uint8) % 10,
            "x_test": rng.integers(0, 256, (10, 28, 28), dtype=np.uint8), "y_test": np.arange(10, dtype=np.uint8)}
    good.update(members)
    np.savez(path, **{k: v for k, v in good.items() if v is not None})


@pytest.mark.parametrize(
    "members,message",
    [
        ({"y_test": None}, "missing member 'y_test' (expected integer labels 0..9 of shape (N,)); it holds x_train, y_train, x_test"),
        ({"y_train": np.array(5)}, "member 'y_train' has shape () (0 dimensions), expected integer labels 0..9 of shape (N,)"),
        ({"y_train": np.linspace(0, 9, 20)}, "member 'y_train' holds floats (float64), expected integer labels"),
        ({"x_test": np.zeros((10, 28, 28), np.float32)}, "member 'x_test' holds floats (float32), expected uint8 images of shape (N, 28, 28)"),
        ({"y_train": np.array([{"a": 1}] * 20, dtype=object)}, "member 'y_train' holds Python objects (a pickled object array), expected integer labels"),
        ({"y_train": np.arange(19) % 10}, "members x_train, y_train describe the same samples but have lengths x_train 20, y_train 19"),
    ],
)
def test_a_garbage_npz_member_is_named_with_what_was_expected(tmp_path, members, message):
    from copfl.data.sources.registry import load_dataset

    _mnist_npz(tmp_path / "mnist.npz", **members)
    with pytest.raises(DataError) as e:
        load_dataset("mnist", tmp_path)
    assert message in str(e.value) and "mnist.npz" in str(e.value)
    assert "allow_pickle" not in str(e.value)  # the old message blamed a setting, not the file


def test_not_an_npz_is_named(tmp_path):
    from copfl.data.sources.registry import load_dataset

    (tmp_path / "femnist_leaf_partial.npz").write_bytes(b"garbage")
    with pytest.raises(DataError, match=r"femnist_leaf_partial.npz: not a readable .npz archive .*expected the members x: uint8 images"):
        load_dataset("femnist", tmp_path)


# --------------------------------------------------------------------------- exploding loss
def test_divergence_rule_by_hand():
    from copfl.engine.rounds import DivergenceRule

    rule = DivergenceRule()  # 1e3 x the first round's loss, or above 1e6
    assert rule.violation(2.0, 2.3) is None
    assert rule.violation(2300.0, 2.3) is None  # exactly 1000 x: not above
    assert "1e+03 x the first round's" in rule.violation(2301.0, 2.3)
    assert "above the limit 1e+06" in rule.violation(1.5e6, 1e4)
    assert rule.violation(5.0, 0.0) is None  # a first loss of 0 gives no ratio
    assert DivergenceRule(factor=0, limit=0).violation(1e30, 1.0) is None  # both parts off
    with pytest.raises(ValueError, match="diverge-loss = -1: expected a finite number >= 0"):
        DivergenceRule(limit=-1)


def test_an_exploding_loss_ends_the_run_as_diverged(tmp_path, capsys):
    out = tmp_path / "x"
    assert main(["run", "--algorithm", "co-pfl", "--lr", "1e6", "--rounds", "4", "--out", str(out)]) == 3
    s = json.loads((out / "summary.json").read_text())
    assert s["status"] == "diverged" and s["rounds_completed"] == 1 and "above the limit 1e+06" in s["error"]
    assert "training diverged" in capsys.readouterr().err
    # the rule is an option: turned off, the same run goes on to its last round
    y = tmp_path / "y"
    assert main(["run", "--algorithm", "co-pfl", "--lr", "1e6", "--rounds", "2", "--diverge-factor", "0", "--diverge-loss", "0", "--out", str(y)]) == 0
    s = json.loads((y / "summary.json").read_text())
    assert s["status"] == "completed" and s["final"]["train_loss"] > 1e6


def test_no_golden_configuration_trips_the_divergence_rule():
    """Every golden run (tests/golden: every algorithm, the CNN and ResNet slices) stays far
    inside the default rule: its largest round loss against its first round's."""
    from copfl.engine.rounds import DivergenceRule

    recorded = json.loads((ROOT / "tests" / "golden" / "metrics.json").read_text())
    rule = DivergenceRule()
    worst = 0.0
    for name, run in recorded.items():
        losses = [r["train_loss"] for r in run["history"] if r.get("clients_trained")]
        assert losses, name
        for loss in losses:
            assert rule.violation(loss, losses[0]) is None, name
        if losses[0] > 0:
            worst = max(worst, max(losses) / losses[0])
    assert worst < 10  # and with a wide margin (the golden test runs them all with the rule on)


# --------------------------------------------------------------------------- signals
@pytest.mark.slow  # whole processes / a whole table: seconds each (CI's slow step)
@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_a_signal_before_the_first_checkpoint_still_leaves_one(tmp_path, sig):
    """Ctrl-C with --checkpoint-every 250 at round 2 left nothing resumable (and advised the
    flag already given): the round finishes, its checkpoint is written, the run stops."""
    from copfl.engine.checkpoint import Checkpoint

    out, solo = tmp_path / "x", tmp_path / "solo"
    p = _cli("run", "--algorithm", "fedavg", "--rounds", "400", "--checkpoint-every", "250", "--out", str(out))
    _wait_for(lambda: _rounds_written(out) >= 2, proc=p)
    p.send_signal(getattr(signal, sig))
    assert p.wait(60) == 128 + getattr(signal, sig)
    err = p.stderr.read()
    assert "stopping at the end of this round" in err and "Traceback" not in err
    r = Checkpoint.load(out / "checkpoint.pt").state.round
    s = json.loads((out / "summary.json").read_text())
    assert s["status"] == "interrupted" and s["checkpoint_round"] == r == s["rounds_completed"] >= 2
    assert f"`copfl run --resume {out}` continues from round {r}" in s["error"] and "--checkpoint-every K makes one" not in s["error"]
    assert main(["run", "--resume", str(out), "--rounds", str(r + 2)]) == 0
    assert main(["run", "--algorithm", "fedavg", "--rounds", str(r + 2), "--out", str(solo)]) == 0
    _same_results(out, solo)


def test_an_unfinished_checkpointed_run_is_not_restarted_by_accident(tmp_path, capsys):
    """The same command again after an interruption would have thrown its checkpoint away:
    it is refused, pointing at --resume (or --overwrite to start again)."""
    out = tmp_path / "x"
    assert main(["run", *QUICK, "--checkpoint-every", "1", "--out", str(out)]) == 0
    s = json.loads((out / "summary.json").read_text())
    (out / "summary.json").write_text(json.dumps({**s, "status": "interrupted"}))  # as a Ctrl-C leaves it
    before = _files(out)
    capsys.readouterr()
    assert main(["run", *QUICK, "--checkpoint-every", "1", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "unfinished run of this configuration with a checkpoint of round 2" in err and f"copfl run --resume {out}" in err
    assert _files(out) == before
    assert main(["run", *QUICK, "--out", str(out), "--overwrite"]) == 0 and not (out / "checkpoint.pt").exists()
