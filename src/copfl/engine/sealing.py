"""A tuning trial's test data, sealed: any use of a client's test tensors raises
:class:`TestDataTouched`, so tuning (``copfl tune``, ``compare --tune``; in process or on a Ray
worker, :mod:`copfl.execution.ray_clients`) provably sees validation data only."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import torch

if TYPE_CHECKING:
    from copfl.engine.loop import Engine


class TestDataTouched(RuntimeError):
    """Test data was read during a tuning trial (the tuner must only see validation data)."""


class SealedTensor(torch.Tensor):
    """A tensor that raises :class:`TestDataTouched` on any use (a client's sealed test data)."""

    @classmethod
    def __torch_function__(cls, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        raise TestDataTouched(f"test data touched during a tuning trial ({getattr(func, '__name__', func)}): tuning sees validation data only")


def sealed() -> SealedTensor:
    return torch.zeros(0).as_subclass(SealedTensor)  # type: ignore[return-value]


def seal_test_data(engine: Engine) -> None:
    """Every client's test tensors replaced by sealed ones, and the engine set to evaluate the
    validation data only (its ``acc_mean`` is then the validation accuracy)."""
    engine.clients = [replace(c, x_test=sealed(), y_test=sealed()) for c in engine.clients]
    engine.validation_only = True
