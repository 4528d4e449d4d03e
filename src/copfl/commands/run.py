"""``copfl run``: one run (no option: the embedded digits default), ``--seeds K``, ``--resume DIR``."""

from __future__ import annotations

import argparse
import sys
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

from copfl.execution import runfolder
from copfl.engine.checkpoint import Checkpoint
from copfl.app.checks import UsageError
from copfl.app.checks import check_top, results_folder, seeds_folder
from copfl.commands.common import config_from_args, explicit_options, print_summary, read_params_arg, run_seeds_command, seeds_arg, with_params
from copfl.app.texts import dry_run_text, run_text
from copfl.commands import SUMMARIES
from copfl.commands.flags import DRY_RUN_HELP, OVERWRITE_HELP, PARAMS_HELP, SEEDS_HELP, add_option_flags
from copfl.commands.parsing import HelpFormatter, examples
from copfl.app.checks import check_resources, checked_config
from copfl.app.single_run import RunRequest, run_one
from copfl.execution.config import RunConfig, may_change_on_resume, resume_conflicts, saved_config
from copfl.execution.experiment import default_out


def _resume_config(args: argparse.Namespace) -> tuple[Path, dict[str, Any], RunConfig]:
    """``--resume DIR``: the folder, its config.json document and the run's config with the
    flags that may change on resume applied; a UsageError for anything that does not fit."""
    rdir = Path(args.resume)
    if args.seeds is not None:
        raise UsageError("--seeds does not go with --resume: to continue an interrupted `copfl run --seeds K --out DIR`, run the same command again (completed seeds are skipped)")
    if getattr(args, "overwrite", False):
        raise UsageError("--overwrite starts a new run in place of the one in a folder; --resume continues that one: use one of them")
    if args.out is not None and Path(args.out).resolve() != rdir.resolve():
        raise UsageError(
            f"--resume {rdir} continues the run in {rdir} and writes there, but --out names {args.out}: to continue it in "
            f"another folder, copy it first (cp -r {rdir} {args.out}) and resume the copy"
        )
    if not rdir.is_dir():
        raise UsageError(f"--resume {rdir}: no such folder")
    try:
        doc = runfolder.read_config(rdir)
    except ValueError as e:
        raise UsageError(f"--resume {rdir}: {e}") from None
    base = saved_config(doc["config"])
    cfg = config_from_args(args, base)
    conflicts = resume_conflicts(base, cfg)
    if conflicts:
        raise UsageError(
            f"--resume {rdir}: these options define the run and differ from the ones it was started with: "
            + "; ".join(conflicts)
            + f". Only {', '.join('--' + k.replace('_', '-') for k in may_change_on_resume())} may change on resume"
            " (start a new run for anything else)"
        )
    return rdir, doc, cfg


def _load_resume(rdir: Path, doc: dict[str, Any], cfg: RunConfig) -> Checkpoint:
    """The checkpoint of the run in ``rdir``, checked to belong to the run its config.json
    describes and to hold no more rounds than asked for."""
    try:
        resume = Checkpoint.load(rdir / "checkpoint.pt")
    except ValueError as e:
        raise UsageError(f"--resume {rdir}: {e}") from None
    expected = runfolder.run_id(doc["config"])
    if resume.run_id is None:
        print(f"note: {rdir}/checkpoint.pt predates run ids: copfl cannot check that it belongs to the run in config.json", file=sys.stderr)
    elif resume.run_id != expected:
        raise UsageError(
            f"--resume {rdir}: checkpoint.pt belongs to another run (run id {resume.run_id}) than config.json describes "
            f"({expected}): resuming would splice two runs. Start the run again (--overwrite), or resume the folder the checkpoint came from"
        )
    if cfg.rounds < resume.state.round:
        raise UsageError(f"--resume {rdir}: --rounds {cfg.rounds} is below the {resume.state.round} rounds its checkpoint already holds")
    return resume


def cmd_run(args: argparse.Namespace) -> int:
    k = seeds_arg(args)
    doc = None
    if args.resume:
        if getattr(args, "params", None):
            raise UsageError("--params with --resume: a resumed run keeps the values it started with")
        out, doc, cfg = _resume_config(args)
    else:
        cfg = config_from_args(args)
        params = read_params_arg(args)
        if params is not None:
            if cfg.algorithm not in params:
                raise UsageError(f"--params {args.params} holds no values for {cfg.algorithm} (it has: {', '.join(sorted(params)) or 'none'})")
            cfg = with_params(args, cfg, params[cfg.algorithm])
        out = (seeds_folder if k > 1 else results_folder)(getattr(args, "out", None), cfg, default_out(cfg))
    cfg = checked_config(cfg, explicit_options(args) if doc is None else None)
    if getattr(args, "dry_run", False):
        from copfl.app.multiseed import seed_list

        cfgs = [replace(cfg, seed=s) for s in seed_list(cfg.seed, k)]
        done = 0 if doc is None else int(doc.get("round") or 0)  # a resume runs the rounds left
        if done:
            cfgs = [replace(c, rounds=max(1, c.rounds - done)) for c in cfgs]
        what = [f"run: {run_text(cfg)}" + (f"; {k} seeds ({', '.join(map(str, seed_list(cfg.seed, k)))})" if k > 1 else ""),
                f"results: {out}" + (f" (resumed after round {done})" if done else "")]
        print(dry_run_text(what, cfgs))
        return 0
    check_resources(cfg)  # a missing GPU or unreachable Ray fails before any data is loaded
    with ExitStack() as held:
        if out.exists():  # another process's run there is refused now, before any data is loaded
            held.enter_context(runfolder.hold(out))
        if k > 1:
            check_top(out, args.overwrite, "run --seeds")
            return run_seeds_command(cfg, out, k, args.overwrite)
        resume = None if doc is None else _load_resume(out, doc, cfg)
        res = run_one(RunRequest(cfg, out, overwrite=args.overwrite, resume=resume))
    print_summary(res.summary, out)
    return 0


def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl run``'s parser, added to ``sub`` (``brief``: its help lists the common options only)."""
    run = sub.add_parser(
        "run", help=SUMMARIES["run"], formatter_class=HelpFormatter,
        description="Train one algorithm on a data set split among clients and report their personalized accuracy "
        "(metrics, summary.json, curves: in the results folder).",
        epilog=examples(
            ("copfl run --algorithm fedavg --rounds 5", "FedAvg for 5 rounds on the built-in digits data"),
            ("copfl run --algorithm fedprox --mu 0.01 --dataset cifar10 --download", "FedProx on CIFAR-10, downloaded first"),
            ("copfl run --algorithm ditto --seeds 3 --out runs/ditto", "three seeds, each with its own split: mean and std"),
        ),
    )
    run.add_argument("--config", metavar="FILE", help="a TOML file of run options, e.g. a run's config.toml")
    run.add_argument("--resume", metavar="DIR", help="continue the run in DIR from its checkpoint")
    run.add_argument("--seeds", type=int, metavar="K", help=SEEDS_HELP.format(layout="OUT/seed-<s>/", summary="OUT/seeds.json, OUT/curves.png"))
    run.add_argument("--overwrite", action="store_true", help=OVERWRITE_HELP)
    run.add_argument("--params", metavar="FILE", help=PARAMS_HELP)
    run.add_argument("--dry-run", action="store_true", help=DRY_RUN_HELP.format(what="the run (or each seed's)"))
    add_option_flags(run, ("run",), brief, only_algorithm, algorithms=True, rebuild=add_parser)
    run.set_defaults(func=cmd_run)
