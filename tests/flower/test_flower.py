"""copfl on Flower: the same run through copfl's engine and through Flower's simulation
gives the same metrics and the same final server state (Flower installed: copfl[flower])."""

import json
import os
from pathlib import Path

import pytest
import torch

from helpers import require_extra  # noqa: E402

pytestmark = pytest.mark.extra("flwr")
require_extra("flwr")

from copfl.flower.templates import ENV  # noqa: E402

for _k, _v in ENV.items():  # the environment every Flower process of an app gets (no telemetry, Ray's future defaults)
    os.environ.setdefault(_k, _v)

from copfl.algorithms.base import algorithm_names  # noqa: E402
from copfl.engine.rounds import ClientStep  # noqa: E402
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine, run_in_folder
from copfl.execution.federation import build_federation  # noqa: E402
from copfl.flower.core import ContextStore, pack, unpack
from copfl.flower.run_config import config_from_run_config, config_to_json  # noqa: E402

for k, v in {"FLWR_TELEMETRY_ENABLED": "0", "FLWR_DISABLE_UPDATE_CHECK": "1", "RAY_USAGE_STATS_ENABLED": "0"}.items():
    os.environ.setdefault(k, v)


def small_config(algorithm, out, **kw):
    kw = {"threads": 1, **kw}
    return RunConfig(algorithm=algorithm, dataset="digits", clients=4, rounds=3, out=str(out), **kw).resolved()


def copfl_run(cfg):
    return run_in_folder(cfg, build_federation(cfg), Path(cfg.out), progress=False, plots=False)


def metrics(folder):
    return [json.loads(line) for line in (folder / "metrics.jsonl").read_text().splitlines()]


def assert_same_run(a, b, server_a, server_b):
    ma, mb = metrics(a), metrics(b)
    assert len(ma) == len(mb) == 3
    for ra, rb in zip(ma, mb):
        assert "eval_flops" not in rb  # the Flower clients' forward passes are not seen by the server
        ra.pop("eval_flops", None)
        assert ra.keys() == rb.keys()
        for k in ra:
            assert ra[k] == pytest.approx(rb[k], rel=1e-6, abs=1e-9), (k, ra, rb)
    for k in server_a:
        if isinstance(server_a[k], torch.Tensor):
            assert torch.allclose(server_a[k].double(), server_b[k].double(), rtol=1e-5, atol=1e-7), k
    # the per-client logs (from aggregate and from the clients' own ctx.logs) travel too
    pa, pb = Path(a) / "per_client.jsonl", Path(b) / "per_client.jsonl"
    assert pa.exists() == pb.exists()
    if pa.exists():
        la, lb = (json.loads(x) for x in pa.read_text().splitlines()), (json.loads(x) for x in pb.read_text().splitlines())
        for ra, rb in zip(la, lb, strict=True):
            assert ra.keys() == rb.keys() and ra["client"] == rb["client"], (ra, rb)
            for k in ra:
                assert _close(ra[k], rb[k]), (k, ra[k], rb[k])


def _close(a, b) -> bool:
    """Equal up to float rounding, through nested lists (pFedSV logs coalitions, vectors)."""
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return b == pytest.approx(a, rel=1e-6, abs=1e-9)
    return a == b


def test_messages_round_trip_exactly():
    msg = {"shared": torch.randn(7, dtype=torch.float32), "mask": torch.tensor([1, 0, 255], dtype=torch.uint8),
           "flags": torch.tensor([True, False]), "num_samples": 12, "alpha": 0.25}  # fmt: skip
    back = unpack(*pack(msg))
    assert back.keys() == msg.keys() and back["num_samples"] == 12 and back["alpha"] == 0.25
    for k in ("shared", "mask", "flags"):
        assert back[k].dtype == msg[k].dtype and torch.equal(back[k], msg[k])
    with pytest.raises(TypeError, match="'bad' is a list"):
        pack({"bad": [1, 2]})


def test_a_client_step_round_trips_through_its_reply_records():
    """One writer and one reader of a ClientStep's records (flower.core.step_records /
    step_from_records), driven by ClientStep's own fields: every field comes back."""
    from dataclasses import fields

    from copfl.engine.rounds import ClientStep
    from copfl.flower.core import step_from_records, step_records

    step = ClientStep({"w": torch.randn(5), "n": 3}, torch.randn(4), 1.25, 7, 9, 100, 40, {"alpha": [0.5]}, [[1.0, 0.5, 2]], 12345)
    back = step_from_records(step_records(3, step))
    for f in fields(ClientStep):
        a, b = getattr(step, f.name), getattr(back, f.name)
        if f.name == "upload":
            assert torch.equal(a["w"], b["w"]) and a["n"] == b["n"]
        elif f.name == "bn":
            assert torch.equal(a, b)
        else:
            assert a == b and type(a) is type(b), f.name


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


# The processes of a real `flwr run` take most of a minute even for FedAvg: the slow step. Every
# algorithm's state through Flower's records is checked in the fast step by
# test_every_algorithm_through_flower_messages_matches_copfl.
@pytest.mark.slow
@pytest.mark.parametrize("algorithm", ["fedavg", "co-pfl", "fedper", "fedselect", "co-pfl+median"])  # +median: --robust on Flower too
def test_flower_simulation_matches_copfl(tmp_path, algorithm):
    """Flower's simulation engine the current way (a SuperLink in simulation mode, `flwr run`;
    not the deprecated `run_simulation`): the same run as copfl's, and no deprecation printed."""
    algorithm, _, robust = algorithm.partition("+")
    logs = _deploy(tmp_path, algorithm, secure=False, simulation=True, **({"robust": robust} if robust else {}))
    said = "\n".join(p.read_text(errors="replace") for p in sorted(logs.glob("*.log")))
    assert "serverapp-" in " ".join(p.name for p in logs.glob("*.log")) and "deprecat" not in said.lower(), said[-3000:]


# --------------------------------------------------------------------------- `copfl flower deploy`
def test_flower_deploy_rejects_a_folder_without_an_app(tmp_path, capsys):
    from copfl.cli import main

    assert main(["flower", "deploy", str(tmp_path)]) == 2
    assert "holds no Flower app" in capsys.readouterr().err


# --------------------------------------------------------------------------- a real deployment
def _free_port_block(n: int) -> int:
    """A port p with p..p+n free on 127.0.0.1."""
    import socket

    for base in range(20000, 60000, 97):
        ok = True
        for p in range(base, base + n + 1):
            with socket.socket() as s:
                try:
                    s.bind(("127.0.0.1", p))
                except OSError:
                    ok = False
                    break
        if ok:
            return base
    raise RuntimeError("no free block of ports")


def _deploy(tmp_path, algorithm, secure, rogue=False, simulation=False, **run_options):
    """Runs ``algorithm`` as a Flower app on processes of this machine (a deployment, or
    Flower's simulation engine), checks it is copfl's own run, and returns the logs folder."""
    import shutil

    from copfl.flower.certs import make_supernode_key
    from copfl.flower.supervisor import LocalDeployment
    from copfl.flower.templates import write_app

    if shutil.which("flower-superlink") is None:
        pytest.skip("flower-superlink is not on PATH")
    cfg = small_config(algorithm, tmp_path / "deployed", **run_options)
    write_app(cfg, tmp_path / "app", 4, port=_free_port_block(8), secure=secure)
    lines = []
    with LocalDeployment(tmp_path / "app", log=lines.append, startup_timeout=90, simulation=simulation) as dep:
        if rogue:
            # a SuperNode whose key the SuperLink never registered is refused and exits
            make_supernode_key(tmp_path / "rogue")
            p = dep.start_supernode(0, key=tmp_path / "rogue", port=dep.info.port + 5, name="rogue")
            assert p.wait(timeout=90) != 0
            log = (dep.logs / "rogue.log").read_text()
            assert "[code: 2004]" in log and "Failed to activate SuperNode" in log, log[-2000:]
            assert "No SuperNode found with the given public key" in (dep.logs / "superlink.log").read_text()
            # a plaintext SuperNode, and one that does not trust the app's CA (the system's roots
            # only), never get through TLS: each reaches the SuperLink, is turned away, and gives
            # up without a node id. The plaintext one's reason depends on when the TLS server drops
            # it (httpx says "Server disconnected ...", "peer closed ...", "Connection reset ..."),
            # so it is checked only to not be a connection refused (nothing listening there)
            probes = (
                ("plain", {"plaintext": True}, None),  # TLS-only SuperLink
                ("no-ca", {"trust_ca": False}, "CERTIFICATE_VERIFY_FAILED"),  # the app's CA not trusted
            )
            # each probe gets its own API port: a SuperNode that has just exited leaves its
            # SuperExec child retrying that port for a moment
            for i, (name, kw, why) in enumerate(probes, start=6):
                p = dep.start_supernode(1, port=dep.info.port + i, name=name, max_wait=8, **kw)
                assert p.wait(timeout=90) != 0, name
                log = (dep.logs / f"{name}.log").read_text()
                assert "SuperNode ID:" not in log and "Exit Code: 305" in log, (name, log[-2000:])
                reason = log.split("Failed to initialize the connection to the SuperLink.\n", 1)[1].splitlines()[0]
                if why is None:
                    assert "refused" not in reason.lower() and "all connection attempts failed" not in reason.lower(), (name, reason)
                else:
                    assert why in reason, (name, reason)
        res = dep.run(timeout=600)
    assert res.status == "finished:completed"
    assert any(line.startswith("round 3/3") for line in lines)
    ref = small_config(algorithm, tmp_path / "copfl", **run_options)
    copfl_run(ref)
    final = torch.load(tmp_path / "deployed" / "server_state.pt", weights_only=True)
    engine = build_engine(ref, build_federation(ref))
    torch.set_num_threads(1)
    assert final["round"] == 3
    assert_same_run(tmp_path / "copfl", tmp_path / "deployed", engine.run().server, final["server"])
    return dep.logs


@pytest.mark.slow
def test_deployment_matches_copfl(tmp_path):
    """SuperLink + 4 SuperNodes as processes on 127.0.0.1, plain: the same run as copfl's."""
    _deploy(tmp_path, "fedavg", secure=False)


@pytest.mark.slow
def test_secure_deployment_refuses_unregistered_supernodes_and_matches_copfl(tmp_path):
    """TLS + SuperNode authentication: an unregistered key is refused; CO-PFL (client state
    across rounds: masks, two moment buffers) gives the same run as copfl's."""
    _deploy(tmp_path, "co-pfl", secure=True, rogue=True)


# --------------------------------------------------------------------------- every algorithm
class InProcessGrid:
    """Flower's Grid for a ServerApp, with each node's ClientApp handlers called in this
    process: the copfl messages go through Flower's records (and each client's state through
    ``context.state`` as bytes) exactly as in a deployment, without processes or Ray."""

    def __init__(self, num_nodes):
        from flwr.app import Context, RecordDict

        from copfl.flower.core import handle_evaluate, handle_query, handle_train

        self.handlers = {"query": handle_query, "train": handle_train, "evaluate": handle_evaluate}
        # node ids in another order than partition ids: the strategy must map them
        self.contexts = {
            1000 + 7 * (num_nodes - k): Context(
                run_id=1, node_id=1000 + 7 * (num_nodes - k), node_config={"partition-id": k, "num-partitions": num_nodes},
                state=RecordDict(), run_config={},
            )  # fmt: skip
            for k in range(num_nodes)
        }
        self.default = None

    def get_node_ids(self):
        return list(self.contexts)

    def send_and_receive(self, messages, *, timeout=None):
        # Flower's HttpGrid iterates the messages twice (validation, then sending): a strategy
        # that hands it a generator sends nothing in a deployment, and fails here too
        assert all(m.metadata.dst_node_id in self.contexts for m in messages)
        replies = []
        for m in messages:
            ctx = self.contexts[m.metadata.dst_node_id]
            replies.append(self.handlers[m.metadata.message_type](m, ctx, self.default))
        return list(reversed(replies))  # arrival order must not matter


# Every registered algorithm goes through Flower's messages; options that keep its run short or
# exercise a path (FedRep's head epochs, FedSelect growing every round) are here.
FLOWER_OPTIONS = {"fedrep": {"options": {"head_epochs": 1}}, "fedselect": {"options": {"grow_every": 1}}}
ALL_ALGORITHMS = [(a, FLOWER_OPTIONS.get(a, {})) for a in algorithm_names()] + [
    # batch norm: statistics averaged by the server, and kept per client (FedBN)
    ("fedavg", {"model": "resnet18", "resnet_stem": "cifar", "width": 0.125}),
    ("fedbn", {"model": "resnet18", "resnet_stem": "cifar", "width": 0.125}),
    # differential privacy: DP-SGD's noise on the client, its steps accounted by the server
    ("fedavg", {"dp_noise": 1.0}),
]  # fmt: skip


def _flower_id(a, k):
    return a + ("-bn" if k.get("model") else "") + ("-dp" if k.get("dp_noise") else "")


@pytest.mark.parametrize("algorithm,kw", ALL_ALGORITHMS, ids=[_flower_id(a, k) for a, k in ALL_ALGORITHMS])
def test_every_algorithm_through_flower_messages_matches_copfl(tmp_path, monkeypatch, algorithm, kw):
    from flwr.supercore.task_identity import TaskIdentity

    from copfl.algorithms.base import algorithm_names
    from copfl.flower.apps import serve

    # a ServerApp process knows its run and task; Flower's messages read them
    monkeypatch.setattr(TaskIdentity, "_run_id", 1, raising=False)
    monkeypatch.setattr(TaskIdentity, "_task_id", 1, raising=False)
    monkeypatch.setattr(TaskIdentity, "_node_id", 0, raising=False)  # the ServerApp's node

    assert {a for a, _ in ALL_ALGORITHMS} == set(algorithm_names())  # a new algorithm joins this test
    ref = small_config(algorithm, tmp_path / "copfl", **kw)
    copfl_run(ref)
    grid = InProcessGrid(4)
    cfg = small_config(algorithm, tmp_path / "flower", **kw)
    grid.default = cfg
    serve(grid, cfg)
    final = torch.load(tmp_path / "flower" / "server_state.pt", weights_only=True)
    state = build_engine(ref, build_federation(ref)).run()
    assert_same_run(tmp_path / "copfl", tmp_path / "flower", state.server, final["server"])
    assert torch.equal(final["buffers"], state.server_buffers)
    if kw.get("dp_noise"):  # the server accounted the steps the clients reported
        assert all(r["epsilon"] > 0 for r in metrics(tmp_path / "flower"))
