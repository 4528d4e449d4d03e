"""Pickle-format data files read without running code.

Data sets come from third parties and are passed between people. A pickle is a program: a
plain :func:`pickle.load` of a crafted file imports and calls whatever it names (``os.system``
included) before any check of its content can run. Every pickle-format file copfl reads (the
CIFAR "python version" batches, the Mini-ImageNet cache pickles) goes through
:func:`restricted_loads`, whose unpickler resolves only the globals that those formats need to
rebuild numpy arrays; dicts, lists, tuples, strings, bytes and numbers need no global at all.
Any other global is refused with :class:`UnsafePickleError`, naming the file and the global,
before anything is called.
"""

from __future__ import annotations

import io
import pickle
from typing import Any

from copfl.data.sources.dataset import DataError

# (module, name) -> where the object really lives. numpy 2 moved numpy.core to numpy._core; a
# pickle written by numpy 1 names the old module, one written by numpy 2 the new one.
_ALLOWED: dict[tuple[str, str], tuple[str, str]] = {}
for _mod in ("numpy.core.multiarray", "numpy._core.multiarray"):
    _ALLOWED[(_mod, "_reconstruct")] = ("numpy._core.multiarray", "_reconstruct")  # an ndarray's shell
    _ALLOWED[(_mod, "scalar")] = ("numpy._core.multiarray", "scalar")  # a numpy scalar (np.int64(3))
for _mod in ("numpy.core.numeric", "numpy._core.numeric"):
    _ALLOWED[(_mod, "_frombuffer")] = ("numpy._core.numeric", "_frombuffer")  # protocol 5's out-of-band arrays
_ALLOWED[("numpy", "ndarray")] = ("numpy", "ndarray")
_ALLOWED[("numpy", "dtype")] = ("numpy", "dtype")
_ALLOWED[("_codecs", "encode")] = ("_codecs", "encode")  # bytes in a protocol-2 pickle written by Python 3

ALLOWED_GLOBALS = tuple(sorted(f"{m}.{n}" for m, n in _ALLOWED))


class UnsafePickleError(DataError):
    """A pickle names a global that the data formats never need: it is refused unrun."""


class _RestrictedUnpickler(pickle.Unpickler):
    def __init__(self, file: Any, where: str, **kw: Any) -> None:
        super().__init__(file, **kw)
        self.where = where

    def find_class(self, module: str, name: str) -> Any:
        target = _ALLOWED.get((module, name))
        if target is None:
            raise UnsafePickleError(
                f"{self.where}: refused to load it: the pickle asks for {module}.{name}, which a data file never needs "
                f"(a pickle can run code; copfl admits only {', '.join(ALLOWED_GLOBALS)}). "
                "Get the file again from its official source."
            )
        import importlib

        return getattr(importlib.import_module(target[0]), target[1])

    def persistent_load(self, pid: Any) -> Any:
        raise UnsafePickleError(f"{self.where}: refused to load it: the pickle uses persistent ids, which a data file never needs")


def restricted_loads(raw: bytes, where: str, encoding: str = "ASCII") -> Any:
    """The object pickled in ``raw`` (read from ``where``, named in errors), built from plain
    containers, strings, bytes, numbers and numpy arrays only; any other global raises
    :class:`UnsafePickleError` before it is called. ``encoding`` as for :func:`pickle.loads`
    (``"bytes"`` for Python 2 pickles such as CIFAR's batches)."""
    return _RestrictedUnpickler(io.BytesIO(raw), where, encoding=encoding).load()
