"""CPU threads of a run, and how idle OpenMP threads wait.

Two effects, measured with ``benchmarks/threads.py`` (figures in docs/performance.md):

* OpenMP's default wait makes an idle thread spin before it sleeps. When another process
  holds one of the cores, every parallel region then waits for a thread that is not running:
  small models became 7-10x slower with 2 threads than with 1 on a busy 2-core machine.
  ``OMP_WAIT_POLICY=PASSIVE`` makes idle threads sleep at once; it must be in the environment
  before torch is loaded, so the command line sets it (:func:`prefer_passive_wait`) unless
  the user already chose a policy.
* Below a certain amount of work per training batch, a second thread costs more in
  synchronisation than it saves (the MLP on digits); above it (convolutional networks on
  32x32 images) every core helps. :func:`auto_threads` picks 1 or all cores from the model's
  multiply-accumulates per batch.
"""

from __future__ import annotations

import os
import sys

# Training work per batch (forward multiply-accumulates x batch size) from which using every
# core beats one thread on a quiet machine (benchmarks/threads.py: the MLP on digits,
# 1.8 M per batch of 32, is faster on one thread; the FedAvg CNN on 28x28 / 32x32 images,
# 137-250 M, is faster on all).
PARALLEL_BATCH_MACS = 20_000_000


def prefer_passive_wait() -> None:
    """Idle OpenMP threads sleep instead of spinning (unless OMP_WAIT_POLICY is set). Called by
    ``import copfl``; torch's OpenMP reads the policy when torch loads, so once torch is loaded
    nothing is set (and ``config.json`` records the default that is in force)."""
    if "torch" not in sys.modules:
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity), not the machine's count."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def auto_threads(macs_per_sample: int, batch_size: int, cores: int | None = None) -> int:
    """1 thread for small per-batch work, every available core otherwise."""
    cores = available_cores() if cores is None else cores
    return 1 if macs_per_sample * batch_size < PARALLEL_BATCH_MACS else cores


def set_threads(requested: int | None, macs_per_sample: int, batch_size: int) -> int:
    """Apply ``--threads`` (None: :func:`auto_threads`) to torch; returns the number used."""
    import torch

    n = requested if requested else auto_threads(macs_per_sample, batch_size)
    if n < 1:
        raise ValueError(f"--threads must be >= 1, got {n}")
    torch.set_num_threads(n)
    return n


def subnormal_counter():
    """A context manager (a torch dispatch mode) counting subnormal float32 values in the
    outputs of every aten operation run inside it, by operation name (``.counts``). Values
    of uninitialised buffers (``empty``) and of views are not counted. A diagnostic for
    benchmarks/denormals.py and the tests: subnormals make CPU arithmetic 10-100x slower."""
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.utils._pytree import tree_flatten

    tiny = torch.finfo(torch.float32).tiny
    skip = {"aten.empty.memory_format", "aten.empty_strided.default", "aten.detach.default", "aten.as_strided.default"}

    class SubnormalCounter(TorchDispatchMode):
        def __init__(self) -> None:
            super().__init__()
            self.counts: dict[str, int] = {}

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
            out = func(*args, **(kwargs or {}))
            name = str(func)
            if name not in skip:
                for t in tree_flatten(out)[0]:
                    if isinstance(t, torch.Tensor) and t.dtype == torch.float32:
                        n = int(((t != 0) & (t.abs() < tiny)).sum())
                        if n:
                            self.counts[name] = self.counts.get(name, 0) + n
            return out

    return SubnormalCounter()


DEVICES = ("auto", "cpu", "cuda", "mps")


def resolve_device(name: str):
    """``--device``: ``cpu``, ``cuda`` (or ``cuda:N``), ``mps``, or ``auto`` (CUDA if present,
    else MPS, else CPU). Asking for a device that is not there is an error saying why."""
    import torch

    base = name.split(":", 1)[0]
    if base not in DEVICES or (":" in name and base != "cuda"):
        raise ValueError(f"unknown device {name!r}; expected one of {', '.join(DEVICES)} (or cuda:N)")
    if base == "auto":
        if torch.cuda.is_available():
            return torch.device("cuda")
        if hasattr(torch.backends, "mps") and torch.backends.mps.is_available():
            return torch.device("mps")
        return torch.device("cpu")
    if base == "cuda":
        if not torch.cuda.is_available():
            why = (
                f"this torch ({torch.__version__}) is a CPU-only build: install a CUDA build of torch (the README's install section)"
                if torch.version.cuda is None
                else "no CUDA device is visible (check nvidia-smi and CUDA_VISIBLE_DEVICES)"
            )
            raise ValueError(f"--device {name}: {why}; or use --device cpu")
        dev = torch.device(name)
        if dev.index is not None and dev.index >= torch.cuda.device_count():
            raise ValueError(f"--device {name}: only {torch.cuda.device_count()} CUDA device(s) here (cuda:0..cuda:{torch.cuda.device_count() - 1})")
        return dev
    if base == "mps":
        if not (hasattr(torch.backends, "mps") and torch.backends.mps.is_available()):
            raise ValueError(f"--device mps: this machine or torch build has no MPS (Apple GPU) support; use --device cpu")
        return torch.device("mps")
    return torch.device("cpu")


def make_deterministic(device) -> None:
    """Deterministic kernels where torch has them. On CUDA, cuBLAS needs a fixed workspace
    (set here if the user did not, before the first cuBLAS call), and ops without a
    deterministic kernel WARN (torch names them) instead of failing the run."""
    import torch

    if device.type == "cuda":
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
        torch.backends.cudnn.benchmark = False
        torch.use_deterministic_algorithms(True, warn_only=True)


def peak_rss_mib() -> float:
    """This process's peak resident memory so far, in MiB (``ru_maxrss``: KiB on Linux, bytes
    on macOS)."""
    import resource
    import sys

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (2**20 if sys.platform == "darwin" else 1024), 1)
