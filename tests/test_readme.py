"""What the README tells a new user to type."""

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
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
