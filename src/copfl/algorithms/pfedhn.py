"""pFedHN: Shamsian, Navon, Fetaya, Chechik, "Personalized Federated Learning using
Hypernetworks", ICML 2021 (reference code: github.com/AvivSham/pFedHN).

The server holds a hypernetwork h(v_i; phi): a learned embedding v_i per client, an MLP (a
linear layer embedding -> hidden, then ``n_hidden`` times ReLU + linear hidden -> hidden) and a
linear output to the target network's flat parameters theta_i = h(v_i; phi) (:func:`generate`).
Each client receives ITS generated weights theta_i, trains them for ``inner_steps`` mini-batch
steps (:meth:`PFedHN.inner_train`) and returns delta_i = theta_i - theta_i~ (the paper's
Algorithm 1). The server's gradient is the vector-Jacobian product
grad_{phi, v_i} = (d theta_i / d(phi, v_i))^T delta_i (:func:`write_hypernetwork_grad`: the
output layer's part by hand, outer(delta_i, x_i) for its weight and delta_i for its bias, the
rest by autograd from W^T delta_i; bit for bit autograd's result), clipped to norm ``clip``
(:func:`clip_grad`), then a step of SGD with momentum and weight decay (:func:`sgd_step_`, in
place, bit for bit torch.optim.SGD's arithmetic). A client is evaluated with its generated
weights theta_i. The server declares its FLOPs (:func:`hypernetwork_flops`): each broadcast's
generation, each upload's gradient and each optimizer step.

Server state (checkpointed, resumes bit for bit): ``hnet``, the hypernetwork's parameters and
embeddings as one flat vector (the module is a function of it, :func:`generate`), and
``momentum``, the server optimizer's buffer, a vector of the same size.

Defaults (the reference code's): embedding dim int(1 + N/4), hidden 100, 3 hidden layers;
inner SGD lr 5e-3, momentum 0.9, weight decay 5e-5, 50 inner steps, gradient norm clipped to 50
(inner and outer); outer SGD lr 1e-2 (embeddings: ``embed_lr``, default the same), momentum 0.9,
weight decay 1e-3 on every hypernetwork parameter and embedding. Initialisation as torch's: the
embeddings N(0, 1) (nn.Embedding), each linear layer's weight and bias U(-1/sqrt(fan_in),
1/sqrt(fan_in)) (nn.Linear).

Choices where the reference is silent or its single-client loop does not apply:

* One output layer hidden -> d instead of the reference's one head per target tensor: the
  heads' stacked rows are that layer (each head's input is the same feature vector and its
  initial bound 1/sqrt(hidden) is the same), so the function and its initial distribution are
  the same; the flat output follows the workspace's parameter layout (``ws.flat``), whatever
  the model.
* The reference updates the hypernetwork after every single client. A copfl round trains
  several clients from the same hypernetwork; ``server_update="sequential"`` (default) takes
  one clipped optimizer step per upload, in ascending client order, each with the gradient at
  the hypernetwork that generated the client's weights (the correct chain rule for its delta):
  as many hypernetwork steps per client update as the reference. ``"mean"`` takes one step
  with the mean of the participants' gradients. With one client per round both are the
  reference's step.
* Inner steps draw mini-batches epoch by epoch in the run's seeded order (without replacement
  within an epoch, continuing into further epochs until ``inner_steps`` are done); the
  reference takes the first batch of a freshly shuffled loader at each step. The batch size is
  the run's (the pFedSV protocol's 32; the reference uses 64: ``--batch-size 64``).
* The hypernetwork's random initialisation is seeded from the run's seed through the target
  model's initial parameters (the strategy is not told the seed; see :func:`init_seed`).

Memory: the output layer has (hidden + 1) x d parameters. The server state holds the
hypernetwork and its momentum buffer (2 copies); an aggregation adds one working copy of each
(the input state is left as it was) and one gradient vector reused across clients (5 copies at
the peak; ``mean`` adds the sum of the gradients, 6): 101 x 55,210 floats = 22 MB a copy for the
digits MLP (about 0.1 GB at the peak); 101 x 878,538 = 355 MB a copy for copfl's CIFAR CNN
(benchmarks/pfedhn_server.py, one aggregation of 10 uploads, one thread of a shared 2-core CPU:
5.2 s and 1.1 GB above the server state; the previous implementation, autograd through the
flat vector and out-of-place steps, took 72 s and 1.8 GB in the same run, with the same result
bit for bit; the checkpoint holds 0.7 GB); ResNet-18 (11.2 M parameters) needs 4.5 GB a copy,
impractical on a CPU. What remains is memory-bound element-wise work over the hypernetwork,
about 12 passes per client (W^T delta, the outer product, the norm, the clipping and torch's
SGD's three operations); fusing them would change the rounding.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

import torch
import torch.nn.functional as F

from copfl.algorithms.base import Algorithm, ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, Setup, UploadPart, UploadParts, register
from copfl.seeding import torch_generator
from copfl.core.train_hooks import OptimizerConfig, TrainStats, make_optimizer
from copfl.algorithms.search_space import log_float

SERVER_UPDATES = ("sequential", "mean")


@dataclass(frozen=True)
class PFedHNConfig:
    embed_dim: int = -1  # client embedding size (-1: int(1 + N/4), the reference's auto size)
    hidden: int = 100  # hypernetwork hidden width (reference --hyper-hid)
    n_hidden: int = 3  # hidden layers after the first (reference --n-hidden)
    inner_steps: int = 50  # local mini-batch steps per round (reference --inner-steps)
    inner_lr: float = 5e-3  # client SGD learning rate (reference --inner-lr)
    inner_momentum: float = 0.9  # client SGD momentum (reference)
    inner_wd: float = 5e-5  # client SGD weight decay (reference --inner-wd)
    hn_lr: float = 1e-2  # server SGD learning rate (reference --lr)
    embed_lr: float | None = None  # embeddings' learning rate (None: hn_lr; reference --embed-lr)
    hn_momentum: float = 0.9  # server SGD momentum (reference)
    hn_wd: float = 1e-3  # server SGD weight decay (reference --wd)
    clip: float = 50.0  # gradient norm clip, inner and outer (reference: 50; 0: none)
    server_update: str = "sequential"  # one server step per upload (sequential) | one with the mean gradient (mean)

    def __post_init__(self) -> None:
        if self.embed_dim != -1 and self.embed_dim < 1:
            raise ValueError(f"pFedHN embed_dim must be >= 1 or -1 (auto), got {self.embed_dim}")
        if self.hidden < 1:
            raise ValueError(f"pFedHN hidden must be >= 1, got {self.hidden}")
        if self.n_hidden < 0:
            raise ValueError(f"pFedHN n_hidden must be >= 0, got {self.n_hidden}")
        if self.inner_steps < 0:
            raise ValueError(f"pFedHN inner_steps must be >= 0, got {self.inner_steps}")
        for name in ("inner_lr", "hn_lr"):
            if not getattr(self, name) > 0:
                raise ValueError(f"pFedHN {name} must be > 0, got {getattr(self, name)}")
        if self.embed_lr is not None and not self.embed_lr > 0:
            raise ValueError(f"pFedHN embed_lr must be > 0, got {self.embed_lr}")
        for name in ("inner_momentum", "hn_momentum", "inner_wd", "hn_wd", "clip"):
            if getattr(self, name) < 0:
                raise ValueError(f"pFedHN {name} must be >= 0, got {getattr(self, name)}")
        if self.server_update not in SERVER_UPDATES:
            raise ValueError(f"pFedHN server_update must be one of {', '.join(SERVER_UPDATES)}, got {self.server_update!r}")


@dataclass(frozen=True)
class HNetLayout:
    """Where each hypernetwork tensor lives in the flat vector: the embeddings (N x e), then
    each linear layer's weight (out x in) and bias (out), the last one hidden -> d."""

    num_clients: int
    embed_dim: int
    hidden: int
    n_hidden: int
    out_dim: int

    def shapes(self) -> list[tuple[str, tuple[int, ...]]]:
        dims = [self.embed_dim] + [self.hidden] * (self.n_hidden + 1) + [self.out_dim]
        out = [("embeddings", (self.num_clients, self.embed_dim))]
        for k in range(len(dims) - 1):
            out += [(f"linear{k}.weight", (dims[k + 1], dims[k])), (f"linear{k}.bias", (dims[k + 1],))]
        return out

    @property
    def size(self) -> int:
        return sum(math.prod(s) for _, s in self.shapes())

    @property
    def num_embedding(self) -> int:
        return self.num_clients * self.embed_dim

    @property
    def body_size(self) -> int:
        """The embeddings' and MLP's coordinates (everything before the output layer), the
        first ``body_size`` of the flat vector; the output layer's weight (out_dim x hidden)
        and bias (out_dim) follow."""
        return self.size - (self.hidden + 1) * self.out_dim

    def unflatten(self, flat: torch.Tensor) -> dict[str, torch.Tensor]:
        """Views of each tensor in ``flat``: the whole hypernetwork (``size`` coordinates) or
        only its body (``body_size``: the embeddings and the MLP, no output layer)."""
        shapes = self.shapes()
        if flat.numel() == self.body_size:
            shapes = shapes[:-2]
        out, offset = {}, 0
        for name, shape in shapes:
            n = math.prod(shape)
            out[name] = flat[offset : offset + n].view(shape)
            offset += n
        return out


def init_seed(init: torch.Tensor) -> int:
    """A seed for the hypernetwork's initialisation, from the target model's initial
    parameters (themselves drawn from the run's seed)."""
    digest = hashlib.blake2b(init.detach().cpu().contiguous().numpy().tobytes(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def init_hypernetwork(layout: HNetLayout, generator: torch.Generator, device: torch.device) -> torch.Tensor:
    """The flat vector of a freshly initialised hypernetwork, as torch initialises its modules:
    embeddings N(0, 1) (nn.Embedding), linear weights and biases U(-1/sqrt(fan_in), 1/sqrt(fan_in))
    (nn.Linear's kaiming_uniform(a=sqrt(5)) and bias rule)."""
    parts = []
    for name, shape in layout.shapes():
        if name == "embeddings":
            parts.append(torch.randn(shape, generator=generator).reshape(-1))
        else:
            fan_in = layout.embed_dim if name.startswith("linear0.") else layout.hidden
            bound = 1.0 / math.sqrt(fan_in)
            parts.append((torch.rand(shape, generator=generator) * 2 - 1).mul_(bound).reshape(-1))
    return torch.cat(parts).to(device)


def hidden_features(layout: HNetLayout, p: dict[str, torch.Tensor], client: int) -> torch.Tensor:
    """The last hidden features of ``client`` (the output layer's input): its embedding through
    linear, then (ReLU, linear) x n_hidden; ``p`` as :meth:`HNetLayout.unflatten` gives it
    (the whole hypernetwork or only its body)."""
    x = p["embeddings"][client]
    x = F.linear(x, p["linear0.weight"], p["linear0.bias"])
    for k in range(1, layout.n_hidden + 1):
        x = F.linear(F.relu(x), p[f"linear{k}.weight"], p[f"linear{k}.bias"])
    return x


def generate(layout: HNetLayout, hnet: torch.Tensor, client: int) -> torch.Tensor:
    """theta_i = h(v_i; phi): the embedding of ``client`` through linear, (ReLU, linear) x
    n_hidden, and the output linear layer to the target's flat parameters (the reference's
    CNNHyper.forward, with its heads as one layer). Differentiable in ``hnet``."""
    p = layout.unflatten(hnet)
    last = layout.n_hidden + 1
    return F.linear(hidden_features(layout, p, client), p[f"linear{last}.weight"], p[f"linear{last}.bias"])


def write_hypernetwork_grad(layout: HNetLayout, hnet: torch.Tensor, client: int, delta: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    """The paper's hypernetwork update direction (d theta_i / d hnet)^T delta_i, with
    delta_i = theta_i - theta_i~ (the reference's autograd.grad(weights, hnet.parameters(),
    grad_outputs=delta_theta)), written into ``out`` (a flat vector of the hypernetwork's
    size, overwritten) and returned.

    The output layer theta = W x + b (W: out_dim x hidden, x the last hidden features) is
    differentiated by hand: its weight's gradient is outer(delta_i, x) (written straight into
    ``out``: a product of one term, delta_j x_k exactly, what autograd's k = 1 matrix product
    gives), its bias's is delta_i, and the features' gradient W^T delta_i flows by autograd
    through the body (embeddings and MLP, a leaf of ``body_size`` coordinates) only. Equal bit
    for bit to autograd through :func:`generate` (tests/test_pfedhn.py), without its
    full-size temporaries (autograd through the flat vector's views zero-fills a full-size
    gradient per view and sums them: 11 copies of (hidden + 1) x d floats a client)."""
    e, d, h = layout.body_size, layout.out_dim, layout.hidden
    last = layout.n_hidden + 1
    body = hnet[:e].detach().requires_grad_(True)
    with torch.enable_grad():
        x = hidden_features(layout, layout.unflatten(body), client)
    weight = layout.unflatten(hnet)[f"linear{last}.weight"].detach()
    delta = delta.detach()
    grad_x = delta.unsqueeze(0).mm(weight).squeeze(0)  # W^T delta, as autograd's linear backward
    (grad_body,) = torch.autograd.grad(x, body, grad_outputs=grad_x)
    out[:e].copy_(grad_body)
    torch.outer(delta, x.detach(), out=out[e : e + d * h].view(d, h))
    out[e + d * h :].copy_(delta)
    return out


def hypernetwork_grad(layout: HNetLayout, hnet: torch.Tensor, client: int, delta: torch.Tensor) -> torch.Tensor:
    """:func:`write_hypernetwork_grad` into a new vector."""
    return write_hypernetwork_grad(layout, hnet, client, delta, torch.empty_like(hnet))


def clip_grad(grad: torch.Tensor, max_norm: float, norm: float | None = None) -> torch.Tensor:
    """torch.nn.utils.clip_grad_norm_'s rule, in place: scale by max_norm / (||g|| + 1e-6) when
    that is below 1 (0: no clipping). ``norm``: float(grad.norm()) when the caller has it."""
    if max_norm > 0:
        coef = max_norm / ((float(grad.norm()) if norm is None else norm) + 1e-6)
        if coef < 1:
            grad.mul_(coef)
    return grad


def sgd_step_(hnet: torch.Tensor, momentum_buf: torch.Tensor, grad: torch.Tensor, num_embedding: int, cfg: PFedHNConfig) -> None:
    """One step of torch.optim.SGD (momentum, dampening 0, weight decay) with two parameter
    groups, embeddings (the first ``num_embedding`` coordinates, lr ``embed_lr``) and the rest
    (lr ``hn_lr``), on the flat vectors, in place: ``hnet`` and ``momentum_buf`` are updated,
    ``grad`` is overwritten (with g + wd hnet). A zero buffer is the optimizer's first step
    (buf = d_p). The same element-wise operations, in the same order, as torch's
    (d_p = g + wd p; buf = m buf + d_p; p -= lr buf), so bit for bit its result."""
    d_p = grad.add_(hnet, alpha=cfg.hn_wd) if cfg.hn_wd else grad
    if cfg.hn_momentum:
        momentum_buf.mul_(cfg.hn_momentum).add_(d_p)
        d_p = momentum_buf
    embed_lr = cfg.hn_lr if cfg.embed_lr is None else cfg.embed_lr
    hnet[:num_embedding].add_(d_p[:num_embedding], alpha=-embed_lr)
    hnet[num_embedding:].add_(d_p[num_embedding:], alpha=-cfg.hn_lr)


@dataclass(frozen=True)
class HypernetworkFlops:
    """The server's analytic FLOPs (copfl.core.flops conventions: 2 per multiply-accumulate of the
    layers' products; bias additions, ReLU and the embedding look-up free) for one hypernetwork."""

    generate: int  # one theta_i = h(v_i; phi): 2 x (e h + n_hidden h^2 + h d)
    gradient: int  # one (d theta_i / d hnet)^T delta_i: 2 x generate (each layer's weight and input gradients)
    step: int  # one server optimizer step: OPTIMIZER_FLOPS_PER_COORDINATE per hypernetwork coordinate


# Element-wise operations per hypernetwork coordinate in one server step: the clipping norm's
# square-accumulate (2) and scaling (1), weight decay g + wd p (2), momentum m buf + d_p (2)
# and the update p - lr buf (2).
OPTIMIZER_FLOPS_PER_COORDINATE = 9


def hypernetwork_flops(layout: HNetLayout) -> HypernetworkFlops:
    """The FLOPs of generating one client's weights, of one client's hypernetwork gradient and
    of one server step. The gradient is counted as a backward pass (the convention's 2 x the
    forward's products: for the output layer, its weight's gradient outer(delta, x) and the
    features' gradient W^T delta, d x hidden products each; for the MLP, its weights' and
    inputs' gradients); the MLP's forward that :func:`write_hypernetwork_grad` recomputes
    (e h + n_hidden h^2 products, under 0.02 % of the output layer's for copfl's models) is
    not counted again."""
    h = layout.hidden
    macs = layout.embed_dim * h + layout.n_hidden * h * h + h * layout.out_dim
    return HypernetworkFlops(generate=2 * macs, gradient=4 * macs, step=OPTIMIZER_FLOPS_PER_COORDINATE * layout.size)


@register
class PFedHN(Algorithm):
    name = "pfedhn"
    description = "pFedHN (Shamsian et al., ICML 2021): a server hypernetwork generates each client's weights"
    # clients train with the reference's inner SGD, the server steps the hypernetwork with its own
    unused_run_options = {
        "optimizer": "its clients use SGD (--inner-lr, --inner-momentum, --inner-wd), its server SGD (--hn-lr, --hn-momentum, --hn-wd)",
        "lr": "use --inner-lr for the clients, --hn-lr (and --embed-lr) for the hypernetwork",
        "momentum": "use --inner-momentum for the clients, --hn-momentum for the hypernetwork",
        "weight_decay": "use --inner-wd for the clients, --hn-wd for the hypernetwork",
        "local_epochs": "its clients take --inner-steps mini-batch steps a round",
    }
    Config = PFedHNConfig
    search_space = {"hn_lr": log_float(1e-3, 0.1, paper=0.01), "inner_lr": log_float(1e-3, 0.05, paper=0.005)}  # copfl tune (docs/tuning.md)

    def __init__(self, config: PFedHNConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        n = setup.num_clients
        embed_dim = int(1 + n / 4) if config.embed_dim == -1 else config.embed_dim
        self.layout = HNetLayout(n, embed_dim, config.hidden, config.n_hidden, setup.workspace.params.numel())
        self.flops = hypernetwork_flops(self.layout)
        self.inner_optimizer = OptimizerConfig("sgd", config.inner_lr, config.inner_momentum, config.inner_wd)
        self.robust = setup.combiner.kind != "mean"
        if self.robust and config.server_update != "mean":
            raise ValueError(
                f"--robust {setup.combiner.kind}: pFedHN's sequential server update applies each client's hypernetwork "
                "gradient in turn and averages nothing; use server_update=mean to combine them robustly"
            )  # (with mean: the shared network's gradients robustly, each client's embedding row its own)

    def init_server(self, init: torch.Tensor) -> ServerState:
        hnet = init_hypernetwork(self.layout, torch_generator(init_seed(init), "pfedhn-init"), self.device)
        return {"hnet": hnet, "momentum": torch.zeros_like(hnet)}

    def broadcast(self, sctx: ServerContext, server: ServerState, client: int) -> Message:
        self.server_flops.add(self.flops.generate)
        with torch.no_grad():
            return {"theta": generate(self.layout, server["hnet"], client)}

    def inner_train(self, ctx: ClientContext, theta: torch.Tensor) -> TrainStats:
        """``inner_steps`` steps of the inner SGD (momentum, weight decay) from theta, each
        gradient clipped to norm ``clip`` first (the reference's inner loop)."""
        ws, steps, clip = ctx.workspace, self.config.inner_steps, self.config.clip
        ws.load(theta)
        opt = make_optimizer(self.inner_optimizer, ws.flat.param)
        per_epoch = max(1, ctx.data.num_train // ctx.training.batch_size)
        epochs = -(-steps // per_epoch) + 1  # enough epochs; batches are drawn lazily
        stats = TrainStats()
        if steps == 0:
            return stats
        ws.model.train()
        loss_sum = torch.zeros((), dtype=torch.float64, device=ws.device)
        batches = ws.batches(ctx.data, epochs=epochs, batch_size=ctx.training.batch_size, generator=ctx.generator("pfedhn-inner"))
        for xb, yb in batches:
            loss = ws.loss_and_grad(xb, yb)
            ws.step(opt, (lambda p, g: clip_grad(g, clip)) if clip else None)
            loss_sum += loss * len(yb)
            stats.samples += len(yb)
            stats.steps += 1
            if stats.steps == steps:
                break
        stats.loss_sum = float(loss_sum)
        return stats

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        theta = message["theta"]
        stats = self.inner_train(ctx, theta)
        return ClientResult({"delta": theta - ctx.workspace.params}, state, stats)

    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """For the upload pipeline (``--dp-mode upload``, attacks) the upload delta_i is itself
        the update: reference 0."""
        return UploadParts({"delta": UploadPart(torch.zeros_like(message["theta"]))})

    def aggregate(self, sctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, float]]:
        """Every client's gradient is taken at the round-start hypernetwork ``start`` (the one
        that generated its theta); the steps move one working copy of the hypernetwork and of
        the momentum buffer in place (the input state is not modified), and each client's
        gradient is written into one scratch vector reused across clients."""
        start, cfg, layout = server["hnet"], self.config, self.layout
        e, n = layout.num_embedding, len(uploads)
        norms: list[float] = []
        clients = [c for c, _ in uploads]
        uniform = torch.full((n,), 1.0 / n, dtype=torch.float64)
        # the gradients and the steps (under --robust, not the robust estimator's own work)
        self.server_flops.add(n * self.flops.gradient + self.flops.step * (n if cfg.server_update == "sequential" else 1))
        if self.robust:
            # the mean of the clients' hypernetwork gradients, the shared network's part robustly;
            # a client's embedding row is its own (the others' gradients are 0 there), so the
            # embeddings take the plain mean: a coordinate-wise estimator would erase them
            grads = [hypernetwork_grad(layout, start, c, u["delta"]) for c, u in uploads]
            body = self.combine([g[e:] for g in grads], uniform, clients)
            total = torch.cat([torch.stack([g[:e] for g in grads]).mean(0), body])
            del grads
            hnet, buf = start.clone(), server["momentum"].clone()  # (after the gradients: a lower peak)
            norm = float(clip_grad(total, cfg.clip).norm())  # (after clipping; the step overwrites total)
            sgd_step_(hnet, buf, total, e, cfg)
            return {"hnet": hnet, "momentum": buf}, {"hnet_grad_norm": norm}
        self.combine.record(clients, uniform)  # each upload moves the hypernetwork with the same weight
        hnet, buf = start.clone(), server["momentum"].clone()
        grad = torch.empty_like(start)  # the scratch: each client's gradient in turn
        if cfg.server_update == "mean":
            total = torch.zeros_like(start)
            for c, u in uploads:
                total.add_(write_hypernetwork_grad(layout, start, c, u["delta"], grad))
            del grad
            total.div_(n)
            norms.append(float(total.norm()))
            sgd_step_(hnet, buf, clip_grad(total, cfg.clip, norms[-1]), e, cfg)
            self.server_flops.add(n * layout.size)  # the sum of the gradients
        else:
            for c, u in uploads:
                write_hypernetwork_grad(layout, start, c, u["delta"], grad)  # at the hnet that generated theta_c
                norms.append(float(grad.norm()))
                sgd_step_(hnet, buf, clip_grad(grad, cfg.clip, norms[-1]), e, cfg)
        return {"hnet": hnet, "momentum": buf}, {"hnet_grad_norm": sum(norms) / len(norms)}

    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        return message["theta"]
