"""studies/study_archive.py: a long study's progress kept in small committable files. A study
restored from its archive goes on where the archive left it and ends with the same results as one
never interrupted."""

import json
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from copfl.cli import main
from helpers import load_script

ROOT = Path(__file__).resolve().parents[2]
PROBLEM = ["--dataset", "digits", "--clients", "6", "--rounds", "3", "--seed", "3"]


def _archive():
    return load_script("studies/study_archive.py")


def _compare(out, trials=2):
    # --lr 0.002: a default setting a searched one beats, so that the tuned row has runs of its own
    return main(["compare", "--algorithms", "fedavg", "--tune", str(trials), "--seeds", "2", "--lr", "0.002", "--out", str(out), *PROBLEM])


def _trials(db):
    con = sqlite3.connect(db)
    try:
        return con.execute("select number, state, value from trials join trial_values using (trial_id) order by number").fetchall()
    finally:
        con.close()


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished `compare --tune 2 --seeds 2` folder (shared: the tests only read it)."""
    out = tmp_path_factory.mktemp("study") / "run"
    assert _compare(out) == 0
    return out


def _rows(folder):
    keep = ("variant", "setting", "params", "selected_mean", "selected_std", "final_mean", "final_std")
    return [{k: r.get(k) for k in keep} for r in json.loads((folder / "compare.json").read_text())["rows"]]


def test_save_keeps_only_small_text_files_and_rewrites_nothing_unchanged(tmp_path, finished):
    arc = _archive()
    assert arc.save(finished, tmp_path / "arc") == {"written": 22, "unchanged": 0}
    files = sorted(p.relative_to(tmp_path / "arc").as_posix() for p in (tmp_path / "arc").rglob("*") if p.is_file())
    assert "tune/study.sql" in files and "tune/best.json" in files and "compare.json" in files
    assert "seed-3/fedavg+tuned/summary.json" in files and "seed-4/fedavg/metrics.jsonl" in files
    assert not [f for f in files if f.endswith((".db", ".png", ".pt", ".lock")) or "split" in f]
    assert arc.save(finished, tmp_path / "arc") == {"written": 0, "unchanged": 22}


def test_a_restored_study_reruns_nothing_finished_and_gives_the_same_rows(tmp_path, capsys, finished):
    arc = _archive()
    arc.save(finished, tmp_path / "arc")
    (tmp_path / "arc" / "seed-4" / "fedavg+tuned" / "summary.json").unlink()  # a run the archive did not see finish
    assert arc.restore(tmp_path / "arc", tmp_path / "again")["restored"] == 21
    assert _trials(tmp_path / "again" / "tune" / "study.db") == _trials(finished / "tune" / "study.db")
    capsys.readouterr()
    assert _compare(tmp_path / "again") == 0
    err = capsys.readouterr().err
    assert "seed 3: fedavg, fedavg+tuned already finished" in err
    assert _trials(tmp_path / "again" / "tune" / "study.db") == _trials(finished / "tune" / "study.db")  # no trial ran
    assert _rows(tmp_path / "again") == _rows(finished)  # the rerun seed-4 tuned run gave the same figures
    assert (tmp_path / "again" / "tune" / "best.json").read_bytes() == (finished / "tune" / "best.json").read_bytes()
    assert arc.restore(tmp_path / "arc", tmp_path / "again") == {"restored": 0, "kept": 21}  # never overwrites


def test_a_study_archived_part_way_continues_to_the_uninterrupted_trials(tmp_path):
    arc = _archive()
    assert main(["tune", "--algorithms", "fedavg", "--trials", "1", "--out", str(tmp_path / "part" / "tune"), *PROBLEM]) == 0
    arc.save(tmp_path / "part", tmp_path / "arc")
    arc.restore(tmp_path / "arc", tmp_path / "cont")
    assert main(["tune", "--algorithms", "fedavg", "--trials", "3", "--out", str(tmp_path / "cont" / "tune"), *PROBLEM]) == 0
    assert main(["tune", "--algorithms", "fedavg", "--trials", "3", "--out", str(tmp_path / "whole" / "tune"), *PROBLEM]) == 0
    assert _trials(tmp_path / "cont" / "tune" / "study.db") == _trials(tmp_path / "whole" / "tune" / "study.db")
    assert len(_trials(tmp_path / "whole" / "tune" / "study.db")) == 3
    assert (tmp_path / "cont" / "tune" / "best.json").read_bytes() == (tmp_path / "whole" / "tune" / "best.json").read_bytes()


def test_bad_folders_are_refused_by_name(tmp_path):
    arc = _archive()
    with pytest.raises(SystemExit, match="nowhere is not a folder"):
        arc.save(tmp_path / "nowhere", tmp_path / "arc")
    with pytest.raises(SystemExit, match="expected an archive"):
        arc.restore(tmp_path / "nowhere", tmp_path / "root")


COMMITTER = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example"}


def _git(repo, *args):
    env = {**COMMITTER, "HOME": str(repo), "PATH": os.environ["PATH"]}
    return subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A git checkout with one commit on main (a source file), and a committer for publish."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    (repo / "src.py").write_text("x = 1\n")
    _git(repo, "add", "src.py")
    _git(repo, "commit", "-q", "-m", "source")
    for k, v in COMMITTER.items():
        monkeypatch.setenv(k, v)
    return repo


def test_published_archives_live_in_the_history_not_in_the_tree_and_restore_from_it(tmp_path, repo, finished):
    """Issue 79: run archives out of the source tree. `publish` puts an archive into a results
    commit joined to HEAD's history by a merge that keeps HEAD's files; `restore results:PATH`
    reads it from there, in this checkout and in a clone of it."""
    arc = _archive()
    local = tmp_path / "study.tar.xz"
    arc.save(finished, local, under="p/fedavg")
    head_tree = _git(repo, "rev-parse", "HEAD^{tree}")
    res = arc.publish([local], repo)
    assert res["published"] == 1 and res["files"] == ["archives/study.tar.xz"]
    assert _git(repo, "rev-parse", "HEAD^{tree}") == head_tree  # main's files unchanged
    assert _git(repo, "ls-files") == "src.py" and _git(repo, "status", "--porcelain") == ""
    assert _git(repo, "rev-parse", "HEAD^2") == res["results_commit"] == arc.results_commit(repo)
    assert sorted(f["path"] for f in arc.results_files(repo)) == ["README.md", "archives/study.tar.xz"]
    # a clone of main carries it: restore from there gives the saved files back, byte for byte
    clone = tmp_path / "clone"
    _git(tmp_path, "clone", "-q", str(repo), str(clone))
    assert arc.restore("results:archives/study.tar.xz", tmp_path / "back", repo=clone)["restored"] == 22
    assert (tmp_path / "back" / "p/fedavg/compare.json").read_bytes() == (finished / "compare.json").read_bytes()
    assert _trials(tmp_path / "back" / "p/fedavg/tune/study.db") == _trials(finished / "tune" / "study.db")
    # publishing it again changes nothing and commits nothing
    head = _git(repo, "rev-parse", "HEAD")
    assert arc.publish([local], repo) == {"published": 0, "results_commit": res["results_commit"]}
    assert _git(repo, "rev-parse", "HEAD") == head


def test_a_published_study_part_merges_into_the_archive_already_there(tmp_path, repo, finished):
    """A study's jobs save their parts locally; publishing them adds to (and replaces within) the
    committed archive of the same name, so parts saved in earlier sessions are kept; --replace
    replaces the whole file; the newer commit's parent is the older one."""
    arc = _archive()
    one, two = tmp_path / "a" / "s.tar.xz", tmp_path / "b" / "s.tar.xz"
    arc.save(finished, one, under="p/one")
    arc.save(finished, two, under="p/two")
    first = arc.publish([one], repo)["results_commit"]
    second = arc.publish([two], repo)["results_commit"]
    assert _git(repo, "rev-parse", f"{second}^") == first
    names = {p.parts[0] for p, _ in arc.archive_files("results:archives/s.tar.xz", "p", repo)}
    assert names == {"one", "two"}
    arc.publish([two], repo, replace=True)
    assert {p.parts[0] for p, _ in arc.archive_files("results:archives/s.tar.xz", "p", repo)} == {"two"}
    # any commit's file reads the same way (REV:PATH): the older archive, from its commit
    assert {p.parts[0] for p, _ in arc.archive_files(f"{first}:archives/s.tar.xz", "p", repo)} == {"one"}


def test_the_results_line_refuses_what_it_cannot_do_by_name(tmp_path, repo):
    arc = _archive()
    with pytest.raises(SystemExit, match="no results commit in this clone's history"):
        arc.restore("results:archives/x.tar.xz", tmp_path / "root", repo=repo)
    (tmp_path / "x.tar.xz").write_bytes(arc.tarball_bytes({"a.json": b"{}"}))
    arc.publish([tmp_path / "x.tar.xz"], repo)
    with pytest.raises(SystemExit, match=r"results:archives/y.tar.xz: no such file .*it holds: README.md, archives/x.tar.xz"):
        arc.restore("results:archives/y.tar.xz", tmp_path / "root", repo=repo)
    with pytest.raises(SystemExit, match="save into a local FILE.tar.xz, then `publish"):
        arc.save(tmp_path, "results:archives/x.tar.xz")
    with pytest.raises(SystemExit, match="publish: .*nope.tar.xz is not a file"):
        arc.publish([tmp_path / "nope.tar.xz"], repo)


def test_the_source_tree_tracks_no_run_archive():
    """The committed archives are in the results line, not in main's tree (issue 79)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    tracked = subprocess.run(["git", "ls-files", "*.tar.xz", "*.sql", "*.jsonl"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert tracked.stdout.split() == []


def test_a_tarball_archive_holds_what_a_folder_one_does_and_is_rewritten_only_on_change(tmp_path, finished):
    arc = _archive()
    arc.save(finished, tmp_path / "folder")
    tar = tmp_path / "study.tar.xz"
    assert arc.save(finished, tar) == {"written": 22, "unchanged": 0}
    first = tar.read_bytes()
    assert arc.save(finished, tar) == {"written": 0, "unchanged": 22} and tar.read_bytes() == first
    assert arc.pack(tmp_path / "folder", tmp_path / "packed.tar.xz") == {"written": 22, "unchanged": 0}
    assert (tmp_path / "packed.tar.xz").read_bytes() == first  # deterministic: same files, same bytes
    from_tar, from_folder = arc.read_tarball(tar), {rel.as_posix(): d for rel, d in arc.archive_files(tmp_path / "folder")}
    assert from_tar == from_folder and "tune/study.sql" in from_tar
    assert arc.restore(tar, tmp_path / "a") == arc.restore(tmp_path / "folder", tmp_path / "b") == {"restored": 22, "kept": 0}
    assert _trials(tmp_path / "a" / "tune" / "study.db") == _trials(finished / "tune" / "study.db")
    assert (tmp_path / "a" / "compare.json").read_bytes() == (finished / "compare.json").read_bytes()
    # a second study saved into the same file is added beside the first
    one = {"x/summary.json": b'{"status": "completed"}'}
    (tmp_path / "more" / "x").mkdir(parents=True)
    (tmp_path / "more" / "x" / "summary.json").write_bytes(one["x/summary.json"])
    assert arc.save(tmp_path / "more", tar) == {"written": 1, "unchanged": 0}
    assert set(arc.read_tarball(tar)) == set(from_tar) | {"x/summary.json"}
    # a study script's job saves its own part, PROBLEM/METHOD, and restores only that part
    assert arc.save(finished, tar, under="femnist/fedavg") == {"written": 22, "unchanged": 0}
    assert arc.restore(tar, tmp_path / "part", under="femnist/fedavg") == {"restored": 22, "kept": 0}
    assert (tmp_path / "part" / "compare.json").read_bytes() == (finished / "compare.json").read_bytes()
    assert arc.save(finished, tmp_path / "folder", under="femnist/fedavg")["written"] == 22
    assert (tmp_path / "folder" / "femnist" / "fedavg" / "compare.json").is_file()
    assert arc.restore(tmp_path / "folder", tmp_path / "none", under="mnist/fedavg") == {"restored": 0, "kept": 0}
    with pytest.raises(SystemExit, match="expected a relative path inside the archive"):
        arc.save(finished, tar, under="../out")


def test_a_tarball_that_is_not_one_is_refused_by_name(tmp_path):
    arc = _archive()
    (tmp_path / "bad.tar.xz").write_bytes(b"not xz")
    with pytest.raises(SystemExit, match="bad.tar.xz: not a readable .tar.xz archive"):
        arc.restore(tmp_path / "bad.tar.xz", tmp_path / "root")
    with pytest.raises(SystemExit, match="missing.tar.xz is not a file"):
        arc.restore(tmp_path / "missing.tar.xz", tmp_path / "root")
    with pytest.raises(SystemExit, match="should name a .tar.xz file"):
        arc.pack(tmp_path, tmp_path / "out.zip")


def test_a_diverged_run_is_kept_like_a_completed_one_and_an_unfinished_one_is_not(tmp_path):
    mod = _archive()
    for name, status in (("done", "completed"), ("nan", "diverged"), ("cut", "interrupted")):
        d = tmp_path / "runs" / name
        d.mkdir(parents=True)
        (d / "summary.json").write_text(json.dumps({"status": status}))
        (d / "config.json").write_text("{}")
    kept = {str(rel) for _, rel in mod.kept_files(tmp_path)}
    assert kept == {"runs/done/summary.json", "runs/done/config.json", "runs/nan/summary.json", "runs/nan/config.json"}
