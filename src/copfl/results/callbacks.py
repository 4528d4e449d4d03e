"""Reporting callbacks: progress, the results folder, checkpoints.

The results folder of a run::

    config.json / config.toml   the resolved config (seed included) and package versions;
                                config.json also the algorithm's options with their defaults
                                (``algorithm_config``); `copfl run --config config.toml`
                                repeats the run
    metrics.jsonl, metrics.csv  one record per round (deterministic: no wall-clock times;
                                the CSV files' floats have 6 significant digits, the
                                JSON files' every digit)
    clients.csv                 each client's final personalized accuracy and loss
    summary.json                last-round and best-round figures, status, timings; with DP
                                its settings and epsilon (``privacy``), with an attack its
                                figures (``attack``)
    curves.png                  accuracy and loss per round
    checkpoint.pt               (with --checkpoint-every) state to resume from

Every file is written atomically, so an interrupted run leaves complete files behind.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from copfl.algorithms.base import config_values
from copfl.engine.checkpoint import Checkpoint
from copfl.data.sources.dataset import LoadProgress
from copfl.engine.loop import Callback, Engine
from copfl.engine.rounds import RunState
from copfl.io import atomic_write_json, atomic_write_text
from copfl.results.summary import client_rows, csv_rows, csv_text, metric_columns, relevance_figures, run_summary, scalars
from copfl.runtime import peak_rss_mib


class ResultsWriter(Callback):
    """The results folder. ``summary.json`` exists from the first round on: status
    ``running`` while the run goes on, then ``completed``, ``interrupted`` (SIGINT/SIGTERM) or
    ``diverged``; its timing covers the rounds run since the run (or its resume) started, and
    ``seconds_total`` every session of the run."""

    def __init__(
        self, out: str | Path, config: dict[str, Any], config_toml: str, env: dict[str, str], plot: bool = True, run_id: str | None = None
    ) -> None:
        self.out = Path(out)
        self.run_id = run_id  # the run's identity (copfl.execution.runfolder.run_id), recorded in config.json
        self.config = config
        self.config_toml = config_toml
        self.env = env
        self.plot = plot
        self.t0 = 0.0
        self.start_round = 0
        self.earlier_seconds = 0.0  # the seconds of the sessions before a resume
        self.timings: list[dict[str, Any]] = []  # timings.jsonl: each round's seconds by phase
        # what the folder's main files hold, kept in memory as written (JSON values): "config"
        # (config.json), "rounds" (metrics.jsonl), "summary" (summary.json), "clients" (clients.csv's rows)
        self.documents: dict[str, Any] = {}

    def on_run_start(self, engine: Engine, state: RunState) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        self.start_round = state.round
        self.earlier_seconds = _earlier_seconds(self.out / "summary.json") if state.round else 0.0
        self.timings = [t for t in _read_jsonl(self.out / "timings.jsonl") if t.get("round", 0) <= state.round] if state.round else []
        algorithm_config = config_values(engine.algorithm.config)  # its defaults included: they can change between versions
        ident = {"run_id": self.run_id} if self.run_id is not None else {}
        doc = {"config": self.config, **ident, "algorithm_config": algorithm_config, "environment": self.env}
        atomic_write_json(self.out / "config.json", doc)
        self.documents["config"] = _json_copy(doc)
        atomic_write_text(self.out / "config.toml", self.config_toml)
        self.t0 = time.perf_counter()

    def on_round_end(self, engine: Engine, state: RunState, record: dict[str, Any]) -> None:
        h = [scalars(r) for r in state.history]
        atomic_write_text(self.out / "metrics.jsonl", "".join(json.dumps(r) + "\n" for r in h))
        self.documents["rounds"] = h  # new dicts of JSON scalars each round (scalars): nothing to copy
        atomic_write_text(self.out / "metrics.csv", csv_text(h, metric_columns(h)))
        per_client = [{"round": r["round"], **r["per_client"]} for r in state.history if "per_client" in r]
        if per_client:
            atomic_write_text(self.out / "per_client.jsonl", "".join(json.dumps(r) + "\n" for r in per_client))
        if engine.round_timings is not None and engine.round_timings["round"] == record["round"]:
            self.timings.append(engine.round_timings)
            atomic_write_text(self.out / "timings.jsonl", "".join(json.dumps(t) + "\n" for t in self.timings))
        atomic_write_json(self.out / "summary.json", self.summary(engine, state, "running"))

    def summary(self, engine: Engine, state: RunState, status: str, error: str | None = None, **extra: Any) -> dict[str, Any]:
        """summary.json's content (without the relevance agreement, which the final one adds)."""
        entries: dict[str, Any] = dict(extra)
        for ext in engine.extensions:  # privacy (DP settings, epsilon), attack
            entries.update(ext.summary(engine, state))
        summary = run_summary(
            state.history, status=status, algorithm=self.config.get("algorithm"), dataset=self.config.get("dataset"),
            rounds_completed=state.completed_round,  # the last round complete in every file
            rounds_planned=engine.config.rounds, error=error, entries=entries,
        )
        elapsed = time.perf_counter() - self.t0
        timed = state.completed_round - self.start_round
        summary["timing"] = {
            "seconds": round(elapsed, 3),
            "rounds_timed": timed,
            "seconds_per_round": round(elapsed / timed, 4) if timed > 0 else None,
            "seconds_total": round(self.earlier_seconds + elapsed, 3),
            **({"resumed_at_round": self.start_round} if self.start_round else {}),
            **{f"{k}_seconds": round(v, 3) for k, v in engine.timings.items()},
            "peak_rss_mib": peak_rss_mib(),  # this process's (the driver's, with --workers)
            **({"worker_peak_rss_mib": list(engine.executor.peak_mib)} if getattr(engine, "executor", None) is not None else {}),
        }
        return summary

    def write_summary(self, engine: Engine, state: RunState, status: str, error: str | None = None, **extra: Any) -> dict[str, Any]:
        summary = self.summary(engine, state, status, error, **extra)
        if state.last_clients:
            rows, columns = client_rows(state.last_clients, state.last_unseen, engine.attackers)
            atomic_write_text(self.out / "clients.csv", csv_text(rows, columns))
            self.documents["clients"] = csv_rows(rows, columns)  # as the file reads back
        relevance = relevance_figures(state.history, [d.y_train.cpu().numpy() for d in engine.clients], engine.num_clients)
        if relevance is not None:
            summary["relevance"] = relevance[2]
        atomic_write_json(self.out / "summary.json", summary)
        self.documents["summary"] = _json_copy(summary)
        if self.plot and state.history:
            from copfl.results.plots import plot_client_logs, plot_curves, run_title

            alg = self.config.get("algorithm", "run")
            title = run_title(self.config, engine.num_clients, state.completed_round)
            plot_curves({alg: state.history}, self.out / "curves.png", title=title)
            if state.last_clients:
                from copfl.results.plots import plot_client_accuracy

                plot_client_accuracy(state.last_clients, self.out / "client-accuracy.png", state.last_unseen,
                                     title=f"{title}: each client's test accuracy after round {state.completed_round}")
            if any("per_client" in r for r in state.history):
                plot_client_logs(state.history, self.out / "clients.png", engine.config.client_fraction < 1.0, title=f"{title}: per-client logs")
            if relevance is not None:
                from copfl.results.plots import plot_relevance

                ag = relevance[2]
                prec = "-" if ag["precision"] is None else f"{ag['precision']:.0%}"
                plot_relevance(relevance[0], relevance[1], self.out / "relevance.png",
                               title=f"{alg} relevance, round {state.round}\n{prec} of positive scores on clients sharing a label")
        return summary

    def on_run_end(self, engine: Engine, state: RunState) -> None:
        self.write_summary(engine, state, "completed")


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    """The records of a JSON-lines file (none when it is missing or unreadable)."""
    try:
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    except (OSError, ValueError):
        return []


def _earlier_seconds(path: Path) -> float:
    """The wall-clock seconds a resumed run's earlier sessions took (from its summary.json)."""
    try:
        t = json.loads(path.read_text()).get("timing", {})
    except (OSError, json.JSONDecodeError):
        return 0.0
    return float(t.get("seconds_total", t.get("seconds", 0.0)) or 0.0)


class Checkpointer(Callback):
    """Writes ``checkpoint.pt`` every ``every`` rounds and at the end (``every=0``: never), and,
    with ``seconds`` (not None), at the end of a round (not the last) once that many seconds have
    passed since its last checkpoint or the run's start: a run cut short loses at most a round
    or ``seconds``, and a run shorter than that writes none."""

    def __init__(self, path: str | Path, every: int = 0, run_id: str | None = None, seconds: float | None = None) -> None:
        self.path = Path(path)
        self.every = every
        self.seconds = seconds
        self.run_id = run_id  # written into every checkpoint: a resume checks it against config.json's
        self.saved_round: int | None = None  # the round of the last checkpoint this run wrote
        self.last = time.perf_counter()

    def save(self, engine: Engine, state: RunState) -> None:
        t0 = time.perf_counter()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        Checkpoint.of(engine, state, self.run_id).save(self.path)
        for store in (engine.store, engine.server_store):
            store.committed()  # a disk store may now drop the files only the previous checkpoint named
        self.saved_round = state.round
        self.last = time.perf_counter()
        engine.timings["checkpoint"] = engine.timings.get("checkpoint", 0.0) + self.last - t0

    def on_run_start(self, engine: Engine, state: RunState) -> None:
        self.last = time.perf_counter()

    def on_round_end(self, engine: Engine, state: RunState, record: dict[str, Any]) -> None:
        timed = self.seconds is not None and state.round < engine.config.rounds and time.perf_counter() - self.last >= self.seconds
        if (self.every and state.round % self.every == 0) or timed:
            self.save(engine, state)

    def on_run_end(self, engine: Engine, state: RunState) -> None:
        if self.every and self.saved_round != state.round:
            self.save(engine, state)


def _fmt_time(s: float) -> str:
    s = int(round(s))
    return f"{s // 3600}h{s % 3600 // 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s"


class Progress(Callback):
    """A progress bar on a terminal; a line per evaluation otherwise (logs, CI)."""

    def __init__(self, label: str = "", stream: Any = None) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.bar: Any = None
        self.t0 = 0.0
        self.start_round = 0
        self.last_acc: float | None = None

    def on_run_start(self, engine: Engine, state: RunState) -> None:
        self.t0 = time.perf_counter()
        self.start_round = state.round
        if self.stream.isatty():
            from tqdm import tqdm

            self.bar = tqdm(total=engine.config.rounds, initial=state.round, desc=self.label or "rounds", file=self.stream, unit="round")

    def on_round_end(self, engine: Engine, state: RunState, record: dict[str, Any]) -> None:
        if "acc_mean" in record:
            self.last_acc = record["acc_mean"]
        acc = f"{100 * self.last_acc:.1f}%" if self.last_acc is not None else "-"
        if self.bar is not None:
            self.bar.set_postfix_str(f"loss {record['train_loss']:.4f} acc {acc}")
            self.bar.update(1)
        elif "acc_mean" in record:
            done = state.round - self.start_round
            per = (time.perf_counter() - self.t0) / max(done, 1)
            left = per * (engine.config.rounds - state.round)
            print(
                f"{self.label + ' ' if self.label else ''}round {state.round}/{engine.config.rounds}"
                f"  loss {record['train_loss']:.4f}  acc {acc}  {per:.2f} s/round  ~{_fmt_time(left)} left",
                file=self.stream,
                flush=True,
            )

    def on_run_end(self, engine: Engine, state: RunState) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class RunsProgress:
    """Overall progress of a command that makes several runs (compare, --seeds): a line before
    each run, above its own progress, with the runs started so far, the total and, once a run
    has finished, the time spent and an estimate of the time left (the mean run so far)."""

    def __init__(self, total: int, stream: Any = None) -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.started = 0
        self.t0 = time.perf_counter()

    def next(self, label: str) -> str:
        done = self.started
        self.started += 1
        line = f"run {self.started}/{self.total}: {label}"
        if done:
            spent = time.perf_counter() - self.t0
            line += f"  ({_fmt_time(spent)} so far, ~{_fmt_time(spent / done * (self.total - done))} left)"
        print(line, file=self.stream, flush=True)
        return line


class DataProgress(LoadProgress):
    """Loading a data set (what is read from where, decoding, caching): a line per step, and
    for long steps a progress bar on a terminal or a line every ``every`` seconds otherwise."""

    def __init__(self, stream: Any = None, every: float = 10.0) -> None:
        self.stream = stream or sys.stderr
        self.every = every
        self.bar: Any = None
        self.desc, self.unit, self.total, self.done = "", "", 0, 0
        self.t0 = self.last = 0.0

    def _print(self, text: str) -> None:
        print(text, file=self.stream, flush=True)

    def message(self, text: str) -> None:
        if self.bar is not None:
            self.bar.write(text, file=self.stream)
        else:
            self._print(text)

    def start(self, desc: str, total: int, unit: str = "image") -> None:
        self.finish()
        self.desc, self.unit, self.total, self.done = desc, unit, total, 0
        self.t0 = self.last = time.perf_counter()
        if self.stream.isatty():
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc=desc, unit=unit, file=self.stream, leave=False)
        else:
            self._print(f"{desc}: {total:,} {unit}s ...")

    def advance(self, n: int = 1) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        elif time.perf_counter() - self.last >= self.every:
            self.last = time.perf_counter()
            self._print(f"{self.desc}: {self.done:,}/{self.total:,} {self.unit}s")

    def finish(self) -> None:
        if not self.desc:
            return
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        self._print(f"{self.desc}: {self.done:,}/{self.total:,} {self.unit}s in {time.perf_counter() - self.t0:.1f} s")
        self.desc = ""


def _json_copy(obj: Any) -> Any:
    """``obj`` as the JSON file that holds it reads back (a deep copy of JSON values)."""
    return json.loads(json.dumps(obj))
