"""copfl: personalized federated learning around CO-PFL, on one round engine.

The Python API (the command line's twin; see ``examples/``):

* :func:`copfl.run`, :func:`copfl.compare` and ``copfl.tune(...)`` run like ``copfl run`` /
  ``copfl compare`` / ``copfl tune``, with the same option names, and return
  :class:`~copfl.api.RunResult` / :class:`~copfl.api.CompareResult` / :class:`~copfl.api.TuneResult`;
  :func:`copfl.read_run` reads a finished run's folder.
* Your own pieces: :func:`copfl.register_algorithm` (a subclass of :class:`copfl.Algorithm`),
  :func:`copfl.register_dataset` with the adapters :func:`copfl.from_numpy`,
  :func:`copfl.from_torch` and :func:`copfl.from_huggingface`, :func:`copfl.register_model`;
  put them in a plugin module and load it with :func:`copfl.load_plugin` or ``--plugin``.
* :class:`copfl.RunConfig`: every run option, as ``copfl run --help`` lists them.

``import copfl`` stays light: each name is imported on first use. When it comes before torch, it
makes idle OpenMP threads sleep (``OMP_WAIT_POLICY=PASSIVE`` unless you set a policy), as the
command line does: see :mod:`copfl.runtime`.
"""

from __future__ import annotations

import importlib
from typing import Any

from copfl.runtime import prefer_passive_wait

prefer_passive_wait()  # before torch loads (every copfl process, the CLI's too, imports this first)

__version__ = "0.1.0"

# public name -> the module that defines it (imported on first use: `import copfl` loads no torch)
_PUBLIC = {
    "run": "copfl.api",
    "compare": "copfl.api",
    "read_run": "copfl.api",
    "RunResult": "copfl.api",
    "CompareResult": "copfl.api",
    "TuneResult": "copfl.api",
    "tune": "copfl.api",
    "RunConfig": "copfl.execution.config",
    "Algorithm": "copfl.algorithms.base",
    "register_algorithm": "copfl.algorithms.base",
    "register_model": "copfl.core.models",
    "register_dataset": "copfl.data.sources.registry",
    "ArrayDataset": "copfl.data.sources.dataset",
    "from_numpy": "copfl.data.adapters",
    "from_torch": "copfl.data.adapters",
    "from_huggingface": "copfl.data.adapters",
    "load_plugin": "copfl.plugins",
    "load_plugins": "copfl.plugins",
    "PluginError": "copfl.plugins",
}
_ALIASES = {"register_algorithm": "register"}

__all__ = ["__version__", *_PUBLIC]


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        module = importlib.import_module(_PUBLIC[name])
        value = getattr(module, _ALIASES.get(name, name))
        globals()[name] = value
        return value
    raise AttributeError(f"module 'copfl' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_PUBLIC))
