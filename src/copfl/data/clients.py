"""Client data as ready tensors, and augmentation as batched tensor operations.

Images are normalized once, when the federation is built, so a training step only indexes
a tensor. Augmentation (random crop with zero padding, then horizontal flip, as
torchvision's ``RandomCrop(32, padding=4)`` + ``RandomHorizontalFlip``) runs on the whole
batch at once with the client's seeded generator. Padding uses the value that black (0)
takes after normalization, so the result equals cropping the raw image then normalizing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch

from copfl.data.partitioners import Split
from copfl.data.sources.dataset import ArrayDataset


@dataclass(frozen=True)
class ClientData:
    x_train: torch.Tensor  # float32 (n, C, H, W), normalized
    y_train: torch.Tensor  # int64 (n,)
    x_test: torch.Tensor
    y_test: torch.Tensor
    # the run's validation data (``--val-fraction``): held out of the training data, never
    # trained on, evaluated beside the test data to select a round without looking at it
    x_val: torch.Tensor | None = None
    y_val: torch.Tensor | None = None

    @property
    def num_train(self) -> int:
        return len(self.y_train)

    @property
    def num_val(self) -> int:
        return 0 if self.y_val is None else len(self.y_val)

    def to(self, device: torch.device | str) -> ClientData:
        """This client's data on ``device`` (itself when already there)."""
        dev = torch.device(device)
        if self.x_train.device == dev:
            return self
        val = (None, None) if self.x_val is None or self.y_val is None else (self.x_val.to(dev), self.y_val.to(dev))
        return ClientData(self.x_train.to(dev), self.y_train.to(dev), self.x_test.to(dev), self.y_test.to(dev), *val)

    def with_test(self, x: torch.Tensor, y: torch.Tensor) -> ClientData:
        """The same training data with ``(x, y)`` as the data evaluated on (no validation part)."""
        return ClientData(self.x_train, self.y_train, x, y)

    @property
    def num_test(self) -> int:
        return len(self.y_test)


def holdout_split(
    data: ClientData, fraction: float, seed: int, client: int, purpose: str = "holdout", at_least: int = 0
) -> tuple[ClientData, ClientData]:
    """A client's training data cut into (training, held-out validation) parts: a fixed random
    ``fraction`` of its training samples (at least one; ``at_least``: at least that many, up
    to half of them), the same in every round (seeded by the run's seed and the client), both
    in ascending sample order; the test data goes with both. Used wherever a method needs
    validation data that it never trains on (CO-PFL's holdout score, pFedSV's and FedFomo's
    utilities, FedMeta's query set; the run's own validation split, ``purpose``
    "validation"). The held-out samples are the first ``k`` of one seeded permutation, so a
    larger ``k`` holds out a superset."""
    from copfl.seeding import torch_generator

    if not 0.0 < fraction < 1.0:
        raise ValueError(f"a held-out fraction must be in (0, 1), got {fraction}")
    n = data.num_train
    k = max(1, int(round(fraction * n)), min(at_least, n // 2))
    if k >= n:
        raise ValueError(f"client {client} has {n} training samples: too few to hold out {k} ({fraction:g} of them) and train on the rest")
    perm = torch.randperm(n, generator=torch_generator(seed, purpose, client))
    tr, ho = perm[k:].sort().values.to(data.y_train.device), perm[:k].sort().values.to(data.y_train.device)
    return (
        ClientData(data.x_train[tr], data.y_train[tr], data.x_test, data.y_test),
        ClientData(data.x_train[ho], data.y_train[ho], data.x_test, data.y_test),
    )


def with_validation(data: ClientData, fraction: float, seed: int, client: int, at_least: int = 0) -> ClientData:
    """The run's validation split (``--val-fraction``): a seeded ``fraction`` of the client's
    training samples (at least one; ``--val-min``: at least ``at_least``, up to half of them)
    moved to ``x_val``/``y_val``, the rest trained on. A client with fewer than two training
    samples keeps its one sample to train on and has no validation data (the validation means
    are over the clients that have some)."""
    if data.num_train < 2:
        return data
    try:
        train, val = holdout_split(data, fraction, seed, client, "validation", at_least)
    except ValueError as e:
        raise ValueError(f"--val-fraction {fraction:g}: {e} (--val-fraction 0 turns validation off)") from None
    return ClientData(train.x_train, train.y_train, data.x_test, data.y_test, val.x_train, val.y_train)


def to_tensor(x: np.ndarray, mean: np.ndarray, std: np.ndarray) -> torch.Tensor:
    """uint8 (N, H, W, C) -> normalized float32 (N, C, H, W)."""
    t = torch.from_numpy(np.ascontiguousarray(x)).permute(0, 3, 1, 2).float().div_(255.0)
    m = torch.as_tensor(mean, dtype=torch.float32).view(1, -1, 1, 1)
    s = torch.as_tensor(std, dtype=torch.float32).view(1, -1, 1, 1)
    # clone, not .contiguous(): with one channel a permuted tensor already counts as
    # contiguous yet keeps channels-last strides, which makes every convolution on it run in
    # channels-last order whatever the Workspace chose (docs/known-issues.md).
    return t.sub_(m).div_(s).clone(memory_format=torch.contiguous_format)


# (client, uint8 images, "train" | "test") -> transformed uint8 images (feature shift)
ClientTransform = Callable[[int, np.ndarray, str], np.ndarray]


def build_clients(
    ds: ArrayDataset, split: Split, mean: np.ndarray, std: np.ndarray, transform: ClientTransform | None = None
) -> list[ClientData]:
    out = []
    for n, (tr, te) in enumerate(zip(split.train, split.test)):
        xtr, xte = ds.x_train[tr], ds.x_test[te]
        if transform is not None:
            xtr, xte = transform(n, xtr, "train"), transform(n, xte, "test")
        if ds.kind != "image":  # token ids and features go to the model as they are
            cast = np.int64 if ds.kind == "tokens" else np.float32
            out.append(ClientData(torch.from_numpy(xtr.astype(cast)), torch.from_numpy(ds.y_train[tr].copy()),
                                  torch.from_numpy(xte.astype(cast)), torch.from_numpy(ds.y_test[te].copy())))
            continue
        out.append(
            ClientData(
                to_tensor(xtr, mean, std),
                torch.from_numpy(ds.y_train[tr].copy()),
                to_tensor(xte, mean, std),
                torch.from_numpy(ds.y_test[te].copy()),
            )
        )
    return out


class CropFlip:
    """Random crop with ``padding`` and random horizontal flip on a normalized batch."""

    def __init__(self, mean: np.ndarray, std: np.ndarray, padding: int = 4, flip: bool = True) -> None:
        self.padding = padding
        self.flip = flip
        self.fill = torch.as_tensor(-np.asarray(mean) / np.asarray(std), dtype=torch.float32).view(1, -1, 1, 1)

    def __call__(self, x: torch.Tensor, g: torch.Generator) -> torch.Tensor:
        # random draws from the (CPU) generator whatever the device: the same seed gives the
        # same crops and flips on every device
        b, c, h, w = x.shape
        p, dev = self.padding, x.device
        if p > 0:
            padded = self.fill.to(dev).expand(b, c, h + 2 * p, w + 2 * p).clone()
            padded[:, :, p : p + h, p : p + w] = x
            oy = torch.randint(0, 2 * p + 1, (b,), generator=g)
            ox = torch.randint(0, 2 * p + 1, (b,), generator=g)
            rows = (oy[:, None] + torch.arange(h))[:, None, :, None].to(dev)  # (b, 1, h, 1)
            cols = (ox[:, None] + torch.arange(w))[:, None, None, :].to(dev)  # (b, 1, 1, w)
            x = padded[torch.arange(b, device=dev)[:, None, None, None], torch.arange(c, device=dev)[None, :, None, None], rows, cols]
        if self.flip:
            flip = (torch.rand(b, generator=g) < 0.5).to(dev)
            x = torch.where(flip[:, None, None, None], x.flip(3), x)
        return x
