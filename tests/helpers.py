"""Small federations for tests, and the repository's scripts loaded as modules."""

from __future__ import annotations

import importlib.util
import pickle
from pathlib import Path
from types import ModuleType

import numpy as np
import torch

from copfl.algorithms.base import LocalTraining, Setup
from copfl.data.clients import ClientData
from copfl.data.sources.dataset import ArrayDataset
from copfl.extensions.assembly import run_extensions
from copfl.engine.loop import Engine
from copfl.engine.rounds import EngineConfig
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.core.models import MLP
from copfl.core.train_hooks import OptimizerConfig
from copfl.core.workspace import Workspace


ROOT = Path(__file__).resolve().parents[1]

# The optional extras (pyproject.toml) by the module a test needs. A test that needs one carries
# `@pytest.mark.extra("flwr")` (a module that imports it at the top: `pytestmark` and
# `require_extra`): it skips, naming the install command, where the module is absent. CI runs the
# README's test command without the extras first (these skip), then `pytest -m extra` with them.
EXTRAS = {"flwr": "flower", "cryptography": "flower", "tensorboard": "tensorboard", "mlflow": "mlflow", "mkdocs": "docs", "ray": "ray", "datasets": "huggingface"}


def missing_extra(module: str) -> str:
    """Why a test that needs ``module`` skips, and how to install it."""
    if module not in EXTRAS:
        raise ValueError(f"{module!r}: expected the module of an optional extra, one of {', '.join(EXTRAS)}")
    return f"{module} is not installed (the {EXTRAS[module]} extra: pip install -c constraints.txt -e '.[{EXTRAS[module]}]')"


def require_extra(module: str) -> ModuleType:
    """``module`` imported, or the calling test (module) skipped with :func:`missing_extra`'s words."""
    import pytest

    return pytest.importorskip(module, reason=missing_extra(module))


def load_script(relpath: str, name: str | None = None) -> ModuleType:
    """A script of the repository that is not a package module (``studies/x.py``,
    ``benchmarks/x.py``, ``docs/hooks/copfl_docs.py``), loaded afresh as a module."""
    path = ROOT / relpath
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def synthetic(num_classes=4, per_class=24, per_class_test=8, size=8, channels=3, seed=0) -> ArrayDataset:
    """Images whose mean brightness per channel depends on the class: learnable, tiny."""
    rng = np.random.default_rng(seed)

    def make(n):
        y = np.repeat(np.arange(num_classes), n)
        base = ((y * 60 + 20) % 256).astype(float)
        x = rng.normal(base[:, None, None, None] * np.ones((1, size, size, channels)), 30)
        return np.clip(x, 0, 255).astype(np.uint8), y.astype(np.int64)

    x, y = make(per_class)
    xt, yt = make(per_class_test)
    return ArrayDataset("synthetic", x, y, xt, yt, tuple(str(i) for i in range(num_classes)), "test")


def linear_workspace(w, b) -> Workspace:
    """A 2-feature, 2-class linear model (MLP without hidden layers) with given weights."""
    m = MLP(2, 2, hidden=())
    with torch.no_grad():
        m.fc.weight.copy_(torch.tensor(w, dtype=torch.float32))
        m.fc.bias.copy_(torch.tensor(b, dtype=torch.float32))
    return Workspace(m)


def tiny_clients(xs, ys) -> list[ClientData]:
    out = []
    for x, y in zip(xs, ys):
        xt = torch.tensor(x, dtype=torch.float32)
        yt = torch.tensor(y, dtype=torch.int64)
        out.append(ClientData(xt, yt, xt, yt))
    return out


def tiny_engine(alg_cls, options, ws, clients, *, rounds=1, lr=0.1, batch_size=32, epochs=1, momentum=0.0, seed=0, dp=None, attack=None, **ecfg):
    setup = Setup(len(clients), ws, tuple(c.num_train for c in clients))
    alg = alg_cls(alg_cls.Config(**options), setup)
    training = LocalTraining(epochs, batch_size, OptimizerConfig("sgd", lr, momentum))
    return Engine(alg, ws, clients, EngineConfig(rounds=rounds, seed=seed, **ecfg), training, extensions=run_extensions(dp, attack))


def softmax_ce_grad(w, b, x, y):
    """Hand-derived gradient of the mean cross-entropy of a linear softmax model:
    dL/dW = mean_i (p_i - e_{y_i}) x_i^T, dL/db = mean_i (p_i - e_{y_i})."""
    w, b, x = np.asarray(w, float), np.asarray(b, float), np.asarray(x, float)
    z = x @ w.T + b
    p = np.exp(z - z.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    p[np.arange(len(y)), y] -= 1.0
    return p.T @ x / len(y), p.mean(0)


# Two tiny clients and a 2-3-2 MLP shared by the partial-sharing (FedPer, LG-FedAvg, FedRep) and
# Ditto tests, with plain-torch references for their golden values.
_RNG = np.random.default_rng(0)
XS = [_RNG.normal(size=(6, 2)).tolist(), _RNG.normal(size=(4, 2)).tolist()]
YS = [[0, 1, 1, 0, 1, 0], [1, 0, 0, 1]]


def mlp_ws(seed=0):
    torch.manual_seed(seed)
    return Workspace(MLP(2, 2, hidden=(3,)))


def engine(cls, options=None, rounds=1, **kw):
    return tiny_engine(cls, options or {}, mlp_ws(), tiny_clients(XS, YS), rounds=rounds, lr=0.3, batch_size=4, **kw)


def reference_sgd(model, x, y, gen, epochs, lr, batch_size=4, frozen=()):
    """Plain torch: SGD over the parameters not in ``frozen``, batches in ``gen``'s order."""
    params = [p for n, p in model.named_parameters() if n not in frozen]
    opt = torch.optim.SGD(params, lr=lr)
    x, y = torch.tensor(x, dtype=torch.float32), torch.tensor(y)
    for _ in range(epochs):
        order = torch.randperm(len(y), generator=gen)
        for s in range(0, len(y), batch_size):
            idx = order[s : s + batch_size]
            opt.zero_grad()
            torch.nn.functional.cross_entropy(model(x[idx]), y[idx]).backward()
            opt.step()


def fresh_model():
    ws = mlp_ws()
    m = MLP(2, 2, hidden=(3,))
    m.load_state_dict(ws.model.state_dict())
    return m


def flat_of(m):
    return torch.cat([p.detach().reshape(-1) for p in m.parameters()])


# Small runs built the way the CLI builds them (FedSelect, FedBN).
def small(algorithm, **kw):
    base = dict(algorithm=algorithm, dataset="synthetic", clients=4, classes_per_client=2, samples_per_class=8,
                test_samples_per_class=4, model="mlp", rounds=4, batch_size=4, seed=5)
    base.update(kw)
    return RunConfig(**base)


def run_cfg(cfg, ds=None):
    ds = ds or synthetic()
    eng = build_engine(cfg, build_federation(cfg, ds))
    return eng, eng.run()


def write_cifar100(folder, n=6, seed=0):
    rng = np.random.default_rng(seed)
    folder.mkdir(parents=True)
    for split in ("train", "test"):
        d = {
            b"data": rng.integers(0, 256, (n, 3072), dtype=np.uint8),
            b"fine_labels": rng.integers(0, 100, n).tolist(),
            b"coarse_labels": rng.integers(0, 20, n).tolist(),
        }
        (folder / split).write_bytes(pickle.dumps(d))
    meta = {b"fine_label_names": [f"f{i}".encode() for i in range(100)], b"coarse_label_names": [f"c{i}".encode() for i in range(20)]}
    (folder / "meta").write_bytes(pickle.dumps(meta))
    return pickle.loads((folder / "train").read_bytes())


# Data files of the reproductions' tests (also test_parallel's --workers reproduction).
def write_balanced_cifar(root, per_class=50, seed=0):
    """cifar-10-batches-py with ``per_class`` training and test images of each class."""
    d = root / "cifar-10-batches-py"
    d.mkdir(parents=True)
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(10), per_class)
    for name, count in [(f"data_batch_{k}", 5) for k in range(1, 6)] + [("test_batch", 1)]:
        ys = labels if name == "test_batch" else labels[name[-1] == "1" and slice(None) or slice(0, 0)]
        base = (ys * 25).astype(np.uint8)[:, None]
        data = np.clip(rng.normal(base, 20, (len(ys), 3072)), 0, 255).astype(np.uint8)
        (d / name).write_bytes(pickle.dumps({b"data": data, b"labels": [int(v) for v in ys]}))
    return root


def write_letters_femnist(root, per_letter):
    """femnist.npz with ``per_letter`` random images of each letter a-j (a third of them test
    images) over 7 writers."""
    rng = np.random.default_rng(0)
    y = np.repeat(np.arange(36, 46), per_letter)
    n = len(y)
    np.savez(root / "femnist.npz", x=rng.integers(0, 256, (n, 28, 28), dtype=np.uint8), y=y, writer=np.arange(n) % 7,
             is_test=np.arange(n) % 3 == 0, writers=np.array([f"w{i}" for i in range(7)]))  # fmt: skip


def image_tree_zip(path, train_per_class, test_per_class, classes=4, test_dir="test"):
    import zipfile

    with zipfile.ZipFile(path, "w") as z:
        for k in range(classes):
            for i in range(train_per_class):
                z.writestr(f"train/c{k}/{i}.png", b"")
            for i in range(test_per_class):
                z.writestr(f"{test_dir}/c{k}/{i}.png", b"")
    return path
