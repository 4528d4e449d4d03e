"""Keep a long study's progress in small files that can be committed, and bring it back.

A study of `copfl compare --tune` folders (studies/study_tuned_vs_default.sh) runs for many
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

``save RUN_ROOT ARCHIVE [--under PATH]`` copies those into ARCHIVE under the same relative paths
(below PATH with ``--under``; a file is rewritten only when its content changed).
``restore ARCHIVE RUN_ROOT [--under PATH]`` puts them back where they are missing (it never
overwrites: a run folder that goes further than the archive keeps its files); a study restored
from ``study.sql`` continues where the archive left it (a trial that was running when the archive
was saved is counted as failed and run again with its values, from round 1: the archive keeps no
trial checkpoint). Then run the study's command again: finished trials and runs are not repeated,
and the report (studies/tuned_vs_default_report.py) reads the restored folder (or a folder
archive itself). The same holds for a `copfl reproduce` output folder (its runs are found again
by their summaries, its studies by their study.db) and for the folders of
studies/study_unreliable.sh.

An archive is a folder, or one compressed file (a name ending in ``.tar.xz``); ``save`` and
``restore`` take either (the study scripts' parallel jobs each save their own part,
``--under PROBLEM/METHOD``, into the one file: a lock file, ``.NAME.lock`` beside it, keeps their
saves apart); ``pack FOLDER FILE.tar.xz`` turns a folder archive into one file. The file is
deterministic: the same files give the same bytes (sorted names, no dates or owners), so saving an
unchanged study rewrites nothing.

The committed archives are not in the source tree: ``publish FILE.tar.xz`` puts one into the
*results line*, commits of their own (``archives/NAME.tar.xz``) joined to the current branch's
history by a merge that changes none of its files (an archive of the same name already there is
merged with it file by file: a study's parts saved this time replace theirs, the rest stays;
``--replace`` replaces it whole). A clone of main carries them, its tree holds none, and
``restore results:archives/NAME.tar.xz OUT`` reads one back (``REV:PATH`` reads any commit's file;
``ls`` lists the results line's files). A shallow clone lacks them: ``git fetch --unshallow``.

    python studies/study_archive.py restore results:archives/tuning-study-runs.tar.xz runs/study-tuning
    STUDY=tuning ARCHIVE=runs/archives/tuning-study-runs.tar.xz bash studies/study_tuned_vs_default.sh DIR runs/study-tuning
    python studies/study_archive.py publish runs/archives/tuning-study-runs.tar.xz
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import io
import json
import lzma
import os
import re
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
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


TARBALL = ".tar.xz"


def is_tarball(archive: Path) -> bool:
    """An archive kept as one compressed file (its name ends in ``.tar.xz``), not a folder."""
    return archive.name.endswith(TARBALL)


def read_tarball(archive: Path) -> dict[str, bytes]:
    """Every file of a ``.tar.xz`` archive: relative posix path -> bytes (empty when absent)."""
    if not archive.exists():
        return {}
    return _untar(archive.read_bytes(), str(archive))


def _untar(data: bytes, name: str) -> dict[str, bytes]:
    """The files of the ``.tar.xz`` bytes ``data`` (``name`` says where they came from in errors)."""
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:xz") as tar:
            return {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
    except (tarfile.TarError, lzma.LZMAError, EOFError) as e:
        raise SystemExit(f"{name}: not a readable .tar.xz archive ({e}); expected one written by `save` or `pack`") from e


# The results line: the committed archives live in commits of their own, out of main's tree. Each
# such commit holds the files of the previous one and what `publish` added (``archives/NAME.tar.xz``,
# ``retired/...``), carries the line RESULTS_MARK in its message, and is joined to main's history by
# a merge commit that keeps main's files as they were: a clone of main (a full one, not
# ``--depth``) carries every archive, while main's tree, and code tools reading it, hold none.
RESULTS = "results"
RESULTS_MARK = "Copfl-Results: archives"
RESULTS_README = """# copfl's results line

The run archives of copfl's studies and reproductions (studies/study_archive.py), kept out of
the source tree: this commit and its parents are joined to main's history by merges that change no
file of main. `archives/NAME.tar.xz` is one study's archive; `retired/` holds reports and pictures
that main's docs no longer show. From a clone of main:

    python studies/study_archive.py ls
    python studies/study_archive.py restore results:archives/NAME.tar.xz OUT
    python studies/study_archive.py publish FILE.tar.xz
"""
CHECKOUT = Path(__file__).resolve().parents[1]  # the repository whose history holds the results line
_SPEC = re.compile(r"^(?P<rev>[^:\s]+):(?P<path>[^:]+)$")


def _git(repo: Path, *args: str, data: bytes | None = None, env: dict | None = None) -> bytes:
    """Run git in ``repo``; its output, or a SystemExit naming the command and git's own words."""
    try:
        res = subprocess.run(["git", *args], check=False, cwd=repo, input=data, capture_output=True, env=env)
    except FileNotFoundError as e:
        raise SystemExit("git is not installed: the results line (results:PATH) needs it") from e
    if res.returncode:
        raise SystemExit(f"git {' '.join(args)} (in {repo}): {res.stderr.decode().strip() or 'failed'}")
    return res.stdout


def results_commit(repo: Path) -> str | None:
    """The newest commit of the results line in HEAD's history (None when there is none)."""
    out = _git(repo, "log", "-1", "--format=%H", f"--grep=^{RESULTS_MARK}$", "HEAD").decode().strip()
    return out or None


def is_git_spec(archive) -> bool:
    """``REV:PATH`` (``results:archives/NAME.tar.xz``, or any commit's file) rather than a path here."""
    return not Path(archive).exists() and _SPEC.match(str(archive)) is not None


def read_git_file(spec: str, repo: Path) -> bytes:
    """The bytes of ``REV:PATH`` in ``repo``'s history; REV ``results`` is the newest results commit."""
    m = _SPEC.match(spec)
    if m is None:
        raise SystemExit(f"{spec!r}: expected REV:PATH, e.g. results:archives/NAME.tar.xz")
    rev, path = m["rev"], m["path"]
    if rev == RESULTS:
        rev = results_commit(repo)
        if rev is None:
            raise SystemExit(f"{spec}: no results commit in this clone's history (a shallow clone? "
                             "`git fetch --unshallow` brings the whole history)")
    try:
        return _git(repo, "cat-file", "blob", f"{rev}:{path}")
    except SystemExit as e:
        try:
            names = _git(repo, "ls-tree", "-r", "--name-only", rev).decode().split()
        except SystemExit:  # not a commit either
            names = []
        hint = f"; it holds: {', '.join(names)}" if names and len(names) <= 40 else ""
        raise SystemExit(f"{spec}: no such file ({e}){hint}") from None


def results_files(repo: Path) -> list[dict]:
    """What the newest results commit holds: path and size of each file (empty when there is none)."""
    commit = results_commit(repo)
    if commit is None:
        return []
    out = []
    for line in _git(repo, "ls-tree", "-r", "-l", commit).decode().splitlines():
        meta, path = line.split("\t", 1)
        out.append({"path": path, "bytes": int(meta.split()[3])})
    return out


def publish(files: list[Path], repo: Path, to: str = "archives", replace: bool = False,
            message: str | None = None) -> dict:
    """Put ``files`` into a new results commit under ``to/`` and join it to HEAD's history with a
    merge that keeps HEAD's files. A ``.tar.xz`` archive is merged file by file into the one of the
    same name already there (the parts a study saved this time replace theirs, the rest is kept)
    unless ``replace``. Nothing is committed when nothing changed."""
    prefix = _under(to)
    for f in files:
        if not f.is_file():
            raise SystemExit(f"publish: {f} is not a file (expected an archive written by `save` or `pack`)")
    prev = results_commit(repo)
    head = _git(repo, "rev-parse", "--verify", "HEAD").decode().strip()
    had = set(_git(repo, "ls-tree", "-r", "--name-only", prev).decode().splitlines()) if prev else set()
    content = {"README.md": RESULTS_README.encode()}
    for f in files:
        path, data = prefix + f.name, f.read_bytes()
        if is_tarball(f) and not replace and path in had:
            merged = _untar(read_git_file(f"{prev}:{path}", repo), f"{RESULTS}:{path}")
            merged.update(_untar(data, str(f)))
            data = tarball_bytes(merged)
        content[path] = data
    changed = []
    with tempfile.TemporaryDirectory() as tmp:  # an index of its own: the checkout's is not touched
        env = {**os.environ, "GIT_INDEX_FILE": str(Path(tmp) / "index")}
        _git(repo, "read-tree", *([prev] if prev else ["--empty"]), env=env)
        for path, data in content.items():
            blob = _git(repo, "hash-object", "-w", "--stdin", data=data).decode().strip()
            staged = _git(repo, "ls-files", "--stage", "--", path, env=env).decode().split()
            if staged[1:2] != [blob]:
                changed.append(path)
                _git(repo, "update-index", "--add", "--cacheinfo", f"100644,{blob},{path}", env=env)
        tree = _git(repo, "write-tree", env=env).decode().strip()
    published = [p for p in changed if p != "README.md"]
    if not published:
        return {"published": 0, "results_commit": prev}
    msg = message or f"Results: {', '.join(published)}"
    commit = _git(repo, "commit-tree", tree, *(["-p", prev] if prev else []), "-m", f"{msg}\n\n{RESULTS_MARK}").decode().strip()
    join = _git(repo, "commit-tree", f"{head}^{{tree}}", "-p", head, "-p", commit, "-m",
                f"Join results commit {commit[:12]} to the history (no file of this branch changes)\n\n{msg}").decode().strip()
    _git(repo, "update-ref", "-m", "study_archive.py publish", "HEAD", join, head)
    return {"published": len(published), "files": published, "results_commit": commit, "head": join}


def tarball_bytes(files: dict[str, bytes]) -> bytes:
    """The ``.tar.xz`` of ``files`` (relative posix path -> bytes), the same bytes for the same
    files: sorted names, regular files of mode 644, no dates, owners or folders."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name in sorted(files):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(files[name]), 0o644, 0
            tar.addfile(info, io.BytesIO(files[name]))
    return lzma.compress(raw.getvalue(), preset=9)


def _merge_into_tarball(archive: Path, new: dict[str, bytes]) -> dict[str, int]:
    """Add or replace ``new``'s files in the ``.tar.xz`` ``archive`` (its other files kept); the
    file is rewritten only when a file changed."""
    with _locked(archive):  # the study scripts' jobs save their parts into one file
        files = read_tarball(archive)
        written = sum(files.get(name) != data for name, data in new.items())
        files.update(new)
        if written or not archive.exists():
            _write_if_changed(archive, tarball_bytes(files))
    return {"written": written, "unchanged": len(new) - written}


@contextlib.contextmanager
def _locked(archive: Path):
    """Hold an exclusive lock on ``archive``'s lock file (``.NAME.lock`` beside it)."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    with open(archive.with_name(f".{archive.name}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _under(under: str | None) -> str:
    """``under`` as a clean relative posix prefix ('' for none), refused when it leaves the archive."""
    if not under:
        return ""
    parts = Path(under).parts
    if Path(under).is_absolute() or ".." in parts:
        raise SystemExit(f"--under {under!r}: expected a relative path inside the archive (e.g. PROBLEM/METHOD)")
    return Path(*parts).as_posix() + "/"


def save(root: Path, archive: Path, under: str | None = None) -> dict[str, int]:
    """Copy ``root``'s kept files into ``archive`` (a folder, or a ``.tar.xz`` file), under the
    relative path ``under`` when given (one study part of a bigger archive); counts of files
    written and unchanged."""
    if not root.is_dir():
        raise SystemExit(f"save: {root} is not a folder (expected the study's run root)")
    if is_git_spec(archive):
        raise SystemExit(f"save: {archive} is a commit's file; save into a local FILE.tar.xz, then `publish FILE.tar.xz`")
    prefix = _under(under)
    kept = {prefix + rel.as_posix(): dump_study(src) if src.name == STUDY_DB else src.read_bytes()
            for src, rel in kept_files(root)}
    if is_tarball(archive):
        return _merge_into_tarball(archive, kept)
    written = same = 0
    for rel, data in kept.items():
        if _write_if_changed(archive / rel, data):
            written += 1
        else:
            same += 1
    return {"written": written, "unchanged": same}


def archive_files(archive: Path | str, under: str | None = None, repo: Path | None = None) -> Iterator[tuple[Path, bytes]]:
    """``(relative path, bytes)`` of every file an archive (folder, ``.tar.xz``, or ``REV:PATH`` of
    one in ``repo``'s history: ``results:archives/NAME.tar.xz``) holds, sorted; with ``under``,
    only those under that relative path, relative to it."""
    prefix = _under(under)
    files = None  # one compressed file's contents; None for a folder archive
    if is_git_spec(archive):
        files = _untar(read_git_file(str(archive), repo or CHECKOUT), str(archive))
    elif is_tarball(Path(archive)):
        if not Path(archive).is_file():
            raise SystemExit(f"{archive} is not a file (expected an archive written by `save` or `pack`, or REV:PATH)")
        files = read_tarball(Path(archive))
    if files is not None:
        for name, data in sorted(files.items()):
            if name.startswith(prefix):
                yield Path(name[len(prefix):]), data
        return
    archive = Path(archive) / prefix if prefix else Path(archive)
    if prefix and not archive.exists():
        return  # a part the archive has not seen yet
    if not archive.is_dir():
        raise SystemExit(f"{archive} is not a folder (expected an archive written by `save`, a .tar.xz file, or REV:PATH)")
    for src in sorted(p for p in archive.rglob("*") if p.is_file() and not p.name.startswith(".")):
        yield src.relative_to(archive), src.read_bytes()


def restore(archive: Path | str, root: Path, under: str | None = None, repo: Path | None = None) -> dict[str, int]:
    """Put the archive's files (those under ``under`` when given) into ``root`` where they are
    missing; counts restored and kept."""
    restored = kept = 0
    for rel, data in archive_files(archive, under, repo):
        if rel.name == STUDY_SQL:
            dst = root / rel.with_name(STUDY_DB)
            if dst.exists():
                kept += 1
                continue
            with tempfile.TemporaryDirectory() as tmp:
                sql = Path(tmp) / STUDY_SQL
                sql.write_bytes(data)
                load_study(sql, dst)
        else:
            dst = root / rel
            if dst.exists():
                kept += 1
                continue
            _write_if_changed(dst, data)
        restored += 1
    return {"restored": restored, "kept": kept}


def pack(folder: Path, archive: Path) -> dict[str, int]:
    """Every file of a folder archive into the ``.tar.xz`` ``archive`` (merged with what it holds)."""
    if not is_tarball(archive):
        raise SystemExit(f"pack: {archive} should name a {TARBALL} file")
    if not folder.is_dir():
        raise SystemExit(f"pack: {folder} is not a folder (expected an archive folder written by `save`)")
    return _merge_into_tarball(archive, {rel.as_posix(): data for rel, data in archive_files(folder)})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", type=Path, default=CHECKOUT,
                    help="the git checkout whose history holds the results line (default: this script's)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("save", help="copy a run root's small files into an archive")
    s.add_argument("root", type=Path)
    s.add_argument("archive", type=Path)
    s.add_argument("--under", metavar="PATH", help="save into this relative path of the archive (PROBLEM/METHOD)")
    r = sub.add_parser("restore", help="put an archive's files back into a run root where missing")
    r.add_argument("archive", help="a folder, a .tar.xz file, or REV:PATH (results:archives/NAME.tar.xz)")
    r.add_argument("root", type=Path)
    r.add_argument("--under", metavar="PATH", help="restore only this relative path of the archive")
    k = sub.add_parser("pack", help="turn a folder archive into one .tar.xz file")
    k.add_argument("folder", type=Path)
    k.add_argument("archive", type=Path)
    u = sub.add_parser("publish", help="commit files to the results line, joined to HEAD's history (HEAD's files unchanged)")
    u.add_argument("files", type=Path, nargs="+")
    u.add_argument("--to", default="archives", metavar="DIR", help="their folder in the results line (default archives)")
    u.add_argument("--replace", action="store_true", help="replace an archive of the same name instead of merging into it")
    u.add_argument("-m", "--message", help="the results commit's message")
    sub.add_parser("ls", help="the files of the newest results commit")
    a = ap.parse_args(argv)
    if a.cmd == "save":
        res = save(a.root, a.archive, a.under)
    elif a.cmd == "restore":
        res = restore(a.archive, a.root, a.under, a.repo)
    elif a.cmd == "pack":
        res = pack(a.folder, a.archive)
    elif a.cmd == "publish":
        res = publish(a.files, a.repo, a.to, a.replace, a.message)
    else:
        res = {"results_commit": results_commit(a.repo), "files": results_files(a.repo)}
    print(json.dumps({"command": a.cmd, **res}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
