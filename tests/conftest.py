import os
from pathlib import Path

import pytest

import copfl  # noqa: F401  before torch, as in every copfl process: idle OpenMP threads sleep
import torch  # noqa: E402

torch.set_num_threads(1)  # small tensors: one thread is faster and avoids oversubscription


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
    from copfl.algorithms import ALGORITHMS
    from copfl.data.sources.registry import SOURCES
    from copfl.models import MODELS

    regs = (ALGORITHMS, MODELS, SOURCES, plugins._LOADED, plugins._BY_SPEC)
    saved = [dict(r) for r in regs]
    yield
    for reg, old in zip(regs, saved):
        reg.clear()
        reg.update(old)
    plugins.reset_entry_points()
