"""What runs around an algorithm's steps without being the algorithm (see
:mod:`copfl.extensions.base` for the hooks): differential privacy
(:mod:`copfl.extensions.privacy`) and attacks (:mod:`copfl.extensions.attack`)."""

from __future__ import annotations

from typing import Any

from copfl.extensions.base import RunExtension, UploadStep

__all__ = ["RunExtension", "UploadStep", "run_extensions"]


def run_extensions(dp: Any = None, attack: Any = None) -> list[RunExtension]:
    """The extensions of a run with DP settings ``dp`` (:class:`copfl.privacy.DPConfig`) and
    attack ``attack`` (:class:`copfl.attacks.AttackConfig`); empty when both are off. Order:
    DP-SGD around training, upload DP, then the attack (an attacker sends what it wants)."""
    from copfl.extensions.attack import Attack
    from copfl.extensions.privacy import privacy_extensions

    out: list[RunExtension] = []
    if dp is not None and dp.enabled:
        out += privacy_extensions(dp)
    if attack is not None and attack.enabled:
        out.append(Attack(attack))
    return out
