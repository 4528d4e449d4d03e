"""Issue 43: every `copfl ...` command the README, docs/ and examples show is a command copfl
accepts as written: each is parsed by copfl's own parser (the run itself is not made; the
README's first two commands run in tests/docs/test_readme.py). Templates, lines that show a shape
with placeholders (`...`, `[optional]`, `K`, `DIR`-style words or `a|b` alternatives), cannot
be parsed as written: they are counted apart, each with the placeholder that makes it one."""

import contextlib
import io
import os
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
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
    from copfl.cli import build_parser
    from copfl.commands.parsing import plugin_args
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

    from copfl.cli import build_parser
    from copfl.commands.common import config_from_args

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


# --------------------------------------------------------------------------- each command, run
# Issue 77: every command the docs show is run, not only parsed (the slow step). Each doc's
# commands run in order in one fresh folder, as a reader would type them: each first with
# --dry-run (the plan, the data found or missing, the expected time), then for real where that
# is cheap: the data is embedded (digits) and the plan's estimate is a minute or less. The data
# directory the commands name (~/data, DIR, DATA, ../shared/data) is COPFL_TEST_DATA where CI
# sets it, else an empty folder. Left alone, with the reason printed: Flower deployments (their
# own slow tests run LocalDeployment, the object `copfl flower deploy` drives), and a command
# that reads a file the reader writes by hand (run.toml).
DRY_RUN = ("run", "compare", "tune", "partition", "reproduce")
REAL_AT_MOST_S = 60.0
UNITS = {"s": 1, "min": 60, "h": 3600, "days": 86400}


def doc_scripts() -> dict[str, list[str]]:
    """Per file, its runnable commands (not templates) in the order they appear, each once."""
    out: dict[str, list[str]] = {}
    for where, cmd in COMMANDS:
        if placeholder(cmd) is None and cmd not in out.setdefault(where, []):
            out[where].append(cmd)
    return out


SCRIPTS = doc_scripts()


def estimated_seconds(dry_run_output: str) -> float | None:
    """The ``total: about N unit`` of a dry run's output, in seconds (None: none given)."""
    m = re.search(r"total: about (\d+) (s|min|h|days)\b", dry_run_output)
    return None if m is None else int(m.group(1)) * UNITS[m.group(2)]


def argv_of(command: str, data_dir: Path, doc: str, cwd: Path) -> tuple[list[str] | None, str]:
    """The arguments of ``command`` as run here ('' or why it cannot run): the data directory
    substituted, a repository file (examples/...) named by its path, a plugin the doc defines
    in a ```python block written where the command reads it, a glob expanded."""
    import glob

    args = shlex.split(command, comments=True)[1:]
    out: list[str] = []
    for i, a in enumerate(args):
        prev = args[i - 1] if i else ""
        if prev == "--data-dir":
            a = str(data_dir)
        elif prev in ("--plugin", "--config") and not (cwd / a).exists():
            if (ROOT / a).exists():
                a = str(ROOT / a)
            elif prev == "--plugin" and (code := plugin_code(doc)):
                (cwd / a).write_text(code)
            else:
                return None, f"reads {a}, a file the reader writes"
        elif any(ch in a for ch in "*?") and (matches := sorted(glob.glob(a, root_dir=cwd))):
            out += matches  # the shell's expansion (no match: the word as written, as bash leaves it)
            continue
        out.append(a)
    if out[:2] == ["flower", "deploy"]:
        return None, "a Flower deployment: tests/flower/test_flower.py runs them (LocalDeployment, as `copfl flower deploy` does)"
    return out, ""


def plugin_code(doc: str) -> str | None:
    """The first ```python block of ``doc`` that registers an algorithm (the doc's plugin)."""
    text = (ROOT / doc).read_text() if doc.endswith(".md") else ""
    return next((b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "@register" in b), None)


def run_main(argv: list[str]) -> tuple[int, str]:
    """copfl's exit code and its output (stdout and stderr)."""
    from copfl.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            rc = main(argv)
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 1
    return rc, out.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize("doc", sorted(SCRIPTS))
def test_each_command_of_a_doc_runs_in_order(doc, tmp_path, monkeypatch):
    data_dir = Path(os.environ.get("COPFL_TEST_DATA") or tmp_path / "data")
    data_dir.mkdir(exist_ok=True) if not data_dir.exists() else None
    cwd = tmp_path / "work"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("COPFL_DATA_DIR", str(data_dir))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # ~/data and ~/.cache: this test's own
    done, left = [], []
    for command in SCRIPTS[doc]:
        argv, why = argv_of(command, data_dir, doc, cwd)
        if argv is None:
            left.append(f"left alone: {command}: {why}")
            continue
        if argv[0] == "flower" and argv[1] == "new":
            from copfl import flower

            if not flower.available():
                left.append(f"left alone: {command}: Flower is not installed")
                continue
        plan = None
        if argv[0] in DRY_RUN:
            rc, plan = run_main([*argv, "--dry-run"])
            assert rc == 0, f"{doc}: `{command} --dry-run` exited {rc}:\n{plan}"
            assert "nothing was" in plan or "nothing to run" in plan or argv[0] == "reproduce", plan
            seconds = estimated_seconds(plan)
            cheap = seconds is not None and seconds <= REAL_AT_MOST_S and "NOT FOUND" not in plan and "embedded" in plan
            if argv[0] == "reproduce" or not cheap or "does not exist yet" in plan:
                done.append(("dry run", command))
                continue
        rc, text = run_main(argv)
        assert rc == 0, f"{doc}: `{command}` exited {rc}:\n{text[-3000:]}"
        done.append(("ran", command))
    print("\n".join([*(f"{how}: {c}" for how, c in done), *left]))
    assert done or all("Flower" in x for x in left), f"{doc}: no command ran"


def test_the_doc_runner_reads_plans_and_substitutes_what_a_reader_would(tmp_path):
    """The pieces of the runner above: a dry run's total in seconds, the data directory, a
    repository file, a doc's plugin block, a file the reader writes, a deployment."""
    assert estimated_seconds("tuning: ...\ntotal: about 12 s on this kind of CPU") == 12
    assert estimated_seconds("total: about 4 min on this") == 240 and estimated_seconds("nothing") is None
    argv, why = argv_of("copfl run --data-dir ~/data --plugin examples/plugin_algorithm.py --algorithm x", tmp_path / "d", "README.md", tmp_path)
    assert argv == ["run", "--data-dir", str(tmp_path / "d"), "--plugin", str(ROOT / "examples" / "plugin_algorithm.py"), "--algorithm", "x"]
    argv, _ = argv_of("copfl list --plugin my_prox.py", tmp_path, "docs/writing-an-algorithm.md", tmp_path)
    assert argv == ["list", "--plugin", "my_prox.py"] and "@register" in (tmp_path / "my_prox.py").read_text()
    assert argv_of("copfl run --config run.toml --lr 0.01", tmp_path, "README.md", tmp_path) == (None, "reads run.toml, a file the reader writes")
    assert "Flower deployment" in argv_of("copfl flower deploy my-app", tmp_path, "README.md", tmp_path)[1]
    (tmp_path / "runs" / "a").mkdir(parents=True)
    (tmp_path / "runs" / "b").mkdir()
    assert argv_of("copfl table runs/* --sort selected", tmp_path, "README.md", tmp_path)[0] == ["table", "runs/a", "runs/b", "--sort", "selected"]
    assert sum(len(v) for v in SCRIPTS.values()) > 100  # every doc's commands, each file's once
