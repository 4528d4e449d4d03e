"""Checkpoints: a run after some round, saved to and restored from ``checkpoint.pt``."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import torch

from copfl.engine.figures import ClientMetrics
from copfl.engine.loop import Engine
from copfl.engine.rounds import RunState, to_device
from copfl.io import atomic_write


@dataclass
class Checkpoint:
    """A run after some round: the engine's state, every client's stored state and the
    server's per-client state."""

    state: RunState
    clients: dict[int, dict[str, Any]]
    server_clients: dict[int, dict[str, Any]] = field(default_factory=dict)
    # "clients" / "server_clients" -> the manifest of a disk store's files (client -> [file,
    # sha256, bytes]) recorded instead of its states (copfl.core.store.DiskStore)
    manifests: dict[str, dict[int, list[Any]]] = field(default_factory=dict)
    # the identity of the run it belongs to (copfl.execution.runfolder.run_id; None in checkpoints
    # written before identities were recorded), also in the run's config.json
    run_id: str | None = None

    @classmethod
    def of(cls, engine: Engine, state: RunState, run_id: str | None = None) -> Checkpoint:
        """``engine``'s run after ``state.round``: states kept in memory are copied in, a disk
        store's files are named with their checksums."""
        engine.sync_states()  # the states the workers keep (--workers N)
        parts: dict[str, dict[int, Any]] = {}
        manifests: dict[str, dict[int, list[Any]]] = {}
        for key, store in (("clients", engine.store), ("server_clients", engine.server_store)):
            m = store.manifest()
            if m is None:
                parts[key] = store.state_dict()
            else:
                parts[key], manifests[key] = {}, m
        return cls(state, parts["clients"], parts["server_clients"], manifests, run_id)

    def save(self, path: str | Path) -> None:
        doc = {"format": "copfl-checkpoint-1", "state": asdict(self.state), "clients": self.clients, "server_clients": self.server_clients}
        if self.manifests:
            doc["manifests"] = self.manifests
        if self.run_id is not None:
            doc["run_id"] = self.run_id
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
            # the extensions' ledger (DP accounting): "privacy" in older checkpoints, absent before DP
            {int(c): [list(e) for e in h] for c, h in st.get("spent", st.get("privacy", {})).items()},
        )
        server_clients = {int(k): v for k, v in doc.get("server_clients", {}).items()}  # absent before the server store
        manifests = {k: {int(c): list(e) for c, e in m.items()} for k, m in doc.get("manifests", {}).items()}
        run_id = doc.get("run_id")
        return cls(state, {int(k): v for k, v in doc["clients"].items()}, server_clients, manifests, run_id if isinstance(run_id, str) else None)

    def restore(self, engine: Engine) -> None:
        """Put the stored client and server-side states back into ``engine``'s stores (a disk
        store's files checked against their checksums)."""
        dev = engine.device
        for key, store, states in (("clients", engine.store, self.clients), ("server_clients", engine.server_store, self.server_clients)):
            if key in self.manifests:
                store.adopt(self.manifests[key])
            else:
                store.load_state_dict(to_device(states, dev))
        self.state.server = to_device(self.state.server, dev)
        self.state.server_buffers = to_device(self.state.server_buffers, dev)
