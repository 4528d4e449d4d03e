"""What the README tells a new user to type."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
README = (ROOT / "README.md").read_text()


def test_first_two_commands_install_run_and_test():
    blocks = re.findall(r"```bash\n(.*?)```", README, re.S)
    assert blocks[:2] == ["pip install -c constraints.txt -e . && copfl run\n", "pip install -c constraints.txt -e '.[test]' && python -m pytest\n"]


def test_install_commands_pin_torch_through_the_constraints_file():
    """Every install command resolves exactly torch==2.13.0 through constraints.txt; the package
    declares the range it supports, as a library should."""
    import tomllib

    assert "torch==2.13.0" in (ROOT / "constraints.txt").read_text().splitlines()
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert "torch>=2.11,<3" in deps
    assert "`torch>=2.11,<3` in pyproject.toml" in README
    for cmd in re.findall(r"^(?:python -m )?pip install [^\n]*-e [^\n]*$", README + (ROOT / ".ci/run").read_text(), re.M):
        assert "-c constraints.txt" in cmd, cmd


def test_readme_says_how_to_get_the_cpu_build_and_the_cuda_builds_of_torch():
    text = " ".join(README.split())
    # the pin alone does not choose the build: the old claim that it avoids a CUDA download is gone
    assert "any other version or an open range pulls a multi-gigabyte CUDA build" not in text
    assert "on Linux, PyPI serves the CUDA build" in text
    assert "pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu" in README
    assert "--index-url https://download.pytorch.org/whl/cu126" in text and "matches your CUDA version" in text
    # the machines that run the tests install torch from a local wheel: no index URL there
    for f in (".ci/run", "pyproject.toml"):
        assert "download.pytorch.org" not in (ROOT / f).read_text(), f


def _fresh_clone(dest: Path) -> Path:
    """The repository's files as a fresh clone has them (tracked, and new files not ignored),
    copied to ``dest``: no build folder, no egg-info, no runs."""
    import shutil
    import subprocess

    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, text=True)
    if listed.returncode != 0:  # not a git checkout: everything but what .gitignore names
        shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns(".git", "runs", "*.egg-info", "__pycache__", "build", "dist", ".venv"))
        return dest
    for rel in filter(None, listed.stdout.split("\0")):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


@pytest.mark.slow
def test_the_readme_installs_and_runs_as_written_in_a_fresh_venv(tmp_path):
    """Issue 77: the README's two commands, as written, in a fresh virtual environment on a fresh
    copy of the repository (pip's cache of wheels allowed). The first installs and runs the
    embedded default; the second installs the test extra, and its pytest collects every test
    (CI's first step runs that whole command in a clean environment). Nothing else is installed:
    no optional extra."""
    import json
    import os
    import subprocess
    import sys

    first, second = re.findall(r"```bash\n(.*?)```", README, re.S)[:2]
    repo = _fresh_clone(tmp_path / "repo")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "COPFL_", "PYTEST"))}
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", VIRTUAL_ENV=str(venv), PIP_DISABLE_PIP_VERSION_CHECK="1")

    def sh(command: str, timeout: float = 1200) -> str:
        done = subprocess.run(["bash", "-c", command], cwd=repo, env=env, capture_output=True, text=True, timeout=timeout)
        assert done.returncode == 0, f"`{command}` exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
        return done.stdout + done.stderr

    sh(first.strip())
    summaries = list((repo / "runs").glob("*/summary.json"))
    assert len(summaries) == 1 and json.loads(summaries[0].read_text())["status"] == "completed"
    install, test = second.strip().split(" && ")
    assert test == "python -m pytest"
    sh(install)
    collected = sh("python -m pytest --collect-only -q -n 0 -p no:cacheprovider", timeout=600)
    assert re.search(r"(\d{4,}) tests collected", collected), collected[-2000:]
    frozen = sh("python -m pip freeze").lower()
    assert "torch==2.13.0" in frozen
    for extra in ("flwr", "mlflow", "tensorboard", "mkdocs", "ray"):
        assert not re.search(rf"^{extra}[=\s]", frozen, re.M), f"{extra} was installed by the README's commands"
