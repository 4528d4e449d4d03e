"""Who takes part in each round: the clients held out of training (newcomers), the clients
sampled for a round, those that drop out, straggle or miss the deadline (copfl.extensions.unreliable),
and the clients evaluated after a round. Every draw is seeded by (seed, what, round), so a run
and its resumption, copfl's loop and Flower's strategy, pick the same clients.

The engine holds one :class:`Participation` (``engine.participation``) built from its config
and its number of clients; it knows nothing of models or data.
"""

from __future__ import annotations

import logging
from typing import Any

from copfl.extensions.unreliable import client_speed, drops_out, simulated_seconds, stragglers
from copfl.engine.rounds import ClientStep, EngineConfig, round_half_up
from copfl.seeding import numpy_rng

log = logging.getLogger("copfl")


class Participation:
    """The clients of each round of a run with ``config`` over ``num_clients`` clients."""

    def __init__(self, config: EngineConfig, num_clients: int) -> None:
        self.config = config
        self.num_clients = num_clients
        self._unseen: list[int] | None = None
        self._stragglers: tuple[int, set[int]] | None = None  # (round, its straggling clients)

    @property
    def unseen_clients(self) -> list[int]:
        """The clients kept out of training (``holdout_clients``): a seeded set of
        round(fraction x n) of them (at least one when the fraction is above 0), ascending.
        They never train nor upload; on evaluation rounds each joins as a newcomer
        (:meth:`copfl.engine.evaluation.Evaluation.newcomer`)."""
        if self._unseen is None:
            n, f = self.num_clients, self.config.holdout_clients
            k = max(1, int(round_half_up(f * n))) if f > 0 else 0
            if k >= n:
                raise ValueError(f"--holdout-clients {f:g} of {n} clients keeps {k} out: at least one client must train")
            self._unseen = sorted(numpy_rng(self.config.seed, "holdout-clients").choice(n, size=k, replace=False).tolist()) if k else []
        return self._unseen

    @property
    def participating_clients(self) -> list[int]:
        """Every client that takes part in training (all of them unless some are held out)."""
        if not self.unseen_clients:
            return list(range(self.num_clients))
        out = set(self.unseen_clients)
        return [c for c in range(self.num_clients) if c not in out]

    def sample_clients(self, round: int) -> list[int]:
        """The clients selected for ``round`` (ascending)."""
        pool = self.participating_clients
        n = len(pool)
        if self.config.client_fraction >= 1.0:
            return pool
        m = max(1, int(round_half_up(self.config.client_fraction * n)))
        rng = numpy_rng(self.config.seed, "sample", round)
        return sorted(pool[i] for i in rng.choice(n, size=m, replace=False).tolist())

    def round_clients(self, round: int) -> list[int]:
        """The selected clients of ``round`` that did not drop out (``--client-dropout``: a
        seeded draw per (seed, round, client)); all of them without dropout."""
        selected = self.sample_clients(round)
        p = self.config.availability.dropout
        return [c for c in selected if not drops_out(self.config.seed, round, c, p)] if p else selected

    def straggles(self, round: int, client: int) -> bool:
        """Whether ``client`` does only ``--straggler-steps`` local steps in ``round``."""
        av = self.config.availability
        if not av.stragglers:
            return False
        if self._stragglers is None or self._stragglers[0] != round:
            chosen = stragglers(self.config.seed, round, self.sample_clients(round), self.num_clients, av.stragglers, av.straggler_schedule)
            self._stragglers = (round, chosen)
        return client in self._stragglers[1]

    def arrive(self, client: int, step: ClientStep) -> ClientStep:
        """``step`` as the server gets it: past the deadline (``--deadline``: the client's
        simulated download + training + upload time, copfl.extensions.unreliable) its upload and
        statistics are dropped and it is marked late; the client keeps its own work."""
        av = self.config.availability
        if av.deadline is None:
            return step
        speed = client_speed(self.config.seed, client, av.client_speed, av.speed_sigma)
        if simulated_seconds(step.samples, speed, step.bytes_down, step.bytes_up, av.bandwidth) > av.deadline:
            step.upload, step.bn, step.late = {}, None, True
        return step

    def count_availability(self, record: dict[str, Any], round: int, steps: dict[int, ClientStep]) -> None:
        """The round's unreliable-client columns: ``selected``, ``returned`` (uploads that
        arrived), ``dropped`` (failed before training), ``late`` (past the deadline); when every
        selected client dropped out or was late the server kept its model (``kept_model``), said
        on stderr. (A method that uploads nothing, Local, is not such a round while some client
        trained.)"""
        selected = len(self.sample_clients(round))
        late = sum(1 for s in steps.values() if s.late)
        returned = len(steps) - late
        record.update(selected=selected, returned=returned, dropped=selected - len(steps), late=late)
        if selected and not returned:
            record["kept_model"] = True
            log.warning("round %d: none of the %d selected clients returned an upload (%d dropped out, %d late); the server keeps its model",
                        round, selected, selected - len(steps), late)

    def is_eval_round(self, round: int) -> bool:
        """Whether the clients are evaluated after ``round`` (every ``eval_every`` rounds and
        after the last)."""
        return round % self.config.eval_every == 0 or round == self.config.rounds

    def evaluated_clients(self, round: int) -> list[int]:
        """The clients evaluated after ``round``: every participating client after the last
        round (and with ``eval_clients`` 1), else a seeded sample of ``eval_clients`` of them
        (a fraction of them, or a count K > 1), ascending."""
        pool = self.participating_clients
        n = len(pool)
        k = self.config.eval_clients
        if k == 1.0 or round >= self.config.rounds:
            return pool
        m = min(n, int(k)) if k > 1 else max(1, int(round_half_up(k * n)))
        if m >= n:
            return pool
        return sorted(pool[i] for i in numpy_rng(self.config.seed, "evaluate-sample", round).choice(n, size=m, replace=False).tolist())
