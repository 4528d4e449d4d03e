"""Every markdown file of the repository (README.md, docs/, studies/, benchmarks/...) stands on
its own: no link leaves the repository but to a web address, every file a link names exists
(and every heading an anchor names), and no text sends the reader to notes that are not in it
(a sibling `../shared` folder, the reading notes' old file names, an issue tracker's numbers)."""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def markdown_files() -> list[Path]:
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard", "*.md"],
                            capture_output=True, text=True)
    if listed.returncode == 0:
        return sorted(ROOT / p for p in filter(None, listed.stdout.split("\0")) if (ROOT / p).is_file())
    return sorted(p for p in ROOT.rglob("*.md") if not {".git", "runs", "site", ".venv"} & set(p.relative_to(ROOT).parts))


FILES = markdown_files()
FENCE = re.compile(r"^\s*(```|~~~).*?^\s*\1", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+(\S+)", re.M)
# what a reader cannot follow from this repository
OUTSIDE = {
    "a sibling ../shared folder": re.compile(r"\.\./shared\b"),
    "a machine's absolute path": re.compile(r"/work/"),
    "the reading notes' old file name (they are docs/papers/reading-notes.md)": re.compile(r"PAPER-NOTES"),
    "the papers' text files (cite the paper: title, authors, venue, link)": re.compile(r"\bpapers/[\w-]+\.txt\b"),
    "an issue tracker's number (say what was done, not which issue asked)": re.compile(r"\b[Ii]ssues?\s+#?\d+"),
}


def rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


def links(text: str) -> list[str]:
    """The link targets of a markdown text, code blocks and code spans left out."""
    text = INLINE_CODE.sub("", FENCE.sub("", text))
    return LINK.findall(text) + REFERENCE.findall(text)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub and MkDocs' toc both make it for copfl's headings."""
    h = re.sub(r"\{#([^}]+)\}\s*$", "", heading).strip()
    h = re.sub(r"[`*]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", h).lower()
    return re.sub(r"\s+", "-", re.sub(r"[^\w\s-]", "", h)).strip("-")


def anchors(md: Path) -> set[str]:
    text = FENCE.sub("", md.read_text(encoding="utf-8"))
    found = {slug(h) for h in re.findall(r"^#{1,6}\s+(.*)$", text, re.M)}
    found |= set(re.findall(r"\{#([\w-]+)\}", text)) | set(re.findall(r"<a (?:id|name)=\"([\w-]+)\"", text))
    return found


def test_the_repository_has_its_markdown_files():
    names = {rel(f) for f in FILES}
    assert {"README.md", "docs/tuning.md", "docs/papers/reading-notes.md", "docs/results/README.md"} <= names


@pytest.mark.parametrize("md", FILES, ids=rel)
def test_no_markdown_file_sends_the_reader_outside_the_repository(md):
    text = md.read_text(encoding="utf-8")
    found = [f"line {text[:m.start()].count(chr(10)) + 1}: {m.group(0)!r} ({why})"
             for why, pattern in OUTSIDE.items() for m in pattern.finditer(text)]
    assert not found, f"{rel(md)}:\n" + "\n".join(found)


@pytest.mark.parametrize("md", FILES, ids=rel)
def test_every_link_names_a_file_of_the_repository_or_a_web_address(md):
    bad = []
    for target in links(md.read_text(encoding="utf-8")):
        if re.match(r"^(https?|mailto):", target):
            continue
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("/"):
            bad.append(f"{target}: not a relative link or a web address")
            continue
        path, _, anchor = target.partition("#")
        dest = (md.parent / path).resolve() if path else md
        if not dest.is_relative_to(ROOT):
            bad.append(f"{target}: outside the repository")
        elif not dest.exists():
            bad.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            bad.append(f"{target}: no heading #{anchor} in {rel(dest)}")
    assert not bad, f"{rel(md)}:\n" + "\n".join(bad)


def test_the_link_checker_reads_links_as_markdown_does():
    assert links("[a](x.md) ![p](img.png \"title\") `[not](a.md)`\n```\n[no](b.md)\n```\n[ref]: docs/c.md") == ["x.md", "img.png", "docs/c.md"]
    assert slug("Which method for my data: `compare --select`") == "which-method-for-my-data-compare---select"
    assert slug("Parallel clients on Ray (`--workers N`)") == "parallel-clients-on-ray---workers-n"
    assert slug("On a GPU (`benchmarks/gpu_check.py`)") == "on-a-gpu-benchmarksgpu_checkpy"
    assert slug("pFedSV: ambiguities, defaults and options (A1-A20)") == "pfedsv-ambiguities-defaults-and-options-a1-a20"


def test_a_report_shows_the_data_directory_as_a_placeholder():
    """`copfl reproduce` reports write the command that made them, with the machine's paths as
    placeholders (the reports under docs/results are markdown of this repository)."""
    from copfl.reproduce.report import shown_command, shown_reason

    cmd = "copfl reproduce table2 --scale cpu --data-dir /data/x --out /tmp/w --cache-dir c --columns a,b"
    assert shown_command(cmd) == "copfl reproduce table2 --scale cpu --data-dir DIR --out OUT --cache-dir CACHE --columns a,b"
    assert shown_command("copfl reproduce table2 --out runs/r") == "copfl reproduce table2 --out runs/r"
    assert shown_reason("looked for /data/x/cifar-100-python (the data directory /data/x has none)\nmore", cmd) == (
        "looked for DIR/cifar-100-python (the data directory DIR has none)")


def test_no_source_file_sends_its_reader_outside_the_repository():
    """copfl's code cites the papers and docs/papers/reading-notes.md, not notes or issues that are
    not in the repository (its docstrings are the API reference; its texts are help and reports)."""
    found = []
    for py in sorted((ROOT / "src" / "copfl").rglob("*.py")):
        text = py.read_text(encoding="utf-8")
        found += [f"{rel(py)}:{text[:m.start()].count(chr(10)) + 1}: {m.group(0)!r} ({why})"
                  for why, pattern in OUTSIDE.items() if "absolute path" not in why for m in pattern.finditer(text)]
    assert not found, "\n".join(found)
