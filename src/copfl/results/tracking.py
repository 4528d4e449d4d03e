"""MLflow tracking (``--mlflow [URI]``; optional extra: ``pip install 'copfl[mlflow]'``).

Each run is an MLflow run of the experiment ``copfl``: its resolved options as params (an
algorithm's own options as ``option.<name>``), every round's scalars as metrics (step: the
round), and at the end its summary.json, metrics.csv and curves.png as artifacts. A tune
logs one parent run per study and each trial as a nested run (its values, its per-round
validation accuracy, its objective and state). ``--mlflow`` alone (``default``) means
``sqlite:///<results folder>/mlflow.db``, MLflow's embedded store (no server):
``mlflow ui --backend-store-uri sqlite:///<folder>/mlflow.db`` shows it; any tracking URI
(``http://host:5000``...) works too. Without MLflow installed the run goes on and says so.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from copfl.engine.loop import Callback, Engine
from copfl.engine.rounds import RunState

EXPERIMENT = "copfl"
MISSING = "--mlflow: MLflow is not installed (pip install 'copfl[mlflow]'); this run is not tracked"


def tracking_uri(value: str | None, folder: Path) -> str | None:
    """The tracking URI of ``--mlflow VALUE`` for results in ``folder`` (None: off)."""
    if not value:
        return None
    if value == "default":
        return f"sqlite:///{(folder / 'mlflow.db').resolve()}"
    return value


def mlflow_module() -> Any:
    """MLflow, or None (with a message on stderr) when the extra is not installed."""
    try:
        import mlflow
    except ImportError:
        print(f"copfl: note: {MISSING}", file=sys.stderr)
        return None
    import logging

    logging.getLogger("mlflow").setLevel(logging.WARNING)
    return mlflow


def start(mlflow: Any, uri: str, run_name: str, nested: bool = False) -> Any:
    """An MLflow run in experiment ``copfl`` at ``uri``; with an embedded SQLite store the
    experiment's artifacts go beside the database (``mlartifacts/``), not into the current
    folder."""
    mlflow.set_tracking_uri(uri)
    artifacts = Path(uri[len("sqlite:///"):]).parent / "mlartifacts" if uri.startswith("sqlite:///") else None
    if mlflow.get_experiment_by_name(EXPERIMENT) is None:
        mlflow.create_experiment(EXPERIMENT, artifact_location=artifacts.resolve().as_uri() if artifacts is not None else None)
    mlflow.set_experiment(EXPERIMENT)
    return mlflow.start_run(run_name=run_name, nested=nested)


def flat_params(config: dict[str, Any]) -> dict[str, Any]:
    """A run's options as MLflow params (its algorithm's own as ``option.<name>``; None as "")."""
    out = {k: ("" if v is None else v) for k, v in config.items() if k not in ("options", "mlflow")}
    out.update({f"option.{k}": v for k, v in (config.get("options") or {}).items()})
    return out


def scalars_of(record: dict[str, Any]) -> dict[str, float]:
    return {k: float(v) for k, v in record.items() if isinstance(v, (int, float)) and not isinstance(v, bool) and k != "round"}


class MLflowLogger(Callback):
    """Logs one copfl run to MLflow (see the module)."""

    def __init__(self, mlflow: Any, uri: str, out: Path, config: dict[str, Any], run_name: str) -> None:
        self.mlflow, self.uri, self.out, self.config, self.run_name = mlflow, uri, out, config, run_name
        self.active = False

    def on_run_start(self, engine: Engine, state: RunState) -> None:
        nested = self.mlflow.active_run() is not None
        start(self.mlflow, self.uri, self.run_name, nested)
        self.active = True
        self.mlflow.log_params(flat_params(self.config))

    def on_round_end(self, engine: Engine, state: RunState, record: dict[str, Any]) -> None:
        self.mlflow.log_metrics(scalars_of(record), step=int(record["round"]))

    def on_run_end(self, engine: Engine, state: RunState) -> None:
        self.close("FINISHED")  # after the results writer: its final files are logged

    def close(self, status: str = "FINISHED") -> None:
        """End the MLflow run (``status``: FINISHED, FAILED, KILLED), its files logged."""
        if not self.active:
            return
        for name in ("summary.json", "metrics.csv", "curves.png", "clients.csv"):
            if (self.out / name).exists():
                self.mlflow.log_artifact(str(self.out / name))
        self.mlflow.end_run(status=status)
        self.active = False


def make_logger(value: str | None, out: Path, config: dict[str, Any], run_name: str) -> MLflowLogger | None:
    uri = tracking_uri(value, out)
    if uri is None:
        return None
    mlflow = mlflow_module()
    return None if mlflow is None else MLflowLogger(mlflow, uri, out, config, run_name)
