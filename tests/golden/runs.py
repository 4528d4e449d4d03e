"""The metrics every algorithm gives on fixed small runs, for the bit-identity test.

``python tests/golden/runs.py record`` rewrites ``metrics.json`` beside this file; only do
that when a change is MEANT to alter results, and say so in the commit. ``... runs.py add``
records only the runs not recorded yet (a new algorithm or setting), leaving every recorded
entry as it is. The test
(tests/golden/test_golden.py) runs ``python tests/golden/runs.py print`` in a subprocess with the
numeric environment of :data:`PINNED_ENV` and compares every float exactly.

Bits depend on the kernels a CPU gets, so the runs pin them: ATen's vector code, oneDNN's
and MKL's instruction sets to AVX2 (which every x86-64 CPU of the last decade has, and which
``MKL_CBWR`` makes reproducible across vendors), numpy's OpenBLAS to its Haswell (AVX2)
kernels (FedPAC's combination weights solve a small QP in numpy: on an AVX-512 CPU with Ice
Lake's extensions OpenBLAS picks other kernels, and its self-weights moved in the last bit),
one thread.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

PINNED_ENV = {
    "ATEN_CPU_CAPABILITY": "avx2",
    "ONEDNN_MAX_CPU_ISA": "AVX2",
    "MKL_CBWR": "AVX2",
    "MKL_ENABLE_INSTRUCTIONS": "AVX2",
    "OPENBLAS_CORETYPE": "Haswell",
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
}
HERE = Path(__file__).resolve().parent
FILE = HERE / "metrics.json"

# Recorded before the run's validation split existed: every run trains on all of its training
# data (val_fraction 0), which is what the recorded bits are of.
# The twelve algorithms of today (issue 13's list), each with its defaults.
DIGITS = ["local", "fedavg", "fedavg-ft", "fedprox", "fedper", "lg-fedavg", "fedrep", "fedbn", "ditto", "fedselect", "fedpac", "co-pfl"]
# pFedSV and its paper's baselines (recorded when they were added)
DIGITS += ["pfedsv", "ifca", "fedem", "pfedme", "per-fedavg", "fedamp", "pfedhn", "fedfomo"]
# DPAO-PFL, its baseline FedMeta and the centralized reference (recorded when they were added)
DIGITS += ["dpao-pfl", "fedmeta", "centralized"]
# The methods PFL users reach for next (issue 42, recorded when they were added)
DIGITS += ["apfl", "fedala", "fedrod", "fedbabu", "fedcac", "gpfl", "feddbe"]
# Rates recorded before a default changed: the bits are of the algorithm's code at that rate.
# CO-PFL's default became Adam 1e-3 in issue 21 (its code did not change); it was recorded at 1e-4.
RECORDED_RATES = {"co-pfl": {"lr": 1e-4}}
# CIFAR-10-shaped slices (3x32x32, 10 classes, label skew 2 classes per client): the CNN path
# (channels-last convolutions) and a batch-norm ResNet (statistics shared and per client).
IMAGE_RUNS = {
    "co-pfl/cnn": {"algorithm": "co-pfl", "model": "cnn"},
    "fedpac/cnn": {"algorithm": "fedpac", "model": "cnn"},
    "fedavg/resnet18-bn-shared": {"algorithm": "fedavg", "model": "resnet18", "resnet_stem": "cifar", "width": 0.125},
    "fedbn/resnet18": {"algorithm": "fedbn", "model": "resnet18", "resnet_stem": "cifar", "width": 0.125},
}


# Privacy, attacks and robust aggregation on digits (recorded before they leave the engine and
# the Algorithm base, issue 36): DP-SGD (per-sample clipping and noise), upload-mode DP, a
# model-poisoning attack, label flip, and a robust rule against an attack. CO-PFL's pair
# exercises the masked algorithms' upload parts (the attack and the rule see only shared values).
GUARD_RUNS = {
    "fedavg/dp-sgd": {"algorithm": "fedavg", "dp_noise": 1.0, "dp_mode": "sgd"},
    "fedavg/dp-upload": {"algorithm": "fedavg", "dp_noise": 0.3, "dp_mode": "upload"},
    "fedavg/scale-attack": {"algorithm": "fedavg", "attack": "scale", "attackers": 0.2},
    "fedavg/label-flip": {"algorithm": "fedavg", "attack": "label-flip", "attackers": 0.2},
    "fedavg/sign-flip+median": {"algorithm": "fedavg", "attack": "sign-flip", "attackers": 0.2, "robust": "median"},
    "co-pfl/sign-flip+trimmed-mean": {"algorithm": "co-pfl", "attack": "sign-flip", "attackers": 0.2, "robust": "trimmed-mean", "lr": 1e-4},
    # unreliable clients (issue 42, recorded when they were added): dropout, stragglers, a deadline
    "fedavg/dropout": {"algorithm": "fedavg", "client_dropout": 0.4},
    "co-pfl/stragglers": {"algorithm": "co-pfl", "stragglers": 0.5, "straggler_steps": 2, "lr": 1e-4},
    "pfedsv/deadline": {"algorithm": "pfedsv", "deadline": 2.0, "speed_profile": "lognormal:1.0", "client_speed": 50.0, "bandwidth": 1e6},
}


def _metrics(engine, state) -> dict:
    history = [{k: v for k, v in r.items() if "seconds" not in k} for r in state.history]
    clients = [[m.client, m.accuracy, m.loss, m.num_test, m.num_train] for m in state.last_clients]
    return {"history": history, "clients": clients}


def run_all(device: str = "cpu", on_run=None, reverse: bool = False) -> dict:
    """Every recorded run's metrics, on ``device`` (the records are of the CPU; on a GPU the
    arithmetic differs in the last bits: benchmarks/gpu_check.py). With ``on_run``, each run
    is reported as ``on_run(key, metrics, seconds, error)`` and a run that raises is reported
    (``metrics`` None, ``error`` its message) instead of stopping the others; ``reverse``: the
    runs in the opposite order."""
    import time

    import torch

    sys.path.insert(0, str(HERE.parent))
    from helpers import synthetic

    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation

    torch.set_num_threads(1)
    jobs = [(f"{name}/digits", RunConfig(algorithm=name, dataset="digits", rounds=3, seed=0, val_fraction=0.0, device=device, **RECORDED_RATES.get(name, {})), None)
            for name in DIGITS]
    jobs += [(key, RunConfig(dataset="digits", rounds=3, seed=0, val_fraction=0.0, device=device, **kw), None) for key, kw in GUARD_RUNS.items()]
    images = synthetic(num_classes=10, per_class=40, per_class_test=8, size=32, channels=3, seed=1)
    jobs += [(key, RunConfig(dataset="cifar10", clients=6, classes_per_client=2, samples_per_class=10, test_samples_per_class=4,
                             rounds=2, seed=0, val_fraction=0.0, device=device, **kw, **RECORDED_RATES.get(kw["algorithm"], {})), images)
             for key, kw in IMAGE_RUNS.items()]
    out: dict[str, dict] = {}
    for key, cfg, data in reversed(jobs) if reverse else jobs:
        t0 = time.perf_counter()
        try:
            cfg = cfg.resolved()
            engine = build_engine(cfg, build_federation(cfg, data))
            out[key] = _metrics(engine, engine.run())
        except Exception as e:
            if on_run is None:
                raise
            on_run(key, None, time.perf_counter() - t0, f"{type(e).__name__}: {e}")
            continue
        if on_run is not None:
            on_run(key, out[key], time.perf_counter() - t0, None)
    return out


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "print"
    result = run_all()
    if what == "record":
        FILE.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
        print(f"wrote {FILE} ({len(result)} runs)")
    elif what == "add":  # record runs not recorded yet; every recorded entry stays as it is
        recorded = json.loads(FILE.read_text())
        new = sorted(set(result) - set(recorded))
        FILE.write_text(json.dumps({**recorded, **{k: result[k] for k in new}}, indent=1, sort_keys=True) + "\n")
        print(f"added {', '.join(new) or 'nothing'} to {FILE}")
    else:
        print(json.dumps(result, sort_keys=True))
