"""How tensors cross between Ray's processes (copfl.execution.ray_clients.tensor_to_wire): exact, writable,
and the numpy path only where a copy loses nothing."""

import pickle

import pytest
import torch

from copfl.execution.ray_clients import tensor_from_wire, tensor_to_wire


@pytest.mark.parametrize("t, path", [
    (torch.randn(7, 3), "numpy"),
    (torch.tensor([True, False]), "numpy"),
    (torch.arange(5, dtype=torch.int64), "numpy"),
    (torch.zeros(0), "numpy"),
    (torch.tensor(2.5, dtype=torch.float64), "numpy"),
    (torch.randn(4, 3).t(), "pickle"),  # not contiguous
    (torch.randn(10)[2:5], "pickle"),  # a view into a larger storage
    (torch.randn(3, dtype=torch.bfloat16), "pickle"),  # numpy has no bfloat16
    (torch.randn(3, requires_grad=True), "pickle"),
])
def test_tensors_cross_bit_for_bit_and_writable(t, path):
    wire = tensor_to_wire(t)
    assert wire[0] == path
    back = tensor_from_wire(pickle.loads(pickle.dumps(wire)))
    assert back.dtype == t.dtype and back.shape == t.shape and back.requires_grad == t.requires_grad
    assert torch.equal(back.detach(), t.detach())

def test_the_numpy_path_copies_the_senders_memory():
    t = torch.ones(4)
    back = tensor_from_wire(tensor_to_wire(t))
    back += 1
    assert torch.equal(t, torch.ones(4)) and torch.equal(back, torch.full((4,), 2.0))
