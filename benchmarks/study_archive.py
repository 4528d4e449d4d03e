"""Keep a long study's progress in small files that can be committed, and bring it back.

A study of `copfl compare --tune` folders (benchmarks/study_tuned_vs_default.sh) runs for many
hours, longer than the machine or the checkout it runs in may live. Its run folders hold
checkpoints and plots that must not be committed, but what it needs to go on and what its report
reads are small text files:

- per compare folder: ``compare.json``, ``compare.md``; per tune folder (a compare's ``tune/``,
  each study folder of a reproduction's ``tune/``): ``best.json``, ``tune.json``, ``tune.md`` and
  the Optuna study (``study.db``, kept as its SQL text, ``study.sql``: every trial, its values and
  its per-round reports);
- per *finished* run folder (``summary.json`` says ``"status": "completed"``, or ``"diverged"``:
  a final result too): ``summary.json``,
  ``config.json`` (a run with both is one that `copfl compare` skips when run again),
  ``metrics.jsonl`` and ``clients.csv`` (what the report's diagnosis reads).

``save RUN_ROOT ARCHIVE`` copies those into ARCHIVE under the same relative paths (a file is
rewritten only when its content changed). ``restore ARCHIVE RUN_ROOT`` puts them back where they
are missing (it never overwrites: a run folder that goes further than the archive keeps its
files); a study restored from ``study.sql`` continues where the archive left it (a trial that was
running when the archive was saved is counted as failed and run again with its values, from
round 1: the archive keeps no trial checkpoint). Then run the study's
command again: finished trials and runs are not repeated, and the report
(benchmarks/tuned_vs_default_report.py) can read the archive itself. The same holds for a
`copfl reproduce` output folder (its runs are found again by their summaries, its studies by
their study.db) and for the folders of benchmarks/study_unreliable.sh.

    python benchmarks/study_archive.py save runs/study-tuned-vs-default docs/results/tuned-vs-default-runs
    python benchmarks/study_archive.py restore docs/results/tuned-vs-default-runs runs/study-tuned-vs-default
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import tempfile
from pathlib import Path

from copfl.io import atomic_write
from copfl.reproduce.plan import FINAL_STATUSES

COMPARE_FILES = ("compare.json", "compare.md")
TUNE_FILES = ("best.json", "tune.json", "tune.md")
RUN_FILES = ("summary.json", "config.json", "metrics.jsonl", "clients.csv")
STUDY_DB, STUDY_SQL = "study.db", "study.sql"


def _write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` atomically unless it already holds exactly that; True when written."""
    if path.is_file() and path.read_bytes() == data:
        return False
    atomic_write(path, lambda f: f.write(data), binary=True)
    return True


def dump_study(db: Path) -> bytes:
    """The SQL text of an Optuna SQLite study, read from a consistent copy (a tune may be
    writing to it)."""
    src = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    mem = sqlite3.connect(":memory:")
    try:
        src.backup(mem)
        return ("\n".join(mem.iterdump()) + "\n").encode()
    finally:
        src.close()
        mem.close()


def load_study(sql: Path, db: Path) -> None:
    """Rebuild ``db`` from ``sql`` (written to a temporary file first, then moved into place)."""
    db.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=db.parent, prefix=f".{db.name}.")
    os.close(fd)
    try:
        con = sqlite3.connect(tmp)
        try:
            con.executescript(sql.read_text())
            con.commit()
        finally:
            con.close()
        os.replace(tmp, db)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _completed(run: Path) -> bool:
    """A run that ended: completed, or stopped by a diverging loss (a final result: reports show
    it, and `copfl reproduce` does not run it again)."""
    try:
        return json.loads((run / "summary.json").read_text()).get("status") in FINAL_STATUSES
    except (OSError, ValueError, AttributeError):
        return False


def kept_files(root: Path) -> list[tuple[Path, Path]]:
    """``(source, relative path)`` of every file of ``root`` that the archive keeps (the study
    database listed as its ``study.sql``)."""
    out: list[tuple[Path, Path]] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        d = Path(dirpath)
        rel = d.relative_to(root)
        names = set(filenames)
        if d.name == "tune" or STUDY_DB in names:  # a compare's tune/, a reproduce's tune/<study>/
            out += [(d / n, rel / n) for n in TUNE_FILES if n in names]
            if STUDY_DB in names:
                out.append((d / STUDY_DB, rel / STUDY_SQL))
        if "compare.json" in names:
            out += [(d / n, rel / n) for n in COMPARE_FILES if n in names]
        if "summary.json" in names and _completed(d):
            out += [(d / n, rel / n) for n in RUN_FILES if n in names]
    return out


def save(root: Path, archive: Path) -> dict[str, int]:
    """Copy ``root``'s kept files into ``archive``; counts of files written and unchanged."""
    if not root.is_dir():
        raise SystemExit(f"save: {root} is not a folder (expected the study's run root)")
    written = same = 0
    for src, rel in kept_files(root):
        data = dump_study(src) if src.name == STUDY_DB else src.read_bytes()
        if _write_if_changed(archive / rel, data):
            written += 1
        else:
            same += 1
    return {"written": written, "unchanged": same}


def restore(archive: Path, root: Path) -> dict[str, int]:
    """Put the archive's files into ``root`` where they are missing; counts restored and kept."""
    if not archive.is_dir():
        raise SystemExit(f"restore: {archive} is not a folder (expected an archive written by `save`)")
    restored = kept = 0
    for src in sorted(p for p in archive.rglob("*") if p.is_file() and not p.name.startswith(".")):
        rel = src.relative_to(archive)
        if src.name == STUDY_SQL:
            dst = root / rel.with_name(STUDY_DB)
            if dst.exists():
                kept += 1
                continue
            load_study(src, dst)
        else:
            dst = root / rel
            if dst.exists():
                kept += 1
                continue
            _write_if_changed(dst, src.read_bytes())
        restored += 1
    return {"restored": restored, "kept": kept}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("save", help="copy a run root's small files into an archive")
    s.add_argument("root", type=Path)
    s.add_argument("archive", type=Path)
    r = sub.add_parser("restore", help="put an archive's files back into a run root where missing")
    r.add_argument("archive", type=Path)
    r.add_argument("root", type=Path)
    a = ap.parse_args(argv)
    res = save(a.root, a.archive) if a.cmd == "save" else restore(a.archive, a.root)
    print(json.dumps({"command": a.cmd, **res}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
