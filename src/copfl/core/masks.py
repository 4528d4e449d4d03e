"""Personalization-mask machinery shared by CO-PFL and FedSelect.

A mask is a boolean vector over the flat parameter vector: True = personalized (kept by the
client), False = shared (sent to the server). Masks only grow.

Growth (CO-PFL eqs. 6-7, PWPM; FedSelect's "GradSelect"), two readings:

* :func:`grow_per_tensor` (the FedSelect code's reading, copfl's default): for each WEIGHT
  tensor (never biases or normalization parameters) whose personalized fraction is still
  <= ``bound``, personalize the floor(p * n_shared) still-shared entries with the largest
  |delta|. The bound is checked before growing, so one step may overshoot it.
* :func:`grow_global` (eq. 7 literally, with the budget of Sec. IV-C): the floor(p * d)
  largest |delta| over the whole vector join the mask; if that would exceed gamma * d
  personalized entries, only the largest new ones that fit are added (never overshoots).

Server aggregation of the shared parts, two readings:

* :func:`aggregate_literal` (Algorithm 1, lines 4-6): server mask = OR of the client masks;
  g = sum_n alpha_n w_n o (1 - m_n) with the weights NOT renormalized; the new global model
  takes g where no client personalizes and keeps its previous value elsewhere.
* :func:`aggregate_per_coordinate` (the FedSelect code): each coordinate is the average over
  the clients that share it, the weights renormalized over those clients; a coordinate nobody
  shares keeps its previous value.

Masks travel bit-packed (:func:`pack_mask`): d/8 bytes; shared values travel compacted
(:func:`compact`, :func:`expand`). :func:`select` is an exact, fast ``torch.where`` for
float32 vectors (bitwise on int32 views: ~10x faster than ``torch.where`` with a bool mask
on CPU).

All of these are on the per-round hot path of CO-PFL and FedSelect; each is O(d).
"""

from __future__ import annotations

import numpy as np
import torch

from copfl.core.params import ParamSlice


# numpy does the packing, compaction and selection (several times faster than torch on a CPU);
# on another device the vectors go through the CPU and come back.
def _np(t: torch.Tensor) -> np.ndarray:
    return t.cpu().numpy()


def pack_mask(mask: torch.Tensor) -> torch.Tensor:
    """A bool mask as a uint8 tensor of ceil(d/8) bytes (big-endian bit order, like numpy)."""
    return torch.from_numpy(np.packbits(_np(mask))).to(mask.device)


def unpack_mask(packed: torch.Tensor, d: int) -> torch.Tensor:
    return torch.from_numpy(np.unpackbits(_np(packed), count=d).astype(bool)).to(packed.device)


def shared_reference(params: torch.Tensor, packed_mask: torch.Tensor) -> torch.Tensor:
    """The entries of ``params`` an upload compacted by ``packed_mask`` holds (its shared,
    unmasked coordinates): the reference of such an upload (copfl.extensions.attacks)."""
    return compact(params, ~unpack_mask(packed_mask, params.numel()))


def shared_coordinates(packed_mask: torch.Tensor, d: int) -> torch.Tensor:
    """For each entry of an upload compacted by ``packed_mask``, its coordinate in the model."""
    return (~unpack_mask(packed_mask, d)).nonzero().squeeze(1)


def select(mask: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """``torch.where(mask, a, b)``, bit-exact, for float32 vectors: ((a ^ b) & m) ^ b on int32
    views, m = -mask (all ones where True)."""
    if a.dtype != torch.float32 or b.dtype != torch.float32:
        return torch.where(mask, a, b)
    m = mask.to(torch.int32).neg_()
    bi = b.view(torch.int32)
    return torch.bitwise_xor(a.view(torch.int32), bi).bitwise_and_(m).bitwise_xor_(bi).view(torch.float32)


def compact(values: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
    """The entries of ``values`` where ``keep`` is True, in order (``values[keep]``; on the CPU
    through numpy, faster; on a GPU on the device, with no round trip through host memory)."""
    if values.device.type != "cpu":
        return values[keep]
    return torch.from_numpy(np.compress(_np(keep), _np(values))).to(values.device)


def expand(compacted: torch.Tensor, keep: torch.Tensor, fill: float = 0.0) -> torch.Tensor:
    """Inverse of :func:`compact`: a full vector with ``compacted`` where ``keep`` is True."""
    out = torch.full((keep.numel(),), fill, dtype=compacted.dtype, device=compacted.device)
    idx = torch.from_numpy(np.flatnonzero(_np(keep))).to(compacted.device) if keep.device.type == "cpu" else keep.nonzero().squeeze(1)
    return out.index_copy_(0, idx, compacted)


def _top_k_indices(values: torch.Tensor, k: int) -> torch.Tensor:
    """Indices of the k largest entries, exactly k, ties at the k-th value broken towards the
    lowest index (O(n): introselect, ~5x faster than topk). Which of several equal entries
    numpy's argpartition returns depends on the CPU (its vectorized selection differs between
    AVX2 and AVX-512 machines), and equal entries are common here (|delta| = 0 for weights of
    inputs that never vary), so the tie rule is applied explicitly: the same mask on every
    machine. On a GPU: :func:`_top_k_indices_sorted` (the same indices, no host round trip)."""
    if k <= 0:
        return torch.zeros(0, dtype=torch.int64, device=values.device)
    if values.device.type != "cpu":
        return _top_k_indices_sorted(values, k)
    v = _np(values)
    top = np.argpartition(v, v.size - k)[v.size - k :]
    t = v[top].min()  # the k-th largest value
    n_tied = int(np.count_nonzero(v == t))
    if n_tied == int(np.count_nonzero(v[top] == t)):  # every entry equal to it is in: no choice was made
        return torch.from_numpy(top).to(values.device)
    above = np.flatnonzero(v > t)
    tied = np.flatnonzero(v == t)[: k - above.size]
    return torch.from_numpy(np.concatenate([above, tied])).to(values.device)


def _top_k_indices_sorted(values: torch.Tensor, k: int) -> torch.Tensor:
    """:func:`_top_k_indices` by a stable descending sort (equal entries keep their order, so
    of those tied at the k-th value the lowest indices are taken): the same indices, on the
    tensor's device (the GPU path: a sort there beats a copy to the host and back)."""
    return torch.sort(values, descending=True, stable=True).indices[:k]


def grow_per_tensor(
    mask: torch.Tensor, delta_abs: torch.Tensor, slices: list[ParamSlice], p: float, bound: float
) -> torch.Tensor:
    """FedSelect-code reading of mask growth (see module docstring). Returns a new mask."""
    new = mask.clone()
    for s in slices:
        if s.kind != "weight":
            continue
        seg_m = new[s.offset : s.end]
        if float(seg_m.sum()) / s.numel > bound:
            continue
        n_shared = s.numel - int(seg_m.sum())
        k = int(p * n_shared)
        if k == 0:
            continue
        # personalized entries get -1 (deltas are >= 0), so the k largest are all still shared
        cand = delta_abs[s.offset : s.end].masked_fill(seg_m, -1.0)
        seg_m[_top_k_indices(cand, k)] = True
    return new


def grow_global(mask: torch.Tensor, delta_abs: torch.Tensor, p: float, gamma: float) -> torch.Tensor:
    """Eq. (7) over the whole vector under ||m|| <= gamma * d. Returns a new mask."""
    d = mask.numel()
    k = int(p * d)
    room = int(gamma * d) - int(mask.sum())
    if k == 0 or room <= 0:
        return mask.clone()
    new = mask.clone()
    new[_top_k_indices(delta_abs, k)] = True
    added = new & ~mask
    n_added = int(added.sum())
    if n_added > room:  # keep only the largest new entries that fit in the budget
        new = mask.clone()
        new[_top_k_indices(delta_abs.masked_fill(~added, -1.0), room)] = True
    return new


def aggregate_literal(
    previous: torch.Tensor, models: list[torch.Tensor], masks: list[torch.Tensor], alphas: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    """Algorithm 1, lines 4-6. Returns (new global model, server mask)."""
    server_mask = torch.zeros_like(masks[0])
    g = torch.zeros_like(previous)
    for w, m, a in zip(models, masks, alphas.tolist()):
        server_mask |= m
        g.addcmul_(w, (~m).to(w.dtype), value=a)  # alpha_n w_n o (1 - m_n)
    return select(server_mask, previous, g), server_mask


def aggregate_per_coordinate(
    previous: torch.Tensor, models: list[torch.Tensor], masks: list[torch.Tensor], alphas: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    """The FedSelect code's reading. Returns (new global model, coordinates nobody shares)."""
    num = torch.zeros_like(previous)
    den = torch.zeros_like(previous)
    for w, m, a in zip(models, masks, alphas.tolist()):
        shared = (~m).to(previous.dtype)
        num.addcmul_(w, shared, value=a)
        den.add_(shared, alpha=a)
    nobody = den <= 0
    return select(nobody, previous, num.div_(den.clamp_min_(1e-30))), nobody
