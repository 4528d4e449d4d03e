"""examples/ never rot: each runs here at tiny scale (one or two rounds) and gives real figures."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _clean(clean_registries):
    """The data sets an example registers on import are gone after its test."""
    yield


def _example(name: str):
    """Import examples/<name>.py afresh (it registers its data set on import; the registries are
    restored after each test)."""
    key = f"copfl_example_{name}"
    spec = importlib.util.spec_from_file_location(key, ROOT / "examples" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[key] = mod
    spec.loader.exec_module(mod)
    return mod


def test_every_example_is_tested_here():
    tested = {"numpy_dataset", "torch_dataset", "compare_from_python", "plugin_algorithm"}  # the plugin: tests/test_plugins.py
    assert {p.stem for p in (ROOT / "examples").glob("*.py")} == tested


def test_numpy_dataset_example(tmp_path, capsys):
    result = _example("numpy_dataset").main(out=str(tmp_path / "np"), rounds=2)
    assert result.summary["rounds_completed"] == 2 and result.summary["dataset"] == "example-corners"
    assert result.accuracy > 0.5  # four corner blocks: easy once trained
    assert "ditto on example-corners" in capsys.readouterr().out


def test_torch_dataset_example(tmp_path):
    mod = _example("torch_dataset")
    ds = mod.Stripes(12, seed=0)
    x, y = ds[0]
    assert tuple(x.shape) == (3, 12, 12) and isinstance(y, int)
    result = mod.main(out=str(tmp_path / "t"), rounds=1)
    assert set(result.runs) == {"local", "fedavg"}
    assert all(r.summary["rounds_completed"] == 1 for r in result.runs.values())


def test_compare_from_python_example(tmp_path):
    path = _example("compare_from_python").main(out=str(tmp_path / "c"), rounds=1)
    assert path.is_file() and path.stat().st_size > 5000  # a real figure


@pytest.mark.parametrize("name", ["numpy_dataset", "torch_dataset", "compare_from_python", "plugin_algorithm"])
def test_examples_have_a_docstring_that_says_how_to_run_them(name):
    text = (ROOT / "examples" / f"{name}.py").read_text()
    assert text.startswith('"""') and ("python examples/" in text or "copfl run --plugin examples/" in text)
