"""Ditto (copfl.algorithms.ditto): the global model is FedAvg's, the personal step against plain torch."""

import torch

from copfl.algorithms.ditto import Ditto
from copfl.algorithms.fedavg import FedAvg
from copfl.seeding import torch_generator

from helpers import XS, YS, engine, flat_of, fresh_model, mlp_ws, reference_sgd, tiny_clients, tiny_engine


def test_ditto_global_model_is_fedavg_and_lambda_pulls_the_personal_model():
    base = engine(FedAvg, {}, rounds=3).run()
    for lam in (0.0, 3.0):
        assert torch.equal(engine(Ditto, {"lam": lam}, rounds=3).run().server["params"], base.server["params"])
    # In round 1 the received global model w^t is w^0: measure how far each personal model strays.
    # (lr * lam must stay below 2 for the proximal step to be stable)
    dist = {}
    for lam in (0.0, 1.0, 3.0):
        eng = tiny_engine(Ditto, {"lam": lam}, mlp_ws(), tiny_clients(XS, YS), rounds=1, lr=0.1, batch_size=4, epochs=5)
        eng.run()
        dist[lam] = sum(float((eng.store.get(c)["personal"] - eng.init_params).norm()) for c in range(2))
    assert dist[3.0] < dist[1.0] < dist[0.0] and dist[3.0] < 0.5 * dist[0.0]


def test_ditto_personal_step_golden():
    """One client, batch = all data, one step: v1 = v0 - lr (grad f(v0) + lam (v0 - w^t))."""
    x, y = XS[0], YS[0]
    eng = tiny_engine(Ditto, {"lam": 0.7}, mlp_ws(), tiny_clients([x], [y]), rounds=1, lr=0.3, batch_size=6)
    eng.run()
    m = fresh_model()  # v0 = w^0 = w^t in round 1, so the proximal term is zero at the first step
    reference_sgd(m, x, y, torch_generator(0, "ditto-personal", 1, 0), 1, 0.3, batch_size=6)
    torch.testing.assert_close(eng.store.get(0)["personal"], flat_of(m))
