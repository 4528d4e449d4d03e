"""Checkpoints (:mod:`copfl.engine.checkpoint`): a run saved after some round and continued."""

import pytest
from tests.engine.test_engine import run, small_cfg

from copfl.engine.checkpoint import Checkpoint
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation

from helpers import synthetic


@pytest.mark.parametrize("algorithm", ["local", "co-pfl"])
def test_resume_from_checkpoint_equals_an_uninterrupted_run(tmp_path, algorithm):
    cfg = small_cfg(algorithm=algorithm, rounds=4)
    _, full = run(cfg)
    fed = build_federation(cfg, synthetic())
    eng = build_engine(small_cfg(algorithm=algorithm, rounds=2), fed)
    half = eng.run()
    Checkpoint(half, eng.store.state_dict()).save(tmp_path / "ck.pt")
    ck = Checkpoint.load(tmp_path / "ck.pt")
    eng2 = build_engine(cfg, fed)
    eng2.store.load_state_dict(ck.clients)
    resumed = eng2.run(state=ck.state)
    assert resumed.history == full.history


# ---------------------------------------------------------------- results folders that survive
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace

import torch

from copfl.results.callbacks import Checkpointer
from copfl.engine.loop import Engine
from copfl.execution.experiment import run_in_folder


def _folder_cfg(**kw):
    return small_cfg(algorithm="co-pfl", model="mlp", augment=False, rounds=4, checkpoint_every=1, **kw).resolved()


def _interrupt_at(monkeypatch, round_):
    """Make round ``round_`` raise KeyboardInterrupt after its clients trained (mid-round)."""
    real = Engine.server_step

    def step(self, run, steps, fold=None):
        if run.round + 1 == round_:
            raise KeyboardInterrupt
        return real(self, run, steps, fold)

    monkeypatch.setattr(Engine, "server_step", step)


@pytest.mark.parametrize("store", ["memory", "disk"])
def test_interrupted_run_says_so_and_resumes_bit_exactly(tmp_path, monkeypatch, store):
    cfg = _folder_cfg(store=store)
    fed = build_federation(cfg, synthetic())
    run_in_folder(cfg, fed, tmp_path / "full", progress=False, plots=False)
    out = tmp_path / "cut"
    with monkeypatch.context() as m:
        _interrupt_at(m, 3)
        with pytest.raises(KeyboardInterrupt):
            run_in_folder(cfg, fed, out, progress=False, plots=False)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["status"] == "interrupted" and summary["rounds_completed"] == 2 and summary["checkpoint_round"] == 2
    assert f"--resume {out}` continues from round 2" in summary["error"]
    stale = out / ".checkpoint.pt.abc123.tmp"  # what a kill during a checkpoint write leaves
    stale.write_bytes(b"x" * 100)
    if store == "disk":
        written_in_round_3 = set((out / "client-state").iterdir())
        assert len(written_in_round_3) == 2 * 4  # round 3's files beside the checkpoint's (kept until the next one)
    run_in_folder(cfg, fed, out, progress=False, plots=False, resume=Checkpoint.load(out / "checkpoint.pt"))
    assert not stale.exists()
    assert (out / "metrics.jsonl").read_bytes() == (tmp_path / "full" / "metrics.jsonl").read_bytes()
    summary = json.loads((out / "summary.json").read_text())
    t = summary["timing"]
    assert summary["status"] == "completed" and t["resumed_at_round"] == 2 and t["rounds_timed"] == 2
    assert t["seconds_per_round"] == pytest.approx(t["seconds"] / 2, abs=1e-3) and t["seconds_total"] > t["seconds"]
    import resource

    assert 0 < t["peak_rss_mib"] == pytest.approx(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, rel=0.05)  # this process's
    assert "worker_peak_rss_mib" not in t  # no --workers
    if store == "disk":
        assert len(list((out / "client-state").iterdir())) == 4  # only the final states remain


def test_disk_store_checkpoint_holds_a_manifest_and_checks_it(tmp_path):
    cfg = _folder_cfg(store="disk")
    fed = build_federation(cfg, synthetic())
    out = tmp_path / "r"
    run_in_folder(replace(cfg, rounds=2), fed, out, progress=False, plots=False)
    doc = torch.load(out / "checkpoint.pt", weights_only=True)
    assert doc["clients"] == {} and sorted(doc["manifests"]["clients"]) == [0, 1, 2, 3]
    name, digest, size = doc["manifests"]["clients"][1]
    path = out / "client-state" / name
    assert path.stat().st_size == size and name.startswith(f"client-1-{digest[:16]}")
    data = bytearray(path.read_bytes())
    data[-1] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match=rf"client 1's state {path} does not match the checkpoint's checksum"):
        run_in_folder(cfg, fed, out, progress=False, plots=False, resume=Checkpoint.load(out / "checkpoint.pt"))
    path.unlink()
    with pytest.raises(ValueError, match=rf"client 1's state {path} is missing"):
        run_in_folder(cfg, fed, out, progress=False, plots=False, resume=Checkpoint.load(out / "checkpoint.pt"))


def test_summary_says_running_from_the_first_round(tmp_path, monkeypatch):
    seen = []
    real = Checkpointer.on_round_end

    def spy(self, engine, state, record):  # runs after the results writer's on_round_end
        seen.append(json.loads((tmp_path / "r" / "summary.json").read_text()))
        real(self, engine, state, record)

    monkeypatch.setattr(Checkpointer, "on_round_end", spy)
    cfg = _folder_cfg()
    run_in_folder(replace(cfg, rounds=2), build_federation(cfg, synthetic()), tmp_path / "r", progress=False, plots=False)
    assert [(s["status"], s["rounds_completed"]) for s in seen] == [("running", 1), ("running", 2)]
    assert json.loads((tmp_path / "r" / "summary.json").read_text())["status"] == "completed"


@pytest.mark.slow  # whole processes / a whole table: seconds each (CI's slow step)
def test_sigterm_stops_a_run_with_its_summary(tmp_path):
    out = tmp_path / "r"
    cmd = [sys.executable, "-m", "copfl.cli", "run", "--algorithm", "local", "--rounds", "100000", "--checkpoint-every", "1", "--out", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 120
        while time.time() < deadline and not (out / "checkpoint.pt").exists():
            time.sleep(0.2)
        assert (out / "checkpoint.pt").exists(), proc.stderr.read() if proc.poll() is not None else "no checkpoint after 120 s"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 143, err
    summary = json.loads((out / "summary.json").read_text())
    assert summary["status"] == "interrupted" and "interrupted by SIGTERM after round" in summary["error"]
    assert summary["checkpoint_round"] >= 1 and summary["rounds_completed"] >= summary["checkpoint_round"]


def test_an_interrupt_during_a_write_waits_for_the_complete_file(tmp_path):
    """SIGTERM landing inside torch.save used to break the zip writer (a RuntimeError and a
    failed exit instead of the orderly interruption): the handler's raise now waits until the
    file is complete."""
    from copfl.io import atomic_write, defer_while_writing

    class Stop(Exception):
        pass

    def stop() -> None:
        raise Stop()

    def write(f) -> None:
        f.write(b"first half ")
        assert defer_while_writing(stop)  # what the signal handler does mid-write
        f.write(b"second half")

    with pytest.raises(Stop):
        atomic_write(tmp_path / "f.bin", write, binary=True)
    assert (tmp_path / "f.bin").read_bytes() == b"first half second half"
    assert not defer_while_writing(stop)  # nothing being written: the handler acts at once


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_a_run_write_lands_after_the_file(tmp_path, sig):
    """SIGINT (Ctrl-C) and SIGTERM both wait for the file being written, then stop the run."""
    from copfl.execution.experiment import RunInterrupted, signal_interrupts
    from copfl.io import atomic_write

    def write(f) -> None:
        f.write(b"first half ")
        os.kill(os.getpid(), sig)  # the handler runs here, mid-write
        for _ in range(1000):  # bytecodes for the handler to run on
            pass
        f.write(b"second half")

    # tests started in the background (nohup, `&`) inherit an ignored Ctrl-C, which copfl leaves
    # alone: Python's own SIGINT handler for this test, as in a terminal
    outer = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        before = signal.getsignal(signal.SIGINT)
        with pytest.raises(RunInterrupted) as caught:
            with signal_interrupts():
                atomic_write(tmp_path / "f.bin", write, binary=True)
        assert caught.value.signum == sig and caught.value.args == (signal.Signals(sig).name,)
        assert (tmp_path / "f.bin").read_bytes() == b"first half second half"
        assert signal.getsignal(signal.SIGINT) is before  # the handlers are put back
    finally:
        signal.signal(signal.SIGINT, outer)
