"""Deprecated: ``copfl.experiment`` moved to :mod:`copfl.execution.experiment` (a run from one
configuration) and :mod:`copfl.execution.config` (:class:`RunConfig`). This module forwards the
two names earlier docs showed, ``RunConfig`` and ``run_experiment``, with a warning; import them
from their new modules (or use ``copfl.RunConfig`` and :func:`copfl.run`)."""

from __future__ import annotations

import warnings

from copfl.execution.config import RunConfig
from copfl.execution.experiment import run_experiment

__all__ = ["RunConfig", "run_experiment"]

warnings.warn(
    "copfl.experiment is deprecated: import RunConfig from copfl.execution.config (or copfl.RunConfig) and "
    "run_experiment from copfl.execution.experiment",
    DeprecationWarning,
    stacklevel=2,
)
