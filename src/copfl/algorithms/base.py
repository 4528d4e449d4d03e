"""What an algorithm is: a small strategy the round engine calls; it owns no loop.

A round, as the engine runs it (:mod:`copfl.engine.loop`)::

    for each participant c:                     message = broadcast(sctx, server, c)
                                                result  = client_update(ctx, message, state_c)
    server, logs = aggregate(sctx, server, non-empty uploads in ascending client order)
    [if the algorithm has a second client phase, for each participant c:
                                                message = broadcast(sctx, server, c)
                                                state_c = personalize(ctx, message, state_c)]
    on evaluation rounds, for every client c:   message = broadcast(sctx, server, c)
                                                evaluate(ctx, message, state_c)

* ``init_server(init)`` / ``init_client(client, init)``: the server's state and a client's
  state before it ever trains (kept in the engine's client store).
* ``broadcast(sctx, server, client)``: what the server sends to ``client``. Built lazily, one
  client at a time; an algorithm whose message is the same for everyone returns the same
  tensors (no copy) and pays nothing. ``sctx.phase`` says which phase the message is for.
* ``client_update(ctx, message, state)``: local work; the upload (possibly empty: a client
  that skips an update), the client's new state and its training statistics.
* ``aggregate(sctx, server, uploads)``: the round's non-empty uploads, in ascending client
  order -> the new server state and scalars to log. Not called when nobody uploaded.
* ``personalize(ctx, message, state)`` (optional): a second client step after aggregation,
  for the round's participants (pFedSV's coalition); returns the client's new state.
* ``upload_parts(message, state, upload)`` (optional): for the upload pipeline (``--dp-mode
  upload``, ``--attack``), each floating upload tensor's starting point (default: the message's
  tensor of the same key).
* ``fold_start`` / ``fold_add`` / ``fold_end`` (optional): aggregation as a fold over the
  uploads in ascending client order, so a round never holds every upload.
* ``ctx.logs``: what a client reports about its step (numbers, lists), gathered by the engine
  into the round's per-client log, from either client phase.
* ``personalized(ctx, message, state)``: the flat parameters client n is evaluated with;
  ``evaluate(ctx, message, state)`` may replace the whole evaluation (a choice or a mixture
  of models).

The server context (:class:`ServerContext`) gives the round, the participants, every client's
training-set size, seeded server-side randomness and a per-client server-side store (the
latest model of each client, embeddings...), checkpointed with the run.

Messages and uploads are plain ``dict[str, Tensor | float | int]`` so that a network adapter
carries them unchanged; the engine measures their size (traffic), so algorithms never count
bytes. Batch-norm statistics are NOT an algorithm's business: the engine loads and collects
them around every call, the same way for every algorithm.

Hyper-parameters are a frozen dataclass ``Config`` per algorithm; algorithms register by
name with :func:`register`, and the CLI builds its options from the ``Config`` fields.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
import functools
import json
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import Any, ClassVar

import torch

from copfl.data.clients import ClientData
from copfl.core.aggregation import Combiner
from copfl.seeding import torch_generator
from copfl.core.store import ClientStore
from copfl.typecheck import check_types, unknown_name
from copfl.core.train_hooks import EvalStats, OptimizerConfig, TrainHook, TrainStats
from copfl.core.workspace import Workspace

Message = dict[str, Any]  # str -> Tensor | float | int
ServerState = dict[str, Any]
ClientState = dict[str, Any]


@dataclass(frozen=True)
class LocalTraining:
    """How clients train locally (shared by every algorithm of a run)."""

    epochs: int = 1
    batch_size: int = 32
    optimizer: OptimizerConfig = OptimizerConfig()

    def __post_init__(self) -> None:
        if self.epochs < 0:
            raise ValueError(f"local epochs must be >= 0, got {self.epochs}")
        if self.batch_size < 1:
            raise ValueError(f"batch size must be >= 1, got {self.batch_size}")


@dataclass
class ClientContext:
    """Everything a client's local step may use, for one client in one round."""

    client: int
    round: int
    data: ClientData
    workspace: Workspace
    training: LocalTraining
    seed: int
    # What the client reports about this step (JSON values: numbers, lists of numbers): the
    # engine gathers it from client_update and personalize into the round's per-client log
    # (``per_client.jsonl``), the same way in copfl and through Flower.
    logs: dict[str, Any] = field(default_factory=dict)

    def generator(self, purpose: str) -> torch.Generator:
        """A generator unique to (run seed, purpose, round, client)."""
        return torch_generator(self.seed, purpose, self.round, self.client)

    def train(
        self, params: torch.Tensor | None, *, epochs: int | None = None, purpose: str = "local",
        generator: torch.Generator | None = None, optimizer: Any = None, batch_size: int | None = None,
        hooks: Sequence[TrainHook | None] = (),
    ) -> TrainStats:
        """Load ``params`` (None: continue from what is loaded) into the workspace and train
        them with the run's local settings (``epochs``, ``optimizer``, ``batch_size`` override
        them; ``purpose`` names the batch order's seed stream); ``hooks`` change the step
        (:class:`copfl.core.workspace.TrainHook`: a proximal term, a trainable mask, a loss)."""
        if params is not None:
            self.workspace.load(params)
        return self.workspace.train(
            self.data,
            epochs=self.training.epochs if epochs is None else epochs,
            batch_size=self.training.batch_size if batch_size is None else batch_size,
            optimizer=self.training.optimizer if optimizer is None else optimizer,
            generator=generator if generator is not None else self.generator(purpose),
            hooks=hooks,
        )


@dataclass
class ServerContext:
    """What the server knows when it builds messages and aggregates, in one phase of a round."""

    round: int
    phase: str  # "train" | "personalize" | "evaluate"
    participants: tuple[int, ...]  # this round's clients, ascending
    num_samples: tuple[int, ...]  # every client's training-set size
    seed: int
    store: ClientStore  # per-client server-side state (checkpointed with the run)

    def generator(self, purpose: str) -> torch.Generator:
        """Server-side randomness unique to (run seed, purpose, round)."""
        return torch_generator(self.seed, "server", purpose, self.round)


@dataclass
class ClientResult:
    upload: Message
    state: ClientState
    stats: TrainStats


@dataclass(frozen=True)
class UploadPart:
    """One floating tensor of an upload as the upload pipeline sees it."""

    reference: torch.Tensor | None  # the tensor the client's update started from (None: sent as it is)
    # for a compacted tensor (a subset of a larger space): each entry's index there and its
    # size, so that noise drawn per coordinate of that space agrees between clients
    coordinates: tuple[torch.Tensor, int] | None = None


@dataclass
class UploadParts:
    """An algorithm's declaration of one upload (:meth:`Algorithm.upload_parts`)."""

    parts: dict[str, UploadPart]
    # (client, changed upload, the client's new state) -> the upload with the numbers the
    # algorithm derives from the sent tensors recomputed (CO-PFL's gradient score)
    rederive: Callable[[int, Message, ClientState], Message] | None = None
    # the upload of this client with no update of its own (a client whose training failed);
    # default: each part with a reference replaced by it
    unchanged: Callable[[], Message] | None = None

    def references(self) -> dict[str, torch.Tensor | None]:
        return {k: p.reference for k, p in self.parts.items()}

    def without_update(self, upload: Message) -> Message:
        """``upload`` as the client sends it with no update of its own."""
        if self.unchanged is not None:
            return self.unchanged()
        return {
            k: self.parts[k].reference.clone()  # type: ignore[union-attr]
            if isinstance(v, torch.Tensor) and v.is_floating_point() and k in self.parts and self.parts[k].reference is not None else v
            for k, v in upload.items()
        }


@dataclass(frozen=True)
class Setup:
    """Facts about the run an algorithm may need when it is built."""

    num_clients: int
    workspace: Workspace
    num_samples: tuple[int, ...]  # training samples per client
    training: LocalTraining = LocalTraining()
    bn_stats: str = "shared"  # the engine's batch-norm statistics mode
    # Every client's training data concatenated in client order (test parts empty), for an
    # algorithm whose class sets ``pooled_data = True`` (the centralized reference); else None.
    pooled: ClientData | None = None
    # the run's aggregation rule (copfl.core.aggregation: the weighted mean, or a robust rule
    # under --robust) and its exposure record; the algorithm calls it as self.combine
    combiner: Combiner = field(default_factory=Combiner)
    # the server's declared FLOPs this round (Algorithm.server_flops)
    server_flops: FlopCounter = field(default_factory=lambda: FlopCounter())


class FlopCounter:
    """FLOPs declared as they are done (copfl.core.flops conventions), taken once a round."""

    def __init__(self) -> None:
        self.total = 0

    def add(self, flops: int) -> None:
        self.total += int(flops)

    def take(self) -> int:
        """The FLOPs declared since the last call, the count reset."""
        n, self.total = self.total, 0
        return n


class Algorithm:
    name: ClassVar[str] = ""
    Config: ClassVar[type] = object
    description: ClassVar[str] = ""
    # Run options this algorithm's paper prescribes (e.g. its optimizer and learning rate),
    # used when the user does not set them.
    run_defaults: ClassVar[dict[str, Any]] = {}
    # Run options the algorithm does not use, each with what to use instead: a run that sets
    # one is refused (copfl run) or told so (copfl compare), never silently unaffected.
    unused_run_options: ClassVar[dict[str, str]] = {}
    # What `copfl tune` searches: {knob: copfl.algorithms.search_space.Knob}, run options (lr, momentum...) and
    # the algorithm's own; every registered algorithm declares its own (a test checks it).
    search_space: ClassVar[dict[str, Any]] = {}
    # A knob whose option's default is another value of the run ({knob: run option}, e.g.
    # FedMeta's inner rate, None: the run's lr): the value a tuning study's default trial gives it.
    search_defaults: ClassVar[dict[str, str]] = {}
    # The share of a tuning trial's rounds before the pruner may stop it, for a method whose
    # early rounds rank its settings poorly (copfl.tuning.tuner.min_rounds; studies/pruning_check.py).
    search_warmup: ClassVar[float] = 0.0

    def __init__(self, config: Any, setup: Setup) -> None:
        self.config = config
        self.setup = setup
        self.device = setup.workspace.device  # where state tensors are made (the run's --device)
        # Every combination of clients' vectors goes through the run's aggregation rule:
        # self.combine(vectors, weights, sources, recipient=None, fill=None), and its
        # .as_written(...) / .masked(...) forms (copfl.core.aggregation.Combiner).
        self.combine = setup.combiner
        # Server-side work the model's per-sample FLOP count cannot see (a hypernetwork's
        # step, attention over clients' models...): self.server_flops.add(n) as it is done;
        # the engine reports each round's total as the record's ``server_flops``.
        self.server_flops = setup.server_flops

    def init_server(self, init: torch.Tensor) -> ServerState:
        return {}


    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {}

    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        return {}

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        raise NotImplementedError

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, Any]]:
        return server, {}

    # Streaming aggregation. An algorithm whose aggregation is a fold over the uploads in
    # ascending client order (a weighted sum...) returns an accumulator from fold_start; the
    # engine then folds each upload in as soon as its turn comes (buffering only uploads that
    # arrive early) and drops it, so a round never holds every participant's upload. The
    # default, None, means aggregate() needs the whole set at once.
    def fold_start(self, ctx: ServerContext, server: ServerState) -> Any:
        """The empty accumulator of this round's aggregation, or None (no folding)."""
        return None

    def fold_add(self, ctx: ServerContext, acc: Any, client: int, upload: Message) -> Any:
        """``acc`` with ``client``'s upload folded in (called in ascending client order)."""
        raise NotImplementedError

    def fold_end(self, ctx: ServerContext, server: ServerState, acc: Any) -> tuple[ServerState, dict[str, Any]]:
        """The new server state from the folded uploads (what aggregate() returns)."""
        raise NotImplementedError

    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """How the upload pipeline (upload-mode DP, model-poisoning attacks: copfl.extensions)
        sees ``upload``, the client's upload after an update from ``message`` and ``state``
        (its state before the update): for each floating upload tensor, the tensor the update
        started from (UploadPart(None): a statistic, sent as it is; a floating tensor left out
        is refused by any transform that needs it). Default: the message's floating tensors,
        by key (an upload key equal to a message key of the same shape)."""
        return UploadParts({k: UploadPart(v) for k, v in message.items() if isinstance(v, torch.Tensor) and v.is_floating_point()})

    # The optional second client phase: an algorithm that has one overrides this.
    personalize: Callable[[ClientContext, Message, ClientState], ClientState] | None = None

    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        raise NotImplementedError

    def evaluate(self, ctx: ClientContext, message: Message, state: ClientState) -> EvalStats:
        """Client n's personalized model on its own test data (default: the flat vector of
        :meth:`personalized`)."""
        params = self.personalized(ctx, message, state)
        ws = ctx.workspace
        if params is not ws.params:
            ws.load(params)
        return ws.evaluate(ctx.data.x_test, ctx.data.y_test)


ALGORITHMS: dict[str, type[Algorithm]] = {}


def register(cls: type[Algorithm]) -> type[Algorithm]:
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no registry name")
    if cls.name in ALGORITHMS and ALGORITHMS[cls.name] is not cls:
        from copfl.plugins import duplicate

        raise duplicate("algorithm", cls.name, ALGORITHMS[cls.name].__module__, cls.__module__)
    ALGORITHMS[cls.name] = cls
    return cls


def algorithm_names() -> list[str]:
    return sorted(ALGORITHMS)


def get_algorithm(name: str) -> type[Algorithm]:
    if name not in ALGORITHMS:
        from copfl.plugins import load_entry_points

        load_entry_points()  # an installed package's plugin may register it
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise ValueError(unknown_name("algorithm", name, algorithm_names())) from None


def option_help(config_cls: type, name: str) -> str | None:
    """What an algorithm option does, in words: the comment beside its field in the ``Config``
    dataclass (``mu: float = 0.01  # the proximal coefficient``), searched through the class's
    bases; None when there is none (``copfl run --help`` prints it for each option)."""
    for cls in getattr(config_cls, "__mro__", ()):
        words = _field_comments(cls).get(name)
        if words:
            return words
    return None


@functools.lru_cache(maxsize=None)
def _field_comments(cls: type) -> dict[str, str]:
    """``{field: its trailing comment}`` of a class, read once from its module's source text."""
    import inspect
    import re
    from pathlib import Path

    try:
        text = Path(inspect.getsourcefile(cls) or "").read_text()
    except (OSError, TypeError):
        return {}
    m = re.search(rf"^([ \t]*)class {re.escape(cls.__name__)}\b.*$", text, re.M)
    if not m:
        return {}
    indent, out = len(m.group(1)), {}
    for line in text[m.end() + 1 :].splitlines():
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break  # the class's block ended
        f = re.match(r"^\s+(\w+)\s*:[^=\n]*=[^#\n]*#\s*(.+)$", line)
        if f:
            out.setdefault(f.group(1), f.group(2).strip())
    return out


def config_values(config: Any) -> dict[str, Any]:
    """An algorithm's resolved Config as JSON values (what ``config.json`` records as
    ``algorithm_config``: the options a run used, defaults included)."""
    return json.loads(json.dumps(asdict(config), default=str)) if is_dataclass(config) else {}


def require(checks: list[tuple[bool, str]]) -> None:
    """Raise ValueError with the message of the first failed ``(condition, message)`` check
    (an algorithm Config's ``__post_init__``: each bad value named with what was expected)."""
    for ok, msg in checks:
        if not ok:
            raise ValueError(msg)


def make_config(cls: type[Algorithm], options: dict[str, Any]) -> Any:
    """The algorithm's Config with ``options`` applied; unknown options are an error."""
    names = {f.name for f in fields(cls.Config)}
    unknown = sorted(set(options) - names)
    if unknown:
        valid = ", ".join(sorted(names)) or "none"
        raise ValueError(f"{cls.name} has no option {', '.join(unknown)}; its options are: {valid}")
    check_types(cls.Config, options, f"{cls.name} option")
    return cls.Config(**options)


# ------------------------------------------------------------------------- weighting
WeightFn = Callable[[list[tuple[int, Message]]], torch.Tensor]
WEIGHTINGS: dict[str, WeightFn] = {}


def register_weighting(name: str) -> Callable[[WeightFn], WeightFn]:
    def deco(fn: WeightFn) -> WeightFn:
        WEIGHTINGS[name] = fn
        return fn

    return deco


@register_weighting("samples")
def weights_by_samples(uploads: list[tuple[int, Message]]) -> torch.Tensor:
    """alpha_n = n_samples_n / sum of n_samples (FedAvg, McMahan et al. 2017)."""
    n = torch.tensor([float(u["num_samples"]) for _, u in uploads], dtype=torch.float64)
    return n / n.sum()


@register_weighting("uniform")
def weights_uniform(uploads: list[tuple[int, Message]]) -> torch.Tensor:
    return torch.full((len(uploads),), 1.0 / len(uploads), dtype=torch.float64)


def get_weighting(name: str) -> WeightFn:
    try:
        return WEIGHTINGS[name]
    except KeyError:
        raise ValueError(f"unknown weighting {name!r}; available weightings: {', '.join(sorted(WEIGHTINGS))}") from None


def check_sample_count(ctx: ServerContext, client: int, upload: Message) -> None:
    """A client's uploaded ``num_samples`` (if any) must be the server's count of its data."""
    if upload.get("num_samples", ctx.num_samples[client]) != ctx.num_samples[client]:
        raise ValueError(f"client {client} uploaded num_samples {upload['num_samples']}, but the server counts {ctx.num_samples[client]}")


class WeightedFold:
    """A weighted sum of one upload tensor per participant, folded one upload at a time in
    ascending client order: bit for bit :func:`weighted_sum` over the same uploads. The
    weights come from a weighting of the round's participants' sample counts, so they are
    known before any upload arrives; every participant must upload (checked at the end)."""

    def __init__(self, ctx: ServerContext, weigh: WeightFn, key: str) -> None:
        self.key = key
        self.ctx = ctx
        counts = [(c, {"num_samples": ctx.num_samples[c]}) for c in ctx.participants]
        self.alpha = dict(zip(ctx.participants, weigh(counts).tolist()))
        self.total: torch.Tensor | None = None
        self.folded: list[int] = []

    def add(self, client: int, upload: Message) -> WeightedFold:
        check_sample_count(self.ctx, client, upload)
        v = upload[self.key]
        if self.total is None:
            self.total = torch.zeros_like(v)
        self.total.add_(v, alpha=self.alpha[client])
        self.folded.append(client)
        return self

    def result(self) -> torch.Tensor:
        if self.folded != list(self.ctx.participants):
            raise RuntimeError(f"round {self.ctx.round}: folded uploads of clients {self.folded}, expected every participant {list(self.ctx.participants)} in order")
        assert self.total is not None
        return self.total


# ------------------------------------------------------------------------- one global model
class GlobalModel(Algorithm):
    """An algorithm whose server holds one global model, ``{"params": w}`` (the initial model
    to start), sends it to every client as it is, and averages the clients' uploads with the
    ``weighting`` its config names (samples | uniform: :attr:`weigh`, :meth:`average`)."""

    def __init__(self, config: Any, setup: Setup) -> None:
        """The algorithm, :attr:`weigh` the weighting ``config.weighting`` names."""
        super().__init__(config, setup)
        self.weigh = get_weighting(config.weighting)

    def init_server(self, init: torch.Tensor) -> ServerState:
        """The initial model as the global model."""
        return {"params": init.clone()}

    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        """The global model: the same tensor for everyone, no copy."""
        return {"params": server["params"]}

    def average(self, uploads: list[tuple[int, Message]], key: str = "params") -> torch.Tensor:
        """The uploads' ``key`` tensors averaged with :attr:`weigh`'s weights, in their order,
        through the run's combiner (``self.combine``: the weighted mean, or a robust rule)."""
        return self.combine([u[key] for _, u in uploads], self.weigh(uploads), [c for c, _ in uploads])
