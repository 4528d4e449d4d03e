"""copfl as a library: one version, the torch range it declares, and the wheel pip builds."""

import configparser
import shutil
import subprocess
import sys
import tomllib
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest

import copfl

ROOT = Path(__file__).parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
TORCH_RANGE = "torch>=2.11,<3"


def test_the_version_is_written_once_for_the_package_and_the_metadata():
    assert PROJECT["version"] == copfl.__version__


def test_citation_and_changelog_carry_the_version_and_the_papers():
    """CITATION.cff (copfl and its three papers), CITATION.bib and CHANGELOG.md say the version
    pyproject.toml says, and name the same papers."""
    import re

    cff = (ROOT / "CITATION.cff").read_text()
    assert re.search(r'^cff-version: 1\.2\.0$', cff, re.M) and re.search(rf'^version: "{re.escape(PROJECT["version"])}"$', cff, re.M)
    assert "url:" not in cff and "repository-code:" not in cff  # no public address yet
    titles = re.findall(r'^    title: "(.+)"$', cff, re.M)
    assert len(titles) == 3 and titles[0].startswith("CO-PFL:") and titles[2].startswith("DPAO-PFL:")
    bib = (ROOT / "CITATION.bib").read_text()
    bib_titles = [re.sub(r"[{}]", "", t) for t in re.findall(r"^\s*title\s*=\s*\{(.+)\},?$", bib, re.M)]
    assert set(titles) <= set(bib_titles) and f"version = {{{PROJECT['version']}}}" in bib
    assert bib.count("@") == len(re.findall(r"^@\w+\{[\w-]+,$", bib, re.M)) == 4  # copfl and the three papers, each with a key
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert re.findall(r"^## \[([^\]]+)\]", changelog, re.M)[0] == PROJECT["version"]  # newest first
    assert "Keep a Changelog" in changelog and (ROOT / "CONTRIBUTING.md").is_file()


def test_pyproject_declares_the_supported_torch_range_and_the_library_metadata():
    assert TORCH_RANGE in PROJECT["dependencies"]
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert PROJECT["authors"] == [{"name": "copfl developers"}]
    assert "Typing :: Typed" in PROJECT["classifiers"]
    assert (ROOT / "src/copfl/py.typed").is_file()
    assert "mkdocstrings" in " ".join(PROJECT["optional-dependencies"]["docs"])


def test_the_wheel_ships_the_package_its_types_its_command_and_its_metadata(tmp_path):
    """pip builds the wheel from a copy of the sources (a build in the checkout would leave
    build/ behind, whose stale build/lib could put deleted modules into the next wheel)."""
    packaging_requirements = pytest.importorskip("packaging.requirements")
    from packaging.specifiers import SpecifierSet

    src = tmp_path / "src"
    shutil.copytree(ROOT / "src", src / "src", ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    dist = tmp_path / "dist"
    r = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--disable-pip-version-check", "-q", "-w", str(dist), str(src)],
        capture_output=True, text=True, timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    (wheel,) = dist.glob("copfl-*.whl")
    assert wheel.name == f"copfl-{copfl.__version__}-py3-none-any.whl"

    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        info = f"copfl-{copfl.__version__}.dist-info"
        metadata = HeaderParser().parsestr(zf.read(f"{info}/METADATA").decode())
        entry_points = configparser.ConfigParser()
        entry_points.read_string(zf.read(f"{info}/entry_points.txt").decode())

    assert {"copfl/py.typed", "copfl/cli.py", "copfl/__init__.py", "copfl/__main__.py", "copfl/commands/catalog.json"} <= names
    # every module of the source tree, subpackages included (each needs its __init__.py)
    modules = {p.relative_to(src / "src").as_posix() for p in (src / "src/copfl").rglob("*.py")}
    assert modules <= names, sorted(modules - names)
    assert f"{info}/licenses/LICENSE" in names

    assert entry_points["console_scripts"]["copfl"] == "copfl.cli:main"
    assert metadata["Name"] == "copfl"
    assert metadata["Version"] == copfl.__version__
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Requires-Python"] == PROJECT["requires-python"]
    torch_reqs = [
        packaging_requirements.Requirement(line)
        for line in metadata.get_all("Requires-Dist")
        if packaging_requirements.Requirement(line).name == "torch"
    ]
    assert [(q.specifier, q.marker) for q in torch_reqs] == [(SpecifierSet(">=2.11,<3"), None)]
