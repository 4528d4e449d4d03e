"""Plugins (issue 39): a user's module registers algorithms, models (and data sets, search spaces)
that every subcommand then knows; installed packages through the copfl.plugins entry point."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from copfl import plugins
from copfl.algorithms.base import ALGORITHMS, get_algorithm
from copfl.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "plugin_algorithm.py"


@pytest.fixture(autouse=True)
def _clean(clean_registries):
    """Each test sees the built-in registries and no loaded plugin, whatever it registers."""
    yield


ALGO = textwrap.dedent('''
    from dataclasses import dataclass
    from copfl.algorithms.base import Algorithm, ClientResult, register, weights_by_samples
    from copfl.algorithms.search_space import sgd_space

    @register
    class Avg(Algorithm):
        name = "{name}"
        description = "an average, from a plugin"
        search_space = sgd_space(paper_momentum=0.5)

        @dataclass(frozen=True)
        class Config:
            shrink: float = 1.0

        def init_server(self, init):
            return {{"w": init.clone()}}

        def broadcast(self, sctx, server, client):
            return {{"w": server["w"]}}

        def client_update(self, ctx, message, state):
            stats = ctx.train(message["w"])
            return ClientResult({{"w": ctx.workspace.params.clone(), "num_samples": ctx.data.num_train}}, state, stats)

        def aggregate(self, sctx, server, uploads):
            w = self.combine([u["w"] for _, u in uploads], weights_by_samples(uploads), [c for c, _ in uploads])
            return {{"w": self.config.shrink * w}}, {{}}

        def personalized(self, ctx, message, state):
            return message["w"]
''')


def _plugin(tmp_path, name="my-avg", file="my_plugin.py"):
    path = tmp_path / file
    path.write_text(ALGO.format(name=name))
    return path


def test_a_plugin_file_adds_an_algorithm_that_copfl_run_runs(tmp_path, capsys):
    path = _plugin(tmp_path)
    out = tmp_path / "run"
    assert main(["run", "--plugin", str(path), "--algorithm", "my-avg", "--shrink", "1.0", "--rounds", "2", "--out", str(out)]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["algorithm"] == "my-avg" and summary["rounds_completed"] == 2
    assert summary["final"]["acc_mean"] > 0.1  # it learned something on the embedded digits
    cfg = json.loads((out / "config.json").read_text())["config"]
    assert cfg["plugins"] == str(path.resolve())  # recorded (absolute): --resume finds it again


def test_the_plugin_algorithm_equals_fedavg_bit_for_bit(tmp_path):
    """shrink = 1 is FedAvg's weighted average with the same SGD: the same figures."""
    path = _plugin(tmp_path)
    assert main(["run", "--plugin", str(path), "--algorithm", "my-avg", "--rounds", "2", "--lr", "0.05", "--out", str(tmp_path / "a")]) == 0
    assert main(["run", "--algorithm", "fedavg", "--rounds", "2", "--lr", "0.05", "--out", str(tmp_path / "b")]) == 0
    a = [json.loads(line) for line in (tmp_path / "a" / "metrics.jsonl").read_text().splitlines()]
    b = [json.loads(line) for line in (tmp_path / "b" / "metrics.jsonl").read_text().splitlines()]
    assert [r["acc_mean"] for r in a] == [r["acc_mean"] for r in b]
    assert [r["train_loss"] for r in a] == [r["train_loss"] for r in b]


def test_list_shows_the_origin_of_each_name(tmp_path, capsys):
    path = _plugin(tmp_path)
    assert main(["list", "--plugin", str(path)]) == 0
    text = capsys.readouterr().out
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("my-avg"))
    assert f"[plugin {path.resolve()}]" in line
    fedavg = next(ln for ln in text.splitlines() if ln.strip().startswith("fedavg "))
    assert "[" not in fedavg  # built-in: no tag


def test_a_plugin_that_fails_to_import_is_named(tmp_path, capsys):
    bad = tmp_path / "broken.py"
    bad.write_text("import not_a_module_anywhere\n")
    assert main(["run", "--plugin", str(bad), "--algorithm", "fedavg"]) == 2
    err = capsys.readouterr().err
    assert f"plugin {str(bad)!r} failed to import" in err and "not_a_module_anywhere" in err
    assert main(["list", "--plugin", "no_such_plugin_module"]) == 2
    assert "plugin 'no_such_plugin_module': no module of that name" in capsys.readouterr().err
    assert main(["list", "--plugin", str(tmp_path / "missing.py")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_a_plugin_that_registers_an_existing_name_is_named(tmp_path, capsys):
    path = _plugin(tmp_path, name="fedavg", file="clash.py")
    assert main(["list", "--plugin", str(path)]) == 2
    err = capsys.readouterr().err
    assert "algorithm name 'fedavg' is already registered (built-in)" in err and "clash.py" in err
    model = tmp_path / "model_clash.py"
    model.write_text("from copfl.core.models import register_model\n@register_model('cnn')\ndef cnn(spec):\n    return None\n")
    assert main(["list", "--plugin", str(model)]) == 2
    assert "model name 'cnn' is already registered (built-in)" in capsys.readouterr().err


def test_loading_a_plugin_twice_is_one_load(tmp_path):
    path = _plugin(tmp_path)
    first = plugins.load_plugin(str(path))
    assert plugins.load_plugin(str(path)) is first
    assert plugins.load_plugins(f"{path},{path}") == [first, first]


def test_a_plugin_model_is_usable_by_name(tmp_path):
    path = tmp_path / "model_plugin.py"
    path.write_text(textwrap.dedent('''
        import math
        from torch import nn
        from copfl.core.models import register_model

        @register_model("my-linear")
        def my_linear(spec, **options):
            return nn.Sequential(nn.Flatten(), nn.Linear(math.prod(spec.input_shape), spec.num_classes))
    '''))
    out = tmp_path / "run"
    assert main(["run", "--plugin", str(path), "--algorithm", "fedavg", "--model", "my-linear", "--rounds", "1", "--out", str(out)]) == 0
    assert json.loads((out / "config.json").read_text())["config"]["model"] == "my-linear"


def test_the_example_plugin_runs_and_is_fedavg_at_zero_momentum(tmp_path):
    """examples/plugin_algorithm.py: importing it only registers example-fedavgm; with server
    momentum 0 and server rate 1 it is FedAvg's round (the same accuracy figures)."""
    before = set(ALGORITHMS)
    plugins.load_plugin(str(EXAMPLE))
    assert set(ALGORITHMS) - before == {"example-fedavgm"}
    args = ["--rounds", "2", "--lr", "0.05", "--momentum", "0.5"]
    assert main(["run", "--plugin", str(EXAMPLE), "--algorithm", "example-fedavgm", "--server-momentum", "0", *args, "--out", str(tmp_path / "m")]) == 0
    assert main(["run", "--algorithm", "fedavg", *args, "--out", str(tmp_path / "f")]) == 0
    m = json.loads((tmp_path / "m" / "summary.json").read_text())["final"]
    f = json.loads((tmp_path / "f" / "summary.json").read_text())["final"]
    assert m["acc_mean"] == pytest.approx(f["acc_mean"], abs=1e-12)
    assert m["train_loss"] == pytest.approx(f["train_loss"], rel=1e-6)


def test_server_momentum_step_by_hand():
    import torch

    plugins.load_plugin(str(EXAMPLE))
    step = sys.modules[next(k for k, v in plugins._LOADED.items() if v == str(EXAMPLE))].server_momentum_step
    w, avg, v = torch.tensor([1.0, 2.0]), torch.tensor([0.0, 3.0]), torch.tensor([0.5, -0.5])
    new_w, new_v = step(w, avg, v, lr=0.5, beta=0.9)
    # d = w - avg = [1, -1]; v' = 0.9 v + d = [1.45, -1.45]; w' = w - 0.5 v' = [0.275, 2.725]
    assert torch.allclose(new_v, torch.tensor([1.45, -1.45])) and torch.allclose(new_w, torch.tensor([0.275, 2.725]))


def _installed_package(site: Path) -> None:
    """A tiny installed distribution: a module and its dist-info with a copfl.plugins entry point."""
    (site / "tinyplug").mkdir(parents=True)
    (site / "tinyplug" / "__init__.py").write_text(ALGO.format(name="tiny-ep-avg"))
    info = site / "tinyplug-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tinyplug\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[copfl.plugins]\ntiny = tinyplug\n")


def test_an_installed_package_registers_through_the_entry_point(tmp_path, monkeypatch):
    site = tmp_path / "site"
    _installed_package(site)
    monkeypatch.syspath_prepend(str(site))
    plugins.reset_entry_points()
    assert get_algorithm("tiny-ep-avg").name == "tiny-ep-avg"  # a registry miss loads the entry points
    assert "entry point 'tiny'" in plugins.origin(ALGORITHMS["tiny-ep-avg"].__module__)


@pytest.mark.slow  # whole processes / a whole table: seconds each (CI's slow step)
def test_the_entry_point_plugin_from_the_command_line(tmp_path):
    site = tmp_path / "site"
    _installed_package(site)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-m", "copfl", "list"], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    line = next(ln for ln in out.stdout.splitlines() if ln.strip().startswith("tiny-ep-avg"))
    assert "[plugin entry point 'tiny' (tinyplug, package tinyplug)]" in line


def test_version_flag_and_python_m(capsys):
    import copfl

    with pytest.raises(SystemExit) as e:
        from copfl.cli import build_parser

        build_parser().parse_args(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out.strip() == f"copfl {copfl.__version__}"
    out = subprocess.run([sys.executable, "-m", "copfl", "--version"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == f"copfl {copfl.__version__}"


@pytest.mark.slow  # whole processes / a whole table: seconds each (CI's slow step)
def test_resume_loads_the_recorded_plugin(tmp_path):
    """config.json records the plugin: --resume in a fresh process finds the algorithm again."""
    path = _plugin(tmp_path)
    out = tmp_path / "run"
    assert main(["run", "--plugin", str(path), "--algorithm", "my-avg", "--rounds", "1", "--checkpoint-every", "1", "--out", str(out)]) == 0
    env = {**os.environ}
    done = subprocess.run([sys.executable, "-m", "copfl", "run", "--resume", str(out), "--rounds", "2"], capture_output=True, text=True,
                          env=env, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads((out / "summary.json").read_text())["rounds_completed"] == 2


@pytest.mark.extra("flwr")  # copfl flower new needs Flower
def test_a_flower_app_carries_its_plugins(tmp_path):
    """copfl flower new --plugin: the app's run config names the plugin, and building the run
    config in a process that never saw it (the SuperNodes') loads it."""
    import tomllib

    from copfl.execution.config import RunConfig

    path = _plugin(tmp_path)
    app = tmp_path / "app"
    assert main(["flower", "new", str(app), "--plugin", str(path), "--algorithm", "my-avg", "--rounds", "1"]) == 0
    cfg = json.loads(tomllib.loads((app / "pyproject.toml").read_text())["tool"]["flwr"]["app"]["config"]["copfl-config"])
    assert cfg["plugins"] == str(path.resolve()) and cfg["algorithm"] == "my-avg"
    del ALGORITHMS["my-avg"]
    plugins._BY_SPEC.clear()
    assert RunConfig(**cfg).resolved().algorithm == "my-avg" and "my-avg" in ALGORITHMS
