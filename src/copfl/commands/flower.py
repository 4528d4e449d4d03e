"""``copfl flower new`` / ``deploy``: a Flower app for a run, and its deployment on this machine."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace

from copfl.results.callbacks import DataProgress
from copfl.app.checks import UsageError
from copfl.commands.common import config_from_args, explicit_options, print_summary
from copfl.app.checks import options_for, refuse_unused
from copfl.commands import SUMMARIES
from copfl.commands.flags import add_option_flags
from copfl.commands.parsing import HelpFormatter, examples
from copfl.execution.federation import build_federation


def cmd_flower(args: argparse.Namespace) -> int:
    from copfl import flower

    if not flower.available():
        raise UsageError(flower.MISSING)
    from copfl.flower.supervisor import DeploymentError, LocalDeployment
    from copfl.flower.templates import write_app

    if args.action == "new":
        cfg = config_from_args(args)
        cfg = replace(cfg, options=options_for(cfg.algorithm, cfg.options or {}, strict=True)).resolved()
        refuse_unused(cfg, explicit_options(args))
        fed = build_federation(cfg, progress=DataProgress())  # checks the data and the split now, and counts the partitions
        hosts = tuple(h.strip() for h in args.host.split(",") if h.strip())
        info = write_app(cfg, args.dir, len(fed.clients), port=args.port, secure=args.secure, hosts=hosts, force=args.force)
        print(f"Flower app for {cfg.algorithm} on {cfg.dataset} ({info.partitions} clients, {cfg.rounds} rounds) written to {info.root}")
        print(f"  results will go to {info.out}")
        print(f"  {info.root / 'README.md'} lists the commands; or run it here: copfl flower deploy {info.root}")
        return 0
    try:
        with LocalDeployment(args.dir, secure=args.secure, simulation=args.simulation, log=lambda m: print(m, flush=True)) as dep:
            res = dep.run(args.run_config, timeout=args.timeout)
    except DeploymentError as e:
        raise UsageError(str(e)) from None
    summary = json.loads((res.out / "summary.json").read_text())
    print_summary(summary, res.out)
    print(f"Flower run {res.run_id}: {res.status} in {res.seconds:.1f} s")
    return 0


def add_parser(sub: argparse._SubParsersAction, brief: bool = True, only_algorithm: str | None = None) -> None:
    """``copfl flower``'s parser, added to ``sub`` (``brief``: its help lists the common options only)."""
    fl = sub.add_parser(
        "flower", help=SUMMARIES["flower"], formatter_class=HelpFormatter,
        description="copfl on Flower (flower.ai; pip install 'copfl[flower]'): `new` writes a Flower app that runs a copfl "
        "run, with the same options and results as `copfl run`; `deploy` runs such an app on this machine, a SuperLink (the "
        "server) and one SuperNode (a client process) per client (docs/flower.md).",
        epilog=examples(
            ("copfl flower new app --algorithm fedavg --rounds 5", "a Flower app of a 5-round FedAvg run, in app/"),
            ("copfl flower deploy app", "run it on this machine; the results land in app/results"),
        ),
    )
    fsub = fl.add_subparsers(dest="action", metavar="ACTION", required=True, title="actions")
    new = fsub.add_parser(
        "new", help="write a ready Flower app (pyproject.toml, CLI connections, a README with the commands)", formatter_class=HelpFormatter,
        description="Write a Flower app for the run the options describe: a pyproject.toml naming copfl's server and "
        "client apps and the run, Flower's CLI connections, and a README with the commands that run it.",
        epilog=examples(("copfl flower new app --algorithm ditto --clients 4 --secure", "with TLS and SuperNode authentication")),
    )
    new.add_argument("dir", metavar="DIR", help="the app folder to write")
    new.add_argument("--config", metavar="FILE", help="a TOML file of run options (flags override it)")
    new.add_argument("--port", type=int, default=9093, help="the SuperLink's port; SuperNode k uses port+1+k (default: 9093)")
    new.add_argument("--secure", action="store_true", help="also write a CA, a server certificate and SuperNode keys (TLS + SuperNode authentication)")
    new.add_argument("--host", default="127.0.0.1,localhost", help="with --secure: addresses/names the server certificate is valid for (default: 127.0.0.1,localhost)")
    new.add_argument("--force", action="store_true", help="overwrite an app already in DIR")
    add_option_flags(new, ("flower", "new"), brief, algorithms=True, positional="DIR", rebuild=add_parser,
                     helps={"out": "where the run's results go (default: DIR/results)"})
    new.set_defaults(func=cmd_flower)
    dep = fsub.add_parser(
        "deploy", help="run an app written by `copfl flower new` on this machine", formatter_class=HelpFormatter,
        description="Run an app written by `copfl flower new` on 127.0.0.1: a SuperLink and one SuperNode per client "
        "(--simulation: Flower's simulation engine instead), then print the run's summary.",
        epilog=examples(("copfl flower deploy app --run-config \"rounds=2\"", "the app's run, with 2 rounds")),
    )
    dep.add_argument("dir", metavar="DIR", help="the app folder")
    dep.add_argument("--secure", action=argparse.BooleanOptionalAction, default=None, help="TLS + SuperNode authentication; --no-secure: plain (default: as the app was written)")
    dep.add_argument(
        "--simulation",
        action="store_true",
        help="run the clients in Flower's simulation engine on a simulation-mode SuperLink (no SuperNode processes) instead of a deployment",
    )
    dep.add_argument("--run-config", metavar="TEXT", help='overrides for single run fields, as for `flwr run` (e.g. "rounds=5 seed=1")')
    dep.add_argument("--timeout", type=float, default=3600.0, metavar="SECONDS", help="seconds to wait for the run to finish (default: 3600)")
    dep.set_defaults(func=cmd_flower)
