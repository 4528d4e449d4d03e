"""Unreliable clients (system heterogeneity), simulated for every algorithm.

Real federations lose clients: a device goes offline before it uploads, a slow one does less
work, an upload arrives after the server has moved on. copfl simulates three kinds, each
decided from seeded streams that depend only on (run seed, round, client), never on the
algorithm, wall-clock time or the order clients are processed in, so every algorithm of a
compare loses the same clients and a resumed run continues bit for bit:

* **Dropout** (``--client-dropout P``): each selected client fails with probability P before
  it trains (:func:`drops_out`); it does no work, uploads nothing and its state (on the client
  and on the server) stays as it was.
* **Stragglers** (``--stragglers F --straggler-steps S``): a seeded fraction F of the round's
  selected clients does only S local mini-batch steps in all (FedProx's setting: partial work
  that still reaches the server; :func:`stragglers`). Every step of the client's round counts,
  a phase before training included: FedALA's ALA spends a one-step straggler's step on W.
  ``--straggler-schedule round`` (default) draws them anew every round; ``fixed`` picks a
  fraction F of all clients once (from the seed) as the slow devices, straggling whenever
  selected.
* **Deadline** (``--deadline SECONDS``): each client has a seeded speed (``--speed-profile
  lognormal:SIGMA``: ``--client-speed`` samples per simulated second, times exp(SIGMA z) with
  z ~ N(0, 1) drawn once per client; :func:`client_speed`); a client's round takes the
  *simulated* time :func:`simulated_seconds` = bytes down / bandwidth + samples processed /
  speed + bytes up / bandwidth. An upload past the deadline is dropped (the client trained:
  its own state keeps the work; the server never sees the upload).

What the server does with fewer uploads is the algorithm's own aggregation over the uploads
it gets (weights re-normalised over them: every weighting in copfl normalises over the uploads
given). A round in which every selected client dropped out or was late keeps the previous
server model, says so in the record (``kept_model``) and the run goes on. Server-side per-client state (pFedSV, FedFomo, FedAMP,
DPAO-PFL, CO-PFL's weights) is only written from uploads, so a missing client's stays as it was.
Each round's record counts ``selected``, ``returned``, ``dropped`` and ``late`` clients.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from copfl.seeding import numpy_rng

STRAGGLER_SCHEDULES = ("round", "fixed")
DEFAULT_CLIENT_SPEED = 100.0  # samples per simulated second: a phone training a small CNN
DEFAULT_BANDWIDTH = 1e6  # bytes per simulated second each way: 8 Mbit/s, a mobile link


@dataclass(frozen=True)
class Availability:
    """The run's unreliable-client settings (all off by default)."""

    dropout: float = 0.0
    stragglers: float = 0.0
    straggler_steps: int = 1
    straggler_schedule: str = "round"
    deadline: float | None = None
    speed_sigma: float = 0.0  # --speed-profile lognormal:SIGMA
    client_speed: float = DEFAULT_CLIENT_SPEED
    bandwidth: float = DEFAULT_BANDWIDTH

    def __post_init__(self) -> None:
        if not 0 <= self.dropout <= 1:
            raise ValueError(f"client-dropout must be a probability in [0, 1], got {self.dropout}")
        if not 0 <= self.stragglers <= 1:
            raise ValueError(f"stragglers must be a fraction in [0, 1], got {self.stragglers}")
        if self.straggler_steps < 0:
            raise ValueError(f"straggler-steps must be >= 0, got {self.straggler_steps}")
        if self.straggler_schedule not in STRAGGLER_SCHEDULES:
            raise ValueError(f"straggler-schedule must be one of {', '.join(STRAGGLER_SCHEDULES)}, got {self.straggler_schedule!r}")
        if self.deadline is not None and not self.deadline > 0:
            raise ValueError(f"deadline must be > 0 simulated seconds, got {self.deadline}")
        if self.speed_sigma < 0:
            raise ValueError(f"speed-profile lognormal:SIGMA needs SIGMA >= 0, got {self.speed_sigma}")
        if not self.client_speed > 0 or not self.bandwidth > 0:
            raise ValueError(f"client-speed and bandwidth must be > 0, got {self.client_speed} and {self.bandwidth}")

    @property
    def active(self) -> bool:
        return bool(self.dropout or self.stragglers or self.deadline is not None)


def parse_speed_profile(spec: str | None) -> float:
    """``lognormal:SIGMA`` -> SIGMA (None or "" -> 0: every client at the same speed)."""
    if not spec:
        return 0.0
    kind, _, value = spec.partition(":")
    try:
        sigma = float(value)
    except ValueError:
        sigma = float("nan")
    if kind != "lognormal" or not math.isfinite(sigma) or sigma < 0:
        raise ValueError(f"speed-profile {spec!r}: expected lognormal:SIGMA with SIGMA >= 0 (e.g. lognormal:0.5)")
    return sigma


def drops_out(seed: int, round: int, client: int, p: float) -> bool:
    """Whether ``client`` fails in ``round``: a draw < p from the stream (seed, round, client)."""
    return p > 0 and (p >= 1 or numpy_rng(seed, "dropout", round, client).random() < p)


def stragglers(seed: int, round: int, selected: list[int], num_clients: int, fraction: float, schedule: str) -> set[int]:
    """The round's straggling clients among ``selected``: round_half_up(fraction x |selected|)
    of them drawn from the stream (seed, round) (schedule ``round``), or, with ``fixed``, those
    of a seeded set of round_half_up(fraction x num_clients) slow clients that were selected."""
    if fraction <= 0 or not selected:
        return set()
    if schedule == "fixed":
        k = int(math.floor(fraction * num_clients + 0.5))
        slow = numpy_rng(seed, "stragglers").choice(num_clients, size=k, replace=False).tolist()
        return set(slow) & set(selected)
    k = int(math.floor(fraction * len(selected) + 0.5))
    picked = numpy_rng(seed, "stragglers", round).choice(len(selected), size=k, replace=False).tolist()
    return {selected[i] for i in picked}


def client_speed(seed: int, client: int, median: float, sigma: float) -> float:
    """``client``'s training speed (samples per simulated second): ``median`` x exp(sigma z),
    z ~ N(0, 1) drawn once per client from the stream (seed, client)."""
    if sigma == 0:
        return median
    return median * math.exp(sigma * float(numpy_rng(seed, "speed", client).standard_normal()))


def simulated_seconds(samples: int, speed: float, bytes_down: int, bytes_up: int, bandwidth: float) -> float:
    """A client's simulated round time: download, training (samples processed / speed),
    upload (bytes / bandwidth each way)."""
    return bytes_down / bandwidth + samples / speed + bytes_up / bandwidth
