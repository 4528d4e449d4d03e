"""Checkpoints (:mod:`copfl.checkpoint`): a run saved after some round and continued."""

import pytest
from test_engine import run, small_cfg

from copfl.checkpoint import Checkpoint
from copfl.experiment import build_engine
from copfl.federation import build_federation

from helpers import synthetic


@pytest.mark.parametrize("algorithm", ["local", "co-pfl"])
def test_resume_from_checkpoint_equals_an_uninterrupted_run(tmp_path, algorithm):
    cfg = small_cfg(algorithm=algorithm, rounds=4)
    _, full = run(cfg)
    fed = build_federation(cfg, synthetic())
    eng = build_engine(small_cfg(algorithm=algorithm, rounds=2), fed)
    half = eng.run()
    Checkpoint(half, eng.store.state_dict()).save(tmp_path / "ck.pt")
    ck = Checkpoint.load(tmp_path / "ck.pt")
    eng2 = build_engine(cfg, fed)
    eng2.store.load_state_dict(ck.clients)
    resumed = eng2.run(state=ck.state)
    assert resumed.history == full.history
