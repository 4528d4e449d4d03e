"""What CO-PFL and FedSelect share: a growing personalization mask per client.

A client keeps ``params`` (its full model) and ``mask`` (True = personalized, kept by the
client; masks only grow). Its round starts from its personalized entries over the broadcast's
shared ones (:meth:`MaskedAlgorithm.start`), it uploads only its shared entries and the
bit-packed mask (:meth:`MaskedAlgorithm.masked_upload`), and the server expands them back
(:meth:`MaskedAlgorithm.unpack_uploads`). The upload pipeline (DP, attacks) and robust aggregation
see only the shared entries, whose reference is the broadcast's. The mask machinery itself is :mod:`copfl.core.masks`.
"""

from __future__ import annotations

from typing import Any

import torch

from copfl.algorithms.base import Algorithm, ClientContext, ClientState, Message, Setup, UploadPart, UploadParts
from copfl.core.masks import compact, expand, pack_mask, select, shared_coordinates, shared_reference, unpack_mask


class MaskedAlgorithm(Algorithm):
    """An algorithm whose clients personalize a growing subset of the parameter vector."""

    def __init__(self, config: Any, setup: Setup) -> None:
        super().__init__(config, setup)
        self.d = setup.workspace.flat.numel

    def empty_mask(self) -> torch.Tensor:
        """No coordinate personalized (every client's and the server's first mask)."""
        return torch.zeros(self.d, dtype=torch.bool, device=self.device)

    @staticmethod
    def start(state: ClientState, broadcast: Message) -> torch.Tensor:
        """The client's model at the start of a round: its personalized entries, the broadcast
        model's elsewhere."""
        return select(state["mask"], state["params"], broadcast["params"])

    @staticmethod
    def masked_upload(params: torch.Tensor, mask: torch.Tensor, **extra: Any) -> Message:
        """What a client sends: only its shared entries (compacted) and its bit-packed mask."""
        return {"shared": compact(params, ~mask), "mask": pack_mask(mask), **extra}

    def unpack_uploads(self, uploads: list[tuple[int, Message]]) -> tuple[list[torch.Tensor], list[torch.Tensor]]:
        """(masks, full-length models with the shared entries in place) of the uploads."""
        masks = [unpack_mask(u["mask"], self.d) for _, u in uploads]
        return masks, [expand(u["shared"], ~m) for (_, u), m in zip(uploads, masks)]

    @staticmethod
    def mask_fraction_mean(masks: list[torch.Tensor]) -> float:
        return float(torch.stack([m.float().mean() for m in masks]).mean())

    # ------------------------------------------------------------------ the upload pipeline
    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """The shared entries the client's update started from are the broadcast's (a
        coordinate shared after this round was shared before it: masks only grow), at their
        coordinates of the full vector. With no update of its own a client sends the mask it
        held before the round and the broadcast's entries on the coordinates that mask shares."""
        def unchanged() -> Message:
            packed = pack_mask(state["mask"])
            return {**upload, "mask": packed, "shared": shared_reference(message["params"], packed)}

        part = UploadPart(shared_reference(message["params"], upload["mask"]), (shared_coordinates(upload["mask"], self.d), self.d))
        return UploadParts({"shared": part}, unchanged=unchanged)

    # ------------------------------------------------------------------ evaluation
    def personalized(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> torch.Tensor:
        return self.start(state, broadcast)
