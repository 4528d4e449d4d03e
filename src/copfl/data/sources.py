"""Data sources: read the official formats, verify what can be verified, cache decoded arrays.

Every source returns an :class:`ArrayDataset` of uint8 images (N, H, W, C) and int64 labels.
Decoded arrays are cached once (uncompressed ``.npz``) in the cache directory, under a key
made from the source file's path, size and modification time, so a cache made from another
file is never reused.

The training images' per-channel mean and std (for normalisation) are computed in one streaming
pass when the arrays are cached and stored beside them (``<name>-<key>.stats.json``), so a warm
start reads them instead of computing them.

Where data lives: ``--data-dir`` / the ``COPFL_DATA_DIR`` environment variable / ``./data``.
Where caches go: ``COPFL_CACHE_DIR`` / ``~/.cache/copfl``.

Data code never prints: what it is doing (loading, decoding, caching) goes to a
:class:`LoadProgress` passed to :func:`load_dataset` (the command line passes
:class:`copfl.callbacks.DataProgress`: a bar on a terminal, plain lines otherwise).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import math
import os
import pickle
import struct
import tarfile
import time
import zipfile
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from copfl.data.download import download
from copfl.io import atomic_write, atomic_write_text

CIFAR10_CLASSES = ("airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck")


class DataError(ValueError):
    """A data file exists but is wrong (truncated, corrupt, inconsistent)."""


class DataNotFoundError(FileNotFoundError):
    """The data set is not in the data directory."""


# --------------------------------------------------------------------------- progress
class LoadProgress:
    """Where data code reports what it is doing; this base says nothing (library use).

    ``message`` is one line ("loading cifar10 from ..."); ``start``/``advance``/``finish`` are
    a long step counted in units (decoding 50,000 images). See ``copfl.callbacks.DataProgress``.
    """

    def message(self, text: str) -> None:
        pass

    def start(self, desc: str, total: int, unit: str = "image") -> None:
        pass

    def advance(self, n: int = 1) -> None:
        pass

    def finish(self) -> None:
        pass


_PROGRESS: ContextVar[LoadProgress] = ContextVar("copfl_load_progress", default=LoadProgress())


@contextmanager
def reporting(progress: LoadProgress | None) -> Iterator[LoadProgress]:
    """Make ``progress`` the reporter of the data code run inside (None: keep the current one)."""
    if progress is None:
        yield _PROGRESS.get()
        return
    token = _PROGRESS.set(progress)
    try:
        yield progress
    finally:
        _PROGRESS.reset(token)


@contextmanager
def _steps(desc: str, total: int, unit: str = "image") -> Iterator[Callable[[int], None]]:
    p = _PROGRESS.get()
    p.start(desc, total, unit)
    try:
        yield p.advance
    finally:
        p.finish()


# --------------------------------------------------------------------------- statistics
def image_channel_stats(x: np.ndarray, chunk_elements: int = 1 << 21) -> tuple[np.ndarray, np.ndarray]:
    """Per-channel mean and (population) std of images ``(N, ..., C)`` in [0, 1] units (x / 255).

    One streaming pass over chunks of about ``chunk_elements`` values, never the whole array as
    floats: uint8 images are summed exactly in integers (sum and sum of squares per channel, the
    variance formed in exact integer arithmetic); other dtypes by float64 chunk moments merged
    with Chan et al.'s parallel update. Equals ``(x / 255).mean(0)`` / ``.std(0)`` over all pixels
    to float64 rounding.
    """
    c = x.shape[-1]
    per_image = max(1, int(np.prod(x.shape[1:-1], dtype=np.int64)) * c)
    rows = max(1, chunk_elements // per_image)
    n = int(np.prod(x.shape[:-1], dtype=np.int64))
    if n == 0:
        return np.full(c, np.nan), np.full(c, np.nan)
    if x.dtype == np.uint8:
        s = np.zeros(c, np.uint64)
        ss = np.zeros(c, np.uint64)
        for i in range(0, len(x), rows):
            # (C, values) rows: reducing along contiguous memory is ~10x faster than down columns
            f = np.ascontiguousarray(x[i : i + rows].reshape(-1, c).T).astype(np.uint16)
            s += f.sum(1, dtype=np.uint64)
            np.multiply(f, f, out=f)  # 255**2 fits in uint16
            ss += f.sum(1, dtype=np.uint64)
        mean = np.array([int(v) / (255 * n) for v in s])
        var = [(n * int(q) - int(v) * int(v)) / (n * n) for v, q in zip(s, ss)]  # exact integers, one rounding
        return mean, np.array([math.sqrt(v) / 255 for v in var])
    count, mean, m2 = 0, np.zeros(c), np.zeros(c)
    for i in range(0, len(x), rows):
        f = x[i : i + rows].reshape(-1, c).astype(np.float64) / 255.0
        nb = len(f)
        mb = f.mean(0)
        m2b = ((f - mb) ** 2).sum(0)
        tot = count + nb
        delta = mb - mean
        mean = mean + delta * (nb / tot)
        m2 = m2 + m2b + delta**2 * (count * nb / tot)
        count = tot
    return mean, np.sqrt(m2 / count)


@dataclass(frozen=True)
class ArrayDataset:
    name: str
    x_train: np.ndarray  # uint8 (N, H, W, C)
    y_train: np.ndarray  # int64 (N,)
    x_test: np.ndarray
    y_test: np.ndarray
    classes: tuple[str, ...]
    source: str  # where it was read from
    # Natural clients (FEMNIST writers...): a group id per sample, and the groups' names.
    groups_train: np.ndarray | None = None
    groups_test: np.ndarray | None = None
    group_names: tuple[str, ...] | None = None
    # "image": uint8 (N, H, W, C); "tokens": uint8 (N, L) token ids, classes = the vocabulary;
    # "features": float32 (N, D) used as they are
    kind: str = "image"

    @property
    def num_classes(self) -> int:
        return len(self.classes)

    @property
    def input_shape(self) -> tuple[int, ...]:
        """(C, H, W) for images, (L,) for token sequences."""
        if self.kind == "tokens":
            return (self.x_train.shape[1],)
        if self.kind == "features":
            return (1, 1, self.x_train.shape[1])
        _, h, w, c = self.x_train.shape
        return (c, h, w)

    def channel_stats(self) -> tuple[np.ndarray, np.ndarray]:
        """Per-channel mean and std of the training images, in [0, 1] units (tokens: none).
        Read from the cache when the arrays came from it, else computed once (streaming)."""
        if self.kind != "image":
            return np.zeros(0), np.ones(0)
        memo = self.__dict__.get("_stats")
        if memo is None or memo[0] is not self.x_train:  # kept only for these very training images
            memo = (self.x_train, *image_channel_stats(self.x_train))
            object.__setattr__(self, "_stats", memo)
        return memo[1].copy(), memo[2].copy()

    def _set_stats(self, mean: np.ndarray, std: np.ndarray) -> None:
        object.__setattr__(self, "_stats", (self.x_train, np.asarray(mean, np.float64), np.asarray(std, np.float64)))

    def _known_stats(self) -> tuple[np.ndarray, np.ndarray] | None:
        memo = self.__dict__.get("_stats")
        return (memo[1], memo[2]) if memo is not None and memo[0] is self.x_train else None


# --------------------------------------------------------------------------- locations
def default_data_dir() -> Path:
    return Path(os.environ.get("COPFL_DATA_DIR", "data"))


def default_cache_dir() -> Path:
    return Path(os.environ.get("COPFL_CACHE_DIR", Path.home() / ".cache" / "copfl"))


# --------------------------------------------------------------------------- cache
def _source_key(path: Path) -> str:
    st = path.stat()
    text = f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}"
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def atomic_savez(path: Path, **arrays: np.ndarray) -> None:
    atomic_write(path, lambda f: np.savez(f, **arrays), binary=True)


STATS_FORMAT = "copfl-channel-stats-1"


def _stats_path(arrays: Path) -> Path:
    return arrays.with_name(arrays.name.removesuffix(".npz") + ".stats.json")


def _arrays_id(arrays: Path) -> dict[str, int]:
    st = arrays.stat()
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns}


def _read_stats(arrays: Path) -> tuple[np.ndarray, np.ndarray] | None:
    """The statistics stored beside ``arrays``, if they were made from this very file."""
    try:
        doc = json.loads(_stats_path(arrays).read_text())
        if doc.get("format") != STATS_FORMAT or doc.get("arrays") != _arrays_id(arrays):
            return None
        return np.asarray(doc["mean"], np.float64), np.asarray(doc["std"], np.float64)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _cache_stats(ds: ArrayDataset, arrays: Path) -> None:
    """Compute the training images' channel statistics (streaming) and store them beside
    ``arrays``, keyed by that file's size and modification time."""
    if ds.kind != "image":
        return
    _PROGRESS.get().message(f"computing the per-channel mean and std of {len(ds.x_train):,} training images (once; cached)")
    mean, std = ds.channel_stats()
    doc = {"format": STATS_FORMAT, "arrays": _arrays_id(arrays), "mean": mean.tolist(), "std": std.tolist()}
    try:
        atomic_write_text(_stats_path(arrays), json.dumps(doc) + "\n")
    except OSError:
        pass  # a read-only cache: the statistics are computed again next time


def cached(
    name: str,
    source: Path,
    cache_dir: Path | None,
    decode: Callable[[Path], ArrayDataset],
    progress: LoadProgress | None = None,
) -> ArrayDataset:
    """Decode ``source`` once; later calls read the uint8 arrays (and the training images'
    channel statistics) from the cache."""
    with reporting(progress) as p:
        t0 = time.perf_counter()
        ds = _cached(name, source, cache_dir, decode, p)
        p.message(f"loaded {name}: {len(ds.y_train):,} train / {len(ds.y_test):,} test samples in {time.perf_counter() - t0:.1f} s")
        return ds


def _cached(name: str, source: Path, cache_dir: Path | None, decode: Callable[[Path], ArrayDataset], p: LoadProgress) -> ArrayDataset:
    if cache_dir is None:
        p.message(f"loading {name} from {source}")
        return decode(source)
    key = _source_key(source)
    path = Path(cache_dir) / f"{name}-{key}.npz"
    if path.exists():
        p.message(f"loading {name} from {source} (decoded arrays cached in {path})")
        ds = None
        try:
            with np.load(path, allow_pickle=False) as z:
                meta = json.loads(str(z["meta"]))
                if meta.get("source") == str(source.resolve()):
                    groups = meta.get("group_names")
                    ds = ArrayDataset(
                        name, z["x_train"], z["y_train"], z["x_test"], z["y_test"], tuple(meta["classes"]), str(source),
                        z["groups_train"] if groups is not None else None,
                        z["groups_test"] if groups is not None else None,
                        tuple(groups) if groups is not None else None,
                        meta.get("kind", "image"),
                    )
        except (OSError, ValueError, KeyError, json.JSONDecodeError):
            pass  # unreadable or foreign cache: rebuild it below
        if ds is not None:
            stats = _read_stats(path)
            if stats is not None:
                ds._set_stats(*stats)
            else:  # a cache from before the statistics were stored with it
                _cache_stats(ds, path)
            return ds
    p.message(f"loading {name} from {source}: decoding it (once; the arrays are then cached in {cache_dir})")
    ds = decode(source)
    meta = {"source": str(source.resolve()), "classes": list(ds.classes), "group_names": None, "kind": ds.kind}
    arrays = {"x_train": ds.x_train, "y_train": ds.y_train, "x_test": ds.x_test, "y_test": ds.y_test}
    if ds.group_names is not None:
        meta["group_names"] = list(ds.group_names)
        arrays.update(groups_train=ds.groups_train, groups_test=ds.groups_test)
    p.message(f"caching the decoded arrays in {path}")
    atomic_savez(path, **arrays, meta=np.array(json.dumps(meta)))
    _cache_stats(ds, path)
    return ds


def _check_labels(y: np.ndarray, num_classes: int, where: str) -> np.ndarray:
    y = np.asarray(y, dtype=np.int64)
    if y.size and (y.min() < 0 or y.max() >= num_classes):
        raise DataError(f"{where}: label {int(y.max() if y.max() >= num_classes else y.min())} out of range 0..{num_classes - 1}")
    return y


# --------------------------------------------------------------------------- digits
def load_digits_dataset(test_fraction: float = 0.25) -> ArrayDataset:
    """scikit-learn's embedded 8x8 digits (1,797 images, 10 classes); no download.

    The data set has no official test split: the LAST quarter of each class (in the file's
    order) is the test split, fixed for all seeds so results are comparable across runs.
    Pixel values 0..16 are rescaled to 0..255.
    """
    from sklearn.datasets import load_digits

    d = load_digits()
    x = np.rint(d.images * (255.0 / 16.0)).astype(np.uint8)[..., None]
    y = d.target.astype(np.int64)
    test = np.zeros(len(y), dtype=bool)
    for c in range(10):
        idx = np.flatnonzero(y == c)
        test[idx[len(idx) - int(round(len(idx) * test_fraction)) :]] = True
    return ArrayDataset("digits", x[~test], y[~test], x[test], y[test], tuple(str(i) for i in range(10)), "sklearn")


# --------------------------------------------------------------------------- CIFAR-10
CIFAR10_URL = "https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz"
CIFAR10_MD5 = "c58f30108f718f92721af3b95e74349a"


def _unpickle(raw: bytes, where: str) -> dict:
    try:
        d = pickle.loads(raw, encoding="bytes")
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


def zlib_error() -> type[Exception]:
    import zlib

    return zlib.error


# --------------------------------------------------------------------------- image folders
def _decode_images(
    opener: Callable[[str], bytes], names: list[str], where: str, advance: Callable[[int], None] | None = None
) -> np.ndarray:
    from PIL import Image

    out = None
    for i, name in enumerate(names):
        if advance is not None and i and i % 100 == 0:
            advance(100)
        try:
            with Image.open(io.BytesIO(opener(name))) as im:
                a = np.asarray(im.convert("RGB") if im.mode not in ("L", "RGB") else im)
        except Exception as e:
            raise DataError(f"{where}/{name}: cannot decode image ({e})") from e
        if a.ndim == 2:
            a = a[..., None]
        if out is None:
            out = np.empty((len(names),) + a.shape, dtype=np.uint8)
        elif a.shape != out.shape[1:]:
            raise DataError(f"{where}/{name}: image of size {a.shape} where the others are {out.shape[1:]}")
        out[i] = a
    if advance is not None and names:
        advance(len(names) - (len(names) - 1) // 100 * 100)
    return out if out is not None else np.empty((0, 0, 0, 0), np.uint8)


# In a pool worker, zips stay open across chunks (reading a 60,000-entry directory takes ~0.3 s).
_WORKER_ZIPS: dict[str, zipfile.ZipFile] | None = None


def _pool_worker_init() -> None:
    global _WORKER_ZIPS
    _WORKER_ZIPS = {}


def _decode_zip_chunk(args: tuple[str, list[str]], advance: Callable[[int], None] | None = None) -> np.ndarray:
    path, names = args
    if _WORKER_ZIPS is not None:
        if path not in _WORKER_ZIPS:
            _WORKER_ZIPS[path] = zipfile.ZipFile(path)
        return _decode_images(_WORKER_ZIPS[path].read, names, path)
    with zipfile.ZipFile(path) as z:
        return _decode_images(z.read, names, path, advance)


def _decode_dir_chunk(args: tuple[str, list[str]], advance: Callable[[int], None] | None = None) -> np.ndarray:
    root, names = args
    return _decode_images(lambda n: (Path(root) / n).read_bytes(), names, root, advance)


def _parallel_decode(worker: Callable, root: str, names: list[str], workers: int | None, desc: str = "decoding images") -> np.ndarray:
    workers = max(1, workers or os.cpu_count() or 1)
    with _steps(desc, len(names)) as advance:
        if workers == 1 or len(names) < 2000:
            return worker((root, names), advance)
        step = min(-(-len(names) // (workers * 4)), 500)  # small chunks: the progress moves steadily
        chunks = [(root, names[i : i + step]) for i in range(0, len(names), step)]
        parts = []
        with ProcessPoolExecutor(workers, initializer=_pool_worker_init) as ex:
            for part in ex.map(worker, chunks):
                parts.append(part)
                advance(len(part))
    shapes = {p.shape[1:] for p in parts}
    if len(shapes) != 1:
        raise DataError(f"{root}: images of different sizes {sorted(shapes)}")
    return np.concatenate(parts)


def decode_image_folders(
    path: Path, name: str, classes: tuple[str, ...] | None = None, splits: tuple[str, str] = ("train", "test"), workers: int | None = None
) -> ArrayDataset:
    """``<split>/<class>/<image>`` trees, as a folder or a zip. Labels follow ``classes`` (or
    sorted class folder names); files are read in sorted order, so the arrays are deterministic."""
    is_zip = path.is_file()
    if is_zip:
        try:
            with zipfile.ZipFile(path) as z:
                all_names = [n for n in z.namelist() if not n.endswith("/")]
        except zipfile.BadZipFile as e:
            raise DataError(f"{path}: not a readable zip archive ({e})") from e
        # Accept one optional top-level folder above train/ and test/.
        prefix = ""
        if not any(n.startswith(f"{splits[0]}/") for n in all_names):
            tops = {n.split("/", 1)[0] for n in all_names if "/" in n}
            if len(tops) == 1:
                prefix = tops.pop() + "/"
        rel = [n[len(prefix) :] for n in all_names if n.startswith(prefix)]
    else:
        rel = sorted(str(p.relative_to(path)).replace(os.sep, "/") for p in path.rglob("*") if p.is_file())
        prefix = ""
    by_split: dict[str, dict[str, list[str]]] = {s: {} for s in splits}
    for r in rel:
        parts = r.split("/")
        if len(parts) == 3 and parts[0] in by_split and not parts[2].startswith("."):
            by_split[parts[0]].setdefault(parts[1], []).append(r)
    found = sorted(set(by_split[splits[0]]) | set(by_split[splits[1]]))
    if not found:
        raise DataError(f"{path}: no {splits[0]}/<class>/<image> files found")
    classes = tuple(classes) if classes is not None else tuple(found)
    unknown = sorted(set(found) - set(classes))
    if unknown:
        raise DataError(f"{path}: unexpected class folders {unknown}; expected {list(classes)}")
    arrays = []
    for split in splits:
        names, labels = [], []
        for ci, c in enumerate(classes):
            files = sorted(by_split[split].get(c, []))
            names += [prefix + f for f in files]
            labels += [ci] * len(files)
        if not names:
            raise DataError(f"{path}: the {split}/ split is empty")
        worker = _decode_zip_chunk if is_zip else _decode_dir_chunk
        x = _parallel_decode(worker, str(path), names, workers, f"decoding {name} {split}")
        arrays += [x, np.asarray(labels, dtype=np.int64)]
    return ArrayDataset(name, arrays[0], arrays[1], arrays[2], arrays[3], classes, str(path))


def decode_cifar10_images(path: Path) -> ArrayDataset:
    ds = decode_image_folders(path, "cifar10", CIFAR10_CLASSES)
    if ds.x_train.shape[1:] != (32, 32, 3):
        raise DataError(f"{path}: CIFAR-10 images must be 32x32 RGB, got {ds.x_train.shape[1:]}")
    return ds


# --------------------------------------------------------------------------- MNIST
MNIST_BASE_URL = "https://ossci-datasets.s3.amazonaws.com/mnist/"
MNIST_FILES = {
    "train-images-idx3-ubyte.gz": "f68b3c2dcbeaaa9fbdd348bbdeb94873",
    "train-labels-idx1-ubyte.gz": "d53e105ee54ea40749a09fcbcd1e9432",
    "t10k-images-idx3-ubyte.gz": "9fb629c4189551a2d022fa330f9573f3",
    "t10k-labels-idx1-ubyte.gz": "ec29112dd5afa0611ce80d1b7f02629c",
}


def read_idx(path: Path) -> np.ndarray:
    """An IDX file (optionally gzipped) of unsigned bytes, as in the official MNIST files."""
    try:
        raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    except (OSError, EOFError, zlib_error()) as e:
        raise DataError(f"{path}: cannot decompress ({e})") from e
    if len(raw) < 4:
        raise DataError(f"{path}: too short to be an IDX file")
    zero, dtype, ndim = raw[0] * 256 + raw[1], raw[2], raw[3]
    if zero != 0 or dtype != 0x08:
        raise DataError(f"{path}: not an unsigned-byte IDX file (magic {raw[:4].hex()})")
    dims = struct.unpack(f">{ndim}I", raw[4 : 4 + 4 * ndim])
    body = np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * ndim)
    if body.size != int(np.prod(dims)):
        raise DataError(f"{path}: header says {dims} ({int(np.prod(dims))} bytes) but the file holds {body.size} bytes")
    return body.reshape(dims)


FASHION_MNIST_BASE_URL = "http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/"
FASHION_MNIST_FILES = {
    "train-images-idx3-ubyte.gz": "8d4fb7e6c68d591d4c3dfef9ec88bf0d",
    "train-labels-idx1-ubyte.gz": "25c81989df183df01b3e8a0aad5dffbe",
    "t10k-images-idx3-ubyte.gz": "bef4ecab320f06d8554ea6380940ec79",
    "t10k-labels-idx1-ubyte.gz": "bb300cfdad3c16e7a12a480ee83cd310",
}
FASHION_MNIST_CLASSES = ("T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot")
# Where Debian's dataset-fashion-mnist package installs the four IDX files (recompressed: their
# .gz bytes differ from the official downloads, the decoded arrays do not).
FASHION_MNIST_SYSTEM_DIR = Path("/usr/share/datasets/fashion-mnist")


def decode_fashion_mnist_idx(folder: Path) -> ArrayDataset:
    return replace(decode_mnist_idx(folder), name="fashion-mnist", classes=FASHION_MNIST_CLASSES)


def _find_idx(folder: Path, name: str) -> Path:
    for cand in (folder / name, folder / name.removesuffix(".gz")):
        if cand.exists():
            return cand
    raise DataError(f"{folder}: missing {name}")


def decode_mnist_idx(folder: Path) -> ArrayDataset:
    x = read_idx(_find_idx(folder, "train-images-idx3-ubyte.gz"))
    y = read_idx(_find_idx(folder, "train-labels-idx1-ubyte.gz"))
    xt = read_idx(_find_idx(folder, "t10k-images-idx3-ubyte.gz"))
    yt = read_idx(_find_idx(folder, "t10k-labels-idx1-ubyte.gz"))
    return _mnist_arrays(x, y, xt, yt, str(folder))


def decode_mnist_npz(path: Path) -> ArrayDataset:
    try:
        with np.load(path, allow_pickle=False) as z:
            x, y, xt, yt = (z[k] for k in ("x_train", "y_train", "x_test", "y_test"))
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as e:
        raise DataError(f"{path}: not an MNIST npz with x_train, y_train, x_test, y_test ({e})") from e
    return _mnist_arrays(x, y, xt, yt, str(path))


def _mnist_arrays(x: np.ndarray, y: np.ndarray, xt: np.ndarray, yt: np.ndarray, where: str) -> ArrayDataset:
    for arr, n in ((x, "train images"), (xt, "test images")):
        if arr.ndim != 3 or arr.shape[1:] != (28, 28) or arr.dtype != np.uint8:
            raise DataError(f"{where}: {n} must be uint8 (N, 28, 28), got {arr.dtype} {arr.shape}")
    if len(x) != len(y) or len(xt) != len(yt):
        raise DataError(f"{where}: {len(x)}/{len(xt)} images but {len(y)}/{len(yt)} labels")
    return ArrayDataset(
        "mnist",
        np.ascontiguousarray(x[..., None]),
        _check_labels(y, 10, where),
        np.ascontiguousarray(xt[..., None]),
        _check_labels(yt, 10, where),
        tuple(str(i) for i in range(10)),
        where,
    )


# --------------------------------------------------------------------------- CINIC-10, Mini-ImageNet
def decode_cinic10(path: Path) -> ArrayDataset:
    """CINIC-10 (Darlow et al., 2018): ``train|valid|test/<class>/*.png``, 32x32 RGB, the CIFAR-10
    classes; train is the training split (``valid`` is not used), test the test split."""
    ds = decode_image_folders(path, "cinic10", CIFAR10_CLASSES, splits=("train", "test"))
    if ds.x_train.shape[1:] != (32, 32, 3):
        raise DataError(f"{path}: CINIC-10 images must be 32x32 RGB, got {ds.x_train.shape[1:]}")
    return ds


def decode_miniimagenet_folders(path: Path) -> ArrayDataset:
    """``train/<wnid>/*.jpg`` and ``val/<wnid>/*.jpg`` over the same 100 classes (the form of the
    shared subset zip): train is the training split, val the test split."""
    ds = decode_image_folders(path, "miniimagenet", None, splits=("train", "val"))
    if ds.x_train.shape[1:] != (84, 84, 3):
        raise DataError(f"{path}: Mini-ImageNet images must be 84x84 RGB, got {ds.x_train.shape[1:]}")
    return ds


def decode_miniimagenet_pickles(folder: Path, test_per_class: int = 100) -> ArrayDataset:
    """The common ``mini-imagenet-cache-{train,val,test}.pkl`` files ({"image_data": uint8 (N, 84,
    84, 3), "class_dict": {wnid: [indices]}}). Their meta-learning splits hold disjoint classes
    (64/16/20); for PFL all 100 classes are pooled and, per class in sorted wnid order, the LAST
    ``test_per_class`` images (in file order) form the test split."""
    images, wnids = [], []
    for part in ("train", "val", "test"):
        f = folder / f"mini-imagenet-cache-{part}.pkl"
        if not f.exists():
            raise DataError(f"{folder}: missing {f.name}")
        try:
            with open(f, "rb") as fh:
                d = pickle.load(fh)
            data = np.asarray(d["image_data"], dtype=np.uint8)
            cdict = d["class_dict"]
        except Exception as e:
            raise DataError(f"{f}: not a Mini-ImageNet cache pickle with image_data and class_dict ({e})") from e
        if data.ndim != 4 or data.shape[1:] != (84, 84, 3):
            raise DataError(f"{f}: image_data must be (N, 84, 84, 3), got {data.shape}")
        for wnid in sorted(cdict):
            idx = np.asarray(cdict[wnid], dtype=np.int64)
            if idx.size and (idx.min() < 0 or idx.max() >= len(data)):
                raise DataError(f"{f}: class {wnid} indexes image {int(idx.max())} of {len(data)}")
            images.append(data[idx])
            wnids.append(wnid)
    order = np.argsort(wnids)
    xs, ys, xts, yts = [], [], [], []
    for label, k in enumerate(order):
        imgs = images[k]
        if len(imgs) <= test_per_class:
            raise DataError(f"{folder}: class {wnids[k]} has {len(imgs)} images, not more than {test_per_class}")
        xs.append(imgs[:-test_per_class])
        xts.append(imgs[-test_per_class:])
        ys.append(np.full(len(imgs) - test_per_class, label))
        yts.append(np.full(test_per_class, label))
    return ArrayDataset(
        "miniimagenet", np.concatenate(xs), np.concatenate(ys).astype(np.int64), np.concatenate(xts),
        np.concatenate(yts).astype(np.int64), tuple(wnids[k] for k in order), str(folder),
    )


# --------------------------------------------------------------------------- FEMNIST (LEAF)
FEMNIST_CLASSES = tuple("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def decode_femnist_npz(path: Path) -> ArrayDataset:
    """The npz form: x (N, 28, 28) uint8 (255 = background, LEAF's convention), y (62 classes),
    writer (index into writers), is_test. Natural clients = writers."""
    try:
        with np.load(path, allow_pickle=False) as z:
            x, y, w, is_test, writers = (z[k] for k in ("x", "y", "writer", "is_test", "writers"))
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as e:
        raise DataError(f"{path}: not a FEMNIST npz with x, y, writer, is_test, writers ({e})") from e
    if x.ndim != 3 or x.shape[1:] != (28, 28):
        raise DataError(f"{path}: x must be (N, 28, 28), got {x.shape}")
    y = _check_labels(y, 62, str(path))
    w = np.asarray(w, dtype=np.int64)
    if w.size and (w.min() < 0 or w.max() >= len(writers)):
        raise DataError(f"{path}: writer index out of range 0..{len(writers) - 1}")
    tr, te = ~is_test.astype(bool), is_test.astype(bool)
    x = np.asarray(x, dtype=np.uint8)[..., None]
    return ArrayDataset("femnist", x[tr], y[tr], x[te], y[te], FEMNIST_CLASSES, str(path), w[tr], w[te], tuple(str(n) for n in writers))


def decode_leaf_femnist(folder: Path) -> ArrayDataset:
    """LEAF's JSON layout: ``train/*.json`` and ``test/*.json``, each {"users": [...],
    "num_samples": [...], "user_data": {user: {"x": [[784 floats in 0..1]], "y": [...]}}}.
    Pixels become uint8 round(255 x); natural clients = users."""
    users: dict[str, int] = {}
    out = []
    for split in ("train", "test"):
        files = sorted((folder / split).glob("*.json"))
        if not files:
            raise DataError(f"{folder}: no {split}/*.json files (the LEAF layout)")
        xs, ys, gs = [], [], []
        for f in files:
            try:
                doc = json.loads(f.read_text())
                for u, n in zip(doc["users"], doc["num_samples"]):
                    ud = doc["user_data"][u]
                    xu = np.asarray(ud["x"], dtype=np.float64)
                    if len(xu) != n or len(ud["y"]) != n or (n and xu.shape[1] != 784):
                        raise DataError(f"{f}: user {u} says {n} samples, has {len(xu)} images of shape {xu.shape[1:]} and {len(ud['y'])} labels")
                    xs.append(np.rint(np.clip(xu, 0, 1) * 255).astype(np.uint8).reshape(-1, 28, 28, 1))
                    ys.append(np.asarray(ud["y"], dtype=np.int64))
                    gs.append(np.full(n, users.setdefault(u, len(users))))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError) as e:
                raise DataError(f"{f}: not a LEAF json file ({type(e).__name__}: {e})") from e
        out.append((np.concatenate(xs), _check_labels(np.concatenate(ys), 62, str(folder / split)), np.concatenate(gs)))
    (x, y, g), (xt, yt, gt) = out
    return ArrayDataset("femnist", x, y, xt, yt, FEMNIST_CLASSES, str(folder), g, gt, tuple(users))


# --------------------------------------------------------------------------- Shakespeare (LEAF)
# LEAF's vocabulary (its ALL_LETTERS): 80 characters; any other character is read as a space.
SHAKESPEARE_VOCAB = "\n !\"&'(),-.0123456789:;>?ABCDEFGHIJKLMNOPQRSTUVWXYZ[]abcdefghijklmnopqrstuvwxyz}"
SEQ_LEN = 80


def encode_text(text: str) -> np.ndarray:
    table = np.full(65536, SHAKESPEARE_VOCAB.index(" "), dtype=np.uint8)
    for i, ch in enumerate(SHAKESPEARE_VOCAB):
        table[ord(ch)] = i
    codes = np.frombuffer(text.encode("utf-16-le"), dtype=np.uint16)
    return table[codes]


def _windows(tokens: np.ndarray, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
    """Samples (tokens[i:i+L], tokens[i+L]) for targets i+L in [start, stop)."""
    first = max(start - SEQ_LEN, 0)
    n = stop - SEQ_LEN - first
    if n <= 0:
        return np.zeros((0, SEQ_LEN), np.uint8), np.zeros(0, np.int64)
    idx = first + np.arange(n)[:, None] + np.arange(SEQ_LEN)[None, :]
    return tokens[idx], tokens[first + SEQ_LEN + np.arange(n)].astype(np.int64)


def shakespeare_roles(text: str) -> dict[str, str]:
    """Each speaking role's text: speeches are ``NAME:\nlines`` separated by blank lines; names are
    upper-cased (the file spells some roles in two ways) and a role's speeches joined by newlines."""
    roles: dict[str, list[str]] = {}
    for speech in text.split("\n\n"):
        head, _, body = speech.strip("\n").partition("\n")
        if head.endswith(":") and body:
            roles.setdefault(head[:-1].strip().upper(), []).append(body)
    return {r: "\n".join(parts) for r, parts in roles.items()}


def decode_tiny_shakespeare(path: Path, train_fraction: float = 0.9) -> ArrayDataset:
    """Tiny Shakespeare (plain or gzipped text) as LEAF-style next-character prediction: clients =
    speaking roles; each sample is 80 characters and the next one; per role the targets in the
    first 90% of its text are training samples, the rest test samples (inputs may look back)."""
    try:
        raw = path.read_bytes()
        text = (gzip.decompress(raw) if path.suffix == ".gz" else raw).decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError, zlib_error()) as e:
        raise DataError(f"{path}: not a readable (gzipped) UTF-8 text ({e})") from e
    roles = shakespeare_roles(text)
    if not roles:
        raise DataError(f"{path}: no 'NAME:' speeches found (expected the Tiny Shakespeare format)")
    parts: dict[str, list] = {"x": [], "y": [], "g": [], "xt": [], "yt": [], "gt": []}
    names = sorted(roles)
    for g, name in enumerate(names):
        tokens = encode_text(roles[name])
        cut = int(train_fraction * len(tokens))
        x, y = _windows(tokens, SEQ_LEN, cut)
        xt, yt = _windows(tokens, max(cut, SEQ_LEN), len(tokens))
        for key, arr in (("x", x), ("y", y), ("xt", xt), ("yt", yt)):
            parts[key].append(arr)
        parts["g"].append(np.full(len(y), g))
        parts["gt"].append(np.full(len(yt), g))
    cat = {k: np.concatenate(v) for k, v in parts.items()}
    return ArrayDataset(
        "shakespeare", cat["x"], cat["y"], cat["xt"], cat["yt"], tuple(SHAKESPEARE_VOCAB), str(path),
        cat["g"].astype(np.int64), cat["gt"].astype(np.int64), tuple(names), "tokens",
    )


def decode_leaf_shakespeare(folder: Path) -> ArrayDataset:
    """LEAF's JSON layout (``train/*.json``, ``test/*.json``; user_data x = 80-character strings,
    y = the next character); clients = users."""
    users: dict[str, int] = {}
    out = []
    for split in ("train", "test"):
        files = sorted((folder / split).glob("*.json"))
        if not files:
            raise DataError(f"{folder}: no {split}/*.json files (the LEAF layout)")
        xs, ys, gs = [], [], []
        for f in files:
            try:
                doc = json.loads(f.read_text())
                for u in doc["users"]:
                    ud = doc["user_data"][u]
                    if any(len(s) != SEQ_LEN for s in ud["x"]) or len(ud["x"]) != len(ud["y"]):
                        raise DataError(f"{f}: user {u}: every x must be {SEQ_LEN} characters, with one y each")
                    xs.append(encode_text("".join(ud["x"])).reshape(-1, SEQ_LEN))
                    ys.append(encode_text("".join(ud["y"])).astype(np.int64))
                    gs.append(np.full(len(ud["y"]), users.setdefault(u, len(users))))
            except (json.JSONDecodeError, KeyError, TypeError) as e:
                raise DataError(f"{f}: not a LEAF json file ({type(e).__name__}: {e})") from e
        out.append((np.concatenate(xs), np.concatenate(ys), np.concatenate(gs)))
    (x, y, g), (xt, yt, gt) = out
    return ArrayDataset("shakespeare", x, y, xt, yt, tuple(SHAKESPEARE_VOCAB), str(folder), g, gt, tuple(users), "tokens")


# --------------------------------------------------------------------------- SensIT Vehicle (LIBSVM)
def read_libsvm(path: Path, num_features: int) -> tuple[np.ndarray, np.ndarray]:
    """A LIBSVM-format file (``label idx:value ...`` per line, 1-based indices) as dense float32
    features and the raw integer labels."""
    xs, ys = [], []
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise DataError(f"{path}: unreadable ({e})") from e
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        label, *pairs = line.split()
        row = np.zeros(num_features, np.float32)
        try:
            ys.append(int(float(label)))
            for pair in pairs:
                i, v = pair.split(":")
                idx = int(i)
                if not 1 <= idx <= num_features:
                    raise DataError(f"{path}:{no}: feature index {idx} outside 1..{num_features}")
                row[idx - 1] = float(v)
        except ValueError as e:
            raise DataError(f"{path}:{no}: not LIBSVM format ({e})") from e
        xs.append(row)
    if not xs:
        raise DataError(f"{path}: no samples")
    return np.stack(xs), np.asarray(ys, dtype=np.int64)


def decode_vehicle(folder: Path) -> ArrayDataset:
    """SensIT Vehicle (Duarte & Hu, 2004) from LIBSVM's ``combined_scale`` / ``combined_scale.t``
    (100 acoustic + seismic features scaled to [-1, 1], labels 1..3 -> 0..2). These combined files
    do not say which sensor recorded a sample, so there is no natural partition for them."""
    x, y = read_libsvm(folder / "combined_scale", 100)
    xt, yt = read_libsvm(folder / "combined_scale.t", 100)
    for arr, where in ((y, "combined_scale"), (yt, "combined_scale.t")):
        if arr.min() < 1 or arr.max() > 3:
            raise DataError(f"{folder / where}: labels must be 1..3, got {arr.min()}..{arr.max()}")
    return ArrayDataset("vehicle", x, y - 1, xt, yt - 1, ("AAV", "DW", "noise"), str(folder), kind="features")


# --------------------------------------------------------------------------- registry
@dataclass(frozen=True)
class Candidate:
    """One on-disk form of a data set: a relative path and how to decode it."""

    relpath: str
    decode: Callable[[Path], ArrayDataset]
    kind: str  # "file" or "dir"


@dataclass(frozen=True)
class Source:
    name: str
    description: str
    candidates: tuple[Candidate, ...]
    how_to_get: str
    fetch: Callable[[Path], Path] | None = None  # download into the data dir, return the path to decode
    embedded: Callable[[], ArrayDataset] | None = None
    base: str | None = None  # read another source's files (e.g. cifar10c from CIFAR-10)
    feature_shift: bool = False  # each client's samples get their own transformation (see experiment)


def _fetch_cifar10(data_dir: Path) -> Path:
    return download(CIFAR10_URL, data_dir / "cifar-10-python.tar.gz", CIFAR10_MD5)


def _fetch_fashion_mnist(data_dir: Path) -> Path:
    folder = data_dir / "fashion-mnist"
    for fname, md5 in FASHION_MNIST_FILES.items():
        download(FASHION_MNIST_BASE_URL + fname, folder / fname, md5)
    return folder


def _fetch_cifar100(data_dir: Path) -> Path:
    return download(CIFAR100_URL, data_dir / "cifar-100-python.tar.gz", CIFAR100_MD5)


def _fetch_mnist(data_dir: Path) -> Path:
    folder = data_dir / "mnist"
    for fname, md5 in MNIST_FILES.items():
        download(MNIST_BASE_URL + fname, folder / fname, md5)
    return folder


SOURCES: dict[str, Source] = {
    "digits": Source("digits", "scikit-learn's 8x8 digits, 10 classes (embedded, no download)", (), "", embedded=load_digits_dataset),
    "cifar10": Source(
        "cifar10",
        "CIFAR-10, 32x32 RGB, 10 classes, 50,000 train / 10,000 test",
        (
            Candidate("cifar-10-batches-py", decode_cifar10_batches_dir, "dir"),
            Candidate("cifar-10-python.tar.gz", decode_cifar10_tar, "file"),
            Candidate("cifar10_png.zip", decode_cifar10_images, "file"),
            Candidate("cifar10", decode_cifar10_images, "dir"),
        ),
        "download cifar-10-python.tar.gz from https://www.cs.toronto.edu/~kriz/cifar.html into the data "
        "directory (or pass --download), or put a train/<class>/*.png, test/<class>/*.png tree or zip there "
        "as cifar10/ or cifar10_png.zip",
        fetch=_fetch_cifar10,
    ),
    "mnist": Source(
        "mnist",
        "MNIST, 28x28 grey, 10 classes, 60,000 train / 10,000 test",
        (
            Candidate("mnist", decode_mnist_idx, "dir"),
            Candidate("MNIST/raw", decode_mnist_idx, "dir"),
            Candidate("mnist.npz", decode_mnist_npz, "file"),
        ),
        "put the four official IDX files (train-images-idx3-ubyte.gz, ...) in <data-dir>/mnist/ "
        "(or pass --download), or an npz with x_train, y_train, x_test, y_test as <data-dir>/mnist.npz",
        fetch=_fetch_mnist,
    ),
    "fashion-mnist": Source(
        "fashion-mnist",
        "Fashion-MNIST, 28x28 grey, 10 classes, 60,000 train / 10,000 test",
        (
            Candidate("fashion-mnist", decode_fashion_mnist_idx, "dir"),
            Candidate("FashionMNIST/raw", decode_fashion_mnist_idx, "dir"),
            Candidate(str(FASHION_MNIST_SYSTEM_DIR), decode_fashion_mnist_idx, "dir"),
        ),
        "put the four official IDX files in <data-dir>/fashion-mnist/ (or pass --download), or on Debian "
        "`apt-get install dataset-fashion-mnist` (installs them in /usr/share/datasets/fashion-mnist/)",
        fetch=_fetch_fashion_mnist,
    ),
    "shakespeare": Source(
        "shakespeare",
        "Shakespeare, next-character prediction (80-character vocabulary), natural clients = speaking roles",
        (
            Candidate("shakespeare", decode_leaf_shakespeare, "dir"),
            Candidate("tinyshakespeare.txt.gz", decode_tiny_shakespeare, "file"),
            Candidate("tinyshakespeare.txt", decode_tiny_shakespeare, "file"),
        ),
        "generate LEAF's Shakespeare data (https://github.com/TalwalkarLab/leaf, data/shakespeare) and copy its "
        "train/ and test/ json folders to <data-dir>/shakespeare/, or put the Tiny Shakespeare text there as "
        "tinyshakespeare.txt(.gz)",
    ),
    "vehicle": Source(
        "vehicle",
        "SensIT Vehicle (combined), 100 features, 3 classes, 78,823 train / 19,705 test",
        (Candidate("vehicle", decode_vehicle, "dir"),),
        "download combined_scale.bz2 and combined_scale.t.bz2 from the LIBSVM data sets page "
        "(https://www.csie.ntu.edu.tw/~cjlin/libsvmtools/datasets/multiclass.html#vehicle), unpack them into "
        "<data-dir>/vehicle/",
    ),
    "cifar10c": Source(
        "cifar10c",
        "CIFAR-10 with a distinct CIFAR-10-C corruption per client (feature shift; generated from CIFAR-10)",
        (),
        "the same files as cifar10",
        base="cifar10",
        feature_shift=True,
    ),
    "cifar100": Source(
        "cifar100",
        "CIFAR-100, 32x32 RGB, 100 fine classes, 50,000 train / 10,000 test",
        (
            Candidate("cifar-100-python", decode_cifar100_dir, "dir"),
            Candidate("cifar-100-python.tar.gz", decode_cifar100_tar, "file"),
        ),
        "download cifar-100-python.tar.gz from https://www.cs.toronto.edu/~kriz/cifar.html into the data "
        "directory (or pass --download)",
        fetch=_fetch_cifar100,
    ),
    "cifar100-coarse": Source(
        "cifar100-coarse",
        "CIFAR-100 with its 20 coarse (superclass) labels",
        (
            Candidate("cifar-100-python", lambda p: decode_cifar100_dir(p, coarse=True), "dir"),
            Candidate("cifar-100-python.tar.gz", lambda p: decode_cifar100_tar(p, coarse=True), "file"),
        ),
        "as for cifar100",
        fetch=_fetch_cifar100,
    ),
    "cinic10": Source(
        "cinic10",
        "CINIC-10, 32x32 RGB, the CIFAR-10 classes, 90,000 train / 90,000 test",
        (Candidate("CINIC-10", decode_cinic10, "dir"), Candidate("cinic10", decode_cinic10, "dir"), Candidate("CINIC-10.zip", decode_cinic10, "file")),
        "download CINIC-10.tar.gz from https://datashare.ed.ac.uk/handle/10283/3192 and unpack it as <data-dir>/CINIC-10/ "
        "(train/, valid/, test/)",
    ),
    "miniimagenet": Source(
        "miniimagenet",
        "Mini-ImageNet, 84x84 RGB, 100 classes (image folders or the mini-imagenet-cache pickles)",
        (
            Candidate("miniimagenet_subset_80_20.zip", decode_miniimagenet_folders, "file"),
            Candidate("miniimagenet", decode_miniimagenet_folders, "dir"),
            Candidate("mini-imagenet", decode_miniimagenet_pickles, "dir"),
        ),
        "put train/<wnid>/*.jpg and val/<wnid>/*.jpg as <data-dir>/miniimagenet/ (or a zip of them as "
        "miniimagenet_subset_80_20.zip), or the three mini-imagenet-cache-{train,val,test}.pkl files in "
        "<data-dir>/mini-imagenet/; ImageNet's terms (non-commercial research) apply",
    ),
    "femnist": Source(
        "femnist",
        "FEMNIST (LEAF), 28x28 grey, 62 classes, natural clients = writers",
        (
            Candidate("femnist", decode_leaf_femnist, "dir"),
            Candidate("femnist_leaf_partial.npz", decode_femnist_npz, "file"),
            Candidate("femnist.npz", decode_femnist_npz, "file"),
        ),
        "generate the LEAF FEMNIST data (https://github.com/TalwalkarLab/leaf, data/femnist) and copy its "
        "train/ and test/ json folders to <data-dir>/femnist/ (femnist/train/*.json, femnist/test/*.json), or save "
        "it as one npz (arrays x, y, writer, is_test, writers): <data-dir>/femnist.npz or "
        "<data-dir>/femnist_leaf_partial.npz",
    ),
}


def dataset_names() -> list[str]:
    return sorted(SOURCES)


def locate(name: str, data_dir: Path) -> Path | None:
    """The first on-disk form of data set ``name`` found in ``data_dir`` (None if none is)."""
    if SOURCES[name].base is not None:
        return locate(SOURCES[name].base, data_dir)
    for cand in SOURCES[name].candidates:
        p = data_dir / cand.relpath
        if (cand.kind == "dir" and p.is_dir()) or (cand.kind == "file" and p.is_file()):
            return p
    return None


def load_dataset(
    name: str,
    data_dir: Path | str | None = None,
    cache_dir: Path | str | None = None,
    download: bool = False,
    progress: LoadProgress | None = None,
) -> ArrayDataset:
    """Load a data set by name from ``data_dir`` (first matching on-disk form wins); what it is
    doing (loading, decoding, caching) goes to ``progress``."""
    if name not in SOURCES:
        raise ValueError(f"unknown dataset {name!r}; available datasets: {', '.join(dataset_names())}")
    src = SOURCES[name]
    if src.embedded is not None:
        with reporting(progress) as p:
            p.message(f"loading {name} (embedded)")
            return src.embedded()
    if src.base is not None:
        base = load_dataset(src.base, data_dir, cache_dir, download, progress)
        ds = replace(base, name=name)
        known = base._known_stats()
        if known is not None:  # the same training images
            ds._set_stats(*known)
        return ds
    data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    looked = []
    for cand in src.candidates:
        p = data_dir / cand.relpath
        looked.append(str(p))
        if (cand.kind == "dir" and p.is_dir()) or (cand.kind == "file" and p.is_file()):
            return cached(name, p, cache, cand.decode, progress)
    if download and src.fetch is not None:
        p = src.fetch(data_dir)
        decode = next(c.decode for c in src.candidates if (data_dir / c.relpath) == p)
        return cached(name, p, cache, decode, progress)
    where = "does not exist" if not data_dir.exists() else "has none of them"
    raise DataNotFoundError(
        f"dataset {name!r} not found: looked for {', '.join(looked)} (the data directory {data_dir} {where}). "
        f"To obtain it: {src.how_to_get}. Set the directory with --data-dir or COPFL_DATA_DIR."
    )
