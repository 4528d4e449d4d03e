"""A run from one configuration: data, split, model, algorithm, engine, results folder.

:class:`RunConfig` is the single description of a run: the command line's flags and the
TOML config file's keys are generated from its fields (``--samples-per-class`` <->
``samples_per_class``). ``None`` means "the data set's default" (:data:`DATASET_DEFAULTS`);
the resolved config written to the results folder has every value filled in.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import tempfile
import time
import tomllib
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import numpy as np
import torch

import copfl
from copfl.algorithms import get_algorithm, make_config
from copfl.algorithms.base import LocalTraining, Setup
from copfl.callbacks import Checkpointer, Progress, ResultsWriter
from copfl.data.clients import ClientData, CropFlip, build_clients
from copfl.data.partition import PartitionSettings, Split, make_split
from copfl.data.sources import SOURCES, ArrayDataset, LoadProgress, load_dataset
from copfl.engine import Callback, ClientMetrics, Engine, EngineConfig, NonFiniteLossError, RunState
from copfl.io import atomic_write
from copfl.models import ModelSpec, build_model, forward_macs
from copfl.runtime import make_deterministic, resolve_device, set_threads
from copfl.seeding import numpy_rng, torch_global_seed
from copfl.store import ClientStore, DiskStore, MemoryStore
from copfl.workspace import OptimizerConfig, Workspace

# Defaults that depend on the data set (a field left at None takes these).
DATASET_DEFAULTS: dict[str, dict[str, Any]] = {
    # digits has ~135 training / ~45 test images per class, so 2 clients per class fit 50 / 20.
    "digits": {"model": "mlp", "samples_per_class": 50, "test_samples_per_class": 20},
    # The CO-PFL protocol: M_bound = 50 training and 100 test samples per class.
    "cifar10": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    "mnist": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    "cinic10": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    "cifar100": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    "cifar100-coarse": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    # CO-PFL: 20 clients x 10 classes x 50; the 80/20-per-class subset allows 10 test samples
    # per class when two clients share each class.
    "miniimagenet": {"model": "cnn", "samples_per_class": 40, "test_samples_per_class": 10, "classes_per_client": 10, "clients": 20},
    "femnist": {"model": "cnn", "partition": "natural"},
    "cifar10c": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    # LEAF's model; 10 random speaking roles by default (all 293 are slow on a CPU: --clients).
    "shakespeare": {"model": "lstm", "partition": "natural", "clients": 10},
    # DPAO-PFL's Vehicle model; the combined LIBSVM files have no sensor ids, so Dirichlet clients.
    "vehicle": {"model": "svm", "partition": "dirichlet"},
}
FALLBACK_DEFAULTS = {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100}
PARTITION_DEFAULTS = {"partition": "label-skew", "classes_per_client": 2, "clients": 10}
# Optimizer defaults when neither the user nor the algorithm (``Algorithm.run_defaults``) sets them.
RUN_DEFAULTS: dict[str, Any] = {"optimizer": "sgd", "lr": 0.05, "momentum": 0.5, "weight_decay": 0.0, "bn_stats": "shared"}


def _f(default: Any, help: str, **kw: Any) -> Any:
    return field(default=default, metadata={"help": help, **kw})


@dataclass(frozen=True)
class RunConfig:
    algorithm: str = _f("co-pfl", "algorithm (see `copfl list`)")
    dataset: str = _f("digits", "data set (see `copfl list`)")
    data_dir: str | None = _f(None, "where data sets live (default: $COPFL_DATA_DIR or ./data)")
    cache_dir: str | None = _f(None, "where decoded arrays are cached (default: $COPFL_CACHE_DIR or ~/.cache/copfl)")
    download: bool = _f(False, "download a missing data set from its official URL (checksummed)")
    clients: int | None = _f(None, "number of clients (default 10; the data set's protocol where it has one)")
    partition: str | None = _f(None, "label-skew (CO-PFL) | dirichlet | iid | natural | pathological (pFedSV) | powerlaw (DPAO-PFL) (default: the data set's, else label-skew)")
    classes_per_client: int | None = _f(None, "label-skew: classes per client (s) (default 2; the data set's protocol where it has one)")
    samples_per_class: int | str | None = _f(None, "label-skew: training samples per class per client (M_bound), or 'all' (the class divided among its clients)")
    test_samples_per_class: int | str | None = _f(None, "label-skew: test samples per class per client, or 'all'")
    alpha: float = _f(0.5, "dirichlet: concentration")
    power: float = _f(1.0, "powerlaw: exponent of the client-size law")
    severity: int = _f(5, "cifar10c: corruption severity 1..5 (CO-PFL: 5)")
    split_file: str | None = _f(None, "use a split saved by `copfl partition --save` instead of making one")
    model: str | None = _f(None, "model: {models} (default depends on the data set)")  # the CLI lists the registry
    resnet_stem: str = _f("imagenet", "resnet18 stem: imagenet (7x7 + max-pool) | cifar (3x3)")
    width: float = _f(1.0, "resnet18 width multiplier")
    bn_stats: str | None = _f(None, "batch-norm running statistics: shared (averaged) | local (kept per client); default: the algorithm's, else shared")
    rounds: int = _f(20, "communication rounds")
    client_fraction: float = _f(1.0, "fraction of clients sampled per round")
    local_epochs: int = _f(1, "local epochs per round")
    batch_size: int = _f(32, "local batch size")
    optimizer: str | None = _f(None, "local optimizer: sgd | adam (default: the algorithm's, else sgd)")
    lr: float | None = _f(None, "local learning rate (default: the algorithm's, else 0.05)")
    momentum: float | None = _f(None, "SGD momentum (default 0.5, FedPAC's setting)")
    weight_decay: float | None = _f(None, "weight decay (default: the algorithm's, else 0)")
    augment: bool = _f(False, "random crop (padding 4) + horizontal flip during local training")
    seed: int = _f(0, "root seed: every random stream derives from it")
    eval_every: int = _f(1, "evaluate every k rounds (and after the last)")
    store: str = _f("memory", "per-client state: memory | disk (one file per client in <out>/client-state, for many clients or large models)")
    checkpoint_every: int = _f(0, "write checkpoint.pt every k rounds and at the end, for --resume (0: never)")
    device: str = _f("auto", "where models, client data and evaluation live: auto (CUDA, else MPS, else CPU) | cpu | cuda | cuda:N | mps")
    threads: int | None = _f(None, "torch CPU threads (default: 1 for small models, every core for convolutional ones; see docs/performance.md)")
    out: str | None = _f(
        None,
        "results folder (default: runs/<algorithm>-<dataset>-<time>); a folder that already holds results is "
        "only written over when --out names it, otherwise the run goes to a new DIR-2, DIR-3...",
    )
    options: dict[str, Any] = _f(None, "algorithm options, e.g. {mu = 0.01} (CLI: the algorithm's own flags)", cli=False)

    def resolved(self) -> RunConfig:
        """The config with the data set's and the algorithm's defaults filled in."""
        d = {**PARTITION_DEFAULTS, **FALLBACK_DEFAULTS, **DATASET_DEFAULTS.get(self.dataset, {})}
        upd: dict[str, Any] = {}
        for k in ("model", "samples_per_class", "test_samples_per_class", "partition", "classes_per_client", "clients"):
            if getattr(self, k) is None:
                upd[k] = d[k]
        if self.clients is None and upd.get("partition", self.partition) == "natural" and "clients" not in DATASET_DEFAULTS.get(self.dataset, {}):
            upd["clients"] = None  # natural partition: every natural client unless --clients says otherwise
        alg_defaults = {**RUN_DEFAULTS, **get_algorithm(self.algorithm).run_defaults}
        for k, v in alg_defaults.items():
            if getattr(self, k) is None:
                upd[k] = v
        for k in ("samples_per_class", "test_samples_per_class"):
            v = upd.get(k, getattr(self, k))
            if isinstance(v, str) and v != "all":
                raise ValueError(f"{k.replace('_', '-')} must be a positive integer or 'all', got {v!r}")
        if self.options is None:
            upd["options"] = {}
        return replace(self, **upd) if upd else self


def load_toml(path: str | Path) -> dict[str, Any]:
    """Read a TOML run config; keys are the run options (dashes or underscores)."""
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except FileNotFoundError:
        raise ValueError(f"config file {path} does not exist") from None
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"config file {path} is not valid TOML: {e}") from None
    names = {f.name for f in fields(RunConfig)}
    out: dict[str, Any] = {}
    for k, v in doc.items():
        key = k.replace("-", "_")
        if key not in names:
            raise ValueError(f"config file {path}: unknown key {k!r}; valid keys: {', '.join(sorted(names))}")
        out[key] = v
    return out


def to_toml(cfg: RunConfig) -> str:
    """A TOML text that `--config` reads back to the same run. ``out`` is only a comment: a
    run repeated from the file writes to a new folder, never over these results."""
    lines, opts = [], {}
    for f in fields(cfg):
        v = getattr(cfg, f.name)
        if f.name == "options":
            opts = v or {}
            continue
        if v is None:
            continue
        if f.name == "out":
            lines.append(f"# results of this run: {v} (not pinned: a re-run writes to a new folder unless --out names one)")
            continue
        lines.append(f"{f.name.replace('_', '-')} = {_toml_value(v)}")
    if opts:
        lines.append("\n[options]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in opts.items()]
    return "\n".join(lines) + "\n"


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


# --------------------------------------------------------------------------- building
@dataclass
class Federation:
    """The data side of a run, shared by every algorithm of a comparison."""

    dataset: ArrayDataset
    split: Split
    clients: list[ClientData]
    mean: np.ndarray
    std: np.ndarray
    client_info: dict[str, list] = field(default_factory=dict)  # e.g. each client's corruption


def build_federation(cfg: RunConfig, dataset: ArrayDataset | None = None, progress: LoadProgress | None = None) -> Federation:
    """The data of a run; loading the data set reports to ``progress`` (None: silently)."""
    cfg = cfg.resolved()
    ds = dataset if dataset is not None else load_dataset(cfg.dataset, cfg.data_dir, cfg.cache_dir, cfg.download, progress)
    if cfg.split_file:
        split = Split.load(cfg.split_file)
        split.check_matches(ds.y_train, ds.y_test)
    else:
        settings = PartitionSettings(
            scheme=cfg.partition,
            num_clients=cfg.clients,
            classes_per_client=cfg.classes_per_client,
            samples_per_class=_count(cfg.samples_per_class),
            test_samples_per_class=_count(cfg.test_samples_per_class),
            alpha=cfg.alpha,
            power=cfg.power,
        )
        groups = (ds.groups_train, ds.groups_test) if ds.group_names is not None else None
        split = make_split(ds.y_train, ds.y_test, settings, cfg.seed, groups)
    mean, std = ds.channel_stats()
    transform, info = None, {}
    if SOURCES[cfg.dataset].feature_shift if cfg.dataset in SOURCES else False:
        transform, info = corruption_shift(split.num_clients, cfg.severity, cfg.seed)
    return Federation(ds, split, build_clients(ds, split, mean, std, transform), mean, std, info)


def corruption_shift(num_clients: int, severity: int, seed: int):
    """CO-PFL's feature shift (CIFAR-10C): client n's training and test images all get the
    corruption ``order[n % K]`` at ``severity``, ``order`` a seeded permutation of the K = 14
    generable standard corruptions (distinct for up to 14 clients, then reused in turn)."""
    from copfl.data import corruptions

    names = [n for n in corruptions.STANDARD if n in corruptions.available()]
    order = [names[i] for i in numpy_rng(seed, "cifar10c", "order").permutation(len(names))]
    assigned = [order[n % len(order)] for n in range(num_clients)]

    def transform(client: int, x: np.ndarray, part: str) -> np.ndarray:
        return corruptions.corrupt(x, assigned[client], severity, numpy_rng(seed, "cifar10c", client, part))

    return transform, {"corruption": assigned, "severity": [severity] * num_clients}


def _count(v: int | str | None) -> int | None:
    return None if v == "all" else int(v)  # type: ignore[arg-type]


def build_engine(cfg: RunConfig, fed: Federation, out: str | Path | None = None) -> Engine:
    """The engine of a run; with ``--store disk`` client state goes to ``<out>/client-state``
    (a temporary folder when there is no results folder)."""
    cfg = cfg.resolved()
    if cfg.augment and fed.dataset.kind != "image":
        raise ValueError(f"--augment (crop and flip) needs images; {cfg.dataset} holds {fed.dataset.kind}")
    augment = CropFlip(fed.mean, fed.std) if cfg.augment else None
    spec = ModelSpec(fed.dataset.input_shape, fed.dataset.num_classes)
    return make_engine(cfg, spec, fed.clients, tuple(c.num_train for c in fed.clients), augment, out)


def make_engine(
    cfg: RunConfig,
    spec: ModelSpec,
    clients: list[ClientData],
    num_samples: tuple[int, ...],
    augment: Any = None,
    out: str | Path | None = None,
) -> Engine:
    """An engine from the model's shape and the clients' sizes. ``clients`` may be empty (a
    server that holds no data, e.g. Flower's ServerApp): it then only aggregates."""
    cfg = cfg.resolved()
    if cfg.store not in ("memory", "disk"):
        raise ValueError(f"unknown store {cfg.store!r}; expected memory or disk")
    cls = get_algorithm(cfg.algorithm)
    with torch_global_seed(cfg.seed, "model-init"):
        model = build_model(cfg.model, spec, stem=cfg.resnet_stem, width=cfg.width)
    device = resolve_device(cfg.device)
    make_deterministic(device)
    ws = Workspace(model, augment=augment, device=device)
    clients = [c.to(device) for c in clients]
    training = LocalTraining(
        cfg.local_epochs,
        cfg.batch_size,
        OptimizerConfig(cfg.optimizer, cfg.lr, cfg.momentum, cfg.weight_decay),
    )
    setup = Setup(len(num_samples), ws, num_samples, training, cfg.bn_stats)
    algorithm = cls(make_config(cls, cfg.options or {}), setup)
    engine_cfg = EngineConfig(cfg.rounds, cfg.client_fraction, cfg.eval_every, cfg.seed, cfg.bn_stats)
    store: ClientStore = MemoryStore()
    server_store: ClientStore = MemoryStore()
    if cfg.store == "disk":
        root = Path(out) if out is not None else Path(tempfile.mkdtemp(prefix="copfl-clients-"))
        store, server_store = DiskStore(root / "client-state", device), DiskStore(root / "server-state", device)
    return Engine(
        algorithm, ws, clients, engine_cfg, training, store, num_clients=len(num_samples), server_store=server_store, num_samples=num_samples
    )


def apply_threads(cfg: RunConfig, engine: Engine, fed: Federation) -> int:
    """Set torch's threads for this run (``cfg.threads``, or chosen from the model's work per
    batch); returns the number."""
    macs = forward_macs(engine.ws.model, fed.dataset.input_shape)
    return set_threads(cfg.threads, macs, cfg.batch_size)


def environment(threads: int | None = None) -> dict[str, str]:
    import matplotlib
    import sklearn

    return {
        "copfl": copfl.__version__,
        "python": sys.version.split()[0],
        "torch": torch.__version__,
        "numpy": np.__version__,
        "scikit-learn": sklearn.__version__,
        "matplotlib": matplotlib.__version__,
        "platform": platform.platform(),
        **({"threads": str(threads), "omp_wait_policy": os.environ.get("OMP_WAIT_POLICY", "(default)")} if threads else {}),
    }


def default_out(cfg: RunConfig) -> Path:
    return Path("runs") / f"{cfg.algorithm}-{cfg.dataset}-{time.strftime('%Y%m%d-%H%M%S')}"


# A folder holding one of these holds results (a run's or a comparison's).
RESULT_FILES = ("metrics.jsonl", "summary.json", "compare.json")


def has_results(folder: str | Path) -> bool:
    return any((Path(folder) / f).exists() for f in RESULT_FILES)


def fresh_out(folder: str | Path) -> Path:
    """``folder`` when it holds no results, else the first of ``folder-2``, ``folder-3``...
    that does not exist: results already there are never overwritten."""
    folder = Path(folder)
    if not has_results(folder):
        return folder
    k = 2
    while folder.with_name(f"{folder.name}-{k}").exists():
        k += 1
    return folder.with_name(f"{folder.name}-{k}")


def run_experiment(
    cfg: RunConfig,
    callbacks: list[Callback] | None = None,
    fed: Federation | None = None,
    resume: Checkpoint | None = None,
) -> tuple[Engine, RunState]:
    """Build and run (or continue from a checkpoint) one experiment; results go where the
    callbacks put them."""
    cfg = cfg.resolved()
    fed = fed if fed is not None else build_federation(cfg)
    engine = build_engine(cfg, fed)
    apply_threads(cfg, engine, fed)
    state = None
    if resume is not None:
        resume.restore(engine)
        state = resume.state
    return engine, engine.run(callbacks, state)


def run_in_folder(
    cfg: RunConfig,
    fed: Federation,
    out: Path,
    label: str = "",
    resume: Checkpoint | None = None,
    progress: bool = True,
    plots: bool = True,
) -> dict[str, Any]:
    """One run with its results folder (config, metrics, summary, plots, checkpoints);
    returns the summary. A diverged run writes its summary (status "diverged") and re-raises."""
    cfg = cfg.resolved()
    engine = build_engine(cfg, fed, out)
    threads = apply_threads(cfg, engine, fed)
    writer = ResultsWriter(out, {**cfg.__dict__, "out": str(out)}, to_toml(replace(cfg, out=str(out))), environment(threads), plot=plots)
    prog = Progress(label)
    callbacks: list[Callback] = [writer, Checkpointer(out / "checkpoint.pt", cfg.checkpoint_every)]
    if progress:
        callbacks.insert(1, prog)
    state = None
    if resume is not None:
        resume.restore(engine)
        state = resume.state
    if state is None:
        state = engine.new_state()
    try:
        engine.run(callbacks, state)
    except NonFiniteLossError as e:
        if progress:
            prog.on_run_end(engine, state)
        writer.write_summary(engine, state, "diverged", str(e))
        raise
    return json.loads((out / "summary.json").read_text())


@dataclass
class Checkpoint:
    """A run after some round: the engine's state, every client's stored state and the
    server's per-client state."""

    state: RunState
    clients: dict[int, dict[str, Any]]
    server_clients: dict[int, dict[str, Any]] = field(default_factory=dict)

    def save(self, path: str | Path) -> None:
        doc = {"format": "copfl-checkpoint-1", "state": asdict(self.state), "clients": self.clients, "server_clients": self.server_clients}
        atomic_write(path, lambda f: torch.save(doc, f), binary=True)

    @classmethod
    def load(cls, path: str | Path) -> Checkpoint:
        try:
            doc = torch.load(path, weights_only=True)
        except FileNotFoundError:
            raise ValueError(f"no checkpoint at {path}") from None
        except Exception as e:
            raise ValueError(f"{path}: unreadable checkpoint ({e})") from e
        if not isinstance(doc, dict) or doc.get("format") != "copfl-checkpoint-1":
            raise ValueError(f"{path}: not a copfl checkpoint")
        st = doc["state"]
        state = RunState(
            st["round"], st["server"], st["server_buffers"], st["history"], [ClientMetrics(**c) for c in st["last_clients"]]
        )
        server_clients = {int(k): v for k, v in doc.get("server_clients", {}).items()}  # absent before the server store
        return cls(state, {int(k): v for k, v in doc["clients"].items()}, server_clients)

    def restore(self, engine: Engine) -> None:
        """Put the stored client and server-side states back into ``engine``'s stores."""
        from copfl.engine import to_device

        dev = engine.device
        engine.store.load_state_dict(to_device(self.clients, dev))
        engine.server_store.load_state_dict(to_device(self.server_clients, dev))
        self.state.server = to_device(self.state.server, dev)
        self.state.server_buffers = to_device(self.state.server_buffers, dev)
