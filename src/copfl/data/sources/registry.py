"""The data sets by name: every on-disk form of each (:data:`SOURCES`), how to find one in a data
directory (:func:`locate`) and how to load it (:func:`load_dataset`, through the uint8 cache).

A user's own data set joins the same registry with :func:`register_dataset` (a loader returning an
:class:`ArrayDataset`, e.g. built by :mod:`copfl.data.adapters`); from then on it is used like the
embedded built-in ``digits``: ``--dataset NAME`` with every partition, ``copfl partition``,
``copfl datasets``.

The formats are read by the sibling modules; their docstrings cite where each data set comes from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import overload

import numpy as np

from copfl.data.sources.dataset import (
    ArrayDataset,
    DataError,
    DataNotFoundError,
    LoadProgress,
    cached,
    default_cache_dir,
    default_data_dir,
    reporting,
)
from copfl.data.sources.cifar import (
    _fetch_cifar10,
    _fetch_cifar100,
    decode_cifar10_batches_dir,
    decode_cifar10_images,
    decode_cifar10_tar,
    decode_cifar100_dir,
    decode_cifar100_tar,
    decode_cinic10,
)
from copfl.data.sources.digits import load_digits_dataset
from copfl.data.sources.femnist import decode_femnist_npz, decode_leaf_femnist
from copfl.data.sources.miniimagenet import decode_miniimagenet_folders, decode_miniimagenet_pickles
from copfl.data.sources.mnist import (
    FASHION_MNIST_SYSTEM_DIR,
    _fetch_fashion_mnist,
    _fetch_mnist,
    decode_fashion_mnist_idx,
    decode_mnist_idx,
    decode_mnist_npz,
)
from copfl.data.sources.shakespeare import decode_leaf_shakespeare, decode_tiny_shakespeare
from copfl.data.sources.vehicle import decode_vehicle
from copfl.typecheck import unknown_name


@dataclass(frozen=True)
class Candidate:
    """One on-disk form of a data set: a relative path and how to decode it."""

    relpath: str
    decode: Callable[[Path], ArrayDataset]
    kind: str  # "file" or "dir"


@dataclass(frozen=True)
class Source:
    """A data set by name: where its files may be and how to decode them (``candidates``), or a
    zero-argument ``embedded`` loader (no files), or another source it reads (``base``).
    ``origin`` is ``"built-in"`` for copfl's own, else the module that registered it
    (:func:`register_dataset`)."""

    name: str
    description: str
    candidates: tuple[Candidate, ...]
    how_to_get: str
    fetch: Callable[[Path], Path] | None = None  # download into the data dir, return the path to decode
    embedded: Callable[[], ArrayDataset] | None = None
    base: str | None = None  # read another source's files (e.g. cifar10c from CIFAR-10)
    feature_shift: bool = False  # each client's samples get their own transformation (see experiment)
    # train and test indices point into one pool of samples (then a split file may not put a
    # sample in both); every built-in source keeps its own train and test arrays
    shared_pool: bool = False
    origin: str = "built-in"


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
    """Every registered data set's name, sorted."""
    return sorted(SOURCES)


DatasetLoader = Callable[[], ArrayDataset]


@overload
def register_dataset(name: str, loader: None = None, description: str = "") -> Callable[[DatasetLoader], DatasetLoader]: ...
@overload
def register_dataset(name: str, loader: DatasetLoader, description: str = "") -> DatasetLoader: ...
def register_dataset(
    name: str, loader: DatasetLoader | None = None, description: str = ""
) -> DatasetLoader | Callable[[DatasetLoader], DatasetLoader]:
    """Register a user data set under ``name`` (``--dataset NAME``, ``load_dataset(NAME)``).

    ``loader`` takes no argument and returns an :class:`ArrayDataset` (see
    :mod:`copfl.data.adapters`: ``from_numpy``, ``from_torch``, ``from_huggingface``). It is
    called lazily, each time the data set is loaded, and what it returns is checked then. Without
    ``loader`` this is a decorator::

        @register_dataset("blobs", description="two Gaussian blobs")
        def blobs() -> ArrayDataset:
            return from_numpy(x_train, y_train, x_test, y_test)

    Args:
        name: non-empty, without whitespace or commas, not already registered.
        loader: the zero-argument function; omit it to use this as a decorator.
        description: one line for ``copfl list`` and ``copfl datasets`` (default: the first line
            of the loader's docstring).

    Returns:
        The loader, unchanged (the decorated function stays usable as it is).

    Raises:
        ValueError: a bad name, or a name that is already registered (naming its origin).
        TypeError: a loader that is not callable.
    """
    _check_name(name)

    def add(fn: DatasetLoader) -> DatasetLoader:
        if not callable(fn):
            hint = " (to register a data set already built, pass lambda: ds)" if isinstance(fn, ArrayDataset) else ""
            raise TypeError(f"register_dataset({name!r}): the loader must be a function of no arguments returning an ArrayDataset, got {type(fn).__name__}{hint}")
        if name in SOURCES:
            from copfl.plugins import duplicate

            raise duplicate("data set", name, SOURCES[name].origin, getattr(fn, "__module__", None))
        origin = getattr(fn, "__module__", None) or "unknown"
        text = description or (fn.__doc__ or "").strip().partition("\n")[0] or f"user data set (from {origin})"
        SOURCES[name] = Source(name, text, (), "", embedded=fn, origin=origin)
        return fn

    return add if loader is None else add(loader)


def _check_name(name: object) -> None:
    """A data set name is a non-empty text without whitespace or commas (lists of names are
    comma-separated on the command line)."""
    if not isinstance(name, str) or not name:
        raise ValueError(f"a data set name must be a non-empty string, got {name!r}")
    bad = next((c for c in name if c.isspace() or c == ","), None)
    if bad is not None:
        raise ValueError(f"data set name {name!r} contains {'a comma' if bad == ',' else 'whitespace'}: use letters, digits, '-', '_' or '.'")


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
        from copfl.plugins import load_entry_points

        load_entry_points()  # an installed package's plugin may register it
    if name not in SOURCES:
        raise ValueError(unknown_name("dataset", name, dataset_names()))
    src = SOURCES[name]
    if src.embedded is not None:
        with reporting(progress) as p:
            p.message(f"loading {name} (embedded)")
            return _load_embedded(src)
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


def _load_embedded(src: Source) -> ArrayDataset:
    """Call an embedded source's loader and check what it returns (a registered loader is the
    user's code): an :class:`ArrayDataset` of consistent arrays, named as registered."""
    assert src.embedded is not None
    try:
        ds = src.embedded()
    except DataError as e:  # an adapter's message says what and where; add which data set
        raise DataError(f"data set {src.name!r}: {e}") from e
    if not isinstance(ds, ArrayDataset):
        raise DataError(
            f"data set {src.name!r}: its loader {getattr(src.embedded, '__qualname__', src.embedded)!r} ({src.origin}) returned "
            f"{type(ds).__module__}.{type(ds).__qualname__}, not an ArrayDataset; build one with copfl.data.adapters "
            "(from_numpy, from_torch, from_huggingface)"
        )
    _check_arrays(ds, src.name)
    return ds if ds.name == src.name else replace(ds, name=src.name)


_LAYOUTS = {"image": (4, "u", "uint8 images (N, H, W, C)"), "features": (2, "f", "float feature vectors (N, D)"), "tokens": (2, "ui", "token ids (N, L)")}


def _check_arrays(ds: ArrayDataset, name: str) -> None:
    """The arrays of a loaded data set fit its kind: inputs of the kind's layout, one integer
    label in 0..num_classes-1 per sample (a DataError naming the data set and the split)."""
    if ds.kind not in _LAYOUTS:
        raise DataError(f"data set {name!r}: unknown kind {ds.kind!r} (expected {', '.join(_LAYOUTS)})")
    ndim, kinds, words = _LAYOUTS[ds.kind]
    for split, x, y in (("train", ds.x_train, ds.y_train), ("test", ds.x_test, ds.y_test)):
        x, y = np.asarray(x), np.asarray(y)
        if x.ndim != ndim or x.dtype.kind not in kinds or (ds.kind == "image" and x.dtype != np.uint8):
            raise DataError(f"data set {name!r}: {split} inputs are {x.dtype} {x.shape}, expected {words} for kind {ds.kind!r}")
        if y.ndim != 1 or y.dtype.kind not in "ui" or len(y) != len(x):
            raise DataError(f"data set {name!r}: {split} labels are {y.dtype} {y.shape}, expected {len(x)} integers (one per sample)")
        if len(y) and (y.min() < 0 or y.max() >= ds.num_classes):
            raise DataError(f"data set {name!r}: {split} labels run {y.min()}..{y.max()}, outside 0..{ds.num_classes - 1} ({ds.num_classes} classes)")
