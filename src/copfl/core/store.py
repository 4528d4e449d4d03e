"""Per-client state, kept in a store keyed by client id, not in long-lived client objects.

A client's state is a plain dict of tensors and numbers (its personalized parameters, its
optimizer moments, its batch-norm statistics...). :class:`MemoryStore` keeps them in RAM;
:class:`DiskStore` keeps one file per client, so a thousand clients do not need a thousand
models in memory.
"""

from __future__ import annotations

import hashlib
import io
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

    # A checkpoint keeps a store's states themselves, unless the store keeps them in files of
    # its own: then it keeps the store's manifest of those files (DiskStore).
    def manifest(self) -> dict[int, list[Any]] | None:
        """What a checkpoint records instead of the states (None: the states themselves)."""
        return None

    def committed(self) -> None:
        """Called once a checkpoint of this store is safely written."""

    def adopt(self, manifest: dict[int, list[Any]]) -> None:
        """Take a checkpoint's manifest as the current states."""
        raise ValueError("the checkpoint keeps client states as files of a disk store (--store disk), but this run keeps them in memory")


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
    """One file per client in ``root``, read back onto ``device`` (default: where it was saved).

    Files are named by their content (``client-<id>-<sha256 prefix>.pt``) and written
    atomically; an index maps each client to its current file. A checkpoint records the index
    with each file's checksum (:meth:`manifest`) instead of the states themselves, and the
    files it names stay on disk until the next checkpoint is written (:meth:`committed`), so a
    run killed mid-round resumes from a consistent set of states: :meth:`adopt` verifies the
    checksums and removes the files written after that checkpoint.
    """

    PATTERN = "client-*.pt"

    def __init__(self, root: str | Path, device: torch.device | str | None = None) -> None:
        self.root = Path(root)
        self.device = device
        self.root.mkdir(parents=True, exist_ok=True)
        self._files: dict[int, tuple[str, str, int]] = {}  # client -> (file name, sha256, bytes)
        self._pinned: set[str] = set()  # files the last checkpoint names: kept until the next one

    def get(self, client: int) -> ClientState | None:
        entry = self._files.get(client)
        if entry is None:
            return None
        return torch.load(self.root / entry[0], weights_only=True, map_location=self.device)

    def put(self, client: int, state: ClientState) -> None:
        buf = io.BytesIO()
        torch.save(state, buf)
        data = buf.getvalue()
        digest = hashlib.sha256(data).hexdigest()
        name = f"client-{client}-{digest[:16]}.pt"
        atomic_write(self.root / name, lambda f: f.write(data), binary=True)
        old = self._files.get(client)
        self._files[client] = (name, digest, len(data))
        if old is not None and old[0] != name and old[0] not in self._pinned:
            (self.root / old[0]).unlink(missing_ok=True)

    def clients(self) -> Iterator[int]:
        return iter(sorted(self._files))

    # ---------------------------------------------------------------- checkpoints
    def manifest(self) -> dict[int, list[Any]]:
        """Client -> [file name, sha256, bytes] of every current state (what a checkpoint keeps)."""
        return {c: list(self._files[c]) for c in sorted(self._files)}

    def committed(self) -> None:
        """A checkpoint naming :meth:`manifest` is safely written: its files are kept from now
        on, and the files only the previous checkpoint named are removed."""
        current = {e[0] for e in self._files.values()}
        for name in self._pinned - current:
            (self.root / name).unlink(missing_ok=True)
        self._pinned = current

    def adopt(self, manifest: dict[int, list[Any]]) -> None:
        """Take a checkpoint's manifest as the current states, after checking every file is
        there with its recorded checksum; files it does not name (written after that
        checkpoint, or by an earlier run in this folder) are removed."""
        files: dict[int, tuple[str, str, int]] = {}
        for c, (name, digest, size) in manifest.items():
            path = self.root / name
            if not path.is_file():
                raise ValueError(f"client {c}'s state {path} is missing: the checkpoint cannot be resumed")
            got = hashlib.sha256(path.read_bytes()).hexdigest()
            if got != digest:
                raise ValueError(f"client {c}'s state {path} does not match the checkpoint's checksum (sha256 {got[:16]}..., expected {digest[:16]}...)")
            files[int(c)] = (name, digest, int(size))
        self._files = files
        self._pinned = {e[0] for e in files.values()}
        for p in self.root.glob(self.PATTERN):
            if p.name not in self._pinned:
                p.unlink(missing_ok=True)


class ScratchStore(ClientStore):
    """A store that reads through to ``base`` and keeps its own writes to itself: a view
    under which code may write (an unseen client's broadcast) without touching ``base``."""

    def __init__(self, base: ClientStore) -> None:
        self.base = base
        self._own: dict[int, ClientState] = {}

    def get(self, client: int) -> ClientState | None:
        return self._own[client] if client in self._own else self.base.get(client)

    def put(self, client: int, state: ClientState) -> None:
        self._own[client] = state

    def clients(self) -> Iterator[int]:
        yield from sorted(set(self.base.clients()) | set(self._own))

