"""``copfl run`` below its flags: what it asks (:class:`RunCommand`: a new run, ``--params``,
``--seeds K``, ``--resume DIR``) checked and resolved before any data is loaded
(:func:`plan_run`), then made (:func:`run_planned`): one run (:func:`copfl.app.single_run.run_one`)
or its seeds (:func:`copfl.app.multiseed.run_seeds`)."""

from __future__ import annotations

import sys
from contextlib import ExitStack
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Callable

from copfl.app.checks import UsageError, check_resources, check_top, checked_config, read_params_file, results_folder, seeds_folder
from copfl.app.multiseed import check_count, run_seeds, seed_list
from copfl.app.single_run import RunOutcome, RunRequest, run_one, stderr_line
from copfl.app.texts import dry_run_text, run_text
from copfl.engine.checkpoint import Checkpoint
from copfl.execution import runfolder
from copfl.execution.config import ResolvedConfig, RunConfig, may_change_on_resume, resume_conflicts, saved_config
from copfl.execution.experiment import default_out

@dataclass
class RunCommand:
    """What ``copfl run`` asks, its flags turned into values by the command line."""

    cfg: RunConfig
    """The run's options: defaults < the ``--config`` file < the flags."""
    given: frozenset[str] = frozenset()
    """The options the flags and the file set, run options and the algorithm's: they keep their
    values over ``--params``', and a run option the run would ignore is refused."""
    out: str | None = None
    seeds: int | None = None
    params: str | None = None
    resume: str | None = None
    overwrite: bool = False
    dry_run: bool = False


@dataclass
class RunPlan:
    """A :class:`RunCommand` checked, before any data is loaded: the run (resolved), its folder,
    its number of seeds and, for ``--resume``, the folder's config.json and rounds already made."""

    command: RunCommand
    cfg: ResolvedConfig
    out: Path
    seeds: int
    saved: dict[str, Any] | None = None
    done: int = 0

    def dry_run_text(self) -> str:
        """``copfl run --dry-run``: the run (each seed's), where its results go and about how long it takes."""
        k, cfg = self.seeds, self.cfg
        cfgs = [replace(cfg, seed=s) for s in seed_list(cfg.seed, k)]
        if self.done:  # a resume runs the rounds left
            cfgs = [replace(c, rounds=max(1, c.rounds - self.done)) for c in cfgs]
        what = [f"run: {run_text(cfg)}" + (f"; {k} seeds ({', '.join(map(str, seed_list(cfg.seed, k)))})" if k > 1 else ""),
                f"results: {self.out}" + (f" (resumed after round {self.done})" if self.done else "")]
        return dry_run_text(what, cfgs)


def plan_run(cmd: RunCommand) -> RunPlan:
    """``cmd`` checked and resolved, its results folder chosen; a :class:`UsageError` for
    anything that does not fit (a bad ``--seeds``, ``--params`` without values for the
    algorithm, a ``--resume`` that would change what defines the run, ...)."""
    try:
        k = check_count(1 if cmd.seeds is None else cmd.seeds)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if cmd.resume:
        out, saved, cfg = _resumed(cmd)
        return RunPlan(cmd, checked_config(cfg, None), out, k, saved, int(saved.get("round") or 0))
    cfg = cmd.cfg
    params = read_params_file(cmd.params, cmd.dry_run)
    if params is not None:
        if cfg.algorithm not in params:
            raise UsageError(f"--params {cmd.params} holds no values for {cfg.algorithm} (it has: {', '.join(sorted(params)) or 'none'})")
        from copfl.tuning.values import apply_params

        cfg = apply_params(cfg, {k: v for k, v in params[cfg.algorithm].items() if k not in cmd.given}, f"--params {cmd.params}")
    out = (seeds_folder if k > 1 else results_folder)(cmd.out, cfg, default_out(cfg))
    run_options = {f.name for f in fields(RunConfig)}
    return RunPlan(cmd, checked_config(cfg, {g for g in cmd.given if g in run_options}), out, k)


def _resumed(cmd: RunCommand) -> tuple[Path, dict[str, Any], RunConfig]:
    """``--resume DIR``: the folder, its config.json document and the run's config with the
    options given now applied (only those that may change on resume may differ)."""
    rdir = Path(cmd.resume or "")
    if cmd.params:
        raise UsageError("--params with --resume: a resumed run keeps the values it started with")
    if cmd.seeds is not None:
        raise UsageError("--seeds does not go with --resume: to continue an interrupted `copfl run --seeds K --out DIR`, run the same command again (completed seeds are skipped)")
    if cmd.overwrite:
        raise UsageError("--overwrite starts a new run in place of the one in a folder; --resume continues that one: use one of them")
    if cmd.out is not None and Path(cmd.out).resolve() != rdir.resolve():
        raise UsageError(
            f"--resume {rdir} continues the run in {rdir} and writes there, but --out names {cmd.out}: to continue it in "
            f"another folder, copy it first (cp -r {rdir} {cmd.out}) and resume the copy"
        )
    if not rdir.is_dir():
        raise UsageError(f"--resume {rdir}: no such folder")
    try:
        saved = runfolder.read_config(rdir)
    except ValueError as e:
        raise UsageError(f"--resume {rdir}: {e}") from None
    base = saved_config(saved["config"])
    run_options = {f.name for f in fields(RunConfig)}
    values = {**base, **{k: getattr(cmd.cfg, k) for k in cmd.given if k in run_options}}
    if "options" not in cmd.given:  # the algorithm's options given now, over the run's
        values["options"] = {**(base.get("options") or {}), **{k: v for k, v in (cmd.cfg.options or {}).items() if k in cmd.given}}
    cfg = RunConfig(**values)
    conflicts = resume_conflicts(base, cfg)
    if conflicts:
        raise UsageError(
            f"--resume {rdir}: these options define the run and differ from the ones it was started with: "
            + "; ".join(conflicts)
            + f". Only {', '.join('--' + k.replace('_', '-') for k in may_change_on_resume())} may change on resume"
            " (start a new run for anything else)"
        )
    return rdir, saved, cfg


def _checkpoint_to_resume(plan: RunPlan) -> Checkpoint:
    """The checkpoint of the run in the folder a ``--resume`` names, checked to belong to the run
    its config.json describes and to hold no more rounds than asked for."""
    rdir, saved = plan.out, plan.saved or {}
    try:
        resume = Checkpoint.load(rdir / "checkpoint.pt")
    except ValueError as e:
        raise UsageError(f"--resume {rdir}: {e}") from None
    expected = runfolder.run_id(saved["config"])
    if resume.run_id is None:
        print(f"note: {rdir}/checkpoint.pt predates run ids: copfl cannot check that it belongs to the run in config.json", file=sys.stderr)
    elif resume.run_id != expected:
        raise UsageError(
            f"--resume {rdir}: checkpoint.pt belongs to another run (run id {resume.run_id}) than config.json describes "
            f"({expected}): resuming would splice two runs. Start the run again (--overwrite), or resume the folder the checkpoint came from"
        )
    if plan.cfg.rounds < resume.state.round:
        raise UsageError(f"--resume {rdir}: --rounds {plan.cfg.rounds} is below the {resume.state.round} rounds its checkpoint already holds")
    return resume


def run_planned(plan: RunPlan, report: Callable[[dict[str, Any], Path], None] | None = None,
                log: Callable[[str], None] = stderr_line) -> RunOutcome | dict[str, Any]:
    """The run of ``plan`` (:class:`RunOutcome`), or for ``--seeds K`` its seeds, one by one,
    ``report(summary, folder)`` after each (the seeds.json document with its closing text). A
    missing GPU or an unreachable Ray fails first, and a folder held by another process's run
    is refused, before any data is loaded."""
    check_resources(plan.cfg)
    with ExitStack() as held:
        if plan.out.exists():  # another process's run there is refused now, before any data is loaded
            held.enter_context(runfolder.hold(plan.out))
        if plan.seeds > 1:
            check_top(plan.out, plan.command.overwrite, "run --seeds")
            return run_seeds(plan.cfg, plan.out, plan.seeds, report or (lambda summary, folder: None), log, overwrite=plan.command.overwrite)
        resume = None if plan.saved is None else _checkpoint_to_resume(plan)
        return run_one(RunRequest(plan.cfg, plan.out, overwrite=plan.command.overwrite, resume=resume))
