"""A user's own data as an :class:`~copfl.data.sources.ArrayDataset`: from numpy arrays, from a
map-style ``torch.utils.data.Dataset``, or from a Hugging Face ``datasets.Dataset``.

The result follows the conventions of copfl's own sources, so everything downstream (partitions,
models, the per-channel normalisation) treats it like a built-in data set:

- images become uint8 ``(N, H, W, C)``: grey ``(N, H, W)`` images get ``C = 1``; floats in
  [0, 1] become ``round(x * 255)``; integers must be in 0..255;
- 2-D arrays ``(N, D)`` are feature vectors (kind ``"features"``): float32, used as they are;
- labels become int64 class indices 0..K-1, the classes named ``"0"``..``"K-1"`` unless given.

Register the result under a name to use it from the command line or a config::

    from copfl.data.adapters import from_numpy
    from copfl.data.sources.registry import register_dataset

    @register_dataset("blobs")
    def blobs():
        return from_numpy(x_train, y_train, x_test, y_test)

Wrong data is a :class:`~copfl.data.sources.DataError` saying what is wrong and where (the split
and the sample's index): an empty split, inputs and labels of different lengths, samples of
different shapes, float images outside [0, 1], NaN features, labels that are not non-negative
integers. No adapter imports torchvision or ``datasets``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from copfl.data.sources.dataset import ArrayDataset, DataError


def from_numpy(
    x_train: Any,
    y_train: Any,
    x_test: Any,
    y_test: Any,
    name: str = "numpy",
    classes: Sequence[Any] | None = None,
    groups_train: Any = None,
    groups_test: Any = None,
) -> ArrayDataset:
    """A data set from arrays (or sequences of per-sample arrays) of inputs and labels.

    Args:
        x_train: training inputs: images ``(N, H, W, C)`` or grey ``(N, H, W)``, uint8, integers
            in 0..255 or floats in [0, 1]; or feature vectors ``(N, D)``.
        y_train: one integer class index (>= 0) per training sample.
        x_test: test inputs, of the same kind and per-sample shape as ``x_train``.
        y_test: one integer class index per test sample.
        name: the data set's name (:func:`~copfl.data.sources.register_dataset` renames it to
            the registered name when it is loaded).
        classes: the class names, label ``i`` being ``classes[i]`` (default ``"0"``, ``"1"``, ...
            up to the largest label).
        groups_train: optional natural clients (``--partition natural``): one group id (a
            writer, a device: any value) per training sample.
        groups_test: the same for the test samples (both or neither).

    Returns:
        The :class:`ArrayDataset` (kind ``"image"`` or ``"features"``).

    Raises:
        DataError: wrong data, naming the split and the first offending sample.
    """
    x_tr, kind = _inputs(x_train, "train")
    x_te, kind_te = _inputs(x_test, "test")
    if kind != kind_te or x_tr.shape[1:] != x_te.shape[1:]:
        raise DataError(f"train samples are {_describe(x_tr, kind)} but test samples are {_describe(x_te, kind_te)}: both splits need one kind and shape")
    y_tr, y_te = _labels(y_train, "train", len(x_tr)), _labels(y_test, "test", len(x_te))
    names = _class_names(classes, y_tr, y_te)
    g_tr, g_te, group_names = _groups(groups_train, groups_test, len(y_tr), len(y_te))
    return ArrayDataset(name, x_tr, y_tr, x_te, y_te, names, "numpy arrays", g_tr, g_te, group_names, kind)


def from_torch(train: Any, test: Any, name: str = "torch", classes: Sequence[Any] | None = None) -> ArrayDataset:
    """A data set from two map-style ``torch.utils.data.Dataset`` objects (``len(ds)`` and
    ``ds[i]`` returning ``(x, y)``), each sample read once.

    ``x`` may be a tensor in torchvision's ``ToTensor`` layout ``(C, H, W)`` (floats in [0, 1] or
    uint8; turned into ``(H, W, C)``), a 2-D tensor (a grey image), a 1-D tensor (a feature
    vector), a PIL image or a numpy array (taken as it is: ``(H, W, C)``, ``(H, W)`` or ``(D,)``).
    ``y`` is an int or a one-element tensor. Drop any ``Normalize`` transform: copfl normalises
    images itself.

    Args:
        train: the training samples.
        test: the test samples.
        name: the data set's name.
        classes: the class names (default: ``train.classes`` when it has them, as torchvision's
            data sets do, also through a ``Subset``; else ``"0"``, ``"1"``, ...).

    Returns:
        The :class:`ArrayDataset`, as :func:`from_numpy` makes it.

    Raises:
        DataError: wrong data, naming the split and the sample.
    """
    x_tr, y_tr = _gather_torch(train, "train")
    x_te, y_te = _gather_torch(test, "test")
    names = classes if classes is not None else _torch_classes(train)
    ds = from_numpy(x_tr, y_tr, x_te, y_te, name, names)
    return replace(ds, source=f"torch datasets {type(train).__name__} / {type(test).__name__}")


def from_huggingface(
    train: Any, test: Any, image: str = "image", label: str = "label", name: str = "hf", classes: Sequence[Any] | None = None
) -> ArrayDataset:
    """A data set from two Hugging Face ``datasets.Dataset`` splits (e.g. ``dd["train"]`` and
    ``dd["test"]`` of a ``DatasetDict``), read by column.

    ``datasets`` is not imported: any object works whose ``obj[column]`` is a list of the
    column's values. Images may be PIL images or nested lists / arrays (``(H, W, C)``,
    ``(H, W)``, or ``(D,)`` feature vectors).

    Args:
        train: the training split.
        test: the test split.
        image: the column of the inputs.
        label: the column of the integer labels.
        name: the data set's name.
        classes: the class names (default: ``train.features[label].names`` when the label column
            is a ``ClassLabel``; else ``"0"``, ``"1"``, ...).

    Returns:
        The :class:`ArrayDataset`, as :func:`from_numpy` makes it.

    Raises:
        DataError: a missing column, or wrong data naming the split and the sample.
    """
    x_tr, y_tr = _columns(train, image, label, "train")
    x_te, y_te = _columns(test, image, label, "test")
    names = classes if classes is not None else _hf_class_names(train, label)
    ds = from_numpy(x_tr, y_tr, x_te, y_te, name, names)
    return replace(ds, source="Hugging Face datasets")


# ------------------------------------------------------------------------------ inputs
def _inputs(x: Any, split: str) -> tuple[np.ndarray, str]:
    """A split's inputs in copfl's layout, and their kind (``"image"`` or ``"features"``)."""
    a = _stack(x, split)
    if len(a) == 0:
        raise DataError(f"the {split} split is empty: it needs at least one sample")
    if a.ndim == 2:
        return _features(a, split), "features"
    if a.ndim == 3:
        a = a[..., None]  # grey images: one channel
    if a.ndim != 4:
        raise DataError(
            f"{split} inputs have shape {a.shape}: expected images (N, H, W, C) or (N, H, W), or feature vectors (N, D)"
        )
    if a.shape[3] > 4 and a.shape[1] <= 4:
        raise DataError(
            f"{split} images have shape {a.shape}, which looks like channels first (N, C, H, W): "
            "copfl takes (N, H, W, C); transpose them, e.g. x.transpose(0, 2, 3, 1)"
        )
    return _uint8_images(a, split), "image"


def _stack(x: Any, split: str) -> np.ndarray:
    """One array of a split's samples; a sequence of per-sample arrays (or PIL images) must
    agree in shape."""
    if hasattr(x, "__array__") and not isinstance(x, (list, tuple)):
        x = np.asarray(x)  # an array, a tensor
        if x.dtype != object:
            return x
    samples = [np.asarray(s) for s in x]
    if not samples:
        return np.empty(0)
    for i, s in enumerate(samples):
        if s.shape != samples[0].shape:
            raise DataError(
                f"{split} samples have different shapes: sample 0 is {samples[0].shape}, sample {i} is {s.shape}; "
                "resize them to one shape first"
            )
    return np.stack(samples)


def _uint8_images(a: np.ndarray, split: str) -> np.ndarray:
    """Images as uint8: uint8 as they are, integers 0..255 cast, floats in [0, 1] as round(x * 255)."""
    if a.dtype == np.uint8:
        return np.ascontiguousarray(a)
    if a.dtype.kind in "iu":
        bad = (a < 0) | (a > 255)
        if bad.any():
            i = _first_sample(bad)
            raise DataError(f"{split} sample {i}: integer pixel values must be in 0..255, got {a[i].min()}..{a[i].max()}")
        return a.astype(np.uint8)
    if a.dtype.kind != "f":
        raise DataError(f"{split} images are {a.dtype}: expected uint8, integers in 0..255 or floats in [0, 1]")
    _check_finite(a, split, "image")
    bad = (a < 0) | (a > 1)
    if bad.any():
        i = _first_sample(bad)
        lo, hi = float(a.min()), float(a.max())
        raise DataError(
            f"{split} sample {i}: float images must be in [0, 1], got values {float(a[i].min()):g}..{float(a[i].max()):g} "
            f"(whole split: {lo:g}..{hi:g}); scale them (e.g. x / 255) and drop any normalisation (copfl normalises "
            "images itself); for feature vectors pass 2-D arrays (N, D), kind 'features'"
        )
    return np.rint(a * 255.0).astype(np.uint8)


def _features(a: np.ndarray, split: str) -> np.ndarray:
    """Feature vectors as float32, every value finite."""
    if a.dtype.kind not in "fiub":
        raise DataError(f"{split} feature vectors are {a.dtype}: expected numbers")
    f = a.astype(np.float32)
    _check_finite(f, split, "feature vector")
    return f


def _check_finite(a: np.ndarray, split: str, what: str) -> None:
    for bad, words in ((np.isnan(a), "NaN"), (np.isinf(a), "an infinite value (or one too large for float32)")):
        if bad.any():
            raise DataError(f"{split} sample {_first_sample(bad)}: the {what} holds {words}")


def _first_sample(mask: np.ndarray) -> int:
    """The index of the first sample (along axis 0) where ``mask`` is true anywhere."""
    return int(np.flatnonzero(mask.reshape(len(mask), -1).any(1))[0])


def _describe(a: np.ndarray, kind: str) -> str:
    return f"feature vectors of length {a.shape[1]}" if kind == "features" else "images of shape {}x{}x{} (H x W x C)".format(*a.shape[1:])


# ------------------------------------------------------------------------------ labels
def _labels(y: Any, split: str, n: int) -> np.ndarray:
    """One int64 class index (>= 0) per sample."""
    sequence = hasattr(y, "__iter__") and not isinstance(y, (list, tuple, str)) and not hasattr(y, "__array__")
    a = np.asarray(list(y) if sequence else y)  # list(): a lazy column (Hugging Face's Column)
    if a.ndim == 2 and a.shape[1] == 1:
        a = a[:, 0]
    if a.ndim != 1:
        raise DataError(f"{split} labels have shape {a.shape}: expected one integer class index per sample (one-hot labels: pass y.argmax(1))")
    if len(a) != n:
        raise DataError(f"the {split} split has {n} samples but {len(a)} labels")
    if a.dtype.kind in "OUS":
        a = np.array([_integer(v, split, i) for i, v in enumerate(a)], dtype=np.int64)
    elif a.dtype.kind == "f":
        bad = ~np.isfinite(a) | (a != np.round(a))
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise DataError(f"{split} sample {i}: label {a[i].item()!r} is not an integer (labels are class indices 0..K-1)")
    elif a.dtype.kind not in "iub":
        raise DataError(f"{split} labels are {a.dtype}: expected integer class indices 0..K-1")
    a = a.astype(np.int64)
    if (a < 0).any():
        i = int(np.flatnonzero(a < 0)[0])
        raise DataError(f"{split} sample {i}: label {a[i]} is negative (labels are class indices 0..K-1)")
    return a


def _integer(v: Any, split: str, i: int) -> int:
    """One label of a text or object array as an int (an integral number), else a DataError."""
    v = v.item() if isinstance(v, np.generic) else v
    if isinstance(v, (bool, int)) or (isinstance(v, float) and v.is_integer()):
        return int(v)
    hint = " (map names to indices and pass the names as classes=...)" if isinstance(v, (str, bytes)) else ""
    raise DataError(f"{split} sample {i}: label {v!r} is not an integer: labels are class indices 0..K-1{hint}")


def _class_names(classes: Sequence[Any] | None, y_tr: np.ndarray, y_te: np.ndarray) -> tuple[str, ...]:
    """The class names: those given (every label must index one), else "0".."K-1"."""
    top = int(max(y_tr.max(), y_te.max()))
    if classes is None:
        return tuple(str(i) for i in range(top + 1))
    names = tuple(str(c) for c in classes)
    if top >= len(names):
        split, y = ("train", y_tr) if y_tr.max() == top else ("test", y_te)
        i = int(np.flatnonzero(y == top)[0])
        raise DataError(f"{split} sample {i}: label {top} has no class name: {len(names)} classes given (labels 0..{len(names) - 1})")
    return names


def _groups(g_train: Any, g_test: Any, n_tr: int, n_te: int) -> tuple[np.ndarray | None, np.ndarray | None, tuple[str, ...] | None]:
    """Natural clients: per-sample group ids 0..G-1 in both splits and the groups' names."""
    if g_train is None and g_test is None:
        return None, None, None
    if g_train is None or g_test is None:
        raise DataError("natural clients need a group id per sample in both splits: pass groups_train and groups_test")
    g_tr, g_te = np.asarray(g_train), np.asarray(g_test)
    for split, g, n in (("train", g_tr, n_tr), ("test", g_te, n_te)):
        if g.ndim != 1 or len(g) != n:
            raise DataError(f"the {split} split has {n} samples but its groups have shape {g.shape} (one group id per sample)")
    values, ids = np.unique(np.concatenate([g_tr, g_te]), return_inverse=True)
    ids = ids.reshape(-1).astype(np.int64)
    return ids[:n_tr], ids[n_tr:], tuple(str(v) for v in values)


# ------------------------------------------------------------------------------ torch
def _gather_torch(ds: Any, split: str) -> tuple[list[np.ndarray], list[Any]]:
    """Every ``(x, y)`` of a map-style dataset, in index order, each read once."""
    xs, ys = [], []
    for i in range(len(ds)):
        item = ds[i]
        if not isinstance(item, (tuple, list)) or len(item) < 2:
            raise DataError(f"{split} sample {i}: the dataset returned a {type(item).__name__}, expected an (input, label) pair")
        xs.append(_torch_input(item[0]))
        ys.append(_scalar(item[1]))
    return xs, ys


def _torch_input(x: Any) -> np.ndarray:
    """One input as a numpy array in copfl's layout: a 3-D tensor is (C, H, W) -> (H, W, C)."""
    import torch

    if isinstance(x, torch.Tensor):
        t = x.detach().cpu()
        a = (t.float() if t.is_floating_point() else t).numpy()  # float(): also bfloat16 / half
        return a.transpose(1, 2, 0) if a.ndim == 3 else a
    return np.asarray(x)  # a PIL image: (H, W, C) or (H, W); an array as it is


def _scalar(y: Any) -> Any:
    """A label as a Python number when it is a one-element tensor or array."""
    size = y.numel() if hasattr(y, "numel") else getattr(y, "size", 1)
    return y.item() if hasattr(y, "item") and size == 1 else y


def _torch_classes(ds: Any) -> Sequence[Any] | None:
    """A torch dataset's class names, as torchvision keeps them (``.classes``), also through a
    ``Subset`` (``.dataset.classes``)."""
    for obj in (ds, getattr(ds, "dataset", None)):
        names = getattr(obj, "classes", None)
        if names is not None:
            return names
    return None


# ------------------------------------------------------------------------------ Hugging Face
def _columns(ds: Any, image: str, label: str, split: str) -> tuple[Any, Any]:
    """A Hugging Face split's input and label columns."""
    names = getattr(ds, "column_names", None)
    for col, arg in ((image, "image"), (label, "label")):
        if names is not None and col not in names:
            raise DataError(f"the {split} split has no column {col!r} (its columns: {', '.join(map(str, names))}); name the column with {arg}=...")
    try:
        return ds[image], ds[label]
    except (KeyError, IndexError, TypeError, ValueError) as e:
        raise DataError(f"the {split} split: cannot read the columns {image!r} and {label!r} ({type(e).__name__}: {e})") from None


def _hf_class_names(ds: Any, label: str) -> Sequence[Any] | None:
    """The label column's class names when it is a ``ClassLabel`` (``ds.features[label].names``)."""
    try:
        return ds.features[label].names
    except (AttributeError, KeyError, TypeError):
        return None
