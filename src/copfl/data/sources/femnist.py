"""FEMNIST: 28x28 grey handwritten characters, 62 classes, natural clients = writers.

Source: LEAF (Caldas et al., "LEAF: A Benchmark for Federated Settings", 2018, arXiv:1812.01097,
https://github.com/TalwalkarLab/leaf, ``data/femnist``), built from EMNIST (Cohen, Afshar, Tapson
& van Schaik, "EMNIST: an extension of MNIST to handwritten letters", 2017, arXiv:1702.05373) and
split by writer. Two forms are read: LEAF's json folders (through the shared LEAF reader,
:mod:`copfl.data.sources.leaf`) and one npz (arrays x, y, writer, is_test, writers; the form of
the shared ``femnist_leaf_partial.npz``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from copfl.data.sources.dataset import ArrayDataset, DataError, _check_labels, check_lengths, read_npz
from copfl.data.sources.leaf import read_leaf


FEMNIST_CLASSES = tuple("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def decode_femnist_npz(path: Path) -> ArrayDataset:
    """The npz form: x (N, 28, 28) uint8 (255 = background, LEAF's convention), y (62 classes),
    writer (index into writers), is_test. Natural clients = writers."""
    z = read_npz(path, {
        "x": ("u", 3, "uint8 images of shape (N, 28, 28)"),
        "y": ("ui", 1, "integer labels 0..61 of shape (N,)"),
        "writer": ("ui", 1, "each sample's writer, an integer index into 'writers', shape (N,)"),
        "is_test": ("bui", 1, "each sample's test flag (booleans or 0/1), shape (N,)"),
        "writers": ("US", 1, "the writers' names (text), shape (W,)"),
    })  # fmt: skip
    check_lengths(path, z, ("x", "y", "writer", "is_test"))
    x, y, w, is_test, writers = (z[k] for k in ("x", "y", "writer", "is_test", "writers"))
    if x.ndim != 3 or x.shape[1:] != (28, 28):
        raise DataError(f"{path}: x must be (N, 28, 28), got {x.shape}")
    y = _check_labels(y, 62, str(path))
    w = np.asarray(w, dtype=np.int64)
    if w.size and (w.min() < 0 or w.max() >= len(writers)):
        raise DataError(f"{path}: writer index out of range 0..{len(writers) - 1}")
    tr, te = ~is_test.astype(bool), is_test.astype(bool)
    x = np.asarray(x, dtype=np.uint8)[..., None]
    return ArrayDataset("femnist", x[tr], y[tr], x[te], y[te], FEMNIST_CLASSES, str(path), w[tr], w[te], tuple(str(n) for n in writers))


def leaf_femnist_arrays(x: list, y: list) -> tuple[np.ndarray, np.ndarray]:
    """One LEAF FEMNIST user's entries: x = 784 floats in 0..1 per image, y = class indices.
    Pixels become uint8 round(255 x), images (n, 28, 28, 1)."""
    xu = np.asarray(x, dtype=np.float64)
    if len(xu) and xu.shape[1:] != (784,):
        raise DataError(f"every x must be 784 pixel values, got images of shape {xu.shape[1:]}")
    return np.rint(np.clip(xu, 0, 1) * 255).astype(np.uint8).reshape(-1, 28, 28, 1), np.asarray(y, dtype=np.int64)


def decode_leaf_femnist(folder: Path) -> ArrayDataset:
    """LEAF's JSON layout: ``train/*.json`` and ``test/*.json``, each {"users": [...],
    "num_samples": [...], "user_data": {user: {"x": [[784 floats in 0..1]], "y": [...]}}}.
    Pixels become uint8 round(255 x); natural clients = users."""
    d = read_leaf(folder, leaf_femnist_arrays)
    y, yt = (_check_labels(s.y, 62, str(folder / split)) for s, split in ((d.train, "train"), (d.test, "test")))
    return ArrayDataset("femnist", d.train.x, y, d.test.x, yt, FEMNIST_CLASSES, str(folder), d.train.groups, d.test.groups, d.users)
