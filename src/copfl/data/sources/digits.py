"""scikit-learn's embedded 8x8 handwritten digits (1,797 images, 10 classes; no file to read).

Source: the test part of the UCI "Optical Recognition of Handwritten Digits" data set (Alpaydin &
Kaynak, 1998, https://archive.ics.uci.edu/dataset/80), as shipped in scikit-learn
(``sklearn.datasets.load_digits``, https://scikit-learn.org/stable/datasets/toy_dataset.html).
"""

from __future__ import annotations

import numpy as np

from copfl.data.sources.dataset import ArrayDataset


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
