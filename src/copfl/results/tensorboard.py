"""TensorBoard logs of a run (``copfl run ... --tensorboard``; the optional extra
``pip install 'copfl[tensorboard]'``).

:class:`TensorBoardLogger` is an engine callback. It writes, into its log folder (a run's
``<results folder>/tensorboard``):

* the run's config as text (tag ``config``, an indented JSON block), at the run's (or its
  resume's) starting round;
* every numeric top-level value of each round record (what ``metrics.csv`` holds: ints and
  floats, NaN and infinity included; booleans, nested values such as ``per_client`` and the
  ``round`` itself are left out) as a scalar at step = the round, under a tag grouped by kind
  (:func:`tag`): ``accuracy/`` (``acc_*``, ``val_acc_*``, ``unseen_acc_*``...), ``loss/``
  (``*loss*``), ``traffic/`` (``bytes_*``), ``privacy/`` (``epsilon*``), ``cost/``
  (``*flops*``), and ``other/`` for the rest. New record keys need no change here.

A resumed run (the engine's state past round 0 at the start) hides what an earlier session
wrote after the resumed round (TensorBoard's purge step), so no round appears twice.

:func:`read_scalars` reads the logs back in Python (tag -> ``[(round, value), ...]``).
"""

from __future__ import annotations

import json
import numbers
import sys
from pathlib import Path
from typing import Any

import numpy as np

from copfl.engine.loop import Callback, Engine
from copfl.engine.rounds import RunState

MISSING_EXTRA = (
    "note: --tensorboard needs the optional extra (pip install 'copfl[tensorboard]'); "
    "this run writes no TensorBoard logs"
)
CONFIG_TAG = "config"


def available() -> bool:
    """Whether TensorBoard's writer can be used (the ``tensorboard`` package is installed)."""
    try:
        import torch.utils.tensorboard  # noqa: F401  (raises ImportError without tensorboard)
    except ImportError:
        return False
    return True


def tag(key: str) -> str:
    """The TensorBoard tag of a round record's key: its kind, a slash, the key."""
    if key.startswith("acc_") or "_acc_" in key or key.endswith("_acc"):
        group = "accuracy"
    elif "loss" in key:
        group = "loss"
    elif key.startswith("bytes_"):
        group = "traffic"
    elif key.startswith("epsilon"):
        group = "privacy"
    elif "flops" in key:
        group = "cost"
    else:
        group = "other"
    return f"{group}/{key}"


def numeric(value: Any) -> bool:
    """An int or a float (numpy's too; NaN and infinity included), not a bool."""
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def round_scalars(record: dict[str, Any]) -> dict[str, float]:
    """A round record's values as TensorBoard scalars: tag -> value (see :func:`tag`)."""
    return {tag(k): float(v) for k, v in record.items() if k != "round" and numeric(v)}


def config_text(config: dict[str, Any]) -> str:
    """The config as Markdown: a JSON block (indented, so it renders as code)."""
    body = json.dumps(config, indent=2, default=str)
    return "\n".join("    " + line for line in body.splitlines())


class TensorBoardLogger(Callback):
    """Writes a run's config and per-round scalars into ``logdir`` (TensorBoard's event
    files); flushed after every round, closed at the run's end."""

    def __init__(self, logdir: str | Path, config: dict[str, Any]) -> None:
        self.logdir = Path(logdir)
        self.config = config
        self.writer: Any = None

    def on_run_start(self, engine: Engine, state: RunState) -> None:
        from torch.utils.tensorboard import SummaryWriter

        self.close()
        self.logdir.mkdir(parents=True, exist_ok=True)
        # Everything an earlier session wrote at a step >= purge_step is hidden from readers:
        # a fresh run starts clean (0), a resumed one keeps the rounds up to its state's.
        purge = state.round + 1 if state.round else 0
        self.writer = SummaryWriter(log_dir=str(self.logdir), purge_step=purge)
        self.writer.add_text(CONFIG_TAG, config_text(self.config), global_step=state.round)
        self.writer.flush()

    def on_round_end(self, engine: Engine, state: RunState, record: dict[str, Any]) -> None:
        if self.writer is None:
            return
        step = int(record["round"])
        for name, value in round_scalars(record).items():
            self.writer.add_scalar(name, value, global_step=step)
        self.writer.flush()

    def on_run_end(self, engine: Engine, state: RunState) -> None:
        self.close()

    def close(self) -> None:
        """Flush and close the event file (safe to call more than once, e.g. after a run that
        ended in an exception, where the engine calls no ``on_run_end``)."""
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def make_logger(logdir: str | Path, config: dict[str, Any]) -> TensorBoardLogger | None:
    """The logger, or None with one line on stderr when the optional extra is not installed
    (the run goes on without TensorBoard logs)."""
    if not available():
        print(MISSING_EXTRA, file=sys.stderr)
        return None
    return TensorBoardLogger(logdir, config)


def _accumulator(logdir: str | Path) -> Any:
    from tensorboard.backend.event_processing import event_accumulator as ea

    acc = ea.EventAccumulator(str(logdir), size_guidance={ea.SCALARS: 0, ea.TENSORS: 0})
    acc.Reload()
    return acc


def read_scalars(logdir: str | Path) -> dict[str, list[tuple[int, float]]]:
    """The scalars of a TensorBoard log folder (e.g. ``<results folder>/tensorboard``):
    tag -> ``[(step, value), ...]`` in step order, read with the tensorboard package's
    ``EventAccumulator`` (which honours a resumed run's purge step). Values are stored as
    32-bit floats."""
    acc = _accumulator(logdir)
    out = {t: [(e.step, e.value) for e in acc.Scalars(t)] for t in acc.Tags()["scalars"]}
    return {t: v for t, v in out.items() if v}  # a tag whose every value was purged: none


def _text_tag(tags: list[str]) -> str | None:
    for t in tags:
        if t == CONFIG_TAG or t.startswith(CONFIG_TAG + "/"):
            return t
    return None


def read_config_text(logdir: str | Path) -> list[tuple[int, str]]:
    """The config texts of a TensorBoard log folder: ``[(step, markdown), ...]`` (one per
    session of the run: the first at step 0, a resume's at its starting round). Read with the
    accumulator TensorBoard's server uses (``plugin_event_accumulator``): the classic one
    keeps texts that a later session's purge step hides."""
    from tensorboard.backend.event_processing import plugin_event_accumulator as pea
    from tensorboard.util import tensor_util

    acc = pea.EventAccumulator(str(logdir), size_guidance={pea.TENSORS: 0})
    acc.Reload()
    t = _text_tag(acc.Tags()["tensors"])
    if t is None:
        return []
    out = []
    for e in acc.Tensors(t):
        item = tensor_util.make_ndarray(e.tensor_proto).flat[0]
        out.append((e.step, item.decode() if isinstance(item, bytes) else str(item)))
    return out
