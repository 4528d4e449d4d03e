"""Byzantine and free-riding clients (``--attack KIND --attackers FRACTION``).

A seeded set of round(fraction x n) of the training clients (:func:`choose_attackers`; never
a held-out client, at least one honest client left) attacks in every round it takes part in.
An attacker runs the algorithm's honest client code, then changes what it sends; what it
keeps for itself (its stored state, its own personalized model) stays the honest one, except
under label flipping, where its training data itself is poisoned.

Upload attacks act on each model tensor of the upload relative to its *reference*, the
tensor the client's update started from (:meth:`Algorithm.upload_parts`: the same reference
``--dp-mode upload`` uses), u the honest upload, r the reference:

==============  ==========================================================================
``sign-flip``   r - (u - r): the update reversed
``scale``       r + s (u - r), s = ``--attack-scale`` (default -10: reversed and amplified)
``gaussian``    r + sigma z, z ~ N(0, I) per attacker and round: the update replaced by noise
                (sigma = ``--attack-noise``, default 1)
``free-rider``  r: the model it received, unchanged (no contribution, full benefit)
``stale``       the reference of its first participation: a stale model, every round
``collude``     r + sigma z with ONE z per round shared by all attackers (a seed they agree
                on): identical crafted updates, the case Krum's distances cannot see
``label-flip``  no change to the upload: the attacker's training (and validation) labels
                are y -> C - 1 - y, so its honest update comes from poisoned data
==============  ==========================================================================

Numbers in the upload (sample counts...) are sent as computed; a number the algorithm
derives from the uploaded model is recomputed from the attacked one
(``UploadParts.rederive``: CO-PFL's gradient score), so an attacker is scored for
what it sends. Attacks are applied after ``--dp-mode upload`` privatization (the attacker
sends what it wants). Reports give the honest clients' accuracy (``acc_mean``...) and the
attackers' apart (``attacker_acc_mean``); see docs/robustness.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

import torch

from copfl.data.clients import ClientData
from copfl.seeding import numpy_rng, torch_generator

ATTACKS = ("sign-flip", "scale", "gaussian", "free-rider", "stale", "collude", "label-flip")
UPLOAD_ATTACKS = ("sign-flip", "scale", "gaussian", "free-rider", "stale", "collude")


@dataclass(frozen=True)
class AttackConfig:
    kind: str | None = None  # one of ATTACKS; None: nobody attacks
    fraction: float = 0.0  # share of the training clients that attack
    scale: float = -10.0  # scale: the factor on the update
    noise: float = 1.0  # gaussian / collude: the noise's standard deviation

    def __post_init__(self) -> None:
        if self.kind is not None and self.kind not in ATTACKS:
            raise ValueError(f"unknown attack {self.kind!r}; expected one of {', '.join(ATTACKS)}")
        if not 0.0 <= self.fraction < 1.0:
            raise ValueError(f"attackers must be a fraction in [0, 1), got {self.fraction}")
        if self.kind is not None and self.fraction == 0.0:
            raise ValueError(f"--attack {self.kind} needs --attackers FRACTION (the share of clients that attack), got 0")
        if self.kind is None and self.fraction > 0.0:
            raise ValueError(f"--attackers {self.fraction:g} needs --attack KIND ({', '.join(ATTACKS)})")
        if not (math.isfinite(self.noise) and self.noise >= 0):
            raise ValueError(f"attack noise must be finite and >= 0, got {self.noise}")
        if not math.isfinite(self.scale):
            raise ValueError(f"attack scale must be finite, got {self.scale}")

    @property
    def enabled(self) -> bool:
        return self.kind is not None and self.fraction > 0


def choose_attackers(pool: list[int], fraction: float, seed: int) -> list[int]:
    """A seeded choice of round(fraction x len(pool)) clients of ``pool`` (at least one when
    the fraction is above 0), ascending; at least one client of the pool stays honest."""
    n = len(pool)
    if fraction <= 0 or n == 0:
        return []
    k = max(1, int(math.floor(fraction * n + 0.5)))
    if k >= n:
        raise ValueError(f"--attackers {fraction:g} of {n} training clients makes all {k} attackers: at least one must be honest")
    return sorted(pool[i] for i in numpy_rng(seed, "attackers").choice(n, size=k, replace=False).tolist())


def flip_labels(data: ClientData, num_classes: int) -> ClientData:
    """The client's data with training and validation labels y -> C - 1 - y (test labels
    unchanged: they measure the attacker's own model)."""
    def flip(y: torch.Tensor | None) -> torch.Tensor | None:
        return None if y is None else (num_classes - 1) - y

    return replace(data, y_train=flip(data.y_train), y_val=flip(data.y_val))


def attack_upload(
    config: AttackConfig,
    upload: dict[str, Any],
    reference: dict[str, torch.Tensor | None],
    *,
    seed: int,
    round: int,
    client: int,
    stale: dict[str, torch.Tensor | None] | None = None,
    coords: dict[str, tuple[torch.Tensor, int]] | None = None,
) -> dict[str, Any]:
    """``upload`` as an attacker of kind ``config.kind`` sends it: each floating tensor with
    a reference is changed (see the module's table), everything else sent as it is. ``stale``:
    the references its first participation gives (kind ``stale``); ``coords``: for a compacted
    upload tensor, its entries' indices in the full space and that space's size, so that the
    noise is drawn per full coordinate (colluders with different masks send the same values
    on the coordinates they share)."""
    kind = config.kind
    if kind not in UPLOAD_ATTACKS:
        return upload
    out = dict(upload)
    for key, ref in reference.items():
        u = upload.get(key)
        if ref is None or not isinstance(u, torch.Tensor) or not u.is_floating_point():
            continue
        if ref.shape != u.shape:
            raise ValueError(f"attack reference of {key!r} has shape {tuple(ref.shape)}, the upload {tuple(u.shape)}")
        if kind == "sign-flip":
            out[key] = 2 * ref - u
        elif kind == "scale":
            out[key] = ref + config.scale * (u - ref)
        elif kind == "free-rider":
            out[key] = ref.clone()
        elif kind == "stale":
            old = (stale or {}).get(key)
            if old is None or old.shape != u.shape:
                raise ValueError(f"--attack stale: no stale reference of the upload's {key!r} with shape {tuple(u.shape)}")
            out[key] = old.clone()
        else:  # gaussian (the attacker's own noise) or collude (one noise shared by all attackers)
            who = ("gaussian", round, client, key) if kind == "gaussian" else ("collude", round, key)
            gen = torch_generator(seed, "attack", *who)
            if coords and key in coords:  # a compacted upload: the noise of its coordinates in the full space
                index, size = coords[key]
                z = torch.randn(size, generator=gen, dtype=u.dtype)[index.cpu()]
            else:
                z = torch.randn(u.shape, generator=gen, dtype=u.dtype)
            out[key] = ref + config.noise * z.to(u.device)
    return out
