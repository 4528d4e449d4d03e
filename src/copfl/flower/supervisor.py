"""A local deployment of a copfl Flower app: the process supervisor behind ``copfl flower deploy``.

:class:`LocalDeployment` runs an app written by :func:`copfl.flower.templates.write_app` as a
real Flower deployment on 127.0.0.1, as separate processes, the way it would run on several
machines:

- a SuperLink (``flower-superlink``; with the app's certificates and
  ``--enable-supernode-auth`` when secure), started only if its port is free, and waited for
  until it listens;
- when secure, each SuperNode's public key registered with ``flwr supernode register``
  before the SuperNode starts (the SuperLink refuses unregistered keys);
- one SuperNode (``flower-supernode``) per partition, each waited for until the SuperLink has
  accepted it;
- the run submitted with ``flwr run``, its status polled with ``flwr ls`` while the rounds the
  ServerApp writes are reported, and the ServerApp's log saved with ``flwr log``;
- every process stopped at the end, also on errors and Ctrl-C: SIGTERM, then SIGKILL to each
  process group (Flower's helper processes) and to a ServerApp that outlives its SuperLink.

Each process writes its log to ``<app>/logs/``; start-up and the run have time limits, and
every failure is a :class:`DeploymentError` quoting the relevant log's last lines.

With ``simulation=True`` the SuperLink starts in simulation mode (``--simulation``) and no
SuperNode is started: ``flwr run`` on the app's ``app-simulation`` connection runs the clients
as virtual SuperNodes in Flower's simulation engine (Ray), in processes of that SuperLink. This
is Flower's current way to simulate (``flwr.simulation.run_simulation`` is deprecated since
1.42); the SuperLink is this deployment's own, on the app's port, and is stopped at the end.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from copfl.flower.templates import ENV, read_app


class DeploymentError(RuntimeError):
    pass


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
    ``simulation`` runs the clients in Flower's simulation engine on a simulation-mode
    SuperLink instead (no SuperNode processes; plain, on 127.0.0.1 only).
    Logs go to ``<app>/logs/``."""

    def __init__(
        self,
        root: str | Path,
        secure: bool | None = None,
        log: Callable[[str], None] = print,
        startup_timeout: float = 120.0,
        simulation: bool = False,
    ) -> None:
        self.info, self.cfg = read_app(root)
        self.simulation = simulation
        if simulation and secure:
            raise ValueError("a simulation runs its virtual SuperNodes inside the SuperLink: --secure (TLS, SuperNode keys) does not apply to it")
        self.secure = False if simulation else self.info.secure if secure is None else secure
        if self.secure and not (self.info.certs / "server.pem").exists():
            raise ValueError(f"{self.info.root} has no certificates: write it with `copfl flower new --secure`, or deploy it plain with `copfl flower deploy DIR --no-secure`")
        for tool in ("flower-superlink", "flower-supernode", "flwr"):
            if shutil.which(tool) is None:
                raise DeploymentError(f"{tool} is not on PATH: pip install 'copfl[flower]'")
        self.log = log
        self.startup_timeout = startup_timeout
        self.logs = self.info.root / "logs"
        self.connection = "app-simulation" if simulation else "local-secure" if self.secure else "local-deployment"
        self._check_connection()
        self.env = {**os.environ, **ENV, "FLWR_HOME": str(self.info.flwr_home)}
        self.procs: dict[str, subprocess.Popen] = {}

    def _check_connection(self) -> None:
        path = self.info.flwr_home / "config.toml"
        try:
            known = tomllib.loads(path.read_text()).get("superlink", {})
        except (OSError, tomllib.TOMLDecodeError) as e:
            raise ValueError(f"{path} (Flower's CLI connections of the app) cannot be read: {e}") from None
        if self.connection not in known:
            raise ValueError(
                f"{path} has no '{self.connection}' connection (it has: {', '.join(sorted(known)) or 'none'}): the app was written "
                f"by an older copfl; write it again with `copfl flower new {self.info.root} --force ...`"
            )

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
        if self.simulation:
            cmd += ["--simulation"]
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
        mode = "simulation, insecure" if self.simulation else "TLS, SuperNode authentication" if self.secure else "insecure"
        self.log(f"SuperLink on 127.0.0.1:{port} ({mode}), process id {p.pid}")

    def register(self, k: int) -> None:
        self.flwr("supernode", "register", str(self.info.key(k)) + ".pub", self.connection)

    def start_supernode(
        self,
        k: int,
        key: Path | None = None,
        port: int | None = None,
        name: str | None = None,
        plaintext: bool = False,
        trust_ca: bool = True,
        max_wait: float | None = None,
    ) -> subprocess.Popen:
        """SuperNode for partition ``k`` (``key``: its private key; default the app's key k).
        For probing a secure deployment: ``plaintext`` connects without TLS, ``trust_ca=False``
        without the app's CA certificate (the system's roots only); ``max_wait`` bounds how long
        it tries to connect (default: the startup timeout)."""
        cmd = ["flower-supernode", "--superlink", f"127.0.0.1:{self.info.port}", "--port", str(port or self.info.port + 1 + k)]
        wait = self.startup_timeout if max_wait is None else max_wait
        cmd += ["--node-config", f"partition-id={k} num-partitions={self.info.partitions}", "--max-wait-time", str(wait)]
        if self.secure and not plaintext:
            if trust_ca:
                cmd += ["--root-certificates", str(self.info.certs / "ca.crt")]
            cmd += ["--auth-supernode-private-key", str(key or self.info.key(k))]
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
        if self.simulation:
            self.log(f"{self.info.partitions} virtual SuperNodes in Flower's simulation engine")
            return
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
        and every 2 s once the results folder has its final summary (it says ``running`` from
        the first round on)."""
        t0, seen, asked, since = time.monotonic(), 0, -1e9, time.time() - 1.0
        metrics, summary = self.info.out / "metrics.jsonl", self.info.out / "summary.json"

        def fresh(path: Path) -> bool:  # written by this run, not left by an earlier one
            try:
                return path.stat().st_mtime >= since
            except OSError:
                return False

        def ended() -> bool:  # this run's summary, no longer "running"
            if not fresh(summary):
                return False
            try:
                return json.loads(summary.read_text()).get("status") != "running"
            except (OSError, json.JSONDecodeError):
                return False

        status = ""
        while True:
            now = time.monotonic()
            if now - asked >= (2.0 if ended() else ask_every):
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
