"""What the commands say about a run before and after it: a dry run's lines (what would run, the
data, the expected time) and percentages as the tables write them."""

from __future__ import annotations

from pathlib import Path

from copfl.data.sources.registry import SOURCES
from copfl.execution.config import RunConfig


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.2f}%"

def data_line(cfg: RunConfig) -> str:
    """A dry run's data line: the data set embedded, found where, or missing and how to obtain it."""
    from copfl.data.sources.dataset import default_data_dir
    from copfl.app.estimate import data_status

    src = SOURCES[cfg.dataset]
    if src.embedded is not None:
        return f"data: {cfg.dataset}, embedded (nothing to load from disk)"
    root = Path(cfg.data_dir).expanduser() if cfg.data_dir else default_data_dir()
    try:
        st = data_status([cfg.dataset], root, Path(cfg.cache_dir) if cfg.cache_dir else None)[cfg.dataset]
    except (AttributeError, KeyError, OSError, TypeError):  # a plugin's source that data_status cannot read
        return f"data: {cfg.dataset} (a source copfl cannot look up without loading it)"
    if st["found"] is not None:
        return f"data: {cfg.dataset} found at {st['found']}"
    fetch = "; --download fetches it" if st.get("download") else ""
    return f"data: {cfg.dataset} NOT FOUND in {root}{'' if root.is_dir() else ' (no such directory)'}{fetch}; to obtain it: {st['how_to_get']}"

def dry_run_text(what: list[str], cfgs: list[RunConfig], extra_seconds: float = 0.0) -> str:
    """A dry run's report: what would run, each data set's line, and the expected time of the
    runs ``cfgs`` (plus ``extra_seconds``) on this kind of CPU (copfl.app.estimate)."""
    from copfl.app.estimate import estimate_seconds, format_duration

    lines = list(what)
    lines += list(dict.fromkeys(data_line(c) for c in cfgs))
    total = extra_seconds + (estimate_seconds(cfgs) if cfgs else 0.0)
    lines.append(f"total: about {format_duration(total)} on this kind of CPU (+-50%); nothing was run")
    return "\n".join(lines)

def run_text(cfg: RunConfig) -> str:
    """One resolved run in a line: algorithm, data, split, rounds, model and optimizer."""
    part = cfg.partition + (f" ({cfg.classes_per_client} classes/client)" if cfg.partition in ("label-skew", "pathological") else
                            f" (alpha {cfg.alpha})" if cfg.partition == "dirichlet" else "")
    return (f"{cfg.algorithm} on {cfg.dataset}: {cfg.clients} clients, {part} partition, {cfg.rounds} rounds, model {cfg.model}, "
            f"{cfg.optimizer} lr {cfg.lr:g}, seed {cfg.seed}")
