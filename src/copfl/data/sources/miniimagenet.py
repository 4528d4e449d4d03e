"""Mini-ImageNet: 84x84 RGB images of 100 ImageNet classes.

Mini-ImageNet was defined by Vinyals et al. ("Matching Networks for One Shot Learning", NeurIPS
2016) with the 64/16/20-class split of Ravi & Larochelle ("Optimization as a Model for Few-Shot
Learning", ICLR 2017); the images are ImageNet's (Russakovsky et al., 2015; non-commercial
research terms). Two forms are read:

- image folders ``train/<wnid>/*.jpg`` and ``val/<wnid>/*.jpg`` over the same 100 classes, as a
  folder or a zip (the shared ``miniimagenet_subset_80_20.zip``), decoded by
  :mod:`copfl.data.sources.images`;
- the ``mini-imagenet-cache-{train,val,test}.pkl`` pickles (``image_data``, ``class_dict``) in
  the form learn2learn and other few-shot libraries distribute.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from copfl.data.sources.dataset import ArrayDataset, DataError
from copfl.data.sources.images import decode_image_folders
from copfl.data.sources.safe_pickle import UnsafePickleError, restricted_loads


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
            d = restricted_loads(f.read_bytes(), str(f), encoding="latin1")
            data = np.asarray(d["image_data"], dtype=np.uint8)
            cdict = d["class_dict"]
        except UnsafePickleError:
            raise
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
