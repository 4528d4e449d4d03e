"""LEAF's json layout, read once for every LEAF data set (FEMNIST, Shakespeare).

LEAF (Caldas et al., "LEAF: A Benchmark for Federated Settings", 2018, arXiv:1812.01097,
https://github.com/TalwalkarLab/leaf) writes each data set as ``train/*.json`` and
``test/*.json``; every file is ``{"users": [...], "num_samples": [...], "user_data": {user:
{"x": [...], "y": [...]}}}`` with one entry of ``x`` and ``y`` per sample. What an entry is
depends on the data set (FEMNIST: 784 floats and a class index; Shakespeare: an 80-character
string and the next character), so :func:`read_leaf` takes a ``convert`` that turns one user's
``x`` and ``y`` lists into arrays; everything else (finding the files, parsing them, checking the
sample counts, numbering the users, concatenating, error messages) is done here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from copfl.data.sources.dataset import DataError

# One user's x and y lists (equally long) -> (x array, y array) with one row per sample; raises
# DataError (without the file and user: read_leaf adds them) if an entry has the wrong form.
Convert = Callable[[list, list], tuple[np.ndarray, np.ndarray]]


@dataclass(frozen=True)
class LeafSplit:
    x: np.ndarray
    y: np.ndarray
    groups: np.ndarray  # int64: each sample's user, an index into LeafData.users


@dataclass(frozen=True)
class LeafData:
    users: tuple[str, ...]  # in order of first appearance: train files (sorted by name), then test files
    train: LeafSplit
    test: LeafSplit


def read_leaf(folder: Path, convert: Convert) -> LeafData:
    """Read ``folder/train/*.json`` and ``folder/test/*.json`` (files in sorted order, users in
    file order); a user in both splits (LEAF splits each user's samples) is one user."""
    users: dict[str, int] = {}
    splits = []
    for split in ("train", "test"):
        files = sorted((folder / split).glob("*.json"))
        if not files:
            raise DataError(f"{folder}: no {split}/*.json files (the LEAF layout)")
        xs, ys, gs = [], [], []
        for f in files:
            try:
                doc = json.loads(f.read_text())
                for u, n in zip(doc["users"], doc["num_samples"]):
                    x, y = doc["user_data"][u]["x"], doc["user_data"][u]["y"]
                    if len(x) != n or len(y) != n:
                        raise DataError(f"{f}: user {u} says {n} samples, has {len(x)} x and {len(y)} y entries")
                    try:
                        xu, yu = convert(x, y)
                    except DataError as e:
                        raise DataError(f"{f}: user {u}: {e}") from None
                    xs.append(xu)
                    ys.append(yu)
                    gs.append(np.full(n, users.setdefault(u, len(users)), dtype=np.int64))
            except DataError:
                raise
            except (ValueError, KeyError, TypeError) as e:  # ValueError: also bad json, bad UTF-8
                raise DataError(f"{f}: not a LEAF json file ({type(e).__name__}: {e})") from e
        if not xs:
            raise DataError(f"{folder / split}: no users in {len(files)} json files")
        splits.append(LeafSplit(np.concatenate(xs), np.concatenate(ys), np.concatenate(gs)))
    return LeafData(tuple(users), *splits)
