"""Algorithms register themselves on import; importing this package imports every module in
it, so a new algorithm is one new module (see docs/writing-an-algorithm.md)."""

import importlib
import pkgutil

for _m in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if _m != "base" and not _m.startswith("_"):
        importlib.import_module(f"{__name__}.{_m}")


