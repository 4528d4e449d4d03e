"""The Flower app folder for a copfl run: what ``copfl flower new`` writes, and reading it back.

:func:`write_app` turns a :class:`RunConfig` into a ready Flower app folder::

    DIR/pyproject.toml      the Flower app: components copfl.flower.apps:server_app/client_app,
                            the run in [tool.flwr.app.config] (``copfl-config`` + overridable keys)
    DIR/README.md           the exact commands: simulation, deployment, secure deployment
    DIR/.flwr/config.toml   Flower's CLI connections (use FLWR_HOME=DIR/.flwr): local-simulation
                            (Flower's managed SuperLink), app-simulation (a simulation SuperLink
                            on the app's port), local-deployment (insecure), local-secure (TLS +
                            SuperNode auth)
    DIR/certs/              (--secure) a CA, and a server certificate for 127.0.0.1/localhost
    DIR/keys/               (--secure) one ECDSA P-384 key pair (OpenSSH format) per SuperNode

The app folder holds no code: the components are copfl's own, imported from the installed
package, so the FAB that ``flwr run`` ships is the pyproject.toml alone (Flower leaves
``.flwr/``, certificates and keys out of it). The texts are plain templates filled from the
run's config, so the same inputs always give the same files; the key material comes from
:mod:`copfl.flower.certs`. :func:`read_app` reads back what ``copfl flower deploy``
(:mod:`copfl.flower.supervisor`) needs: partitions, port, security and the results folder,
kept under ``[tool.copfl]`` in the pyproject.toml. No flwr import here.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from copfl.execution.config import RunConfig, _toml_value
from copfl.flower.certs import LOOPBACK_HOSTS, make_certificates, make_supernode_key
from copfl.flower.run_config import CONFIG_KEY, config_from_run_config, config_to_json
from copfl.io import atomic_write_text

# Run options that `flwr run --run-config` may override one by one (Flower accepts overrides
# only of keys the app lists).
OVERRIDABLE = ("rounds", "local_epochs", "lr", "seed", "eval_every", "out")
# The environment of every Flower process of an app (the README exports it, the supervisor
# sets it): no telemetry or update checks (machines without internet), and never `uv sync` the
# app's dependencies into a fresh environment at run time: copfl and torch are installed already.
ENV = {
    "FLWR_TELEMETRY_ENABLED": "0",
    "FLWR_DISABLE_UPDATE_CHECK": "1",
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_ACCEL_ENV_VAR_OVERRIDE_ON_ZERO": "0",  # Ray's future default (no GPU-variable FutureWarning)
    "FLWR_DISABLE_RUNTIME_DEPENDENCY_INSTALLATION": "1",
}


@dataclass(frozen=True)
class AppInfo:
    """What ``copfl flower deploy`` needs to know about an app folder."""

    root: Path
    name: str
    partitions: int
    port: int  # the SuperLink's; SuperNode k serves its runtime API on port + 1 + k
    secure: bool
    out: Path  # where the ServerApp writes the results folder

    @property
    def flwr_home(self) -> Path:
        return self.root / ".flwr"

    @property
    def certs(self) -> Path:
        return self.root / "certs"

    @property
    def keys(self) -> Path:
        return self.root / "keys"

    def key(self, k: int) -> Path:
        return self.keys / f"supernode-{k}"


def app_name(cfg: RunConfig) -> str:
    """A Flower app name (letters, digits and hyphens)."""
    return re.sub(r"[^A-Za-z0-9-]+", "-", f"copfl-{cfg.algorithm}-{cfg.dataset}").strip("-").lower()


def pyproject_text(cfg: RunConfig, partitions: int, port: int, secure: bool) -> str:
    import copfl

    lines = [
        "# A Flower app for one copfl run, written by `copfl flower new`. Its components are",
        "# copfl's own (the package must be installed where the SuperLink and SuperNodes run):",
        "# the ServerApp aggregates with the algorithm's own code, each ClientApp trains the",
        "# client given by its SuperNode's node config partition-id.",
        "[build-system]",
        'requires = ["hatchling"]',
        'build-backend = "hatchling.build"',
        "",
        "[project]",
        f'name = "{app_name(cfg)}"',
        'version = "1.0.0"',
        f'description = "copfl {cfg.algorithm} on {cfg.dataset}, {partitions} clients, {cfg.rounds} rounds"',
        'license = "MIT"',
        f'dependencies = ["copfl[flower]=={copfl.__version__}"]',
        "",
        "[tool.flwr.app]",
        'publisher = "copfl"',
        "",
        "[tool.flwr.app.components]",
        'serverapp = "copfl.flower.apps:server_app"',
        'clientapp = "copfl.flower.apps:client_app"',
        "",
        "[tool.flwr.app.config]",
        "# the whole run (copfl's RunConfig as JSON); the keys below it override single fields,",
        '# e.g. flwr run . local-deployment --run-config "rounds=50 seed=1"',
        f"{CONFIG_KEY} = {_toml_value(config_to_json(cfg))}",
    ]
    for name in OVERRIDABLE:
        v = getattr(cfg, name)
        if v is not None:
            lines.append(f"{name.replace('_', '-')} = {_toml_value(v)}")
    lines += [
        "",
        "[tool.copfl]",
        "# read by `copfl flower deploy`",
        f"partitions = {partitions}",
        f"superlink-port = {port}",
        f"secure = {_toml_value(secure)}",
    ]
    return "\n".join(lines) + "\n"


def connections_text(root: Path, partitions: int, port: int, secure: bool) -> str:
    ca = root / "certs" / "ca.crt"
    return "\n".join(
        [
            "# Flower CLI connections for this app: export FLWR_HOME=<this app>/.flwr",
            "[superlink]",
            f'default = "{"local-secure" if secure else "local-deployment"}"',
            "",
            "[superlink.local-simulation]  # Flower's simulation engine, one virtual SuperNode per client",
            'address = ":local:"',
            f"options.num-supernodes = {partitions}",
            "",
            "[superlink.app-simulation]  # the same engine on a SuperLink started with --simulation on this app's port",
            f'address = "127.0.0.1:{port}"',
            "insecure = true",
            f"options.num-supernodes = {partitions}",
            "options.backend.client-resources.num-cpus = 1  # one core per virtual SuperNode",
            "",
            "[superlink.local-deployment]  # a SuperLink started by hand, no TLS (loopback only)",
            f'address = "127.0.0.1:{port}"',
            "insecure = true",
            "",
            "[superlink.local-secure]  # TLS with this app's CA (copfl flower new --secure)",
            f'address = "127.0.0.1:{port}"',
            f"root-certificates = {_toml_value(str(ca))}",
            "",
        ]
    )


def _supernode(k: int, extra: str, n: int, p: int) -> str:
    """The command that starts SuperNode ``k`` of ``n`` in the background (``p``: the SuperLink's port)."""
    return (
        f"flower-supernode {extra} --superlink 127.0.0.1:{p} --port {p + 1 + k} "
        f"--node-config 'partition-id={k} num-partitions={n}' &"
    )


def _secure_section(info: AppInfo, env: str) -> str:
    """The README's secure-deployment section (TLS + SuperNode authentication), or how to
    add it to an app written without ``--secure``."""
    r = info.root
    n, p = info.partitions, info.port
    tls = f"--ssl-ca-certfile {r}/certs/ca.crt --ssl-certfile {r}/certs/server.pem --ssl-keyfile {r}/certs/server.key"
    secure_nodes = "\n".join(
        _supernode(k, f"--root-certificates {r}/certs/ca.crt --auth-supernode-private-key {r}/keys/supernode-{k}", n, p) for k in range(n)
    )
    register = "\n".join(f"flwr supernode register {r}/keys/supernode-{k}.pub local-secure" for k in range(n))
    return (
        f"""## Secure deployment (TLS + SuperNode authentication)

`certs/` holds this app's CA (`ca.crt`, `ca.key`: keep the key private) and a server
certificate for 127.0.0.1 and localhost; `keys/` one ECDSA P-384 key pair per SuperNode.
Only SuperNodes whose public key was registered with the SuperLink may join: any other is
refused (`[code: 2004] Failed to activate SuperNode`) and exits.

```bash
{env} FLWR_HOME={r}/.flwr
flower-superlink --disable-runtime-dependency-installation --enable-supernode-auth --host 127.0.0.1 --port {p} {tls} &
sleep 5   # until the SuperLink listens: keys are registered with it, before the SuperNodes start
{register}
{secure_nodes}
flwr run {r} local-secure
```

Or all of it in one command: `copfl flower deploy {r}`.

On several machines: make the server certificate for the SuperLink's real address
(`copfl flower new ... --secure --host ADDRESS`), copy `certs/ca.crt` and one private key to
each SuperNode machine, and start each SuperNode with `--superlink ADDRESS:{p}`.
"""
        if info.secure
        else f"""## Secure deployment

This app was written without `--secure`. `copfl flower new {r} --secure --force ...` adds a CA,
a server certificate and SuperNode keys, and the commands for TLS with SuperNode
authentication.
"""
    )


def readme_text(info: AppInfo, cfg: RunConfig) -> str:
    """The app's README.md: simulation, deployment on this machine, secure deployment."""
    r = info.root
    n, p = info.partitions, info.port
    env = " ".join(["export", *(f"{k}={v}" for k, v in ENV.items())])
    insecure_nodes = "\n".join(_supernode(k, "--insecure", n, p) for k in range(n))
    secure_part = _secure_section(info, env)
    return f"""# {info.name}: copfl on Flower

copfl `{cfg.algorithm}` on `{cfg.dataset}` ({n} clients, partition `{cfg.partition}`, {cfg.rounds}
rounds, seed {cfg.seed}), as a Flower app. The run's whole configuration is `copfl-config` in
`pyproject.toml`; results (the same files as `copfl run`'s, plus `server_state.pt`) go to
`{info.out}`. Every process below needs copfl with its Flower extra
(`pip install 'copfl[flower]'`) and, unless the data set is embedded, the data directory named
in the config.

## Simulation (Flower's simulation engine)

```bash
{env} FLWR_HOME={r}/.flwr
flwr run {r} local-simulation --stream
```

`flwr run` starts a local SuperLink for the simulation (ports 39091 and 39093) and leaves it
running for later runs. It is the process listening on port 39093: `lsof -t -iTCP:39093
-sTCP:LISTEN` prints its id, and `kill $(lsof -t -iTCP:39093 -sTCP:LISTEN)` stops exactly it.

The same simulation on a SuperLink of your own, on this app's port, stopped at the end:

```bash
{env} FLWR_HOME={r}/.flwr
flower-superlink --insecure --simulation --disable-runtime-dependency-installation --host 127.0.0.1 --port {p} &
echo $! > superlink.pid   # its process id: `kill $(cat superlink.pid)` stops exactly it
sleep 5                   # until the SuperLink listens
flwr run {r} app-simulation --stream
kill $(cat superlink.pid)
```

Or all of it in one command: `copfl flower deploy {r} --simulation`.

## Deployment on this machine (one SuperLink, {n} SuperNodes, no TLS)

```bash
{env} FLWR_HOME={r}/.flwr
flower-superlink --insecure --disable-runtime-dependency-installation --host 127.0.0.1 --port {p} &
echo $! > superlink.pid   # its process id: `kill $(cat superlink.pid)` stops exactly it
{insecure_nodes}
flwr run {r} local-deployment          # returns at once and prints the run id
flwr ls local-deployment                # status: starting, running, finished:completed
flwr log RUN_ID local-deployment --show # the ServerApp's output
```

Or all of it in one command, which also stops every process at the end:
`copfl flower deploy {r} --no-secure`.

Single fields of the run can be changed at submission:
`flwr run {r} local-deployment --run-config "rounds=50 seed=1"`.

{secure_part}"""


def write_app(
    cfg: RunConfig,
    root: str | Path,
    partitions: int,
    *,
    port: int = 9093,
    secure: bool = False,
    hosts: tuple[str, ...] = LOOPBACK_HOSTS,
    force: bool = False,
) -> AppInfo:
    """Write a Flower app for ``cfg`` (resolved, with ``partitions`` clients) into ``root``.
    Results go to ``cfg.out``, or to ``root/results`` when the config names no folder."""
    root = Path(root).resolve()
    if (root / "pyproject.toml").exists() and not force:
        raise ValueError(f"{root} already holds an app (pyproject.toml); pass --force to overwrite it")
    if not 1 <= port <= 65535 - partitions - 1:
        raise ValueError(f"port must leave room for {partitions} SuperNode ports above it (1..{65534 - partitions}), got {port}")
    out = Path(cfg.out).resolve() if cfg.out else root / "results"
    data_dir = str(Path(cfg.data_dir).resolve()) if cfg.data_dir else None  # SuperNodes run elsewhere
    cfg = replace(cfg, out=str(out), data_dir=data_dir)
    info = AppInfo(root, app_name(cfg), partitions, port, secure, out)
    root.mkdir(parents=True, exist_ok=True)
    if secure:
        make_certificates(info.certs, hosts)
        for k in range(partitions):
            make_supernode_key(info.key(k))
    atomic_write_text(root / "pyproject.toml", pyproject_text(cfg, partitions, port, secure))
    atomic_write_text(info.flwr_home / "config.toml", connections_text(root, partitions, port, secure))
    atomic_write_text(root / "README.md", readme_text(info, cfg))
    return info


def read_app(root: str | Path) -> tuple[AppInfo, RunConfig]:
    """The app folder written by :func:`write_app`, and its run."""
    root = Path(root).resolve()
    path = root / "pyproject.toml"
    try:
        doc = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise ValueError(f"{root} holds no Flower app (no pyproject.toml); write one with `copfl flower new {root}`") from None
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{path} is not valid TOML: {e}") from None
    mine = doc.get("tool", {}).get("copfl")
    app_cfg = doc.get("tool", {}).get("flwr", {}).get("app", {}).get("config", {})
    if not mine or CONFIG_KEY not in app_cfg:
        raise ValueError(f"{path} is not an app written by `copfl flower new` (no [tool.copfl] or {CONFIG_KEY})")
    cfg = config_from_run_config(app_cfg)
    info = AppInfo(root, doc["project"]["name"], int(mine["partitions"]), int(mine["superlink-port"]), bool(mine["secure"]), Path(cfg.out or root / "results"))
    return info, cfg
