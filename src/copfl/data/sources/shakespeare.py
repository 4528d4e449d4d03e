"""Shakespeare as next-character prediction (LEAF's 80-character vocabulary), clients = roles.

Two sources are read:

- LEAF's Shakespeare (Caldas et al., "LEAF: A Benchmark for Federated Settings", 2018,
  arXiv:1812.01097, https://github.com/TalwalkarLab/leaf, ``data/shakespeare``; built from The
  Complete Works of William Shakespeare, Project Gutenberg): json folders read by the shared LEAF
  reader (:mod:`copfl.data.sources.leaf`), x = 80-character strings, y = the next character;
- Tiny Shakespeare (Karpathy, char-rnn, 2015,
  https://github.com/karpathy/char-rnn/tree/master/data/tinyshakespeare), plain or gzipped text of
  ``NAME:`` speeches, split into clients by speaking role and cut into LEAF-style samples here.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np

from copfl.data.sources.dataset import ArrayDataset, DataError, zlib_error
from copfl.data.sources.leaf import read_leaf


# LEAF's vocabulary (its ALL_LETTERS): 80 characters; any other character is read as a space.
SHAKESPEARE_VOCAB = "\n !\"&'(),-.0123456789:;>?ABCDEFGHIJKLMNOPQRSTUVWXYZ[]abcdefghijklmnopqrstuvwxyz}"
SEQ_LEN = 80


def encode_text(text: str) -> np.ndarray:
    table = np.full(65536, SHAKESPEARE_VOCAB.index(" "), dtype=np.uint8)
    for i, ch in enumerate(SHAKESPEARE_VOCAB):
        table[ord(ch)] = i
    codes = np.frombuffer(text.encode("utf-16-le"), dtype=np.uint16)
    return table[codes]


def _windows(tokens: np.ndarray, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
    """Samples (tokens[i:i+L], tokens[i+L]) for targets i+L in [start, stop)."""
    first = max(start - SEQ_LEN, 0)
    n = stop - SEQ_LEN - first
    if n <= 0:
        return np.zeros((0, SEQ_LEN), np.uint8), np.zeros(0, np.int64)
    idx = first + np.arange(n)[:, None] + np.arange(SEQ_LEN)[None, :]
    return tokens[idx], tokens[first + SEQ_LEN + np.arange(n)].astype(np.int64)


def shakespeare_roles(text: str) -> dict[str, str]:
    """Each speaking role's text: speeches are ``NAME:\nlines`` separated by blank lines; names are
    upper-cased (the file spells some roles in two ways) and a role's speeches joined by newlines."""
    roles: dict[str, list[str]] = {}
    for speech in text.split("\n\n"):
        head, _, body = speech.strip("\n").partition("\n")
        if head.endswith(":") and body:
            roles.setdefault(head[:-1].strip().upper(), []).append(body)
    return {r: "\n".join(parts) for r, parts in roles.items()}


def decode_tiny_shakespeare(path: Path, train_fraction: float = 0.9) -> ArrayDataset:
    """Tiny Shakespeare (plain or gzipped text) as LEAF-style next-character prediction: clients =
    speaking roles; each sample is 80 characters and the next one; per role the targets in the
    first 90% of its text are training samples, the rest test samples (inputs may look back)."""
    try:
        raw = path.read_bytes()
        text = (gzip.decompress(raw) if path.suffix == ".gz" else raw).decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError, zlib_error()) as e:
        raise DataError(f"{path}: not a readable (gzipped) UTF-8 text ({e})") from e
    roles = shakespeare_roles(text)
    if not roles:
        raise DataError(f"{path}: no 'NAME:' speeches found (expected the Tiny Shakespeare format)")
    parts: dict[str, list] = {"x": [], "y": [], "g": [], "xt": [], "yt": [], "gt": []}
    names = sorted(roles)
    for g, name in enumerate(names):
        tokens = encode_text(roles[name])
        cut = int(train_fraction * len(tokens))
        x, y = _windows(tokens, SEQ_LEN, cut)
        xt, yt = _windows(tokens, max(cut, SEQ_LEN), len(tokens))
        for key, arr in (("x", x), ("y", y), ("xt", xt), ("yt", yt)):
            parts[key].append(arr)
        parts["g"].append(np.full(len(y), g))
        parts["gt"].append(np.full(len(yt), g))
    cat = {k: np.concatenate(v) for k, v in parts.items()}
    return ArrayDataset(
        "shakespeare", cat["x"], cat["y"], cat["xt"], cat["yt"], tuple(SHAKESPEARE_VOCAB), str(path),
        cat["g"].astype(np.int64), cat["gt"].astype(np.int64), tuple(names), "tokens",
    )


def leaf_shakespeare_arrays(x: list, y: list) -> tuple[np.ndarray, np.ndarray]:
    """One LEAF Shakespeare user's entries: x = 80-character strings, y = the next character;
    as token ids (n, 80) uint8 and (n,) int64."""
    if any(len(s) != SEQ_LEN for s in x) or any(len(c) != 1 for c in y):
        raise DataError(f"every x must be {SEQ_LEN} characters, with one y each")
    return encode_text("".join(x)).reshape(-1, SEQ_LEN), encode_text("".join(y)).astype(np.int64)


def decode_leaf_shakespeare(folder: Path) -> ArrayDataset:
    """LEAF's JSON layout (``train/*.json``, ``test/*.json``; user_data x = 80-character strings,
    y = the next character); clients = users."""
    d = read_leaf(folder, leaf_shakespeare_arrays)
    return ArrayDataset(
        "shakespeare", d.train.x, d.train.y, d.test.x, d.test.y, tuple(SHAKESPEARE_VOCAB), str(folder),
        d.train.groups, d.test.groups, d.users, "tokens",
    )
