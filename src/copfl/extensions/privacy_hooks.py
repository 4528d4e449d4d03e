"""Differential privacy as run extensions: DP-SGD as the workspace's gradient stage, upload-mode
DP as an upload transform, the accountant as an observer (the mechanisms:
:mod:`copfl.extensions.dp_sgd`, :mod:`copfl.extensions.privacy`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from copfl.algorithms.base import ClientContext
from copfl.extensions.run_extension import Engine, RunExtension, RunState, UploadStep
from copfl.extensions.dp_sgd import DPSGDSession
from copfl.extensions.privacy import ACCOUNTANT, DPConfig, Entry, EpsilonCache, add_history, check_model, privatize_upload
from copfl.seeding import torch_generator


class DPSGD(RunExtension):
    """DP-SGD as the workspace's gradient stage: while a client works, a
    :class:`DPSGDSession` installed on :attr:`Workspace.gradient_stage` privatizes every
    gradient the workspace computes, its noise from a generator seeded by (run seed, purpose,
    round, client); the steps it took are what the client spent."""

    def __init__(self, dp: DPConfig) -> None:
        self.dp = dp

    def attach(self, engine: Engine) -> None:
        check_model(self.dp, engine.ws.model, type(engine.ws.model).__name__, engine.config.bn_stats)

    @contextmanager
    def training(self, ctx: ClientContext, phase: str, spent: list[Entry]) -> Iterator[None]:
        ws, dp = ctx.workspace, self.dp
        purpose = "dp" if phase == "train" else f"dp-{phase}"  # the noise's seed stream
        session = DPSGDSession(dp.clip, dp.noise, torch_generator(ctx.seed, purpose, ctx.round, ctx.client), ctx.data.num_train)
        ws.gradient_stage = session
        try:
            yield
        finally:
            ws.gradient_stage = None
        spent.extend(session.history())


class UploadDP(RunExtension):
    """Upload-mode DP as an upload transform: the client's update (upload minus reference,
    every privatized tensor jointly) clipped and noised (:func:`privatize_upload`); numbers
    the algorithm derives from the sent tensors are recomputed from the noised ones. Each
    noised upload spends one Gaussian mechanism of sensitivity C."""

    def __init__(self, dp: DPConfig) -> None:
        self.dp = dp
        self.seed = 0

    def attach(self, engine: Engine) -> None:
        check_model(self.dp, engine.ws.model, type(engine.ws.model).__name__, engine.config.bn_stats)
        self.seed = engine.config.seed

    def needs_before(self, client: int) -> bool:
        return True

    def upload(self, step: UploadStep) -> None:
        dp = self.dp
        references = step.references("--dp-mode upload")
        gen = torch_generator(self.seed, "dp-upload", step.round, step.client)
        upload, noised = privatize_upload(step.upload, references, dp.clip, dp.noise, gen, step.algorithm.name)
        if noised:
            step.upload = upload  # the client's stored state keeps its clean model
            step.rederive()
            step.spent[:] = [[dp.noise, 1.0, 1]]  # one Gaussian mechanism of sensitivity C


class PrivacyAccountant(RunExtension):
    """The accountant, an observer of the run: composes what each client's steps spent into
    the run's ledger (:attr:`RunState.spent`, checkpointed), logs each round's ``epsilon``
    (the largest over clients) and writes summary.json's ``privacy`` entry."""

    def __init__(self, dp: DPConfig) -> None:
        self.dp = dp
        self.epsilons = EpsilonCache()

    def spent(self, run: RunState, client: int, entries: list[Entry]) -> None:
        if entries:
            run.spent[client] = add_history(run.spent.get(client, []), entries)

    def epsilon(self, run: RunState) -> float:
        """The run's epsilon so far at the configured delta: the largest over clients."""
        return self.epsilons.max(run.spent, self.dp.delta)

    def close_round(self, engine: Engine, run: RunState, record: dict[str, Any]) -> None:
        record["epsilon"] = self.epsilon(run)

    def summary(self, engine: Engine, run: RunState) -> dict[str, Any]:
        dp = self.dp
        return {"privacy": {
            "mode": dp.mode, "noise": dp.noise, "clip": dp.clip, "delta": dp.delta, "epsilon": self.epsilon(run), "accountant": ACCOUNTANT,
            "epsilon_per_client": {str(c): self.epsilons.get(h, dp.delta) for c, h in sorted(run.spent.items())},
        }}


def privacy_extensions(dp: DPConfig) -> list[RunExtension]:
    """The extensions of DP settings ``dp`` (none when its noise is 0): the mechanism of its
    mode, then the accountant."""
    if not dp.enabled:
        return []
    return [DPSGD(dp) if dp.mode == "sgd" else UploadDP(dp), PrivacyAccountant(dp)]
