"""What the commands say about a run before and after it: a dry run's lines (what would run, the
data, the expected time), a finished run's summary (at most :data:`WIDTH` columns a line, ending
with what to do next) and percentages as the tables write them."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

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

def _partition_text(cfg: RunConfig) -> str:
    return str(cfg.partition) + (f" ({cfg.classes_per_client} classes/client)" if cfg.partition in ("label-skew", "pathological") else
                                 f" (alpha {cfg.alpha})" if cfg.partition == "dirichlet" else "")

def _clients_text(cfg: RunConfig) -> str:
    """``20 clients``; without a number (a natural partition's default): every client the data set has."""
    return "every client of the data set" if cfg.clients is None else f"{cfg.clients} clients"

def run_text(cfg: RunConfig) -> str:
    """One resolved run in a line: algorithm, data, split, rounds, model and optimizer."""
    return (f"{cfg.algorithm} on {cfg.dataset}: {_clients_text(cfg)}, {_partition_text(cfg)} partition, {cfg.rounds} rounds, "
            f"model {cfg.model}, {cfg.optimizer} lr {cfg.lr:g}, seed {cfg.seed}")

def problem_line(cfg: RunConfig, seeds: list[int] | None = None) -> str:
    """A dry run's problem line (a resolved config): what every row or trial runs on: data set,
    clients, partition, rounds, model (and the seeds)."""
    seed = f"; seeds {', '.join(map(str, seeds))}" if seeds and len(seeds) > 1 else f"; seed {seeds[0] if seeds else cfg.seed}"
    return (f"problem: {cfg.dataset}, {_clients_text(cfg)}, {_partition_text(cfg)} partition, {cfg.rounds} rounds, "
            f"model {cfg.model}{seed}")

def results_line(out: Path, note: str = "") -> str:
    """A dry run's line naming the folder the command would write (nothing is made now)."""
    return f"results: {out}" + (f" ({note})" if note else "")


WIDTH = 80  # a terminal's columns: the summary's lines fit (a path longer than that keeps its own line)


def fit(text: str) -> list[str]:
    """``text`` in lines of at most :data:`WIDTH` columns, continued lines indented; a word (a
    path, a command) is never broken."""
    return textwrap.wrap(text, WIDTH, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False) or [""]


def summary_lines(summary: dict[str, Any], out: Path, hint: str | None = None) -> list[str]:
    """A finished run's summary as ``copfl run`` prints it (summary.json's figures), each line at
    most :data:`WIDTH` columns; ``hint`` (:func:`next_hint`), when given, is the last line."""
    fin, best = summary["final"], summary["best"]
    seconds = summary["timing"].get("seconds_total", summary["timing"]["seconds"])
    text = [f"{summary['algorithm']} on {summary['dataset']}: {summary['rounds_completed']} rounds in {seconds:.1f} s",
            f"personalized accuracy, mean over clients: {pct(fin['acc_mean'])} (final, round {fin['round']})",
            f"  best round {pct(best['acc_mean'])} (round {best['round']}, picked on test data)"]
    sel = summary.get("selected")
    if sel:
        text.append(f"  selected on validation data {pct(sel['acc_mean'])} (round {sel['round']}; validation {pct(sel.get('val_acc_mean'))})")
    text.append(f"  sample-weighted {pct(fin['acc_weighted'])} (final), {pct(best['acc_weighted'])} (best round)")
    if "acc_worst10" in fin:
        text.append(f"fairness, last round: worst 10% {pct(fin['acc_worst10'])}, lowest {pct(fin['acc_min'])}, "
                    f"std {100 * fin['acc_std']:.2f} points")
    un = summary.get("unseen")
    if un:
        gap = "-" if un.get("gap") is None else f"{100 * un['gap']:+.2f} points"
        text.append(f"unseen clients (newcomers), round {un['round']}: {pct(un['acc_mean'])}, gap to the others {gap}")
    atk = summary.get("attack")
    if atk:
        w = "-" if atk.get("attacker_weight_mean") is None else f"{atk['attacker_weight_mean']:.3f}"
        text += [(f"attack {atk['kind']}: {len(atk['attackers'])} attackers (clients {', '.join(map(str, atk['attackers']))}); "
                  "figures above: honest clients'"),
                 f"  the attackers' own accuracy {pct(atk.get('attacker_acc_mean'))}; weight given to them {w} (round mean)"]
    priv = summary.get("privacy") or {}
    if priv.get("noise"):  # differential privacy on: what the run spent
        eps = priv.get("epsilon")
        text += [(f"differential privacy: {priv.get('mode')} mode, noise {priv['noise']:g}, clip {priv.get('clip'):g}, "
                  f"{summary['rounds_completed']} rounds"),
                 f"  (epsilon, delta) = ({'inf' if eps is None else f'{eps:.3g}'}, {priv.get('delta'):g})"]
    text.append(f"train loss (last round) {fin['train_loss']:.4f}")
    text.append(f"results: {out}")
    if hint:
        text.append(hint)
    return [line for t in text for line in fit(t)]


def next_hint(summary: dict[str, Any], config: Path, seeds: int = 1) -> str | None:
    """The summary's last line: the command that compares the run's method with Local, FedAvg
    and CO-PFL on the same problem (its ``config``: the run's config.toml); None when the run
    did not complete or left no config.toml."""
    if summary.get("status", "completed") != "completed" or not config.is_file():
        return None
    algorithms = ",".join(dict.fromkeys(["local", "fedavg", str(summary["algorithm"]), "co-pfl"]))
    return f"next: copfl compare --algorithms {algorithms} --config {config}" + (f" --seeds {seeds}" if seeds > 1 else "")
