"""The run's attack as an extension (the attacks themselves: :mod:`copfl.extensions.attacks`)."""

from __future__ import annotations

import math
from typing import Any

import torch

from copfl.extensions.attacks import UPLOAD_ATTACKS, AttackConfig, attack_upload, choose_attackers, flip_labels
from copfl.extensions.run_extension import Engine, RunExtension, RunState, UploadStep, clone_tree, finite_upload


def model_outputs(engine: Engine) -> int:
    """The engine's model's number of outputs (classes; for next-token models, the
    vocabulary), from one forward pass of its first client's first training sample."""
    with torch.no_grad():
        engine.ws.model.eval()
        return int(engine.ws.model(engine.clients[0].x_train[:1].to(engine.device)).shape[-1])


class Attack(RunExtension):
    """The run's attack as an extension: the attackers chosen when the engine is built (a
    data transform of their clients under label flipping, and their share of every
    combination watched by the run's combiner), each attacker's upload changed by the upload
    pipeline, an attacker whose own training diverged kept in the run, and summary.json's
    ``attack`` entry."""

    def __init__(self, config: AttackConfig) -> None:
        self.config = config
        self.seed = 0

    def attach(self, engine: Engine) -> None:
        self.seed = engine.config.seed
        self.adversaries = tuple(choose_attackers(engine.participation.participating_clients, self.config.fraction, self.seed))
        self.bad = frozenset(self.adversaries)
        self.combiner = engine.algorithm.setup.combiner
        self.combiner.watched = self.bad  # exposure is measured
        if self.config.kind == "label-flip" and engine.clients:
            classes = model_outputs(engine)
            engine.clients = [flip_labels(d, classes) if i in self.bad else d for i, d in enumerate(engine.clients)]

    def needs_before(self, client: int) -> bool:
        return client in self.bad

    def upload(self, step: UploadStep) -> None:
        """An attacker's upload (:func:`attack_upload`) and its new state (which keeps, under
        ``stale``, the message and state of its first participation: the stale upload is the
        reference they give, in this round's upload space)."""
        if step.client not in self.bad or self.config.kind not in UPLOAD_ATTACKS:
            return
        ref = step.references(f"--attack {self.config.kind}")
        first = step.before.get("attack_stale")
        stale = None
        if self.config.kind == "stale":
            if first is None:
                first = {"message": clone_tree(step.message), "state": clone_tree({k: v for k, v in step.before.items() if k != "attack_stale"})}
            stale = step.algorithm.upload_parts(first["message"], first["state"], step.upload).references()
        coords = {k: p.coordinates for k, p in step.parts.parts.items() if p.coordinates is not None}
        step.upload = attack_upload(self.config, step.upload, ref, seed=self.seed, round=step.round, client=step.client, stale=stale, coords=coords)
        step.rederive()
        if first is not None:
            step.state = {**step.state, "attack_stale": first}

    def rescue(self, step: UploadStep) -> bool:
        """An attacker whose own honest training diverged (the model it received, e.g. FedAMP's
        cloud model built mostly from its own noise uploads, cannot be trained): that is the
        attacker's failure, not the federation's, so the run goes on. The attacker keeps its
        previous state (batch-norm statistics included: it sends none) and sends an upload
        without an update of its own (``UploadParts.without_update``: each tensor it could
        change = its reference), which its attack then changes as usual; it adds nothing to
        the round's training loss, and the round records ``attackers_diverged``. False (the
        run diverges) when that upload is still not finite."""
        if step.client not in self.bad:
            return False
        step.replace_upload(step.parts.without_update(step.upload))
        step.state = step.before  # already this step's own copy
        step.rederive()
        if not finite_upload(step.upload) or not all(math.isfinite(v) for v in step.upload.values() if isinstance(v, float)):
            return False
        step.logs["attacker_diverged"] = 1
        return True

    def round_start(self, engine: Engine, run: RunState) -> None:
        self.combiner.take_exposure()  # combinations made for an evaluation are not the protocol's

    def round_trained(self, engine: Engine, run: RunState, record: dict[str, Any]) -> None:
        # the attackers' mean share of the round's combinations for honest clients (0: none made)
        record["attacker_weight"] = self.combiner.take_exposure() or 0.0

    def close_round(self, engine: Engine, run: RunState, record: dict[str, Any]) -> None:
        diverged = sum(1 for v in record.get("per_client", {}).get("attacker_diverged", []) if v)
        if diverged:
            record["attackers_diverged"] = diverged  # attackers whose own training diverged (rescue)

    def summary(self, engine: Engine, run: RunState) -> dict[str, Any]:
        """Who attacked, how, and the weight the algorithm gave them (each round's
        ``attacker_weight``: its mean over the rounds, and the last round's)."""
        a, history = self.config, run.history
        weights = [r["attacker_weight"] for r in history if r.get("attacker_weight") is not None]
        out: dict[str, Any] = {"kind": a.kind, "fraction": a.fraction, "attackers": list(self.adversaries)}
        if a.kind == "scale":
            out["scale"] = a.scale
        if a.kind in ("gaussian", "collude"):
            out["noise"] = a.noise
        out["robust"] = self.combiner.kind
        out["attacker_weight_mean"] = sum(weights) / len(weights) if weights else None
        out["attacker_weight_last"] = weights[-1] if weights else None
        # attacker-rounds whose own training diverged and sent no update of its own (rescue)
        out["attackers_diverged"] = sum(int(r.get("attackers_diverged", 0)) for r in history)
        evals = [r for r in history if "attacker_acc_mean" in r]
        out["attacker_acc_mean"] = evals[-1]["attacker_acc_mean"] if evals else None
        return {"attack": out}
