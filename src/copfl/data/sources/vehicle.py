"""SensIT Vehicle in LIBSVM's sparse text format.

Source: Duarte & Hu, "Vehicle classification in distributed sensor networks", Journal of Parallel
and Distributed Computing 64(7), 2004; the ``combined_scale`` / ``combined_scale.t`` files from
the LIBSVM data sets page (Chang & Lin,
https://www.csie.ntu.edu.tw/~cjlin/libsvmtools/datasets/multiclass.html#vehicle).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from copfl.data.sources.dataset import ArrayDataset, DataError


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
