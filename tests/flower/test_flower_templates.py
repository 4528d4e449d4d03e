"""The app folder `copfl flower new` writes (copfl.flower.templates): a pyproject.toml that
Flower accepts and that carries copfl's run, Flower's CLI connections, a README with the
commands, read back by `copfl flower deploy`."""

import tomllib
from dataclasses import replace

import pytest

from helpers import require_extra  # noqa: E402

pytestmark = pytest.mark.extra("flwr")
require_extra("flwr")

from copfl.execution.config import RunConfig  # noqa: E402
from copfl.flower.run_config import config_from_run_config  # noqa: E402


def test_flower_new_writes_an_app_flower_accepts(tmp_path, capsys):
    from flwr.common.config import get_fused_config_from_dir, parse_config_args, validate_config

    from copfl.cli import main
    from copfl.flower.templates import read_app

    app = tmp_path / "app"
    argv = ["flower", "new", str(app), "--algorithm", "co-pfl", "--clients", "4", "--rounds", "3", "--p", "0.1", "--secure", "--port", "9200"]
    assert main(argv) == 0
    assert "4 clients, 3 rounds" in capsys.readouterr().out
    doc = tomllib.loads((app / "pyproject.toml").read_text())
    ok, errors, _ = validate_config(doc, True, app)  # what `flwr run` checks, components included
    assert ok, errors
    # the run Flower hands to the apps, with a --run-config override, is copfl's run
    want = RunConfig(algorithm="co-pfl", dataset="digits", clients=4, rounds=3, out=str(app / "results"), options={"p": 0.1}, seed=0).resolved()
    fused = get_fused_config_from_dir(app, parse_config_args(["rounds=5"]))
    got = config_from_run_config(fused)
    assert got == replace(want, rounds=5)
    info, cfg = read_app(app)
    assert (info.partitions, info.port, info.secure, info.out) == (4, 9200, True, app / "results")
    assert cfg.resolved() == want
    conns = tomllib.loads((app / ".flwr" / "config.toml").read_text())["superlink"]
    assert conns["default"] == "local-secure" and conns["local-secure"]["address"] == "127.0.0.1:9200"
    assert conns["local-simulation"]["options"]["num-supernodes"] == 4
    # the simulation on a SuperLink of the app's own (copfl flower deploy --simulation)
    sim = conns["app-simulation"]
    assert sim["address"] == "127.0.0.1:9200" and sim["insecure"] is True and sim["options"]["num-supernodes"] == 4
    assert sim["options"]["backend"]["client-resources"]["num-cpus"] == 1
    readme = (app / "README.md").read_text()
    assert "--node-config 'partition-id=3 num-partitions=4'" in readme and "--enable-supernode-auth" in readme
    # --secure: the CA, the server certificate and one key pair per SuperNode (their contents:
    # tests/flower/test_flower_certs.py)
    assert sorted(p.name for p in (app / "certs").iterdir()) == ["ca.crt", "ca.key", "server.key", "server.pem"]
    assert sorted(p.name for p in (app / "keys").iterdir()) == sorted(f"supernode-{k}{s}" for k in range(4) for s in ("", ".pub"))
    # an existing app is not overwritten by accident
    assert main(argv) == 2
    assert "--force" in capsys.readouterr().err
    # a simulation has no SuperNode keys to check: --secure with --simulation is refused
    from copfl.flower.supervisor import LocalDeployment

    with pytest.raises(ValueError, match="--secure .* does not apply"):
        LocalDeployment(app, secure=True, simulation=True)
    # an app written before `app-simulation` existed: told to write it again, not a failing `flwr run`
    flwr_conf = app / ".flwr" / "config.toml"
    flwr_conf.write_text(flwr_conf.read_text().replace("[superlink.app-simulation]", "[superlink.other]"))
    with pytest.raises(ValueError, match="has no 'app-simulation' connection .*copfl flower new .* --force"):
        LocalDeployment(app, simulation=True)


def test_the_docs_and_the_app_readme_stop_exactly_the_superlink_they_started(tmp_path):
    """No broad `pkill -f`: the deployment records the SuperLink's process id and kills that
    one; the simulation's SuperLink is named by the port it listens on."""
    from pathlib import Path

    from copfl.flower.templates import write_app

    cfg = RunConfig(algorithm="fedavg", dataset="digits", clients=2, rounds=1).resolved()
    write_app(cfg, tmp_path / "app", 2)
    readme = (tmp_path / "app" / "README.md").read_text()
    docs = (Path(__file__).resolve().parents[2] / "docs" / "flower.md").read_text()
    for text in (readme, docs):
        assert "pkill" not in text
        assert "echo $! > superlink.pid" in text and "kill $(cat superlink.pid)" in text
        assert "kill $(lsof -t -iTCP:39093 -sTCP:LISTEN)" in text
