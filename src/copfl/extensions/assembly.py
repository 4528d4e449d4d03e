"""A run's extensions, built from its config: the differential privacy and attack settings become
the list of :class:`~copfl.extensions.run_extension.RunExtension` objects the engine calls."""

from __future__ import annotations

from typing import Any

from copfl.extensions.run_extension import RunExtension


def run_extensions(dp: Any = None, attack: Any = None) -> list[RunExtension]:
    """The extensions of a run with DP settings ``dp`` (:class:`copfl.extensions.privacy.DPConfig`) and
    attack ``attack`` (:class:`copfl.extensions.attacks.AttackConfig`); empty when both are off. Order:
    DP-SGD around training, upload DP, then the attack (an attacker sends what it wants)."""
    from copfl.extensions.attack_hooks import Attack
    from copfl.extensions.privacy_hooks import privacy_extensions

    out: list[RunExtension] = []
    if dp is not None and dp.enabled:
        out += privacy_extensions(dp)
    if attack is not None and attack.enabled:
        out.append(Attack(attack))
    return out
