"""Issue 43: every `copfl ...` command the README, docs/ and examples show is a command copfl
accepts as written: each is parsed by copfl's own parser (the run itself is not made; the
README's first two commands run in tests/test_readme.py). Templates, lines that show a shape
with placeholders (`...`, `[optional]`, `K`, `DIR`-style words or `a|b` alternatives), cannot
be parsed as written: they are counted apart, each with the placeholder that makes it one."""

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SUBCOMMANDS = ("run", "compare", "tune", "table", "partition", "datasets", "reproduce", "flower", "list")
PLACEHOLDER_WORDS = {"...", "K", "N", "S", "ALG", "LR", "ARGS", "EXP", "A,B", "run|compare|tune", "run/compare"}


def placeholder(command: str) -> str | None:
    """The token that makes ``command`` a template (None: a command as written)."""
    for tok in shlex.split(command, comments=True):
        if tok in PLACEHOLDER_WORDS or tok.startswith(("[", "<")) or tok.endswith(("]", ">")) and "[" not in tok or (
            "|" in tok and not tok.startswith("-")
        ):
            return tok
    return None


def doc_commands() -> list[tuple[str, str]]:
    """(file, command) of every copfl command in a code block, or in an inline code span that sets
    two options or more."""
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "examples").glob("*.py"))]
    out = []
    for f in files:
        text = f.read_text()
        blocks = re.findall(r"```[a-z]*\n(.*?)```", text, re.S) if f.suffix == ".md" else [text]
        # an inline span is a command when it sets two options or more (`copfl run --x` names the option)
        spans = [s for s in re.findall(r"`(copfl [^`\n]+)`", text) if s.count(" --") >= 2]
        for b in blocks:
            for line in b.replace("\\\n", " ").splitlines():
                for seg in re.split(r"&&|;|\|\|", line.strip().removeprefix("$ ")):
                    seg = seg.strip()
                    words = seg.split()
                    if len(words) >= 2 and words[0] == "copfl" and (words[1] in SUBCOMMANDS or words[1].startswith("-")):
                        out.append((str(f.relative_to(ROOT)), seg))
        out += [(str(f.relative_to(ROOT)), s) for s in spans]
    return out


def parse_error(command: str) -> str | None:
    """None when copfl's parser accepts ``command``, else its error."""
    from copfl.cli import build_parser, plugin_args
    from copfl.plugins import load_plugins

    args = shlex.split(command, comments=True)[1:]
    load_plugins([p for p in plugin_args(args) if (ROOT / p).exists()])  # a plugin the docs ship (examples/)
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            build_parser().parse_args(args)
    except SystemExit as e:
        return None if e.code == 0 else (err.getvalue().strip().splitlines() or [str(e.code)])[-1]
    return None


COMMANDS = doc_commands()


@pytest.fixture(autouse=True)
def _clean(clean_registries):
    """A plugin a command names (examples/plugin_algorithm.py) is loaded to parse it: unloaded after."""
    yield


def test_the_docs_show_many_commands():
    assert len(COMMANDS) > 100


@pytest.mark.parametrize("where,command", [c for c in COMMANDS if placeholder(c[1]) is None])
def test_each_command_in_the_docs_parses_as_written(where, command):
    if "--plugin" in command and not all((ROOT / p).exists() for p in re.findall(r"--plugin (\S+)", command)):
        pytest.skip(f"{where}: names a plugin file the reader writes ({command})")
    assert parse_error(command) is None, f"{where}: `{command}`: {parse_error(command)}"


def test_templates_are_few_and_say_what_they_leave_open():
    templates = [(w, c, placeholder(c)) for w, c in COMMANDS if placeholder(c) is not None]
    assert len(templates) <= 15, "\n".join(f"{w}: {c} ({p})" for w, c, p in templates)


def test_the_default_lr_study_commands_run_their_rows_rounds():
    """docs/results/copfl-default-lr: each row's command, parsed by copfl, runs the rounds the
    row reports, and the page's table shows that command's own arguments (issue 38: its 10-round
    rows once left `--rounds 10` out, and ran 20)."""
    import json

    from copfl.cli import build_parser, config_from_args

    doc = json.loads((ROOT / "docs" / "results" / "copfl-default-lr.json").read_text())
    page = (ROOT / "docs" / "results" / "copfl-default-lr.md").read_text()
    checked = 0
    for st in doc["studies"]:
        for r in st["rows"]:
            args = build_parser().parse_args(shlex.split(r["command"].replace("DIR", "/tmp/data"))[1:])
            assert config_from_args(args).rounds == r["rounds"], r["command"]
            own = r["command"].removeprefix(st["base_command"]).strip()
            assert f"| {r['rounds']} | {r['row']} | `{own}` |" in page or (not own and f"| {r['row']} | (none) |" in page), r["row"]
            checked += 1
    assert checked >= 10
