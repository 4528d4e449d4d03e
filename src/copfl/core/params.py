"""A flat view of a model's parameters.

:class:`FlatParams` re-homes every parameter of a module into ONE contiguous vector (and
every gradient into one contiguous gradient vector), keeping the module's tensors as views
into it. Masks, top-k selections, cosines and weighted sums over a model are then single
vector operations, loading a client's model is one ``copy_``, and an optimizer steps one
tensor instead of dozens.

Named selections (:meth:`FlatParams.select`) turn a description such as ``"head"`` into a
boolean mask over the vector; personalization in copfl is such a mask.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn

_NORM_TYPES = (nn.modules.batchnorm._NormBase, nn.GroupNorm, nn.LayerNorm)

SELECTIONS = ("all", "none", "head", "body", "weights", "biases", "norm")


@dataclass(frozen=True)
class ParamSlice:
    """Where one named parameter lives in the flat vector."""

    name: str
    shape: tuple[int, ...]
    offset: int
    numel: int
    module: str  # qualified name of the owning module
    kind: str  # "weight" (a weight matrix/kernel), "bias", or "norm" (normalisation affine)

    @property
    def end(self) -> int:
        return self.offset + self.numel


class SelectionError(ValueError):
    pass


def _layout(
    named: list[tuple[str, torch.Tensor]], kinds: dict[str, tuple[str, str]]
) -> tuple[list[ParamSlice], int]:
    slices, offset = [], 0
    for name, t in named:
        module, kind = kinds.get(name, (name.rpartition(".")[0], "weight"))
        slices.append(ParamSlice(name, tuple(t.shape), offset, t.numel(), module, kind))
        offset += t.numel()
    return slices, offset


class FlatParams:
    """Binds a module's parameters (and floating-point buffers) to contiguous vectors.

    After construction, ``module.some_layer.weight`` is a view into :attr:`vector`, and its
    ``.grad`` a view into :attr:`grad`. Gradients accumulate in place, so the gradient vector
    must be zeroed with ``grad.zero_()`` (never set to ``None``).

    Each parameter keeps its own memory layout inside its segment (``torch.as_strided``): with
    ``channels_last=True`` 4-D weights are stored in channels-last order, which makes
    convolutions markedly faster on CPU (oneDNN). Element order inside a segment therefore
    follows the layout; masks and vector operations do not care, and :meth:`unflatten` gives
    correctly shaped views.

    Floating-point buffers (batch-norm running mean/var) are likewise views into
    :attr:`buffers`; integer buffers (``num_batches_tracked``) are left alone: copfl's
    batch-norm layers use a fixed momentum, so those counters are never read.
    """

    def __init__(self, module: nn.Module, channels_last: bool = False) -> None:
        if channels_last:
            module.to(memory_format=torch.channels_last)
        self.module = module
        kinds: dict[str, tuple[str, str]] = {}
        self._linear_modules: list[str] = []
        for mname, m in module.named_modules():
            if isinstance(m, nn.Linear):
                self._linear_modules.append(mname)
            for pname, _ in m.named_parameters(recurse=False):
                full = f"{mname}.{pname}" if mname else pname
                if isinstance(m, _NORM_TYPES):
                    kind = "norm"
                elif pname == "bias" or pname.startswith("bias"):
                    kind = "bias"
                else:
                    kind = "weight"
                kinds[full] = (mname, kind)

        named = [(n, p) for n, p in module.named_parameters()]
        self.device = named[0][1].device if named else torch.device("cpu")
        self.slices, d = _layout(named, kinds)
        self.param = nn.Parameter(torch.empty(d, device=self.device), requires_grad=False)
        self.grad = torch.zeros(d, device=self.device)
        self.param.grad = self.grad
        self.strides = [tuple(p.stride()) for _, p in named]
        for s, st, (_, p) in zip(self.slices, self.strides, named):
            view = torch.as_strided(self.param.data, s.shape, st, s.offset)
            view.copy_(p.data)
            p.data = view
            p.grad = torch.as_strided(self.grad, s.shape, st, s.offset)

        fbuf = [(n, b) for n, b in module.named_buffers() if b.is_floating_point()]
        self.buffer_slices, db = _layout(fbuf, {n: (n.rpartition(".")[0], "buffer") for n, _ in fbuf})
        self.buffers = torch.empty(db, device=self.device)
        for s, (name, b) in zip(self.buffer_slices, fbuf):
            self.buffers[s.offset : s.end].copy_(b.reshape(-1))
            b.data = self.buffers[s.offset : s.end].view(s.shape)

    # ----------------------------------------------------------------- basic access
    @property
    def vector(self) -> torch.Tensor:
        """The parameter vector (a plain tensor sharing storage with the module)."""
        return self.param.data

    @property
    def numel(self) -> int:
        return self.vector.numel()

    def load(self, params: torch.Tensor, buffers: torch.Tensor | None = None) -> None:
        self.vector.copy_(params)
        if buffers is not None and buffers.numel():
            self.buffers.copy_(buffers)

    def names(self) -> list[str]:
        return [s.name for s in self.slices]

    def unflatten(self, vec: torch.Tensor) -> dict[str, torch.Tensor]:
        """Named views of a flat vector laid out like this model's parameters."""
        vec = vec.contiguous()
        return {s.name: torch.as_strided(vec, s.shape, st, s.offset) for s, st in zip(self.slices, self.strides)}

    # ----------------------------------------------------------------- selections
    @property
    def head_module(self) -> str:
        """The last linear layer in registration order: the classifier head."""
        if not self._linear_modules:
            raise SelectionError("this model has no linear layer, so it has no 'head'")
        return self._linear_modules[-1]

    def select(self, spec: str) -> torch.Tensor:
        """A boolean mask over the vector for a selection such as ``"head"``.

        ``spec`` is one of ``all``, ``none``, ``head`` (the last linear layer), ``body``
        (everything but the head), ``weights`` (weight matrices and kernels: no biases, no
        normalisation parameters), ``biases``, ``norm``; or ``prefix:a,b`` for the
        parameters whose names start with ``a`` or ``b``. Selections combine with ``+``
        (union), e.g. ``"head+norm"``.
        """
        mask = torch.zeros(self.numel, dtype=torch.bool, device=self.device)
        for part in spec.split("+"):
            part = part.strip()
            for s in self.slices:
                if self._selected(part, s):
                    mask[s.offset : s.end] = True
        return mask

    def _selected(self, part: str, s: ParamSlice) -> bool:
        if part == "all":
            return True
        if part == "none":
            return False
        if part == "head":
            return s.module == self.head_module
        if part == "body":
            return s.module != self.head_module
        if part == "weights":
            return s.kind == "weight"
        if part == "biases":
            return s.kind == "bias"
        if part == "norm":
            return s.kind == "norm"
        if part.startswith("prefix:"):
            prefixes = [p for p in part[len("prefix:") :].split(",") if p]
            if not prefixes:
                raise SelectionError("'prefix:' needs at least one parameter-name prefix")
            unknown = [p for p in prefixes if not any(n.startswith(p) for n in self.names())]
            if unknown:
                raise SelectionError(
                    f"no parameter name starts with {unknown}; parameters are {self.names()}"
                )
            return any(s.name.startswith(p) for p in prefixes)
        raise SelectionError(
            f"unknown parameter selection {part!r}; expected one of {', '.join(SELECTIONS)} "
            "or 'prefix:NAME[,NAME...]', combined with '+'"
        )
