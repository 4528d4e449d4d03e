"""Plugins: a user's own algorithms, data sets, models and search spaces, from their own module.

A plugin is any Python module (an importable name or a ``.py`` file) that registers things with
the decorators the package itself uses: :func:`copfl.algorithms.register` (an algorithm, with its
``search_space`` declared on the class), :func:`copfl.data.sources.registry.register_dataset`
and :func:`copfl.core.models.register_model`. Importing it must have no other effect. Two ways in:

* ``--plugin MODULE_OR_PATH.py`` (repeatable) on ``copfl run``, ``compare``, ``tune``, ``list``,
  ``partition``, ``reproduce`` and ``flower new``, or ``plugins="a.py,pkg.mod"`` in a
  :class:`~copfl.execution.config.RunConfig` (the run's config.json records it, so ``--resume`` and a
  Flower app load the same plugins);
* an installed package's entry point in the group ``copfl.plugins``, e.g. in its
  pyproject.toml ``[project.entry-points."copfl.plugins"] mine = "my_pkg.copfl_plugin"``:
  loaded on the first use of a registry (:func:`load_entry_points`), never at ``import copfl``.

A plugin that fails to import, or that registers a name that already exists, is a
:class:`PluginError` naming the plugin. ``copfl list`` shows each name's origin.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ENTRY_POINT_GROUP = "copfl.plugins"

# module name -> what the user named (a path or a module), for origins and messages
_LOADED: dict[str, str] = {}
_BY_SPEC: dict[str, ModuleType] = {}
_ENTRY_POINTS_LOADED = False


class PluginError(ValueError):
    """A plugin could not be loaded: it failed to import, or it registered a name that exists."""


def split_specs(specs: str | list[str] | tuple[str, ...] | None) -> list[str]:
    """``"a.py,pkg.mod"`` or a list of them -> ``["a.py", "pkg.mod"]`` (empty parts dropped)."""
    if not specs:
        return []
    parts = [specs] if isinstance(specs, str) else list(specs)
    return [s.strip() for p in parts for s in str(p).split(",") if s.strip()]


def _is_path(spec: str) -> bool:
    return spec.endswith(".py") or "/" in spec or "\\" in spec


def load_plugin(spec: str) -> ModuleType:
    """Import one plugin (a ``.py`` file or an importable module name); loading the same one
    again returns the module already loaded."""
    key = str(Path(spec).resolve()) if _is_path(spec) else spec
    if key in _BY_SPEC:
        return _BY_SPEC[key]
    try:
        if _is_path(spec):
            path = Path(spec)
            if not path.is_file():
                raise PluginError(f"plugin {spec!r}: no such file (a plugin is a .py file or an importable module name)")
            name = f"copfl_plugin_{path.stem}_{hashlib.sha1(key.encode()).hexdigest()[:8]}"
            module_spec = importlib.util.spec_from_file_location(name, path)
            if module_spec is None or module_spec.loader is None:
                raise PluginError(f"plugin {spec!r}: cannot be imported as a Python module")
            module = importlib.util.module_from_spec(module_spec)
            sys.modules[name] = module
            _LOADED[name] = spec
            try:
                module_spec.loader.exec_module(module)
            except BaseException:
                sys.modules.pop(name, None)
                raise
        else:
            _LOADED.setdefault(spec, spec)
            module = importlib.import_module(spec)
    except PluginError:
        raise
    except ModuleNotFoundError as e:
        if e.name and spec.split(".")[0] == e.name.split(".")[0]:
            raise PluginError(f"plugin {spec!r}: no module of that name (a plugin is a .py file or an importable module name)") from e
        raise PluginError(f"plugin {spec!r} failed to import: {type(e).__name__}: {e}") from e
    except Exception as e:
        raise PluginError(f"plugin {spec!r} failed to import: {type(e).__name__}: {e}") from e
    _BY_SPEC[key] = module
    return module


def load_plugins(specs: str | list[str] | tuple[str, ...] | None) -> list[ModuleType]:
    """Import every plugin of ``specs`` (see :func:`split_specs`), in order."""
    return [load_plugin(s) for s in split_specs(specs)]


def load_entry_points() -> list[str]:
    """Load the installed packages' plugins (entry-point group ``copfl.plugins``), once per
    process; returns the entry points loaded by this call."""
    global _ENTRY_POINTS_LOADED
    if _ENTRY_POINTS_LOADED:
        return []
    _ENTRY_POINTS_LOADED = True
    loaded = []
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        where = f"entry point {ep.name!r} ({ep.value}" + (f", package {ep.dist.name}" if getattr(ep, "dist", None) else "") + ")"
        _LOADED.setdefault(ep.value.split(":")[0], where)
        try:
            ep.load()
        except PluginError as e:
            raise PluginError(f"plugin {where}: {e}") from e
        except Exception as e:
            raise PluginError(f"plugin {where} failed to import: {type(e).__name__}: {e}") from e
        loaded.append(ep.name)
    return loaded


def any_loaded() -> bool:
    """Whether this process has loaded a plugin (``--plugin``, a config's ``plugins`` or an
    installed package's entry point)."""
    return bool(_LOADED)


def reset_entry_points() -> None:
    """Let the next :func:`load_entry_points` look again (for tests and long sessions that
    install a package)."""
    global _ENTRY_POINTS_LOADED
    _ENTRY_POINTS_LOADED = False


def origin(module: str | None) -> str:
    """Where a registered name comes from: ``built-in`` for copfl's own, else the plugin as the
    user named it (a path, a module or an entry point), else the defining module."""
    if not module:
        return "unknown"
    if module in ("copfl", "built-in") or module.startswith("copfl."):
        return "built-in"
    top = module
    while top:
        if top in _LOADED:
            return f"plugin {_LOADED[top]}"
        top = top.rpartition(".")[0]
    return f"module {module}"


def duplicate(kind: str, name: str, existing_module: str | None, new_module: str | None) -> PluginError:
    """The error for a registration under a name that exists."""
    return PluginError(
        f"{kind} name {name!r} is already registered ({origin(existing_module)}); "
        f"{origin(new_module)} registers it again: choose another name"
    )
