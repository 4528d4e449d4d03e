"""Per-client state, kept in a store keyed by client id, not in long-lived client objects.

A client's state is a plain dict of tensors and numbers (its personalized parameters, its
optimizer moments, its batch-norm statistics...). :class:`MemoryStore` keeps them in RAM;
:class:`DiskStore` keeps one file per client, so a thousand clients do not need a thousand
models in memory.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import torch

from copfl.io import atomic_write

ClientState = dict[str, Any]


class ClientStore(ABC):
    @abstractmethod
    def get(self, client: int) -> ClientState | None:
        """The client's state, or None if it has none yet."""

    @abstractmethod
    def put(self, client: int, state: ClientState) -> None: ...

    @abstractmethod
    def clients(self) -> Iterator[int]: ...

    def state_dict(self) -> dict[int, ClientState]:
        return {c: self.get(c) for c in sorted(self.clients())}  # type: ignore[misc]

    def load_state_dict(self, states: dict[int, ClientState]) -> None:
        for c, s in states.items():
            self.put(int(c), s)


class MemoryStore(ClientStore):
    def __init__(self) -> None:
        self._states: dict[int, ClientState] = {}

    def get(self, client: int) -> ClientState | None:
        return self._states.get(client)

    def put(self, client: int, state: ClientState) -> None:
        self._states[client] = state

    def clients(self) -> Iterator[int]:
        return iter(sorted(self._states))


class DiskStore(ClientStore):
    """One ``client-<id>.pt`` file per client in ``root``, written atomically; read back onto
    ``device`` (default: where it was saved)."""

    def __init__(self, root: str | Path, device: torch.device | str | None = None) -> None:
        self.root = Path(root)
        self.device = device
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, client: int) -> Path:
        return self.root / f"client-{client}.pt"

    def get(self, client: int) -> ClientState | None:
        p = self._path(client)
        return torch.load(p, weights_only=True, map_location=self.device) if p.exists() else None

    def put(self, client: int, state: ClientState) -> None:
        atomic_write(self._path(client), lambda f: torch.save(state, f), binary=True)

    def clients(self) -> Iterator[int]:
        return iter(sorted(int(p.stem.split("-", 1)[1]) for p in self.root.glob("client-*.pt")))
