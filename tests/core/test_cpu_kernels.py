"""The oneDNN kernel that corrupts the heap (docs/known-issues.md) is never reached.

The crash needs oneDNN's AVX2 kernels; ``ONEDNN_MAX_CPU_ISA=AVX2`` selects them on every x86
CPU with AVX2 or more, so these tests fail on any such machine if the workaround goes, not only
on the CPUs that pick that kernel by themselves. glibc's malloc checker, where it exists, turns
silent corruption into an abort.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch
from torch import nn

from copfl.data.clients import to_tensor
from copfl.core.models import ModelSpec, ResNet18, build_model, channels_last_hazard
from copfl.core.workspace import Workspace

MALLOC_DEBUG = Path("/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0")


def _crash_env() -> dict[str, str]:
    env = dict(os.environ, ONEDNN_MAX_CPU_ISA="AVX2", OMP_NUM_THREADS="1")
    if MALLOC_DEBUG.exists():
        env.update(LD_PRELOAD=str(MALLOC_DEBUG), MALLOC_CHECK_="3")
    return env


@pytest.mark.slow  # whole processes / a whole table: seconds each (CI's slow step)
@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="oneDNN's AVX2 kernels are x86 only")
def test_narrow_resnet_at_one_thread_runs_in_a_subprocess(tmp_path):
    # The command: it died with SIGABRT/SIGSEGV (exit 134/139) before the fix.
    cmd = [sys.executable, "-m", "copfl.cli", "run", "--algorithm", "fedavg", "--model", "resnet18",
           "--resnet-stem", "cifar", "--width", "0.0625", "--threads", "1", "--rounds", "2",
           "--clients", "4", "--out", str(tmp_path / "run")]
    proc = subprocess.run(cmd, env=_crash_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"exit {proc.returncode}\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    assert (tmp_path / "run" / "summary.json").exists()


def test_hazard_names_the_narrow_strided_1x1_convolution_only():
    assert channels_last_hazard(ResNet18(3, 10, stem="cifar", width=0.0625)) == "layer2.0.downsample.0"
    assert channels_last_hazard(ResNet18(3, 10, stem="cifar", width=0.125)) is None  # 8 -> 16: safe
    assert channels_last_hazard(ResNet18(3, 10)) is None
    assert channels_last_hazard(nn.Conv2d(1, 8, 1, 2)) is None  # one input channel: safe
    assert channels_last_hazard(nn.Conv2d(4, 8, 1, 1)) is None  # stride 1: safe
    assert channels_last_hazard(nn.Conv2d(4, 8, 3, 2)) is None  # 3x3: safe
    assert channels_last_hazard(nn.Sequential(nn.Conv2d(7, 8, 1, (1, 2)))) == "0"


def test_workspace_turns_channels_last_off_for_hazardous_models_and_refuses_it_explicitly():
    assert Workspace(build_model("cnn", ModelSpec((3, 32, 32), 10))).channels_last
    assert not Workspace(ResNet18(3, 10, stem="cifar", width=0.0625)).channels_last
    with pytest.raises(ValueError, match="layer2.0.downsample.0"):
        Workspace(ResNet18(3, 10, stem="cifar", width=0.0625), channels_last=True)


def test_one_channel_images_get_plain_nchw_strides():
    # .contiguous() kept (N, 1, H, W) tensors in channels-last strides (it counts as contiguous),
    # which made oneDNN run channels-last whatever the Workspace chose.
    x = np.zeros((5, 8, 8, 1), dtype=np.uint8)
    t = to_tensor(x, np.zeros(1), np.ones(1))
    assert t.stride() == (64, 64, 8, 1)
    ws = Workspace(ResNet18(1, 10, stem="cifar", width=0.0625))
    batch = torch.zeros(4, 8, 8, 1).permute(0, 3, 1, 2)  # as a decoded HWC batch arrives
    assert batch.stride() != (64, 64, 8, 1)
    assert ws._layout(batch).stride() == (64, 64, 8, 1)
