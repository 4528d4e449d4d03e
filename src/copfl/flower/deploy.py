"""Flower apps for copfl runs, and a deployment of one on this machine.

``write_app`` turns a :class:`RunConfig` into a ready Flower app folder (``copfl flower new``)::

    DIR/pyproject.toml      the Flower app: components copfl.flower.apps:server_app/client_app,
                            the run in [tool.flwr.app.config] (``copfl-config`` + overridable keys)
    DIR/README.md           the exact commands: simulation, deployment, secure deployment
    DIR/.flwr/config.toml   Flower's CLI connections (use FLWR_HOME=DIR/.flwr): local-simulation,
                            local-deployment (insecure), local-secure (TLS + SuperNode auth)
    DIR/certs/              (--secure) a CA, and a server certificate for 127.0.0.1/localhost
    DIR/keys/               (--secure) one ECDSA P-384 key pair (OpenSSH format) per SuperNode

The app folder holds no code: the components are copfl's own, imported from the installed
package, so the FAB that ``flwr run`` ships is the pyproject.toml alone (Flower leaves
``.flwr/``, certificates and keys out of it).

:class:`LocalDeployment` (``copfl flower deploy``) runs such an app as a real deployment on
127.0.0.1: a SuperLink process, one SuperNode process per partition, keys registered through
Flower's CLI when the app is secure, the run submitted with ``flwr run`` and followed to its
end, and every process stopped afterwards (also on errors and Ctrl-C).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from copfl.experiment import RunConfig, _toml_value
from copfl.flower.config import CONFIG_KEY, config_from_run_config, config_to_json
from copfl.io import atomic_write_text

# Run options that `flwr run --run-config` may override one by one (Flower accepts overrides
# only of keys the app lists).
OVERRIDABLE = ("rounds", "local_epochs", "lr", "seed", "eval_every", "out")
# No telemetry or update checks (machines without internet), and never `uv sync` the app's
# dependencies into a fresh environment at run time: copfl and torch are installed already.
ENV = {
    "FLWR_TELEMETRY_ENABLED": "0",
    "FLWR_DISABLE_UPDATE_CHECK": "1",
    "RAY_USAGE_STATS_ENABLED": "0",
    "FLWR_DISABLE_RUNTIME_DEPENDENCY_INSTALLATION": "1",
}
CONNECTIONS = ("local-simulation", "local-deployment", "local-secure")


class DeploymentError(RuntimeError):
    pass


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


def readme_text(info: AppInfo, cfg: RunConfig) -> str:
    r = info.root
    n, p = info.partitions, info.port
    env = " ".join(["export", *(f"{k}={v}" for k, v in ENV.items())])
    node = lambda k, extra: (  # noqa: E731
        f"flower-supernode {extra} --superlink 127.0.0.1:{p} --port {p + 1 + k} "
        f"--node-config 'partition-id={k} num-partitions={n}' &"
    )
    insecure_nodes = "\n".join(node(k, "--insecure") for k in range(n))
    tls = f"--ssl-ca-certfile {r}/certs/ca.crt --ssl-certfile {r}/certs/server.pem --ssl-keyfile {r}/certs/server.key"
    secure_nodes = "\n".join(
        node(k, f"--root-certificates {r}/certs/ca.crt --auth-supernode-private-key {r}/keys/supernode-{k}") for k in range(n)
    )
    register = "\n".join(f"flwr supernode register {r}/keys/supernode-{k}.pub local-secure" for k in range(n))
    secure_part = (
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
running for later runs; stop it with `pkill -f 'flower-superlink --insecure --simulation'`.

## Deployment on this machine (one SuperLink, {n} SuperNodes, no TLS)

```bash
{env} FLWR_HOME={r}/.flwr
flower-superlink --insecure --disable-runtime-dependency-installation --host 127.0.0.1 --port {p} &
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


# --------------------------------------------------------------------------- certificates, keys
def make_certificates(certs: Path, hosts: tuple[str, ...] = ("127.0.0.1", "localhost"), days: int = 365) -> None:
    """A self-signed CA and a server certificate it signs, valid for ``hosts`` (IP addresses
    and DNS names; Flower's processes connect by IP, so the IP must be there)."""
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    certs.mkdir(parents=True, exist_ok=True)
    now = dt.datetime.now(dt.timezone.utc)

    def key() -> rsa.RSAPrivateKey:
        return rsa.generate_private_key(public_exponent=65537, key_size=2048)

    def pem_key(k: rsa.RSAPrivateKey) -> bytes:
        return k.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())

    ca_key, server_key = key(), key()
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "copfl-flower-ca")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=10 * days))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    alt: list[x509.GeneralName] = []
    for h in hosts:
        try:
            alt.append(x509.IPAddress(ipaddress.ip_address(h)))
        except ValueError:
            alt.append(x509.DNSName(h))
    server = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hosts[0])]))
        .issuer_name(ca_name)
        .public_key(server_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=days))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    _write_private(certs / "ca.key", pem_key(ca_key))
    _write_private(certs / "server.key", pem_key(server_key))
    (certs / "ca.crt").write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    (certs / "server.pem").write_bytes(server.public_bytes(serialization.Encoding.PEM))


def make_supernode_key(path: Path) -> None:
    """An ECDSA P-384 key pair in OpenSSH format (what Flower's SuperNode authentication reads):
    ``path`` (private) and ``path.pub`` (to register with ``flwr supernode register``)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP384R1())
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_private(path, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()))
    pub = key.public_key().public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
    path.with_name(path.name + ".pub").write_bytes(pub + b" " + path.name.encode() + b"\n")


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


# --------------------------------------------------------------------------- the app folder
def write_app(
    cfg: RunConfig,
    root: str | Path,
    partitions: int,
    *,
    port: int = 9093,
    secure: bool = False,
    hosts: tuple[str, ...] = ("127.0.0.1", "localhost"),
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


# --------------------------------------------------------------------------- a deployment here
def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


@dataclass
class DeploymentResult:
    run_id: int
    status: str  # Flower's final run status, e.g. finished:completed
    out: Path
    seconds: float


class LocalDeployment:
    """A SuperLink and one SuperNode per partition, as processes on 127.0.0.1, for an app
    written by :func:`write_app`. Use as a context manager: every process is stopped on exit.

    ``secure`` (default: as the app was written) uses the app's certificates for TLS and
    enables SuperNode authentication, registering each SuperNode's public key first.
    Logs go to ``<app>/logs/``."""

    def __init__(self, root: str | Path, secure: bool | None = None, log: Callable[[str], None] = print, startup_timeout: float = 120.0) -> None:
        self.info, self.cfg = read_app(root)
        self.secure = self.info.secure if secure is None else secure
        if self.secure and not (self.info.certs / "server.pem").exists():
            raise ValueError(f"{self.info.root} has no certificates: write it with `copfl flower new --secure`, or deploy with --insecure")
        for tool in ("flower-superlink", "flower-supernode", "flwr"):
            if shutil.which(tool) is None:
                raise DeploymentError(f"{tool} is not on PATH: pip install 'copfl[flower]'")
        self.log = log
        self.startup_timeout = startup_timeout
        self.logs = self.info.root / "logs"
        self.connection = "local-secure" if self.secure else "local-deployment"
        self.env = {**os.environ, **ENV, "FLWR_HOME": str(self.info.flwr_home)}
        self.procs: dict[str, subprocess.Popen] = {}

    # -- processes
    def _start(self, name: str, cmd: list[str]) -> subprocess.Popen:
        self.logs.mkdir(parents=True, exist_ok=True)
        with open(self.logs / f"{name}.log", "wb") as f:
            p = subprocess.Popen(cmd, cwd=self.info.root, env=self.env, stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        self.procs[name] = p
        return p

    def flwr(self, *args: str, check: bool = True, timeout: float = 120.0) -> subprocess.CompletedProcess:
        """Flower's CLI with this app's FLWR_HOME."""
        r = subprocess.run(["flwr", *args], cwd=self.info.root, env=self.env, capture_output=True, text=True, timeout=timeout)
        if check and r.returncode != 0:
            raise DeploymentError(f"`flwr {' '.join(args)}` failed (exit {r.returncode}): {(r.stdout + r.stderr).strip()[-2000:]}")
        return r

    def start_superlink(self) -> None:
        port, certs = self.info.port, self.info.certs
        if _port_open(port):
            raise DeploymentError(f"port {port} on 127.0.0.1 is already in use: stop what holds it, or write the app with another --port")
        cmd = ["flower-superlink", "--disable-runtime-dependency-installation", "--host", "127.0.0.1", "--port", str(port)]
        if self.secure:
            cmd += ["--ssl-ca-certfile", str(certs / "ca.crt"), "--ssl-certfile", str(certs / "server.pem"), "--ssl-keyfile", str(certs / "server.key")]
            cmd += ["--enable-supernode-auth"]
        else:
            cmd += ["--insecure"]
        p = self._start("superlink", cmd)
        deadline = time.monotonic() + self.startup_timeout
        while not _port_open(port):
            if p.poll() is not None:
                raise DeploymentError(f"the SuperLink exited (code {p.returncode}):\n{_tail(self.logs / 'superlink.log')}")
            if time.monotonic() > deadline:
                raise DeploymentError(f"the SuperLink did not open port {port} within {self.startup_timeout:.0f} s")
            time.sleep(0.2)
        self.log(f"SuperLink on 127.0.0.1:{port} ({'TLS, SuperNode authentication' if self.secure else 'insecure'})")

    def register(self, k: int) -> None:
        self.flwr("supernode", "register", str(self.info.key(k)) + ".pub", self.connection)

    def start_supernode(self, k: int, key: Path | None = None, port: int | None = None, name: str | None = None) -> subprocess.Popen:
        """SuperNode for partition ``k`` (``key``: its private key; default the app's key k)."""
        cmd = ["flower-supernode", "--superlink", f"127.0.0.1:{self.info.port}", "--port", str(port or self.info.port + 1 + k)]
        cmd += ["--node-config", f"partition-id={k} num-partitions={self.info.partitions}", "--max-wait-time", str(self.startup_timeout)]
        if self.secure:
            cmd += ["--root-certificates", str(self.info.certs / "ca.crt"), "--auth-supernode-private-key", str(key or self.info.key(k))]
        else:
            cmd += ["--insecure"]
        return self._start(name or f"supernode-{k}", cmd)

    def wait_connected(self, name: str) -> None:
        """Until SuperNode ``name`` is accepted by the SuperLink (its log shows its node id)."""
        p, path = self.procs[name], self.logs / f"{name}.log"
        deadline = time.monotonic() + self.startup_timeout
        while "SuperNode ID:" not in path.read_text(errors="replace"):
            if p.poll() is not None:
                raise DeploymentError(f"{name} exited (code {p.returncode}):\n{_tail(path)}")
            if time.monotonic() > deadline:
                raise DeploymentError(f"{name} did not connect within {self.startup_timeout:.0f} s:\n{_tail(path)}")
            time.sleep(0.2)

    def start(self) -> None:
        self.start_superlink()
        if self.secure:
            for k in range(self.info.partitions):
                self.register(k)
        for k in range(self.info.partitions):
            self.start_supernode(k)
        for k in range(self.info.partitions):
            self.wait_connected(f"supernode-{k}")
        self.log(f"{self.info.partitions} SuperNodes connected")

    def stop(self) -> None:
        """SIGTERM to the SuperNodes, then the SuperLink; SIGKILL to what is left of their
        process groups (Flower's helper processes)."""
        for name in sorted(self.procs, key=lambda n: n == "superlink"):
            p = self.procs[name]
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in self.procs.values():
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            p.wait()
        self._kill_serverapps()
        self.procs.clear()

    def _kill_serverapps(self) -> None:
        """A ServerApp still running when its SuperLink stops outlives it for a while: end it."""
        marker = f"127.0.0.1:{self.info.port}"
        try:
            out = subprocess.run(["ps", "-eo", "pid=,args="], capture_output=True, text=True).stdout
        except OSError:
            return
        for line in out.splitlines():
            pid, _, args = line.strip().partition(" ")
            if "flwr-serverapp" in args and marker in args:
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except (ProcessLookupError, ValueError):
                    pass

    def __enter__(self) -> LocalDeployment:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # -- the run
    def submit(self, run_config: str | None = None) -> int:
        args = ["run", str(self.info.root), self.connection, "--format", "json"]
        if run_config:
            args += ["--run-config", run_config]
        r = self.flwr(*args)
        try:
            return int(json.loads(r.stdout)["run-id"])
        except (json.JSONDecodeError, KeyError, ValueError):
            raise DeploymentError(f"`flwr run` gave no run id: {r.stdout.strip()[-2000:]}") from None

    def status(self, run_id: int) -> str:
        r = self.flwr("ls", self.connection, "--run-id", str(run_id), "--format", "json")
        return str(json.loads(r.stdout)["runs"][0]["status"])

    def wait(self, run_id: int, timeout: float = 3600.0, ask_every: float = 15.0) -> str:
        """Until the run has finished; reports each round the ServerApp writes. Flower is asked
        for the run's status every ``ask_every`` seconds (each `flwr ls` costs a Python start),
        and every 2 s once the results folder has its summary."""
        t0, seen, asked, since = time.monotonic(), 0, -1e9, time.time() - 1.0
        metrics, summary = self.info.out / "metrics.jsonl", self.info.out / "summary.json"

        def fresh(path: Path) -> bool:  # written by this run, not left by an earlier one
            try:
                return path.stat().st_mtime >= since
            except OSError:
                return False

        status = ""
        while True:
            now = time.monotonic()
            if now - asked >= (2.0 if fresh(summary) else ask_every):
                status, asked = self.status(run_id), now
            if fresh(metrics):
                lines = [json.loads(x) for x in metrics.read_text().splitlines() if x.strip()]
                for rec in lines[seen:]:
                    acc = f"  acc {100 * rec['acc_mean']:.2f}%" if "acc_mean" in rec else ""
                    self.log(f"round {rec['round']}/{self.cfg.rounds}  loss {rec['train_loss']:.4f}{acc}")
                seen = max(seen, len(lines))
            if status.startswith("finished"):
                return status
            if time.monotonic() - t0 > timeout:
                self.flwr("stop", str(run_id), self.connection, check=False)
                raise DeploymentError(f"run {run_id} did not finish within {timeout:.0f} s (status {status}); stopped it")
            time.sleep(0.5)

    def run(self, run_config: str | None = None, timeout: float = 3600.0) -> DeploymentResult:
        t0 = time.monotonic()
        run_id = self.submit(run_config)
        self.log(f"run {run_id} submitted; results in {self.info.out}")
        status = self.wait(run_id, timeout)
        log = self.flwr("log", str(run_id), self.connection, "--show", check=False)
        (self.logs / f"serverapp-{run_id}.log").write_text(log.stdout + log.stderr)
        if status != "finished:completed":
            raise DeploymentError(
                f"run {run_id} ended {status}; the ServerApp's log ({self.logs / f'serverapp-{run_id}.log'}) ends:\n"
                + "\n".join((log.stdout + log.stderr).splitlines()[-20:])
            )
        return DeploymentResult(run_id, status, self.info.out, time.monotonic() - t0)

