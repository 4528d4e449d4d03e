"""copfl on Flower: the same run through copfl's engine and through Flower's simulation
gives the same metrics and the same final server state (Flower installed: copfl[flower])."""

import json
import os
from pathlib import Path

import pytest
import torch

pytest.importorskip("flwr", reason="Flower is not installed (pip install 'copfl[flower]')")

from copfl.engine import ClientStep  # noqa: E402
from copfl.experiment import RunConfig, build_federation, run_in_folder  # noqa: E402
from copfl.flower.core import ContextStore, config_from_run_config, config_to_json, pack, unpack  # noqa: E402

for k, v in {"FLWR_TELEMETRY_ENABLED": "0", "FLWR_DISABLE_UPDATE_CHECK": "1", "RAY_USAGE_STATS_ENABLED": "0"}.items():
    os.environ.setdefault(k, v)


def small_config(algorithm, out, **kw):
    return RunConfig(algorithm=algorithm, dataset="digits", clients=4, rounds=3, threads=1, out=str(out), **kw).resolved()


def copfl_run(cfg):
    return run_in_folder(cfg, build_federation(cfg), Path(cfg.out), progress=False, plots=False)


def metrics(folder):
    return [json.loads(line) for line in (folder / "metrics.jsonl").read_text().splitlines()]


def assert_same_run(a, b, server_a, server_b):
    ma, mb = metrics(a), metrics(b)
    assert len(ma) == len(mb) == 3
    for ra, rb in zip(ma, mb):
        assert ra.keys() == rb.keys()
        for k in ra:
            assert ra[k] == pytest.approx(rb[k], rel=1e-6, abs=1e-9), (k, ra, rb)
    for k in server_a:
        if isinstance(server_a[k], torch.Tensor):
            assert torch.allclose(server_a[k].double(), server_b[k].double(), rtol=1e-5, atol=1e-7), k


def test_messages_round_trip_exactly():
    msg = {"shared": torch.randn(7, dtype=torch.float32), "mask": torch.tensor([1, 0, 255], dtype=torch.uint8),
           "flags": torch.tensor([True, False]), "num_samples": 12, "alpha": 0.25}  # fmt: skip
    back = unpack(*pack(msg))
    assert back.keys() == msg.keys() and back["num_samples"] == 12 and back["alpha"] == 0.25
    for k in ("shared", "mask", "flags"):
        assert back[k].dtype == msg[k].dtype and torch.equal(back[k], msg[k])
    with pytest.raises(TypeError, match="'bad' is a list"):
        pack({"bad": [1, 2]})


def test_run_config_travels_and_overrides(tmp_path):
    cfg = small_config("co-pfl", tmp_path, options={"p": 0.1})
    back = config_from_run_config({"copfl-config": config_to_json(cfg), "rounds": 7})
    assert back.rounds == 7 and back.options == {"p": 0.1} and back.algorithm == "co-pfl"
    with pytest.raises(ValueError, match="no 'copfl-config'"):
        config_from_run_config({})
    with pytest.raises(ValueError, match="unknown run options"):
        config_from_run_config({"copfl-config": json.dumps({"rounds": 2, "colour": 1})})


def test_context_store_keeps_one_clients_state():
    from flwr.app import Context, RecordDict

    ctx = Context(run_id=1, node_id=5, node_config={}, state=RecordDict(), run_config={})
    store = ContextStore(ctx)
    assert store.get(2) is None
    store.put(2, {"params": torch.arange(3.0), "steps": 4})
    got = store.get(2)
    assert torch.equal(got["params"], torch.arange(3.0)) and got["steps"] == 4 and list(store.clients()) == [2]
    with pytest.raises(RuntimeError, match="holds client 2's state, not client 3's"):
        store.get(3)
    assert ClientStep.__dataclass_fields__.keys() >= {"upload", "bn", "loss_sum"}


@pytest.mark.parametrize(
    "algorithm", ["fedavg", "co-pfl", pytest.param("fedper", marks=pytest.mark.slow), pytest.param("fedselect", marks=pytest.mark.slow)]
)
def test_flower_simulation_matches_copfl(tmp_path, algorithm):
    from flwr.simulation import run_simulation

    from copfl.flower.apps import make_apps

    ref = small_config(algorithm, tmp_path / "copfl")
    copfl_run(ref)
    cfg = small_config(algorithm, tmp_path / "flower")
    server, client = make_apps(cfg)
    run_simulation(server, client, num_supernodes=4, backend_config={"client_resources": {"num_cpus": 1}, "init_args": {"num_cpus": 2}})
    summary = json.loads((tmp_path / "flower" / "summary.json").read_text())
    assert summary["status"] == "completed" and summary["rounds_completed"] == 3
    final = torch.load(tmp_path / "flower" / "server_state.pt", weights_only=True)
    # copfl's own final server state, from the same config run in this process
    from copfl.experiment import build_engine

    fed = build_federation(ref)
    engine = build_engine(ref, fed)
    torch.set_num_threads(1)
    state = engine.run()
    assert final["round"] == 3
    assert_same_run(tmp_path / "copfl", tmp_path / "flower", state.server, final["server"])
