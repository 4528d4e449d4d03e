"""CIFAR-10, CIFAR-100 (fine and coarse labels) and CINIC-10; CIFAR-10-C is CIFAR-10's files.

- CIFAR-10 and CIFAR-100 (Krizhevsky, "Learning Multiple Layers of Features from Tiny Images",
  2009, https://www.cs.toronto.edu/~kriz/cifar.html): the official "python version" pickled
  batches, as a folder (``cifar-10-batches-py/``, ``cifar-100-python/``) or the ``.tar.gz``
  downloads (MD5-checked by :func:`_fetch_cifar10` / :func:`_fetch_cifar100`); CIFAR-10 also as a
  ``train|test/<class>/*.png`` tree or zip.
- CINIC-10 (Darlow et al., "CINIC-10 is not ImageNet or CIFAR-10", 2018, arXiv:1810.03505,
  https://datashare.ed.ac.uk/handle/10283/3192): ``train|valid|test/<class>/*.png``.
- CIFAR-10-C (Hendrycks & Dietterich, "Benchmarking Neural Network Robustness to Common
  Corruptions and Perturbations", ICLR 2019, https://github.com/hendrycks/robustness): nothing is
  read here; the registry's ``cifar10c`` loads CIFAR-10 and :mod:`copfl.data.corruptions` applies
  a distinct corruption per client.
"""

from __future__ import annotations

import tarfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

from copfl.data.download import download
from copfl.data.sources.dataset import ArrayDataset, DataError, _check_labels, zlib_error
from copfl.data.sources.images import decode_image_folders
from copfl.data.sources.safe_pickle import UnsafePickleError, restricted_loads


CIFAR10_CLASSES = ("airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck")


# --------------------------------------------------------------------------- CIFAR-10
CIFAR10_URL = "https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz"
CIFAR10_MD5 = "c58f30108f718f92721af3b95e74349a"


def _unpickle(raw: bytes, where: str) -> dict:
    try:
        d = restricted_loads(raw, where, encoding="bytes")
    except UnsafePickleError:
        raise
    except Exception as e:  # pickle raises many types on corrupt input
        raise DataError(f"{where}: not a readable pickle ({type(e).__name__}: {e})") from e
    if not isinstance(d, dict):
        raise DataError(f"{where}: expected a pickled dict, got {type(d).__name__}")
    return d


def _unpickle_batch(raw: bytes, where: str, label_key: bytes = b"labels", num_classes: int = 10) -> tuple[np.ndarray, np.ndarray]:
    """An official CIFAR batch: rows of 1024 red, 1024 green, 1024 blue values."""
    try:
        d = _unpickle(raw, where)
        data = np.asarray(d[b"data"], dtype=np.uint8)
        labels = np.asarray(d[label_key], dtype=np.int64)
    except UnsafePickleError:
        raise
    except DataError as e:
        raise DataError(f"{where}: not a readable CIFAR batch pickle ({e})") from e
    except (KeyError, TypeError, ValueError) as e:
        raise DataError(f"{where}: not a readable CIFAR batch pickle (missing or bad {e})") from e
    if data.ndim != 2 or data.shape[1] != 3072 or len(labels) != len(data):
        raise DataError(f"{where}: expected data of shape (N, 3072) with N labels, got {data.shape} and {len(labels)}")
    return data.reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1), _check_labels(labels, num_classes, where)


def _cifar_from_batches(read: Callable[[str], bytes], where: str) -> ArrayDataset:
    parts = [_unpickle_batch(read(f"data_batch_{i}"), f"{where}/data_batch_{i}") for i in range(1, 6)]
    xt, yt = _unpickle_batch(read("test_batch"), f"{where}/test_batch")
    x = np.concatenate([p[0] for p in parts])
    y = np.concatenate([p[1] for p in parts])
    return ArrayDataset("cifar10", np.ascontiguousarray(x), y, np.ascontiguousarray(xt), yt, CIFAR10_CLASSES, where)


def decode_cifar10_batches_dir(path: Path) -> ArrayDataset:
    return _cifar_from_batches(_dir_reader(path, "an official cifar-10-batches-py folder has data_batch_1..5 and test_batch"), str(path))


def decode_cifar10_tar(path: Path) -> ArrayDataset:
    try:
        with tarfile.open(path, "r:gz") as tar:
            return _cifar_from_batches(_tar_reader(tar, path), str(path))
    except (tarfile.TarError, EOFError, OSError, zlib_error()) as e:
        raise DataError(f"{path}: not a readable .tar.gz archive ({e})") from e


def decode_cifar10_images(path: Path) -> ArrayDataset:
    ds = decode_image_folders(path, "cifar10", CIFAR10_CLASSES)
    if ds.x_train.shape[1:] != (32, 32, 3):
        raise DataError(f"{path}: CIFAR-10 images must be 32x32 RGB, got {ds.x_train.shape[1:]}")
    return ds


# --------------------------------------------------------------------------- CIFAR-100
CIFAR100_URL = "https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz"
CIFAR100_MD5 = "eb9058c3a382ffc7106e4002c42a8d85"


def _cifar100(read: Callable[[str], bytes], where: str, coarse: bool) -> ArrayDataset:
    meta = _unpickle(read("meta"), f"{where}/meta")
    names_key = b"coarse_label_names" if coarse else b"fine_label_names"
    try:
        classes = tuple(n.decode() if isinstance(n, bytes) else str(n) for n in meta[names_key])
    except KeyError:
        raise DataError(f"{where}/meta: no {names_key.decode()}") from None
    key = b"coarse_labels" if coarse else b"fine_labels"
    x, y = _unpickle_batch(read("train"), f"{where}/train", key, len(classes))
    xt, yt = _unpickle_batch(read("test"), f"{where}/test", key, len(classes))
    return ArrayDataset("cifar100-coarse" if coarse else "cifar100", np.ascontiguousarray(x), y, np.ascontiguousarray(xt), yt, classes, where)


def _dir_reader(path: Path, hint: str) -> Callable[[str], bytes]:
    def read(name: str) -> bytes:
        f = path / name
        if not f.exists():
            raise DataError(f"{path}: missing {name} ({hint})")
        return f.read_bytes()

    return read


def _tar_reader(tar: tarfile.TarFile, path: Path) -> Callable[[str], bytes]:
    members = {Path(m.name).name: m for m in tar.getmembers() if m.isfile()}

    def read(name: str) -> bytes:
        if name not in members:
            raise DataError(f"{path}: archive has no member {name}")
        f = tar.extractfile(members[name])
        assert f is not None
        return f.read()

    return read


def decode_cifar100_dir(path: Path, coarse: bool = False) -> ArrayDataset:
    return _cifar100(_dir_reader(path, "an official cifar-100-python folder has train, test and meta"), str(path), coarse)


def decode_cifar100_tar(path: Path, coarse: bool = False) -> ArrayDataset:
    try:
        with tarfile.open(path, "r:gz") as tar:
            return _cifar100(_tar_reader(tar, path), str(path), coarse)
    except (tarfile.TarError, EOFError, OSError, zlib_error()) as e:
        raise DataError(f"{path}: not a readable .tar.gz archive ({e})") from e


# --------------------------------------------------------------------------- CINIC-10
def decode_cinic10(path: Path) -> ArrayDataset:
    """CINIC-10 (Darlow et al., 2018): ``train|valid|test/<class>/*.png``, 32x32 RGB, the CIFAR-10
    classes; train is the training split (``valid`` is not used), test the test split."""
    ds = decode_image_folders(path, "cinic10", CIFAR10_CLASSES, splits=("train", "test"))
    if ds.x_train.shape[1:] != (32, 32, 3):
        raise DataError(f"{path}: CINIC-10 images must be 32x32 RGB, got {ds.x_train.shape[1:]}")
    return ds


# --------------------------------------------------------------------------- downloads
def _fetch_cifar10(data_dir: Path) -> Path:
    return download(CIFAR10_URL, data_dir / "cifar-10-python.tar.gz", CIFAR10_MD5)


def _fetch_cifar100(data_dir: Path) -> Path:
    return download(CIFAR100_URL, data_dir / "cifar-100-python.tar.gz", CIFAR100_MD5)
