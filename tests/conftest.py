import importlib.util
import os
import sys
from pathlib import Path

import pytest

# tests/ is a package with one sub-package per package of copfl (tests/__init__.py); the modules
# the tests share are imported by their own names (`from helpers import ...`, golden's `runs`).
sys.path.insert(0, str(Path(__file__).resolve().parent))

import copfl  # noqa: F401  before torch, as in every copfl process: idle OpenMP threads sleep
import torch  # noqa: E402

torch.set_num_threads(1)  # small tensors: one thread is faster and avoids oversubscription

def pytest_runtest_setup(item):
    """``@pytest.mark.extra("flwr")``: the test skips where the extra's module is absent."""
    from helpers import missing_extra

    for mark in item.iter_markers("extra"):
        for module in mark.args:
            reason = missing_extra(module)
            if importlib.util.find_spec(module) is None:
                pytest.skip(reason)


# A 1x1 PNG: what a figure's file holds in tests not marked real_plots.
STAND_IN_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000d49444154789c6360606060000000050001a5f645400000000049454e44ae426082"
)


@pytest.fixture(autouse=True)
def _stand_in_pngs(request, monkeypatch):
    """Every figure is built (its data, axes, labels), but only tests marked ``real_plots``
    rasterize it: writing the PNGs is most of a tiny run's time (~1 s of a 2-round run)."""
    if request.node.get_closest_marker("real_plots"):
        return
    from copfl.results import plots
    from copfl.io import atomic_write

    def save(fig, path, dpi=110):
        atomic_write(path, lambda f: f.write(STAND_IN_PNG), binary=True)
        plots._pyplot().close(fig)

    monkeypatch.setattr(plots, "_save", save)


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    """Every test gets its own cache directory, so no test reads another's cache."""
    monkeypatch.setenv("COPFL_CACHE_DIR", str(tmp_path / "cache"))


@pytest.fixture
def real_data_dir() -> Path:
    """The directory of real data sets named by COPFL_TEST_DATA (CI points it at ../shared/data)."""
    d = os.environ.get("COPFL_TEST_DATA")
    if not d or not Path(d).is_dir():
        pytest.skip("set COPFL_TEST_DATA to a directory holding the real data sets")
    return Path(d)


@pytest.fixture
def clean_registries():
    """The built-in registries (algorithms, models, data sets) and no loaded plugin after the
    test, whatever it registered or loaded: a plugin's names never leak into later tests."""
    from copfl import plugins
    from copfl.algorithms.base import ALGORITHMS
    from copfl.data.sources.registry import SOURCES
    from copfl.core.models import MODELS

    regs = (ALGORITHMS, MODELS, SOURCES, plugins._LOADED, plugins._BY_SPEC)
    saved = [dict(r) for r in regs]
    yield
    for reg, old in zip(regs, saved):
        reg.clear()
        reg.update(old)
    plugins.reset_entry_points()
