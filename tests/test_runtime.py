"""Threads and OpenMP wait policy (copfl.runtime), and the subnormal-number diagnostic."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import torch

from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.runtime import PARALLEL_BATCH_MACS, auto_threads, set_threads, subnormal_counter


def test_auto_threads_one_for_small_batches_every_core_for_large():
    # the MLP on digits: 54,800 MACs x 32 = 1.75 M per batch -> 1 thread
    assert auto_threads(54_800, 32, cores=2) == 1
    # the FedAvg CNN on CIFAR-10: 7.8 M MACs x 32 = 250 M per batch -> every core
    assert auto_threads(7_825_920, 32, cores=2) == 2
    assert auto_threads(PARALLEL_BATCH_MACS, 1, cores=8) == 8
    assert auto_threads(PARALLEL_BATCH_MACS - 1, 1, cores=8) == 1


def test_set_threads_applies_and_rejects_bad_counts():
    before = torch.get_num_threads()
    try:
        assert set_threads(None, 54_800, 32) == 1 and torch.get_num_threads() == 1
        assert set_threads(3, 54_800, 32) == 3 and torch.get_num_threads() == 3
        with pytest.raises(ValueError, match="--threads must be >= 1, got -2"):
            set_threads(-2, 1, 1)
    finally:
        torch.set_num_threads(before)


def _fresh(code: str, **env: str) -> str:
    base = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    return subprocess.run([sys.executable, "-c", code], env={**base, **env}, capture_output=True, text=True, check=True).stdout.strip()


@pytest.mark.slow  # whole processes / a whole table: seconds each (CI's slow step)
def test_command_line_makes_idle_openmp_threads_sleep_before_torch_loads():
    # torch (libgomp) reads the policy when it is loaded: the CLI module must set it first.
    out = _fresh("import sys, copfl.runtime; t0 = 'torch' in sys.modules; import copfl.cli, os; print(t0, os.environ['OMP_WAIT_POLICY'])")
    assert out == "False PASSIVE"
    # a user's own choice stands
    assert _fresh("import copfl.cli, os; print(os.environ['OMP_WAIT_POLICY'])", OMP_WAIT_POLICY="ACTIVE") == "ACTIVE"


def test_the_library_makes_idle_openmp_threads_sleep_when_imported_before_torch():
    # measured: a 2-thread CNN run through copfl.run took 32-40 s on a busy 2-core machine with
    # the default spin-wait, 18-19 s with PASSIVE (docs/performance.md)
    assert _fresh("import sys, copfl, os; print('torch' in sys.modules, os.environ['OMP_WAIT_POLICY'])") == "False PASSIVE"
    assert _fresh("import copfl, os; print(os.environ['OMP_WAIT_POLICY'])", OMP_WAIT_POLICY="ACTIVE") == "ACTIVE"
    # torch first: too late to matter, so copfl sets nothing and config.json records "(default)"
    assert _fresh("import torch, copfl, os; print(os.environ.get('OMP_WAIT_POLICY'))") == "None"


@pytest.mark.slow  # whole processes / a whole table: seconds each (CI's slow step)
def test_default_run_records_its_threads(tmp_path):
    # digits' MLP: 1 thread (torch's default was every core, 7-10x slower on a busy machine)
    subprocess.run([sys.executable, "-m", "copfl.cli", "run", "--rounds", "1", "--clients", "4", "--out", str(tmp_path / "r")],
                   check=True, capture_output=True)
    env = json.loads((tmp_path / "r" / "config.json").read_text())["environment"]
    assert env["threads"] == "1" and env["omp_wait_policy"] == "PASSIVE"


def test_no_algorithm_step_of_fedprox_produces_subnormal_numbers():
    # The reported FedProx slowdown was blamed on denormals; none arise (counted op by op).
    # If a change starts producing them, this fails before anyone sees a 10x slower round.
    cfg = RunConfig(algorithm="fedprox", dataset="digits", rounds=2, clients=4, seed=0).resolved()
    engine = build_engine(cfg, build_federation(cfg))
    counter = subnormal_counter()
    with counter:
        engine.run()
    assert counter.counts == {}
    # ... and the counter does count them where they exist
    with counter:
        torch.full((3,), 1e-39) * 1.0
    assert counter.counts == {"aten.full.default": 3, "aten.mul.Tensor": 3}


def test_device_resolution_and_clear_errors(tmp_path):
    from copfl.runtime import resolve_device

    assert resolve_device("cpu") == torch.device("cpu")
    if not torch.cuda.is_available():
        assert resolve_device("auto").type in ("cpu", "mps")
        with pytest.raises(ValueError, match=r"--device cuda: .*(CPU-only build|no CUDA device).*--device cpu"):
            resolve_device("cuda")
        # the command line refuses it before loading any data, exit 2
        proc = subprocess.run([sys.executable, "-m", "copfl.cli", "run", "--device", "cuda", "--rounds", "1", "--out", str(tmp_path / "r")],
                              capture_output=True, text=True)
        assert proc.returncode == 2 and "--device cuda" in proc.stderr and "loading" not in proc.stderr
        assert not (tmp_path / "r").exists()
    with pytest.raises(ValueError, match="unknown device 'tpu'; expected one of auto, cpu, cuda, mps"):
        resolve_device("tpu")
    with pytest.raises(ValueError, match="unknown device 'cpu:1'"):
        resolve_device("cpu:1")


def test_engine_moves_messages_and_stored_states_to_its_device():
    from copfl.engine.rounds import to_device

    msg = {"w": torch.zeros(3), "n": 4, "nested": [torch.ones(2)]}
    assert to_device(msg, torch.device("cpu")) is msg  # already there: the same object, no copy
    moved = to_device({"w": torch.zeros(3, dtype=torch.float64)}, torch.device("cpu"))
    assert moved["w"].device.type == "cpu"
