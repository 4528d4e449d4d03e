"""Every algorithm's metrics on fixed small runs are bit-identical to the recorded ones.

The engine redesign (and any refactor) must not change a single bit of any algorithm's
results. Regenerate with ``python tests/golden/runs.py record`` only for a change that is
meant to alter results (and say so in the commit).
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent
sys.path.insert(0, str(GOLDEN))
from runs import FILE, PINNED_ENV  # noqa: E402


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="the recorded bits are for x86-64 AVX2 kernels")
def test_every_algorithm_gives_the_recorded_metrics_bit_for_bit():
    env = {**os.environ, **PINNED_ENV}
    proc = subprocess.run([sys.executable, str(GOLDEN / "runs.py"), "print"], env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    now = json.loads(proc.stdout)
    recorded = json.loads(FILE.read_text())
    assert sorted(now) == sorted(recorded)
    # Every metric recorded must be identical; metrics added since may exist. Traffic was
    # counted by hand in each algorithm when recorded (FedAvg counted only the shared part of
    # a full broadcast); the engine now measures it from the messages, so it is left out.
    for runs in (now, recorded):
        for r in runs.values():
            for rec in r["history"]:
                rec.pop("bytes_up", None)
                rec.pop("bytes_down", None)
    # Counted training FLOPs that changed with the work counted (issue 41): FedRep's and
    # FedPAC's head epochs now run the head alone on the frozen body's features, computed once a
    # round (fewer FLOPs); pFedMe's K inner steps per batch, FedEM's M components' passes and
    # FedMeta's second-order support passes (3, not 2: tests/core/test_flops.py) are now counted
    # (more). Every accuracy and loss is still checked bit for bit.
    for k in recorded:
        for old, new in zip(recorded[k]["history"], now[k]["history"]):
            for key in set(new) - set(old):
                del new[key]
            if k.split("/")[0] in ("fedrep", "fedpac", "pfedme", "fedem", "fedmeta"):
                old.pop("train_flops", None)
                new.pop("train_flops", None)
    differ = [k for k in recorded if now[k] != recorded[k]]
    if not differ:
        return
    detail = {k: (recorded[k]["history"][-1], now[k]["history"][-1]) for k in differ[:3]}
    apart = [k for k in differ if not _close(now[k], recorded[k])]
    assert not apart, f"metrics changed for {apart}; last rounds (recorded, now): {detail}"
    if len(differ) < len(recorded):  # some runs give the recorded bits: this CPU is not the reason
        raise AssertionError(f"metrics changed in the last bits for {differ}; last rounds (recorded, now): {detail}")
    # Every run moved, and only in the last bits: the pinned kernels of this CPU round otherwise
    # than the recording machine's (seen on an AVX-512 FP16 Xeon, where even MKL's AVX2
    # conditional-numerical-reproducibility mode gives other bits). Checked to REL here.
    pytest.skip(f"all {len(differ)} runs differ from the recording only in the last bits (within {REL:g}) on this CPU "
                f"({platform.processor() or platform.machine()}): bit-for-bit is checked on CPUs that reproduce the recording")


# A last-bits difference grows over a few rounds: measured on that Xeon, at most 4.4e-4 (relative;
# CO-PFL's gradient scores, whose mask thresholds flip a few entries), 1.9e-4 (FedBABU's
# fine-tuned test loss) and 1.5e-4 (FedBN's per-client loss), every accuracy equal.
REL = 2e-3


def _close(a, b) -> bool:
    """``a`` and ``b`` equal, floats within REL (relative) or 1e-6 (absolute)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and a == pytest.approx(b, rel=REL, abs=1e-6)
    return a == b
