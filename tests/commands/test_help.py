"""The help is true and short: every default it states is the one the command uses, each command
describes itself and shows examples that parse, and nothing in it speaks of the project's own
notes instead of to the user."""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shlex
from dataclasses import MISSING, fields

import pytest

from copfl.algorithms.base import ALGORITHMS, algorithm_names
from copfl.cli import build_parser, main
from copfl.commands import SUMMARIES
from copfl.commands.flags import default_text
from copfl.execution.config import RunConfig

DEFAULT = re.compile(r"\(default: ([^()]*)\)")
RUN_FIELDS = {f.name: f for f in fields(RunConfig) if f.metadata.get("cli", True)}


def parsers(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """(command path, parser) of copfl and every command under it."""
    yield path, parser
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, sub in a.choices.items():
                yield from parsers(sub, (*path, name))


def options(parser: argparse.ArgumentParser):
    return [a for a in parser._actions if a.help not in (None, argparse.SUPPRESS) and not isinstance(a, argparse._SubParsersAction)]


def same(text: str, value: object) -> bool:
    """Whether a default as the help writes it is ``value``."""
    if isinstance(value, bool):
        return text == default_text(value)
    if isinstance(value, (int, float)):
        try:
            return float(text) == float(value)
        except ValueError:
            return False
    return text == str(value)


# Defaults a command sets in its own code (the parser's is None: "not given"), and where they live.
def command_defaults() -> dict[str, object]:
    from copfl.tuning.tuner import DEFAULT_TRIALS

    return {"seeds": 1, "trials": DEFAULT_TRIALS}


def test_every_default_the_help_states_is_the_one_the_command_uses():
    """Each ``(default: X)``: X is the parser's default, else the run option's (RunConfig), else the
    command's own; a default stated in words instead (``the algorithm's, else 0.05``, ``10; 20
    for miniimagenet``) is checked against what a resolved config takes. And every option with a
    default states it, in this one notation."""
    checked, bad = 0, []
    for path, parser in parsers(build_parser(brief=False)):
        for a in options(parser):
            flag, found = "/".join(a.option_strings) or a.dest, DEFAULT.findall(a.help)
            assert "[default" not in a.help and not re.search(r"\(default [^:]|\[\S*\]$", a.help), (path, flag, a.help)
            assert len(found) <= 1, (path, flag, a.help)
            if a.dest.startswith("opt_"):
                continue  # each algorithm's own defaults: the next test
            value = a.default
            if value is None and a.dest in RUN_FIELDS:
                value = RUN_FIELDS[a.dest].default
            if value is None:
                value = command_defaults().get(a.dest)
            if value in (None, argparse.SUPPRESS) or (value is False and a.nargs == 0 and not isinstance(a, argparse.BooleanOptionalAction)):
                if found:
                    bad += words_default_errors(a.dest, found[0], path, flag)
                    checked += 1
                continue
            if not found:
                bad.append(f"copfl {' '.join(path)} {flag}: no '(default: ...)' for its default {value!r}")
            elif not same(found[0].split(";")[0].strip(), value):
                bad.append(f"copfl {' '.join(path)} {flag}: help says (default: {found[0]}), the command uses {value!r}")
            checked += 1
    assert checked > 60 and not bad, "\n".join(bad)


def words_default_errors(dest: str, text: str, path: tuple[str, ...], flag: str) -> list[str]:
    """A default the help states in words, for a run option whose value the data set or the
    algorithm decides: each ``V for NAME, NAME`` and the first value (the fallback, or the value
    after ``else``) checked against resolved configs."""
    where = f"copfl {' '.join(path)} {flag}: (default: {text})"
    if dest not in RUN_FIELDS or not RUN_FIELDS[dest].metadata.get("resolved") and dest != "clients":
        return [] if not re.fullmatch(r"[-+.\deE]+", text.split(";")[0].strip()) else [f"{where}: a value the code does not hold"]
    bad = []
    if text.startswith("the algorithm's, else "):  # an algorithm's run default, else the run's
        value = text.removeprefix("the algorithm's, else ").strip()
        plain = [n for n in algorithm_names() if dest not in ALGORITHMS[n].run_defaults]
        got = getattr(RunConfig(algorithm=plain[0]).resolved(), dest)
        return [] if same(value, got) else [f"{where}: {plain[0]} takes {got!r}"]
    first, *rest = [t.strip() for t in text.split(";")]
    if not same(first, getattr(RunConfig(dataset="cifar10", algorithm="fedavg").resolved(), dest)):
        bad.append(f"{where}: cifar10 takes {getattr(RunConfig(dataset='cifar10').resolved(), dest)!r}")
    for part in rest:
        m = re.fullmatch(r"(\S+) for ([\w, -]+)", part)
        for name in (n.strip() for n in m.group(2).split(",")) if m else ():
            got = getattr(RunConfig(dataset=name, algorithm="fedavg").resolved(), dest)
            if not same(m.group(1), got):
                bad.append(f"{where}: {name} takes {got!r}")
    return bad


def test_the_words_check_catches_a_wrong_data_set_default():
    assert words_default_errors("clients", "10; 20 for miniimagenet", ("run",), "--clients") == []
    assert words_default_errors("clients", "10; 30 for miniimagenet", ("run",), "--clients")
    assert words_default_errors("lr", "the algorithm's, else 0.07", ("run",), "--lr")
    assert words_default_errors("data_dir", "42", ("run",), "--data-dir")  # a number the code holds nowhere


@pytest.mark.parametrize("algorithm", algorithm_names())
def test_each_algorithms_help_states_its_options_defaults(algorithm):
    run = dict(parsers(build_parser(algorithm, brief=False, command="run")))[("run",)]
    shown = {a.dest[4:]: a for a in options(run) if a.dest.startswith("opt_")}
    for f in fields(ALGORITHMS[algorithm].Config):
        default = f.default if f.default is not MISSING else f.default_factory()
        (text,) = DEFAULT.findall(shown[f.name].help)
        assert text == default_text(default), (f.name, text, default)


def example_lines(parser: argparse.ArgumentParser) -> list[str]:
    return re.findall(r"^  (copfl .+)$", parser.epilog or "", re.M)


def test_each_command_describes_itself_and_shows_examples_that_parse():
    whole = build_parser(brief=False)
    seen = dict(parsers(whole))
    assert {p[0] for p in seen if p} == set(SUMMARIES)
    for path, parser in seen.items():
        assert parser.description and len(parser.description) > 40, path
        lines = example_lines(parser)
        assert 2 <= len(lines) <= 3 or (len(path) == 2 and len(lines) == 1), (path, lines)
        for line in lines:
            with contextlib.redirect_stderr(io.StringIO()) as err:
                try:
                    build_parser().parse_args(shlex.split(line)[1:])
                except SystemExit:
                    pytest.fail(f"copfl {' '.join(path)}: its example `{line}` does not parse: {err.getvalue()}")


LEAKS = re.compile(r"[Ii]ssue|PAPER-NOTES|notes file|\.\./shared|not on this machine|budget: 12|\b[AD]\d{1,2}\b")


@pytest.mark.parametrize("brief", [True, False])
def test_the_help_speaks_to_users(brief, capsys, monkeypatch):
    """No issue numbers, notes files or paths of the project's own machine: in every command's
    help, and in copfl's."""
    monkeypatch.setenv("COLUMNS", "80")
    texts = [p.format_help() for _, p in parsers(build_parser(brief=brief))]
    hits = [m.group() for t in texts for m in LEAKS.finditer(t)]
    assert len(texts) > 10 and hits == []


def test_copfl_help_names_every_command_and_the_three_papers(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    assert all(re.search(rf"^    {name}\s+{re.escape(s[:30])}", text, re.M) for name, s in SUMMARIES.items())
    assert "CO-PFL, pFedSV or DPAO-PFL" in text and "examples:" in text and "CO-PFL paper" not in text


def test_reproduce_lists_one_experiment_a_line(capsys, monkeypatch):
    from copfl.reproduce.experiments import EXPERIMENTS

    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["reproduce", "--help"])
    lines = capsys.readouterr().out.splitlines()
    starts = [line.split()[0] for line in lines[lines.index("experiments:") + 1:] if re.match(r"  \S", line)]
    assert starts[: len(EXPERIMENTS)] == list(EXPERIMENTS)


def test_tune_help_names_the_objective_the_tuner_uses(capsys):
    from copfl.tuning.objective import OBJECTIVE, OBJECTIVE_WORDS

    with pytest.raises(SystemExit):
        main(["tune", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert OBJECTIVE_WORDS[OBJECTIVE] in text
    assert OBJECTIVE != "last" or "best per-round" not in text


def test_partition_takes_the_options_a_split_depends_on_and_no_other(capsys):
    from copfl.commands.partition import partition_options

    part = dict(parsers(build_parser()))[("partition",)]
    taken = {a.dest for a in part._actions if a.dest in RUN_FIELDS}
    assert taken == set(partition_options()) and {"dataset", "partition", "alpha", "seed", "val_fraction"} <= taken
    for flag in ("--rounds", "--out", "--algorithm", "--lr"):
        with pytest.raises(SystemExit) as e:
            main(["partition", flag, "1", "--dry-run"])
        assert e.value.code == 2 and "usage: copfl partition" in capsys.readouterr().err


def _out_help(command: str) -> str:
    out = next(a for a in dict(parsers(build_parser(brief=False)))[(command,)]._actions if a.dest == "out")
    return DEFAULT.search(out.help).group(1).split(",")[0]


def test_the_results_folder_each_help_names_is_where_the_command_writes(tmp_path, monkeypatch, capsys):
    from copfl.execution.experiment import default_out

    monkeypatch.chdir(tmp_path)
    assert _out_help("run") == "runs/<algorithm>-<dataset>-<time>"
    assert re.fullmatch(r"runs/co-pfl-digits-\d{8}-\d{6}", str(default_out(RunConfig())))
    assert _out_help("tune") == "runs/tune-<dataset>"
    assert main(["tune", "--algorithms", "fedavg", "--dry-run"]) == 0
    assert "runs/tune-digits" in capsys.readouterr().out
    assert _out_help("compare").startswith("runs/compare-<dataset>-<time>")
    assert main(["compare", "--algorithms", "local", "--rounds", "1", "--clients", "2"]) == 0
    assert [p.name[: len("compare-digits-")] for p in (tmp_path / "runs").iterdir()] == ["compare-digits-"]
