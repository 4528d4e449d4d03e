"""copfl.results.summary: the CSV files of a run folder hold floats with 6 significant digits
(0.8225, not 0.8225000000000001), the JSON files every digit."""

import csv
import json
import math
import re

import numpy as np

from copfl.cli import main
from copfl.results.summary import csv_number, csv_text, table_csv


def _significant(cell: str) -> int:
    """The significant digits a float's text writes."""
    return len(cell.lstrip("-").split("e")[0].replace(".", "").strip("0"))


def test_csv_number_keeps_six_significant_digits_and_floats_read_back_as_floats():
    assert csv_number(0.8225000000000001) == "0.8225"
    assert csv_number(2.131124818589952) == "2.13112"
    assert csv_number(np.float32(0.1)) == "0.1" and csv_number(np.float64(1 / 3)) == "0.333333"
    assert csv_number(1.0) == "1.0" and csv_number(-3.0) == "-3.0" and csv_number(0.0) == "0.0"  # read back: a float
    assert csv_number(1.5e-9) == "1.5e-09" and csv_number(123456789.0) == "1.23457e+08"
    assert csv_number(float("nan")) == "nan" and csv_number(float("inf")) == "inf"
    assert csv_number(295920000) == 295920000 and csv_number(True) is True and csv_number("x") == "x" and csv_number(None) is None
    assert csv_text([{"a": 0.30000000000000004, "b": 7}], ["a", "b"]) == "a,b\n0.3,7\n"
    assert table_csv(["h", "n"], [[0.8225000000000001, 3], [None, 4]]) == "h,n\n0.8225,3\n,4\n"


def test_a_run_folders_csv_files_hold_six_digits_and_its_json_every_digit(tmp_path, capsys):
    out = tmp_path / "r"
    assert main(["run", "--algorithm", "fedavg", "--rounds", "2", "--out", str(out)]) == 0
    history = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    rows = list(csv.DictReader((out / "metrics.csv").open()))
    clients = list(csv.DictReader((out / "clients.csv").open()))
    cells = [v for r in rows + clients for v in r.values() if "." in v or "e" in v]  # the floats (integers keep every digit)
    assert len(cells) > 20 and all(_significant(v) <= 6 for v in cells), [v for v in cells if _significant(v) > 6]
    assert not any(re.search(r"\d{7,}e", v) or "0000000" in v.split(".")[-1] for v in cells)  # no float noise
    # the same figures as the JSON, to 6 digits; the JSON keeps more (a loss has ~16)
    for rec, row in zip(history, rows, strict=True):
        for k, v in rec.items():
            if isinstance(v, float) and row.get(k):
                assert math.isclose(float(row[k]), v, rel_tol=5e-6), (k, row[k], v)
    assert max(_significant(repr(r["train_loss"])) for r in history) > 6
    summary = json.loads((out / "summary.json").read_text())
    assert _significant(repr(summary["final"]["train_loss"])) > 6
