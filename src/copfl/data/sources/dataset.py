"""What every data source shares: the :class:`ArrayDataset` they return, the errors they raise,
the progress hook they report to, the per-channel image statistics, and the uint8 cache.

Decoded arrays are cached once (uncompressed ``.npz``) in the cache directory, under a key made
from the source file's path, size and modification time (:func:`_source_key`), so a cache made
from another file is never reused. The training images' per-channel mean and std are computed in
one streaming pass when the arrays are cached and stored beside them
(``<name>-<key>.stats.json``), so a warm start reads them instead of computing them.

No file format is read here; the formats are in the sibling modules (see the package docstring).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from copfl.io import atomic_write, atomic_write_text


class DataError(ValueError):
    """A data file exists but is wrong (truncated, corrupt, inconsistent)."""


class DataNotFoundError(FileNotFoundError):
    """The data set is not in the data directory."""


# --------------------------------------------------------------------------- progress
class LoadProgress:
    """Where data code reports what it is doing; this base says nothing (library use).

    ``message`` is one line ("loading cifar10 from ..."); ``start``/``advance``/``finish`` are
    a long step counted in units (decoding 50,000 images). See ``copfl.results.callbacks.DataProgress``.
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


def zlib_error() -> type[Exception]:
    import zlib

    return zlib.error


# --------------------------------------------------------------------------- class subsets
def _class_list_text(names: tuple[str, ...]) -> str:
    shown = ", ".join(names) if len(names) <= 12 else f"{', '.join(names[:3])}, ..., {', '.join(names[-2:])}"
    return f"indices 0..{len(names) - 1} or names {shown}"


def _one_class(token: str, names: tuple[str, ...], spec: str) -> int | None:
    """A class token's index: an integer is an index, anything else a name (case-sensitive);
    None when it is neither (the caller decides whether that is an error)."""
    t = token.strip()
    if t.isdigit():
        i = int(t)
        if not 0 <= i < len(names):
            raise ValueError(f"--classes {spec!r}: class index {i} is out of range 0..{len(names) - 1}")
        return i
    return names.index(t) if t in names else None


def parse_classes(spec: str, names: tuple[str, ...]) -> list[int]:
    """The classes a ``--classes`` text keeps, as indices into ``names``, in the order given
    (they become labels 0..k-1 in that order).

    Comma-separated items; an item is one class or an inclusive range ``FIRST-LAST`` of two
    classes (``36-45``, ``a-j``: every index from FIRST's to LAST's). A class is its index (an
    integer is always an index) or its name (case-sensitive: FEMNIST's ``a`` is 36, ``A`` is
    10). A name that itself contains ``-`` is matched whole first. Unknown classes, backward
    ranges, a class listed twice and fewer than 2 classes are errors naming the value.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"--classes must list classes (e.g. 0-4 or a,b,c), got {spec!r}")
    out: list[int] = []
    for raw in spec.split(","):
        item = raw.strip()
        if not item:
            raise ValueError(f"--classes {spec!r}: empty item (two commas in a row, or a trailing comma)")
        whole = _one_class(item, names, spec)
        if whole is not None:
            out.append(whole)
            continue
        ranges = []
        for k in (k for k, ch in enumerate(item) if ch == "-" and 0 < k < len(item) - 1):
            a, b = _one_class(item[:k], names, spec), _one_class(item[k + 1 :], names, spec)
            if a is not None and b is not None:
                ranges.append((a, b))
        if not ranges:
            raise ValueError(f"--classes {spec!r}: unknown class {item!r}; this data set's classes are {_class_list_text(names)} (ranges: FIRST-LAST)")
        if len(set(ranges)) > 1:
            raise ValueError(f"--classes {spec!r}: {item!r} reads as several ranges; write indices instead")
        a, b = ranges[0]
        if a > b:
            raise ValueError(f"--classes {spec!r}: range {item!r} runs backwards ({a} > {b}); write it as {names[b]}-{names[a]}")
        out.extend(range(a, b + 1))
    seen: set[int] = set()
    for i in out:
        if i in seen:
            raise ValueError(f"--classes {spec!r}: class {names[i]!r} (index {i}) is listed twice")
        seen.add(i)
    if len(out) < 2:
        raise ValueError(f"--classes {spec!r} keeps {len(out)} class; a classifier needs at least 2")
    return out


def select_classes(ds: ArrayDataset, keep: list[int] | tuple[int, ...]) -> ArrayDataset:
    """``ds`` with only the samples of the classes ``keep`` (indices into ``ds.classes``),
    relabelled 0..k-1 in the order of ``keep``; natural clients (groups) keep their samples of
    those classes. The result is a k-class data set for everything downstream: partitions,
    the model's outputs, the channel statistics (computed on the kept training images).
    Token data sets (the classes are the input vocabulary) cannot be subset."""
    if ds.kind == "tokens":
        raise ValueError(f"--classes: {ds.name}'s classes are its input vocabulary (next-token prediction); a class subset does not apply")
    lut = np.full(ds.num_classes, -1, dtype=np.int64)
    lut[np.asarray(keep, dtype=np.int64)] = np.arange(len(keep))
    mtr, mte = lut[ds.y_train] >= 0, lut[ds.y_test] >= 0
    grouped = ds.group_names is not None
    return ArrayDataset(
        ds.name, ds.x_train[mtr], lut[ds.y_train[mtr]], ds.x_test[mte], lut[ds.y_test[mte]], tuple(ds.classes[i] for i in keep),
        ds.source,
        ds.groups_train[mtr] if grouped and ds.groups_train is not None else None,
        ds.groups_test[mte] if grouped and ds.groups_test is not None else None,
        ds.group_names, ds.kind,
    )  # fmt: skip


# numpy dtype kinds, in words, for messages about .npz members
_KIND_WORDS = {"u": "unsigned integers", "i": "integers", "b": "booleans", "f": "floats", "c": "complex numbers", "U": "text",
               "S": "bytes", "O": "Python objects (a pickled object array)", "V": "raw records", "M": "dates", "m": "time deltas"}


def read_npz(path: str | Path, members: dict[str, tuple[str, int, str]]) -> dict[str, np.ndarray]:
    """The members of a data ``.npz`` file, each checked against ``members``: name ->
    (the numpy dtype kinds allowed, e.g. ``"ui"``; the number of dimensions; what is expected,
    in words). A DataError names the file, the member and what was expected: a file that is
    not an npz, a missing member, an object array (copfl never unpickles one: the file is
    wrong, not the setting), another kind of value or another number of dimensions, members
    of different lengths."""
    import zipfile

    path = Path(path)
    expected = "; ".join(f"{k}: {w}" for k, (_, _, w) in members.items())
    out: dict[str, np.ndarray] = {}
    try:
        with np.load(path, allow_pickle=False) as z:
            if not hasattr(z, "files"):
                raise DataError(f"{path}: a single array, not an .npz archive with the members {expected}")
            for name, (kinds, ndim, words) in members.items():
                if name not in z.files:
                    raise DataError(f"{path}: missing member {name!r} (expected {words}); it holds {', '.join(z.files) or 'nothing'}")
                try:
                    a = z[name]
                except ValueError as e:
                    if "allow_pickle" not in str(e):
                        raise
                    raise DataError(f"{path}: member {name!r} holds Python objects (a pickled object array), expected {words}: "
                                    "copfl reads plain numeric or text arrays only") from None
                if a.dtype.kind not in kinds:
                    raise DataError(f"{path}: member {name!r} holds {_KIND_WORDS.get(a.dtype.kind, a.dtype.str)} ({a.dtype}), expected {words}")
                if a.ndim != ndim:
                    raise DataError(f"{path}: member {name!r} has shape {a.shape} ({a.ndim} dimensions), expected {words}")
                out[name] = a
    except DataError:
        raise
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, zlib_error()) as e:
        raise DataError(f"{path}: not a readable .npz archive ({type(e).__name__}: {e}); expected the members {expected}") from None
    return out


def check_lengths(path: str | Path, arrays: dict[str, np.ndarray], *groups: tuple[str, ...]) -> None:
    """Members that describe the same samples (each group) have one length: a DataError
    naming the file and the members otherwise."""
    for g in groups:
        lens = {k: len(arrays[k]) for k in g}
        if len(set(lens.values())) > 1:
            raise DataError(f"{path}: members {', '.join(g)} describe the same samples but have lengths {', '.join(f'{k} {n}' for k, n in lens.items())}")
