"""copfl.reproduce.report_sections: the report's sections by hand (test-set resolution, honest change,
paired differences, the readings' answers)."""

import pytest


def test_test_set_resolution_by_hand():
    from copfl.reproduce.report_sections import resolution, resolution_section

    r = resolution([24, 23, 25, 22])  # the partial FEMNIST's 4 writers
    assert (r["clients"], r["min"], r["max"], r["total"]) == (4, 22, 25, 94)
    assert r["client_points_min"] == pytest.approx(4.0) and r["client_points_max"] == pytest.approx(100 / 22)
    assert r["mean_points_min"] == pytest.approx(1.0) and r["mean_points_max"] == pytest.approx(100 / 88)
    cells = [{"col": "E=1", "test_counts": [24, 23, 25, 22]}, {"col": "E=5", "test_counts": [24, 23, 25, 22]},
             {"col": "MNIST", "test_counts": [200] * 10}, {"col": "E=1", "test_counts": None},
             {"group": "CIFAR-10", "col": "M=10", "test_counts": [100] * 2}, {"group": "CINIC-10", "col": "M=10", "test_counts": [50] * 2}]
    assert resolution_section(cells) == [
        "## Test samples behind each column", "",
        "- E=1; E=5: 4 clients with 22-25 test samples each (94 in all): one test sample is 4.00-4.55 points of a "
        "client's accuracy and 1.00-1.14 points of the mean over clients.",
        "- MNIST: 10 clients with 200 test samples each (2000 in all): one test sample is 0.50 points of a client's "
        "accuracy and 0.05 points of the mean over clients.",
        "- M=10 (CIFAR-10): 2 clients with 100 test samples each (200 in all): one test sample is 1.00 points of a client's "
        "accuracy and 0.50 points of the mean over clients.",
        "- M=10 (CINIC-10): 2 clients with 50 test samples each (100 in all): one test sample is 2.00 points of a client's "
        "accuracy and 1.00 points of the mean over clients.",
        "",
    ]


def test_honest_change_on_the_same_clients_by_hand():
    from copfl.reproduce.report_sections import honest_change

    clean = {0: (0.80, False), 1: (0.70, False), 2: (0.60, False), 3: (0.50, False)}
    attacked = {0: (0.10, True), 1: (0.65, False), 2: (0.40, False), 3: (0.55, False)}
    # clients 1-3 are honest: (65 + 40 + 55) / 3 - (70 + 60 + 50) / 3 = 53.33 - 60 = -6.67 points
    assert honest_change(attacked, clean) == pytest.approx(-20 / 3)
    assert honest_change({0: (0.5, True)}, clean) is None  # nobody honest
    assert honest_change({5: (0.5, False)}, clean) is None  # nobody in both


def test_paired_difference_by_hand():
    from copfl.reproduce.report_sections import paired_difference

    a, b = {0: 80.0, 1: 82.0, 2: 81.0}, {0: 75.0, 1: 76.0, 2: 77.0}
    p = paired_difference(a, b)  # differences 5, 6, 4: mean 5, std 1; t(2) = 4.303 x 1 / sqrt 3 = 2.48 < 5
    assert p["diff"] == pytest.approx(5.0) and p["std"] == pytest.approx(1.0) and p["significant"] is True and p["seeds"] == 3
    noisy = paired_difference({0: 80.0, 1: 70.0, 2: 81.0}, b)  # differences 5, -6, 4: mean 1, std 6.08
    assert noisy["significant"] is False
    assert paired_difference({0: 1.0}, {1: 2.0}) is None  # no seed in common
    assert paired_difference({0: 3.0}, {0: 1.0})["significant"] is None  # one seed: no test


def test_readings_answers_rank_co_pfl_first_row_and_best_reading():
    from copfl.reproduce.report_sections import readings_sections

    def cell(group, row, accs):
        runs = [{"seed": s, "status": "completed", "final_acc": a / 100} for s, a in enumerate(accs)]
        return {"group": group, "row": row, "ours": sum(accs) / len(accs), "chosen_lr": 0.01, "lrs": {"0.01": {"runs": runs}}}

    cells = [cell("CO-PFL", "CO-PFL (shared)", [68.0, 70.0]), cell("CO-PFL", "CO-PFL (local)", [76.0, 78.0]),
             cell("Baselines", "Local Only", [67.0, 69.0]), cell("Baselines", "FedPAC", [72.0, 73.0])]
    text = "\n".join(readings_sections(cells))
    assert "- CO-PFL's best reading: CO-PFL (local), 77.00% (its group's first row, the reference: 69.00%)." in text
    assert "CO-PFL's best reading leads: +4.50 ± 0.71 (within seed noise, 2 seeds)." in text
    assert "CO-PFL (local) (77.00) > FedPAC (72.50) > CO-PFL (shared) (69.00) > Local Only (68.00)." in text
    cells[1]["ours"] = 60.0  # the first row is the best: one CO-PFL entry, named by its group
    cells[1]["lrs"]["0.01"]["runs"] = [{"seed": 0, "status": "completed", "final_acc": 0.6}]
    assert "FedPAC (72.50) > CO-PFL (69.00) > Local Only (68.00)." in "\n".join(readings_sections(cells))


def test_paired_difference_text():
    from copfl.reproduce.report_sections import _paired_text

    assert _paired_text({"diff": 1.0, "std": None, "seeds": 1, "significant": None}) == "+1.00 (one seed: untested, 1 seed)"
    assert _paired_text({"diff": -0.5, "std": 0.25, "seeds": 3, "significant": False}) == "-0.50 ± 0.25 (within seed noise, 3 seeds)"
    assert _paired_text(None) == "-"
