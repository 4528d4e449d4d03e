"""Workspace (copfl.core.workspace): local training."""

import torch

from helpers import mlp_ws


def test_masked_training_keeps_frozen_coordinates_exactly_even_with_momentum_and_decay():
    ws = mlp_ws()
    from copfl.data.clients import ClientData
    from copfl.core.train_hooks import OptimizerConfig, Trainable

    x = torch.randn(12, 2)
    y = torch.randint(0, 2, (12,))
    start = ws.params.clone()
    h = ws.flat.select("head").float()
    ws.train(ClientData(x, y, x, y), epochs=3, batch_size=4, generator=torch.Generator().manual_seed(0),
             optimizer=OptimizerConfig("sgd", 0.1, momentum=0.9, weight_decay=0.1), hooks=[Trainable(h)])
    assert torch.equal(ws.params[h == 0], start[h == 0]) and not torch.equal(ws.params[h == 1], start[h == 1])
