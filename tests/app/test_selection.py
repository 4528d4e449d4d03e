"""compare --select: one budget for many methods (copfl.app.selection): the halving's rules by
hand, then a small race end to end, resumed, and the refusals."""

from __future__ import annotations

import json
import math

import pytest

from copfl.app.selection import REFERENCE, chosen_rows, ranked, survivors, within_noise
from copfl.app.variants import NOT_IN_ALL, parse_rows
from copfl.cli import main

PROBLEM = ["--dataset", "digits", "--clients", "4", "--rounds", "2", "--seed", "3"]


def test_the_halving_keeps_the_better_half_never_fewer_than_three_and_always_local():
    best = {"a": 0.9, "b": 0.8, "c": None, "d": 0.85, "e": 0.5, "f": 0.7, "g": 0.75, "local": 0.1}
    alive = list(best)
    assert ranked(alive, best) == ["a", "d", "b", "g", "f", "e", "local", "c"]  # no completed trial: last
    assert survivors(alive, best) == ["a", "d", "b", "g", "local"]  # ceil(7 / 2) = 4 besides Local, and Local
    assert survivors(["a", "b", "d", "e"], best) == ["a", "d", "b"]  # ceil(4 / 2) = 2 < 3: three stay
    assert survivors(["a", "local", "e"], best) == ["a", "e", "local"]
    assert survivors(alive, best, eta=len(alive)) == ["a", "d", "b", "local"]  # the final cut: the best three and Local
    assert REFERENCE == "local"


def test_within_noise_is_the_gap_against_the_root_of_both_variances():
    w = {"selected_mean": 0.80, "selected_std": 0.03}
    assert within_noise({"selected_mean": 0.76, "selected_std": 0.04}, w)  # gap 0.04 <= hypot(0.03, 0.04) = 0.05
    assert not within_noise({"selected_mean": 0.74, "selected_std": 0.04}, w)  # gap 0.06 > 0.05
    assert math.isclose(math.hypot(0.03, 0.04), 0.05)
    assert within_noise({"selected_mean": 0.80, "selected_std": None}, {"selected_mean": 0.80, "selected_std": None})
    assert not within_noise({"selected_mean": None}, w)


def test_a_methods_row_is_its_tuned_one_unless_tuning_kept_the_default():
    rows = [{"variant": "a", "setting": "default", "selected_mean": 0.5}, {"variant": "a", "setting": "tuned", "selected_mean": 0.6},
            {"variant": "b", "setting": "default", "selected_mean": 0.7},
            {"variant": "b", "setting": "tuned", "selected_mean": 0.7, "same_as_default": "the default setting scored best"}]
    chosen = chosen_rows(rows)
    assert chosen["a"]["setting"] == "tuned" and chosen["b"]["setting"] == "default"


def test_all_is_every_method_but_centralized_and_minus_takes_one_out():
    from copfl.algorithms.base import algorithm_names

    every = [r.key for r in parse_rows("all")]
    assert every == [n for n in algorithm_names() if n not in NOT_IN_ALL] and "centralized" not in every and len(every) >= 29
    assert [r.key for r in parse_rows("all,-pfedsv,centralized")] == [n for n in every if n != "pfedsv"] + ["centralized"]
    for text, message in [("all,nope", "unknown algorithm 'nope'"), ("all,-nope", "unknown algorithm 'nope'"),
                          ("fedavg,-local", "takes a method out of 'all'")]:
        with pytest.raises(ValueError, match=message):
            parse_rows(text)


@pytest.mark.slow  # real races: about a minute each on one core
def test_a_small_race_names_its_winner_and_resumes_without_running_again(tmp_path, capsys):
    out = tmp_path / "sel"
    args = ["compare", "--algorithms", "local,fedavg,fedrep,ditto,fedper,fedbn", "--budget", "6s", "--select", "--out", str(out), *PROBLEM]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "selection, step 0: 6 method(s) in" in err
    sel = json.loads((out / "selection.json").read_text())
    assert sel["budget_seconds"] == 6.0 and sel["spent_seconds"] >= 6.0 and set(sel["trials"]) == {"local", "fedavg", "fedrep", "ditto", "fedper", "fedbn"}
    assert len(sel["kept"]) == 4 and "local" in sel["kept"] and sel["winner"] == sel["kept"][0]
    assert all(n >= 1 for n in sel["trials"].values()) and set(sel["dropped_at_step"]) == set(sel["trials"]) - set(sel["kept"])
    assert all(sel["trials"][k] >= max(sel["trials"][d] for d in sel["dropped_at_step"]) for k in sel["kept"])  # the kept ran as many or more
    assert set(sel["finals"]) == set(sel["kept"]) and set(sel["within_noise"]) <= set(sel["kept"]) - {sel["winner"]}
    doc = json.loads((out / "compare.json").read_text())
    assert doc["selection"] == sel and {r["variant"] for r in doc["rows"]} == set(sel["kept"])
    md = (out / "compare.md").read_text()
    assert f"**Winner: {sel['winner']}**" in md and "| method | trials | best val (search) |" in md
    # the same command again: the budget is spent, nothing is tuned or run again, the same answer
    assert main(args) == 0
    again = json.loads((out / "selection.json").read_text())
    assert again["kept"] == sel["kept"] and again["trials"] == sel["trials"] and again["spent_seconds"] == sel["spent_seconds"]


def test_select_refuses_what_it_cannot_do_before_any_data_is_loaded(tmp_path, capsys):
    cases = [
        (["--algorithms", "all", "--budget", "1s", "--select"], "--budget 1s is too small to run one trial of each of the"),
        (["--algorithms", "local,fedavg", "--select"], "--select needs --budget DURATION"),
        (["--algorithms", "local,fedavg", "--select", "--budget", "1m", "--tune", "3"], "goes with neither --tune N nor --params"),
        (["--algorithms", "all,nope", "--select", "--budget", "1h"], "unknown algorithm 'nope'"),
    ]
    for extra, message in cases:
        try:
            status = main(["compare", *extra, "--out", str(tmp_path / "x"), *PROBLEM])
        except SystemExit as e:  # a name no registry holds: refused as the command line is read
            status = e.code
        assert status == 2, extra
        assert message in capsys.readouterr().err, extra
    assert not (tmp_path / "x").exists()


def test_select_dry_run_prices_the_search_and_the_final_rows(capsys):
    assert main(["compare", "--algorithms", "all", "--budget", "1h", "--select", "--dry-run", *PROBLEM]) == 0
    text = capsys.readouterr().out
    assert "selection: 29 methods raced for --budget 1 h" in text or "selection: " in text and "--budget" in text
    assert "final runs: about" in text and "nothing was run" in text


@pytest.mark.slow  # real races: about a minute each on one core
def test_a_race_stopped_early_goes_on_from_its_studies_when_given_more_budget(tmp_path, capsys):
    """What an interrupted race leaves (its studies' trials) is kept: the same folder with a
    larger budget continues the search from them instead of starting again."""
    out = tmp_path / "sel"
    base = ["compare", "--algorithms", "local,fedavg,fedrep,ditto,fedper", "--select", "--out", str(out), *PROBLEM]
    assert main([*base, "--budget", "2s"]) == 0
    first = json.loads((out / "selection.json").read_text())
    # more trials may tune a kept row to other values: its final runs are replaced (--overwrite; without it, refused by name)
    assert main([*base, "--budget", "8s", "--overwrite"]) == 0
    second = json.loads((out / "selection.json").read_text())
    capsys.readouterr()
    assert all(second["trials"][k] >= n for k, n in first["trials"].items()) and sum(second["trials"].values()) > sum(first["trials"].values())
    assert second["spent_seconds"] >= 8.0 and second["spent_seconds"] > first["spent_seconds"]
