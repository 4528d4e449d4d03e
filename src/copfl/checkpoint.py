"""Checkpoints: a run after some round, saved to and restored from ``checkpoint.pt``."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import torch

from copfl.engine import ClientMetrics, Engine, RunState, to_device
from copfl.io import atomic_write


@dataclass
class Checkpoint:
    """A run after some round: the engine's state, every client's stored state and the
    server's per-client state."""

    state: RunState
    clients: dict[int, dict[str, Any]]
    server_clients: dict[int, dict[str, Any]] = field(default_factory=dict)

    def save(self, path: str | Path) -> None:
        doc = {"format": "copfl-checkpoint-1", "state": asdict(self.state), "clients": self.clients, "server_clients": self.server_clients}
        atomic_write(path, lambda f: torch.save(doc, f), binary=True)

    @classmethod
    def load(cls, path: str | Path) -> Checkpoint:
        try:
            doc = torch.load(path, weights_only=True)
        except FileNotFoundError:
            raise ValueError(f"no checkpoint at {path}") from None
        except Exception as e:
            raise ValueError(f"{path}: unreadable checkpoint ({e})") from e
        if not isinstance(doc, dict) or doc.get("format") != "copfl-checkpoint-1":
            raise ValueError(f"{path}: not a copfl checkpoint")
        st = doc["state"]
        state = RunState(
            st["round"], st["server"], st["server_buffers"], st["history"], [ClientMetrics(**c) for c in st["last_clients"]],
            {int(c): [list(e) for e in h] for c, h in st.get("privacy", {}).items()},  # DP accounting (absent before it)
        )
        server_clients = {int(k): v for k, v in doc.get("server_clients", {}).items()}  # absent before the server store
        return cls(state, {int(k): v for k, v in doc["clients"].items()}, server_clients)

    def restore(self, engine: Engine) -> None:
        """Put the stored client and server-side states back into ``engine``'s stores."""
        dev = engine.device
        engine.store.load_state_dict(to_device(self.clients, dev))
        engine.server_store.load_state_dict(to_device(self.server_clients, dev))
        self.state.server = to_device(self.state.server, dev)
        self.state.server_buffers = to_device(self.state.server_buffers, dev)
