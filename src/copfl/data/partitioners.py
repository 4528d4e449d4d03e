"""Partitioners: which training and test samples each client holds.

A split is a pure function of (labels, settings, seed) and can be saved and reloaded.

``label-skew`` is the CO-PFL protocol (journal Sec. V-A.2, following FedPAC/FedSelect):
each client gets ``s`` distinct classes, ``M_bound`` training samples of each and a given
number of test samples of each, drawn from the test split.

* Class assignment: classes are dealt in rounds of fresh random permutations, so every class is
  held by either floor(N*s/C) or ceil(N*s/C) clients, and each client's s classes are distinct.
* Several clients sharing a class get DISJOINT samples of it, in training and in test: the
  class's pool is shuffled once and cut into consecutive blocks. If the pool is too small for
  all its holders, the split fails before any training, saying how many samples exist.
* ``samples_per_class = None`` ("all") divides each class's pool evenly among its holders
  (likewise for test samples).

``dirichlet`` draws each class's client proportions from Dir(alpha) (Hsu et al., 2019) and
splits the test split of each class with the SAME proportions, so each client's test labels
follow its training labels (``test_split="proportional"``, the default). ``test_split="balanced"``
is the split of FedGen's code (Zhu et al., 2021), which pFedSV cites for its Dir(alpha) setting:
each client's test set holds an equal share, floor(n_c / N) samples, of the test pool of every
class c it holds at least one training sample of (disjoint blocks of the shuffled pool), so a
class the client saw 3 times counts as much in its test accuracy as its main class. Draws in
which a client ends up with fewer than ``min_samples`` training samples are redrawn a bounded
number of times; then the split fails with advice.

``iid`` shuffles and deals the training and the test split evenly.

``pathological`` (pFedSV): each client is randomly assigned ``s`` labels and every class is
divided evenly among the clients holding it (label-skew with ``all`` samples, train and test).

``powerlaw`` (DPAO-PFL's CIFAR-100): ``s`` classes per client as in label-skew, and client sizes
following a power law: client k gets weight rank_k^(-power) (ranks a seeded permutation), and
each class's training and test pools are cut among its holders in proportion to their weights.

A label-skew (or pathological) split that does not fit fails saying how many clients fit for
every seed and what to lower (:func:`label_skew_capacity`, :func:`fit_advice`). Class subsets
(``--classes``) are applied before any of this (:func:`copfl.data.sources.select_classes`): the
partitioners only ever see labels 0..k-1; ``PartitionSettings.classes`` records the selection.

``natural`` uses the data set's own clients (FEMNIST writers...): ``num_clients`` of the groups
that have both training and test samples, drawn at random with the seed (all of them when
``num_clients`` equals their number), each client keeping all its samples.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import numpy as np

from copfl.io import atomic_write_text
from copfl.seeding import numpy_rng
from copfl.typecheck import unknown_name

PARTITIONS = ("label-skew", "dirichlet", "iid", "natural", "pathological", "powerlaw")
# dirichlet: how each client's test set is drawn (see the module's docstring)
TEST_SPLITS = ("proportional", "balanced")


class PartitionError(ValueError):
    """The requested split is impossible with the data at hand."""


@dataclass(frozen=True)
class PartitionSettings:
    scheme: str = "label-skew"
    num_clients: int | None = 10  # None with "natural": every natural client
    classes_per_client: int = 2
    samples_per_class: int | None = 50  # None: all of the class's pool, divided among its holders
    test_samples_per_class: int | None = 100
    alpha: float = 0.5  # Dirichlet concentration
    power: float = 1.0  # powerlaw: exponent of the client-size law
    min_samples: int = 10  # Dirichlet: least training samples per client
    test_split: str = "proportional"  # Dirichlet: each client's test set (TEST_SPLITS)
    # --classes: the data set's class indices kept (relabelled 0..k-1 in this order) before
    # partitioning; None: every class. Recorded so that a saved split is only reused with the
    # same selection (the partitioners themselves see only the relabelled k-class labels).
    classes: tuple[int, ...] | None = None
    # caps applied after any scheme: a seeded subsample of each client's training / test
    # indices (None: keep them all); the cpu scale of the pFedSV and DPAO-PFL reproductions
    max_train: int | None = None
    max_test: int | None = None


@dataclass
class Split:
    settings: PartitionSettings
    seed: int
    train: list[np.ndarray]
    test: list[np.ndarray]
    labels_digest: str = ""
    meta: dict = field(default_factory=dict)
    path: str = ""  # the file it was loaded from (for messages)

    @property
    def num_clients(self) -> int:
        return len(self.train)

    def counts(self, y_train: np.ndarray, y_test: np.ndarray, num_classes: int) -> tuple[np.ndarray, np.ndarray]:
        """(clients x classes) sample counts for the training and the test split."""
        tr = np.stack([np.bincount(y_train[i], minlength=num_classes) for i in self.train])
        te = np.stack([np.bincount(y_test[i], minlength=num_classes) for i in self.test])
        return tr, te

    # --------------------------------------------------------------- persistence
    def save(self, path: str | Path) -> None:
        doc = {
            "format": "copfl-split-1",
            "settings": asdict(self.settings),
            "seed": self.seed,
            "labels_digest": self.labels_digest,
            "meta": self.meta,
            "train": [a.tolist() for a in self.train],
            "test": [a.tolist() for a in self.test],
        }
        atomic_write_text(Path(path), json.dumps(doc))

    @classmethod
    def load(cls, path: str | Path) -> Split:
        """A split saved by :meth:`save`, its structure checked (an object of the copfl format,
        ``train`` and ``test`` one list of integer indices per client); :meth:`check_indices`
        checks the indices against a data set."""
        try:
            doc = json.loads(Path(path).read_text())
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise PartitionError(f"split file {path}: cannot read it as JSON ({e})") from None
        if not isinstance(doc, dict):
            raise PartitionError(f"split file {path}: expected a JSON object (as `copfl partition --save` writes), got a {type(doc).__name__}")
        if doc.get("format") != "copfl-split-1":
            raise PartitionError(f"split file {path}: not a copfl split file (format {doc.get('format')!r}, expected 'copfl-split-1')")
        for key, typ in (("settings", dict), ("seed", int), ("train", list), ("test", list)):
            if key not in doc:
                raise PartitionError(f"split file {path}: missing {key!r}")
            if not isinstance(doc[key], typ) or isinstance(doc[key], bool):
                raise PartitionError(f"split file {path}: {key!r} must be a {typ.__name__}, got {type(doc[key]).__name__}")
        if len(doc["train"]) != len(doc["test"]):
            raise PartitionError(f"split file {path}: {len(doc['train'])} clients in 'train' but {len(doc['test'])} in 'test'")
        if not doc["train"]:
            raise PartitionError(f"split file {path}: no clients")
        parts = {what: [_index_array(a, path, what, k) for k, a in enumerate(doc[what])] for what in ("train", "test")}
        settings = doc["settings"]
        try:
            if settings.get("classes") is not None:
                settings = {**settings, "classes": tuple(int(c) for c in settings["classes"])}
            st = PartitionSettings(**settings)
        except (TypeError, ValueError) as e:
            raise PartitionError(f"split file {path}: unreadable 'settings' ({e})") from None
        meta = doc.get("meta", {})
        return cls(st, int(doc["seed"]), parts["train"], parts["test"], str(doc.get("labels_digest", "")), meta if isinstance(meta, dict) else {}, str(path))

    def check_indices(self, num_train: int, num_test: int, shared_pool: bool = False) -> None:
        """Every index in range (0 <= i < the data set's train / test size), none twice within
        a client or across clients; with ``shared_pool`` (a source whose train and test indices
        point into one pool of samples) no sample both in some client's train and some
        client's test part. A PartitionError names the file, the client and the first bad index."""
        where = f"split file {self.path}" if self.path else "split"
        for what, parts, n in (("train", self.train, num_train), ("test", self.test, num_test)):
            owner = np.full(n, -1, dtype=np.int64)
            for k, idx in enumerate(parts):
                bad = idx[(idx < 0) | (idx >= n)]
                if bad.size:
                    raise PartitionError(f"{where}: client {k}'s {what} index {int(bad[0])} is out of range 0..{n - 1} (the data set has {n} {what} samples)")
                uniq, counts = np.unique(idx, return_counts=True)
                if (counts > 1).any():
                    raise PartitionError(f"{where}: client {k} lists {what} index {int(uniq[counts > 1][0])} more than once")
                taken = owner[idx]
                if (taken >= 0).any():
                    j = int(np.flatnonzero(taken >= 0)[0])
                    raise PartitionError(f"{where}: {what} index {int(idx[j])} belongs to client {int(taken[j])} and to client {k}")
                owner[idx] = k
            if what == "train":
                train_owner = owner
        if shared_pool:
            for k, idx in enumerate(self.test):
                both = idx[idx < len(train_owner)]
                both = both[train_owner[both] >= 0]
                if both.size:
                    raise PartitionError(f"{where}: sample {int(both[0])} is in client {int(train_owner[both[0]])}'s train part and client {k}'s test part (train and test share one pool of samples here)")

    def run_options(self) -> dict[str, object]:
        """The run options this split stands for (as ``copfl run`` flags' fields): what a run
        with ``--split-file`` records as having run."""
        st = self.settings
        return {
            "partition": st.scheme, "clients": self.num_clients, "classes_per_client": st.classes_per_client,
            "samples_per_class": "all" if st.samples_per_class is None else st.samples_per_class,
            "test_samples_per_class": "all" if st.test_samples_per_class is None else st.test_samples_per_class,
            "alpha": st.alpha, "power": st.power, "min_samples": st.min_samples, "test_split": st.test_split,
            "train_per_client": st.max_train, "test_per_client": st.max_test,
        }

    def check_matches(self, y_train: np.ndarray, y_test: np.ndarray, classes: tuple[int, ...] | None = None) -> None:
        """Fail unless this split was made for these labels and this class selection
        (``--classes``: the kept class indices, None for every class)."""
        mine = None if self.settings.classes is None else tuple(self.settings.classes)
        theirs = None if classes is None else tuple(classes)
        if mine != theirs:
            def say(c: tuple[int, ...] | None) -> str:
                return "every class" if c is None else f"--classes {','.join(map(str, c))}"
            raise PartitionError(f"this split was made for {say(mine)} of its data set, but this run uses {say(theirs)}")
        if self.labels_digest and self.labels_digest != labels_digest(y_train, y_test):
            raise PartitionError("this split was made for a different data set (its labels do not match)")


def _index_array(a: object, path: str | Path, what: str, client: int) -> np.ndarray:
    """One client's indices from a split file: a list of integers."""
    if not isinstance(a, list):
        raise PartitionError(f"split file {path}: client {client}'s {what} indices must be a list, got {type(a).__name__}")
    bad = next((v for v in a if type(v) is not int), None)  # bool is not an index either
    if bad is not None:
        raise PartitionError(f"split file {path}: client {client}'s {what} indices must be integers, got {bad!r}")
    return np.asarray(a, dtype=np.int64)


def labels_digest(y_train: np.ndarray, y_test: np.ndarray) -> str:
    h = hashlib.sha1(np.asarray(y_train, np.int64).tobytes())
    h.update(np.asarray(y_test, np.int64).tobytes())
    return h.hexdigest()[:16]


# ------------------------------------------------------------------------------ schemes
def assign_classes(num_clients: int, num_classes: int, s: int, rng: np.random.Generator) -> list[list[int]]:
    """s distinct classes per client, every class held by floor or ceil(N*s/C) clients."""
    if s > num_classes:
        raise PartitionError(f"classes per client ({s}) exceeds the number of classes ({num_classes})")
    if s < 1:
        raise PartitionError(f"classes per client must be >= 1, got {s}")
    total = num_clients * s
    deck: list[int] = []
    while len(deck) < total:
        deck += rng.permutation(num_classes).tolist()
    deck = deck[:total]
    hands = [deck[n * s : (n + 1) * s] for n in range(num_clients)]
    # A permutation boundary can put one class twice in a hand: swap it with another hand.
    for n, hand in enumerate(hands):
        for j in range(s):
            if hand.count(hand[j]) == 1:
                continue
            for m in rng.permutation(num_clients).tolist():
                if m == n:
                    continue
                k = next((k for k, c in enumerate(hands[m]) if c not in hand and hand[j] not in hands[m]), None)
                if k is not None:
                    hand[j], hands[m][k] = hands[m][k], hand[j]
                    break
            else:
                raise PartitionError(f"cannot give {num_clients} clients {s} distinct classes each out of {num_classes}")
    return [sorted(h) for h in hands]


class PoolTooSmall(PartitionError):
    """A class's pool cannot give each of its holders the samples asked for."""


def label_skew_capacity(train_counts: np.ndarray, test_counts: np.ndarray, s: int, per_train: int | None, per_test: int | None) -> int:
    """The most clients a label-skew split fits whatever the seed.

    Dealing (:func:`assign_classes`) gives every one of the C classes floor(N s / C) or
    ceil(N s / C) holders, and which classes get the extra holder depends on the seed. Class c
    can serve H_c = min(train_c // per_train, test_c // per_test) holders (a pool divided
    evenly, ``None`` = 'all', serves up to its size, one sample each), so the split fits for
    every seed iff ceil(N s / C) <= H = min_c H_c, i.e. N <= floor(H C / s)."""
    c = len(train_counts)
    serve = np.minimum(
        np.asarray(train_counts) // (per_train or 1),
        np.asarray(test_counts) // (per_test or 1),
    )
    return int(serve.min()) * c // s if c else 0


def _most_per_holder(counts: np.ndarray, holders: int) -> int:
    return int(np.asarray(counts).min()) // holders if holders else 0


def fit_advice(y_train: np.ndarray, y_test: np.ndarray, st: PartitionSettings, class_names: tuple[str, ...] | None = None) -> str:
    """What does fit when a label-skew split does not: the most clients that fit (for every
    seed, :func:`label_skew_capacity`) and the most samples per class that fit this many."""
    num_classes = int(max(y_train.max(), y_test.max())) + 1
    tr, te = np.bincount(y_train, minlength=num_classes), np.bincount(y_test, minlength=num_classes)
    s, n = st.classes_per_client, st.num_clients or 0
    per, tper = st.samples_per_class, st.test_samples_per_class
    fit = label_skew_capacity(tr, te, s, per, tper)
    name = (lambda c: f"{class_names[c]!r}") if class_names else (lambda c: f"class {c}")
    holders = -(-n * s // num_classes)  # ceil(N s / C): the most holders a class gets with N clients
    text = (
        f"{n} clients x {s} classes over {num_classes} classes give a class up to {holders} holders; the smallest "
        f"pools are {name(int(tr.argmin()))} ({tr.min()} training samples) and {name(int(te.argmin()))} ({te.min()} test samples). "
        f"With {'all' if per is None else per} training and {'all' if tper is None else tper} test samples per class, "
        f"at most {fit} clients fit for every seed."
    )
    fix = []
    if 1 <= fit < n:
        fix.append(f"lower --clients to {fit}")
    if tper is not None and fit < n:
        with_all = label_skew_capacity(tr, te, s, per, None)
        if with_all > fit:
            fix.append(f"pass --test-samples-per-class all (each class's test samples divided evenly among its holders): then {with_all} clients fit")
    most_tr, most_te = _most_per_holder(tr, holders), _most_per_holder(te, holders)
    counts = []  # what makes these n clients fit, all of it together
    if per is not None and per > most_tr:
        counts.append(f"--samples-per-class to {most_tr}")
    if tper is not None and tper > most_te:
        counts.append(f"--test-samples-per-class to {most_te} (or all)")
    if counts and most_tr >= 1 and most_te >= 1:
        fix.append(f"for {n} clients, lower {' and '.join(counts)}")
    fix.append("use fewer --classes-per-client")
    return text + " Fix: " + "; or ".join(fix) + "."


def _deal(pool: np.ndarray, holders: list[int], per_client: int | None, what: str, cls: int | str) -> dict[int, np.ndarray]:
    k = len(holders)
    need = len(pool) // k if per_client is None else per_client
    if need * k > len(pool) or need == 0:
        # the fact only: what to change is said once, for every class and seed, by fit_advice
        raise PoolTooSmall(
            f"class {cls} has {len(pool)} {what} samples but {k} clients hold it in this seed's draw"
            + (f" and each needs {per_client}" if per_client is not None else " (fewer samples than holders)")
        )
    return {c: pool[i * need : (i + 1) * need] for i, c in enumerate(holders)}


Cut = Callable[[np.ndarray, list[int], str, int], dict[int, np.ndarray]]


def _deal_by_class(
    y_train: np.ndarray, y_test: np.ndarray, st: PartitionSettings, rng: np.random.Generator, cut: Cut
) -> tuple[list, list, dict]:
    """s classes per client (:func:`assign_classes`), then each class's shuffled training and
    test pools cut among its holders by ``cut(pool, holders, "training"|"test", class)``."""
    num_classes = int(max(y_train.max(), y_test.max())) + 1
    hands = assign_classes(st.num_clients, num_classes, st.classes_per_client, rng)
    train: list[list[np.ndarray]] = [[] for _ in hands]
    test: list[list[np.ndarray]] = [[] for _ in hands]
    for c in range(num_classes):
        holders = [n for n, h in enumerate(hands) if c in h]
        if not holders:
            continue
        for y, out, what in ((y_train, train, "training"), (y_test, test, "test")):
            for n, idx in cut(rng.permutation(np.flatnonzero(y == c)), holders, what, c).items():
                out[n].append(idx)
    return [np.sort(np.concatenate(t)) for t in train], [np.sort(np.concatenate(t)) for t in test], {"classes": hands}


def label_skew(
    y_train: np.ndarray, y_test: np.ndarray, st: PartitionSettings, seed: int, class_names: tuple[str, ...] | None = None
) -> tuple[list, list, dict]:
    def cut(pool: np.ndarray, holders: list[int], what: str, c: int) -> dict[int, np.ndarray]:
        per = st.samples_per_class if what == "training" else st.test_samples_per_class
        return _deal(pool, holders, per, what, f"{c} ({class_names[c]!r})" if class_names else c)

    try:
        return _deal_by_class(y_train, y_test, st, numpy_rng(seed, "partition", "label-skew"), cut)
    except PoolTooSmall as e:
        raise PartitionError(f"{e}\n{fit_advice(y_train, y_test, st, class_names)}") from None


def powerlaw(y_train: np.ndarray, y_test: np.ndarray, st: PartitionSettings, seed: int) -> tuple[list, list, dict]:
    if st.power < 0:
        raise PartitionError(f"powerlaw exponent must be >= 0, got {st.power}")
    rng = numpy_rng(seed, "partition", "powerlaw")
    weight = (rng.permutation(st.num_clients) + 1.0) ** (-st.power)

    def cut(pool: np.ndarray, holders: list[int], what: str, c: int) -> dict[int, np.ndarray]:
        share = np.cumsum(weight[holders]) / weight[holders].sum()
        return dict(zip(holders, np.split(pool, (share[:-1] * len(pool)).astype(int))))

    train, test, meta = _deal_by_class(y_train, y_test, st, rng, cut)
    if min(len(t) for t in train) == 0:
        raise PartitionError(f"powerlaw(power={st.power}) leaves a client without training samples: lower the exponent or use fewer clients")
    return train, test, {**meta, "weights": weight.tolist()}


def dirichlet(y_train: np.ndarray, y_test: np.ndarray, st: PartitionSettings, seed: int, max_tries: int = 100) -> tuple[list, list, dict]:
    if st.alpha <= 0:
        raise PartitionError(f"Dirichlet alpha must be > 0, got {st.alpha}")
    n = st.num_clients
    if n * st.min_samples > len(y_train):
        raise PartitionError(f"{n} clients x {st.min_samples} samples exceeds the {len(y_train)} training samples")
    num_classes = int(max(y_train.max(), y_test.max())) + 1
    rng = numpy_rng(seed, "partition", "dirichlet")
    for attempt in range(max_tries):
        props = rng.dirichlet(np.full(n, st.alpha), size=num_classes)  # (C, N)
        train: list[list[np.ndarray]] = [[] for _ in range(n)]
        test: list[list[np.ndarray]] = [[] for _ in range(n)]
        for c in range(num_classes):
            for pool, out in ((np.flatnonzero(y_train == c), train), (np.flatnonzero(y_test == c), test)):
                pool = rng.permutation(pool)
                cuts = (np.cumsum(props[c]) * len(pool)).astype(int)[:-1]
                for k, part in enumerate(np.split(pool, cuts)):
                    out[k].append(part)
        sizes = [sum(len(p) for p in t) for t in train]
        if min(sizes) >= st.min_samples:
            return (
                [np.sort(np.concatenate(t)) for t in train],
                [np.sort(np.concatenate(t)) for t in test],
                {"attempts": attempt + 1},
            )
    raise PartitionError(
        f"Dirichlet(alpha={st.alpha}) over {n} clients gave some client fewer than {st.min_samples} training "
        f"samples in all {max_tries} draws: raise alpha, lower --min-samples, or use fewer clients"
    )


def balanced_test_parts(y_train: np.ndarray, y_test: np.ndarray, train: list[np.ndarray], rng: np.random.Generator) -> list[np.ndarray]:
    """Each client's test indices under ``test_split="balanced"``: for every class, its shuffled
    test pool is cut into ``n`` (the number of clients) blocks of floor(pool / n) samples, block k
    going to client k if client k holds at least one training sample of the class in ``train``
    (FedGen's ``divide_test_data``); the rest of the pool is left unused."""
    n = len(train)
    num_classes = int(max(y_train.max(), y_test.max())) + 1
    held = [np.bincount(y_train[t], minlength=num_classes) > 0 for t in train]
    test: list[list[np.ndarray]] = [[np.zeros(0, np.int64)] for _ in range(n)]
    for c in range(num_classes):
        pool = rng.permutation(np.flatnonzero(y_test == c))
        share = len(pool) // n
        for k in range(n):
            if held[k][c]:
                test[k].append(pool[k * share : (k + 1) * share])
    empty = [k for k, t in enumerate(test) if sum(len(p) for p in t) == 0]
    if empty:
        raise PartitionError(
            f"the balanced test split leaves client {empty[0]} without test samples (a class's test pool holds fewer "
            f"samples than the {n} clients): use --test-split proportional or fewer clients"
        )
    return [np.sort(np.concatenate(t)) for t in test]


def iid(y_train: np.ndarray, y_test: np.ndarray, st: PartitionSettings, seed: int) -> tuple[list, list, dict]:
    rng = numpy_rng(seed, "partition", "iid")
    n = st.num_clients
    check_enough_samples(len(y_train), len(y_test), n)
    tr = np.array_split(rng.permutation(len(y_train)), n)
    te = np.array_split(rng.permutation(len(y_test)), n)
    return [np.sort(a) for a in tr], [np.sort(a) for a in te], {}


def natural(
    y_train: np.ndarray, y_test: np.ndarray, st: PartitionSettings, seed: int, groups: tuple[np.ndarray, np.ndarray] | None
) -> tuple[list, list, dict]:
    if groups is None:
        raise PartitionError("this data set has no natural clients; use --partition label-skew, dirichlet or iid")
    g_tr, g_te = (np.asarray(g, dtype=np.int64) for g in groups)
    eligible = np.intersect1d(np.unique(g_tr), np.unique(g_te))
    n = len(eligible) if st.num_clients is None else st.num_clients
    if n > len(eligible):
        raise PartitionError(f"{n} clients requested but the data set has {len(eligible)} natural clients with train and test data")
    rng = numpy_rng(seed, "partition", "natural")
    chosen = np.sort(rng.choice(eligible, size=n, replace=False)) if n < len(eligible) else eligible
    return [np.flatnonzero(g_tr == g) for g in chosen], [np.flatnonzero(g_te == g) for g in chosen], {"groups": chosen.tolist()}


_SCHEMES = {"label-skew": label_skew, "dirichlet": dirichlet, "iid": iid}


def make_split(
    y_train: np.ndarray, y_test: np.ndarray, settings: PartitionSettings, seed: int,
    groups: tuple[np.ndarray, np.ndarray] | None = None, class_names: tuple[str, ...] | None = None,
    dataset: str | None = None,
) -> Split:
    """Partition a data set's training and test indices among clients (pure and seeded).
    ``groups``: per-sample natural client ids of the training and test split, for ``natural``;
    ``class_names`` and ``dataset`` (its name): only for error messages."""
    if settings.scheme not in PARTITIONS:
        raise PartitionError(unknown_name("partition", settings.scheme, PARTITIONS))
    if settings.num_clients is None and settings.scheme != "natural":
        raise PartitionError(f"the {settings.scheme} partition needs a number of clients")
    if settings.num_clients is not None and settings.num_clients < 1:
        raise PartitionError(f"number of clients must be >= 1, got {settings.num_clients}")
    if settings.test_split not in TEST_SPLITS:
        raise PartitionError(f"unknown test split {settings.test_split!r}; expected one of {', '.join(TEST_SPLITS)}")
    if settings.test_split != "proportional" and settings.scheme != "dirichlet":
        raise PartitionError(f"test split {settings.test_split!r} is for the dirichlet partition, not {settings.scheme!r}")
    for name in ("samples_per_class", "test_samples_per_class"):
        v = getattr(settings, name)
        if v is not None and v < 1:
            raise PartitionError(f"{name.replace('_', '-')} must be >= 1 (or 'all'), got {v}")
    y_train = np.asarray(y_train, np.int64)
    y_test = np.asarray(y_test, np.int64)
    if settings.scheme != "natural":  # natural: the number of natural clients is what limits
        check_enough_samples(len(y_train), len(y_test), settings.num_clients, dataset)
    if settings.scheme == "natural":
        train, test, meta = natural(y_train, y_test, settings, seed, groups)
    elif settings.scheme == "pathological":
        train, test, meta = label_skew(y_train, y_test, replace(settings, samples_per_class=None, test_samples_per_class=None), seed, class_names)
    elif settings.scheme == "powerlaw":
        train, test, meta = powerlaw(y_train, y_test, settings, seed)
    elif settings.scheme == "label-skew":
        train, test, meta = label_skew(y_train, y_test, settings, seed, class_names)
    else:
        train, test, meta = _SCHEMES[settings.scheme](y_train, y_test, settings, seed)
    train = cap_per_client(train, settings.max_train, seed, "train")
    if settings.test_split == "balanced":
        # after the training cap, so that "held" means held in what the client trains on; its own
        # stream: the training parts stay those of "proportional"
        test = balanced_test_parts(y_train, y_test, train, numpy_rng(seed, "partition", "balanced-test"))
    test = cap_per_client(test, settings.max_test, seed, "test")
    return Split(settings, seed, train, test, labels_digest(y_train, y_test), meta)


def check_enough_samples(num_train: int, num_test: int, num_clients: int, dataset: str | None = None) -> None:
    """Every client needs at least one training and one test sample: a PartitionError naming
    the data set and both counts when it has fewer samples than clients."""
    if num_clients <= min(num_train, num_test):
        return
    which = f"data set {dataset!r}" if dataset else "the data set"
    raise PartitionError(
        f"{which} has {num_train} training and {num_test} test samples, fewer than the {num_clients} clients asked for "
        f"(every client needs at least one of each): use --clients {min(num_train, num_test)} or fewer, or more data"
    )


def cap_per_client(parts: list[np.ndarray], cap: int | None, seed: int, purpose: str) -> list[np.ndarray]:
    """Each client's indices, at most ``cap`` of them: a seeded subsample (in index order) of a
    client holding more; the same parts when ``cap`` is None."""
    if cap is None:
        return parts
    if cap < 1:
        raise PartitionError(f"{purpose}-per-client must be >= 1, got {cap}")
    out = []
    for k, idx in enumerate(parts):
        if len(idx) > cap:
            idx = np.sort(numpy_rng(seed, "partition-cap", purpose, k).choice(idx, size=cap, replace=False)).astype(idx.dtype)
        out.append(idx)
    return out


def format_counts(split: Split, y_train: np.ndarray, y_test: np.ndarray, class_names: tuple[str, ...]) -> str:
    """A clients x classes table of training (and test) counts, for ``copfl partition``."""
    tr, te = split.counts(np.asarray(y_train), np.asarray(y_test), len(class_names))
    used = [c for c in range(len(class_names)) if tr[:, c].any() or te[:, c].any()]
    names = [class_names[c][:8] for c in used]
    w = max(6, *(len(n) for n in names)) if names else 6
    head = "client".ljust(7) + "".join(n.rjust(w + 1) for n in names) + "   train    test"
    lines = [head, "-" * len(head)]
    for k in range(split.num_clients):
        cells = "".join((f"{tr[k, c]}/{te[k, c]}" if tr[k, c] or te[k, c] else ".").rjust(w + 1) for c in used)
        lines.append(f"{k:<7}{cells}{tr[k].sum():8d}{te[k].sum():8d}")
    lines.append("-" * len(head))
    lines.append(f"{'total':<7}" + "".join(f"{tr[:, c].sum()}".rjust(w + 1) for c in used) + f"{tr.sum():8d}{te.sum():8d}")
    lines.append("cells: train/test samples; '.' = none")
    return "\n".join(lines)
