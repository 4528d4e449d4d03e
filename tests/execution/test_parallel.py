"""--workers N (issue 40): clients' work on Ray actors gives results identical to --workers 1."""

import json
import sys
from pathlib import Path

import pytest
import torch

from copfl.algorithms.base import ALGORITHMS
from copfl.cli import main

from helpers import require_extra  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.extra("ray")]  # Ray's start and its worker processes cost tens of seconds
ray = require_extra("ray")


@pytest.fixture(scope="module", autouse=True)
def _ray_session():
    yield
    import copfl.execution.ray_clients as par

    par._POOL.clear()
    if ray.is_initialized():
        ray.shutdown()


def _run(tmp_path: Path, name: str, workers: int, *extra: str) -> Path:
    out = tmp_path / f"{name}-w{workers}"
    args = ["run", "--algorithm", name, "--rounds", "2", "--threads", "1", "--workers", str(workers), "--checkpoint-every", "2",
            "--out", str(out), *extra]
    assert main(args) == 0
    return out


def _same_results(a: Path, b: Path) -> None:
    for f in ("metrics.jsonl", "metrics.csv", "per_client.jsonl", "clients.csv"):
        if (a / f).exists() or (b / f).exists():
            assert (a / f).read_bytes() == (b / f).read_bytes(), f
    sa, sb = (json.loads((p / "summary.json").read_text()) for p in (a, b))
    for s in (sa, sb):
        s.pop("timing", None)
    assert sa == sb
    ca, cb = (torch.load(p / "checkpoint.pt", weights_only=False) for p in (a, b))
    _same_tensors(ca, cb)


def _same_tensors(x, y, where="checkpoint"):
    if isinstance(x, torch.Tensor):
        assert isinstance(y, torch.Tensor) and x.dtype == y.dtype and torch.equal(x, y), where
    elif isinstance(x, dict):
        assert set(x) == set(y), where
        for k in x:
            if k not in ("timing", "seconds", "environment"):
                _same_tensors(x[k], y[k], f"{where}.{k}")
    elif isinstance(x, (list, tuple)):
        assert len(x) == len(y), where
        for i, (u, v) in enumerate(zip(x, y)):
            _same_tensors(u, v, f"{where}[{i}]")


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_two_workers_give_the_results_of_one(tmp_path, name):
    out = _run(tmp_path, name, 2)
    _same_results(_run(tmp_path, name, 1), out)
    # each worker process's peak memory: in every round's timings and in the summary (MiB)
    peaks = [json.loads(line)["worker_peak_rss_mib"] for line in (out / "timings.jsonl").read_text().splitlines()]
    assert len(peaks) == 2 and all(len(p) == 2 and min(p) > 50 for p in peaks) and peaks[0][0] <= peaks[1][0]
    assert json.loads((out / "summary.json").read_text())["timing"]["worker_peak_rss_mib"] == peaks[-1]


@pytest.mark.parametrize("extra", [
    ("--dp-noise", "0.5", "--dp-mode", "sgd"),
    ("--dp-noise", "0.5", "--dp-mode", "upload"),
    ("--attack", "stale", "--attackers", "0.3", "--robust", "median"),
    ("--client-fraction", "0.5", "--eval-clients", "3", "--holdout-clients", "0.2"),
    ("--attack", "label-flip", "--attackers", "0.3"),  # the driver's flipped labels reach the workers (they flip nothing)
])
def test_extensions_stay_identical_on_workers(tmp_path, extra):
    name = "fedavg" if "--dp-noise" in extra else "pfedsv"
    _same_results(_run(tmp_path, name, 1, *extra), _run(tmp_path, name, 3, *extra))


def test_eval_batched_gives_the_same_bits_on_any_number_of_workers(tmp_path):
    # 70 clients: three blocks of clients evaluated together (EVAL_BLOCK 32), whole blocks per worker
    extra = ("--eval-batched", "--partition", "iid", "--clients", "70", "--val-fraction", "0.2")
    one = _run(tmp_path, "fedavg", 1, *extra)
    _same_results(one, _run(tmp_path, "fedavg", 2, *extra))
    _same_results(one, _run(tmp_path, "fedavg", 3, *extra))


def test_a_killed_worker_is_restarted_and_the_results_stay_identical(tmp_path):
    """A worker process killed (SIGKILL) during round 2: Ray restarts the actor and retries its
    call with the same inputs (workers keep nothing between calls): the same results."""
    import os
    import signal
    import threading

    from copfl.engine.loop import Callback
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import run_experiment

    class Killer(Callback):
        pid = None

        def on_round_end(self, engine, state, record):
            if record["round"] == 1:
                self.pid = ray.get(engine.executor.workers[0].pid.remote())
                threading.Timer(0.05, os.kill, (self.pid, signal.SIGKILL)).start()

    killer = Killer()
    out = tmp_path / "killed"
    run_experiment(RunConfig(algorithm="fedavg", rounds=3, threads=1, workers=2, out=str(out)), callbacks=[killer])
    import copfl.execution.ray_clients as par

    pids = [ray.get(w.pid.remote()) for w in par._POOL[(2, 1, None)]]
    assert killer.pid is not None and killer.pid not in pids  # the killed worker was replaced
    ref = tmp_path / "ref"
    run_experiment(RunConfig(algorithm="fedavg", rounds=3, threads=1, out=str(ref)))
    for f in ("metrics.jsonl", "clients.csv"):
        assert (out / f).read_bytes() == (ref / f).read_bytes(), f


def test_without_ray_the_error_is_clear_and_early(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails
    assert main(["run", "--algorithm", "fedavg", "--workers", "2", "--out", str(tmp_path / "x")]) == 2
    assert "--workers N > 1 runs clients on Ray, which is not installed: pip install 'copfl[ray]'" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_an_unreachable_cluster_is_a_clear_error(tmp_path, capsys):
    ray.shutdown()
    assert main(["run", "--algorithm", "fedavg", "--workers", "2", "--ray-address", "127.0.0.1:1", "--out", str(tmp_path / "x")]) == 2
    assert "could not start or reach the Ray cluster at --ray-address 127.0.0.1:1" in capsys.readouterr().err


def test_workers_of_an_earlier_ray_session_are_never_reused(tmp_path):
    """Ray shut down and started again in one process (a notebook, the tests): the pooled
    workers of the first session are dead; the next run starts new ones, and gives the results
    of one worker."""
    import copfl.execution.ray_clients as par

    _run(tmp_path / "a", "fedavg", 2)
    assert par._POOL
    ray.shutdown()
    out = _run(tmp_path / "b", "fedavg", 2)
    pool = par._POOL[(2, 1, None)]  # given back after the run: the new session's two workers, alive
    assert len(pool) == 2 and len(ray.get([w.pid.remote() for w in pool], timeout=30)) == 2
    _same_results(_run(tmp_path / "b", "fedavg", 1), out)


def test_reproduce_with_workers_gives_the_runs_of_one_worker(tmp_path):
    """`copfl reproduce ... --workers 2`: the same planned runs (folders: workers never enter a
    run's identity), each byte-identical to the one-worker reproduction, and the same report."""
    from helpers import write_balanced_cifar

    data = write_balanced_cifar(tmp_path / "data")
    outs = {}
    for w in (1, 2):
        outs[w] = tmp_path / f"rep-w{w}"
        assert main(["reproduce", "table2", "--scale", "smoke", "--columns", "cifar10-10", "--data-dir", str(data),
                     "--out", str(outs[w]), "--threads", "1", "--workers", str(w)]) == 0
    runs = {w: sorted(p.name for p in (outs[w] / "runs").iterdir()) for w in outs}
    assert runs[1] == runs[2] and len(runs[1]) == 8
    for name in runs[1]:
        for f in ("metrics.jsonl", "clients.csv"):
            assert (outs[1] / "runs" / name / f).read_bytes() == (outs[2] / "runs" / name / f).read_bytes(), (name, f)
    def cells(w):
        return [{k: c[k] for k in ("setting", "algorithm", "status", "ours")} for c in json.loads((outs[w] / "table2.json").read_text())["cells"]]

    assert cells(1) == cells(2) and sum(c["status"] == "done" for c in cells(1)) == 8


def test_a_local_head_node_cluster_gives_the_results_of_one_worker(tmp_path):
    """`--ray-address`: a Ray head node started here as its own process (`ray start --head
    --block`, as docs/performance.md's cluster steps), joined by the run; the results are those
    of `--workers 1`, and the workers ran in the cluster's processes, not in ones of our own."""
    import os
    import shutil
    import signal
    import socket
    import subprocess
    import tempfile
    import time

    import copfl.execution.ray_clients as par

    if shutil.which("ray") is None:
        pytest.skip("the ray command is not on PATH")
    par._POOL.clear()
    ray.shutdown()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    log = open(tmp_path / "head.log", "wb")
    temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")  # Ray's sockets need a short path (AF_UNIX: 107 bytes)
    head = subprocess.Popen(
        ["ray", "start", "--head", "--block", "--node-ip-address", "127.0.0.1", "--port", str(port), "--num-cpus", "2",
         "--include-dashboard", "false", "--temp-dir", temp],
        stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while True:  # until the head's GCS answers
            assert head.poll() is None, (tmp_path / "head.log").read_text()[-3000:]
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert time.monotonic() < deadline, "the Ray head did not start within 120 s"
            time.sleep(0.5)
        address = f"127.0.0.1:{port}"
        clustered = _run(tmp_path, "co-pfl", 2, "--ray-address", address)
        # joined the head's cluster (named by the machine's own IP), not a local instance of its own
        assert ray.is_initialized() and ray.get_runtime_context().gcs_address.rsplit(":", 1)[1] == str(port)
        pool = [w for ws in par._POOL.values() for w in ws]
        pids = ray.get([w.pid.remote() for w in pool])
        assert len(pids) == 2 and os.getpid() not in pids  # the two workers: actors of the head's cluster
        par._POOL.clear()
        ray.shutdown()
        _same_results(_run(tmp_path, "co-pfl", 1), clustered)
    finally:
        par._POOL.clear()
        ray.shutdown()
        for sig in (signal.SIGTERM, signal.SIGKILL):  # the head and the processes it started (its session)
            try:
                os.killpg(head.pid, sig)
                head.wait(timeout=60)
                break
            except ProcessLookupError:
                break
            except subprocess.TimeoutExpired:
                continue
        log.close()
        shutil.rmtree(temp, ignore_errors=True)


def _tune(out: Path, workers: int) -> list[tuple]:
    args = ["tune", "--algorithms", "fedavg", "--trials", "5", "--rounds", "4", "--threads", "1", "--workers", str(workers), "--out", str(out)]
    assert main(args) == 0
    import optuna

    study = optuna.load_study(study_name="fedavg", storage=f"sqlite:///{out / 'study.db'}")
    return [(t.number, t.state.name, t.params, t.value, t.intermediate_values) for t in study.trials]


def test_tune_with_workers_runs_trials_at_once_and_is_reproducible(tmp_path):
    """copfl tune --workers 2: trials in batches of 2 on Ray actors; the same command gives the
    same trials, pruning and best.json, byte for byte (copfl.tuning.ray_trials)."""
    a, b = _tune(tmp_path / "a", 2), _tune(tmp_path / "b", 2)
    assert a == b
    assert len(a) == 5 and all(state in ("COMPLETE", "PRUNED") for _, state, *_ in a)
    assert (tmp_path / "a" / "best.json").read_bytes() == (tmp_path / "b" / "best.json").read_bytes()
    # the first batch's two trials were suggested from the same (empty) history: each by its own seeded sampler
    assert a[0][2] != a[1][2]


def test_tune_with_a_killed_trial_worker_replays_its_rounds_and_gives_the_same_study(tmp_path, monkeypatch):
    """A trial worker killed mid-trial is restarted by Ray; its trial is built again and its
    finished rounds re-run: the study is the one of an undisturbed tune."""
    import os
    import signal

    import copfl.tuning.ray_trials as pt

    ref = _tune(tmp_path / "ref", 2)
    step_all, calls, killed = pt._step_all, [0], []

    def kill_once(running, fed):
        calls[0] += 1
        if calls[0] == 2:  # the first batch's second round: worker 0 holds one finished round
            pid = ray.get(running[0]["worker"].pid.remote())
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        return step_all(running, fed)

    monkeypatch.setattr(pt, "_step_all", kill_once)
    assert _tune(tmp_path / "killed", 2) == ref
    assert killed


def test_workers_hold_only_their_calls_clients_data(tmp_path):
    """Workers build their engine replica without the data set: each call brings its clients'
    data as object references (put in Ray's store once per client) and lets them go."""
    import copfl.execution.ray_clients as par

    _same_results(_run(tmp_path, "fedavg", 1), _run(tmp_path, "fedavg", 2))
    pool = par._POOL[(2, 1, None)]
    assert [ray.get(w.held_clients.remote()) for w in pool] == [0, 0]


def test_workers_keep_the_states_they_return_and_a_restarted_one_gets_them_again(tmp_path):
    """CO-PFL's clients carry state: after round 1 each worker keeps the states it returned and
    the driver sends version numbers instead; a worker killed after round 1 comes back without
    them, says so, and gets them: the results stay those of one worker."""
    import os
    import signal

    import copfl.execution.ray_clients as par
    from copfl.engine.loop import Callback
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import run_experiment

    class Killer(Callback):
        pid = None
        kept: list[int] = []

        def on_round_end(self, engine, state, record):
            if record["round"] == 1:
                self.kept = [ray.get(w.kept_states.remote()) for w in engine.executor.workers]
                self.pid = ray.get(engine.executor.workers[1].pid.remote())
                os.kill(self.pid, signal.SIGKILL)
            if record["round"] == 2:
                self.resent = engine.executor.resent

    killer = Killer()
    cfg = RunConfig(algorithm="co-pfl", rounds=3, threads=1, workers=2, out=str(tmp_path / "killed"))
    run_experiment(cfg, callbacks=[killer])
    assert killer.kept == [5, 5]  # digits' 10 clients, c mod 2
    assert killer.resent == 5  # the restarted worker asked for its 5 clients' states
    pool = par._POOL[(2, 1, None)]
    assert killer.pid not in [ray.get(w.pid.remote()) for w in pool]
    run_experiment(RunConfig(algorithm="co-pfl", rounds=3, threads=1, out=str(tmp_path / "ref")))
    for f in ("metrics.jsonl", "clients.csv", "per_client.jsonl"):
        assert (tmp_path / "killed" / f).read_bytes() == (tmp_path / "ref" / f).read_bytes(), f


def _co_pfl_against_one_worker(tmp_path, callback, rounds=4, before_checkpoint=False, **cfg):
    """A CO-PFL run on 2 workers with ``callback`` watching (after the checkpointer, or before
    it), then the same run in one process: the same results and the same final states (the
    checkpoint the run writes at its end)."""
    from copfl.results.callbacks import Checkpointer
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import run_experiment

    for workers, cbs in ((2, [callback]), (1, [])):
        out = tmp_path / f"w{workers}"
        ckpt = [Checkpointer(out / "checkpoint.pt", rounds)]
        run_experiment(RunConfig(algorithm="co-pfl", rounds=rounds, threads=1, workers=workers, out=str(out), **cfg),
                       callbacks=cbs + ckpt if before_checkpoint else ckpt + cbs)
    _same_results(tmp_path / "w2", tmp_path / "w1")


def test_trained_states_stay_on_their_workers_until_the_driver_needs_them(tmp_path):
    """CO-PFL's states are not sent back each round: the driver pulls them once, for the
    checkpoint at the end (10 clients), and the results and states are those of one worker."""
    from copfl.engine.loop import Callback

    class Watch(Callback):
        pulled: list[int] = []

        def on_round_end(self, engine, state, record):
            self.pulled.append(engine.executor.pulled)

    watch = Watch()
    _co_pfl_against_one_worker(tmp_path, watch)
    assert watch.pulled == [0, 0, 0, 10]  # round 4's checkpoint (on_round_end) pulls every client's newest state


def test_a_small_log_budget_syncs_every_round_with_the_same_results(tmp_path, monkeypatch):
    """With a log budget smaller than one call the driver pulls the trained states after each
    round's work (the old way): the same results."""
    import copfl.execution.ray_clients as par
    from copfl.engine.loop import Callback

    monkeypatch.setattr(par.RayExecutor, "log_bytes", 1)

    class Watch(Callback):
        pulled: list[int] = []

        def on_round_end(self, engine, state, record):
            self.pulled.append(engine.executor.pulled)
            assert not engine.executor.logged

    watch = Watch()
    _co_pfl_against_one_worker(tmp_path, watch, rounds=3)
    assert watch.pulled == [10, 20, 30]


def test_a_worker_killed_after_rounds_of_kept_states_is_brought_back_by_replay(tmp_path):
    """A worker killed after round 2, its clients' states never pulled: the driver replays their
    two rounds of logged calls on the restarted worker from the states it holds (their initial
    ones), and the run's results and final states are those of one worker."""
    import os
    import signal

    from copfl.engine.loop import Callback

    class Killer(Callback):
        resent = replayed = pid = None

        def on_round_end(self, engine, state, record):
            if record["round"] == 2:
                self.pid = ray.get(engine.executor.workers[1].pid.remote())
                os.kill(self.pid, signal.SIGKILL)
            if record["round"] == 3:
                self.resent, self.replayed = engine.executor.resent, engine.executor.replayed

    killer = Killer()
    _co_pfl_against_one_worker(tmp_path, killer)
    assert killer.resent == 5  # worker 1's clients 1, 3, 5, 7, 9
    assert killer.replayed == 10  # each client's two logged rounds


def test_a_worker_killed_before_the_final_pull_is_brought_back_once(tmp_path):
    """A worker killed after the last round, before the checkpoint pulls the states it kept: the
    pull finds them lost, the driver replays the 4 logged rounds of its 5 clients once (the
    restarted worker keeps the states it is handed: they are not cleared by its first engine
    build), and the final states are those of one process."""
    import os
    import signal

    from copfl.engine.loop import Callback

    class Killer(Callback):
        def on_round_end(self, engine, state, record):
            if record["round"] == 4:
                self.executor = engine.executor
                os.kill(ray.get(engine.executor.workers[1].pid.remote()), signal.SIGKILL)

    killer = Killer()
    _co_pfl_against_one_worker(tmp_path, killer, before_checkpoint=True)
    assert (killer.executor.resent, killer.executor.replayed) == (5, 20)
