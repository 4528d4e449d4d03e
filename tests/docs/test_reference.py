"""The docs' lists that mirror the code say what the code says: every algorithm, data set and
model is on its reference page, the README's counts are the registries', the options a resume
may change are `may_change_on_resume()`'s, and the guide's table of the tuning study is the
committed report's data."""

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def registries():
    import copfl.algorithms  # noqa: F401 (registers every algorithm)
    from copfl.algorithms.base import ALGORITHMS
    from copfl.core.models import MODELS
    from copfl.data.sources.registry import dataset_names

    return ALGORITHMS, dataset_names(), MODELS


def test_every_algorithm_is_in_the_algorithms_index():
    algorithms, _, _ = registries()
    text = (DOCS / "algorithms" / "README.md").read_text()
    missing = [name for name in algorithms if f"`{name}`" not in text]
    assert not missing, f"docs/algorithms/README.md does not name {missing}"


def test_every_data_set_and_model_is_on_the_data_page():
    _, datasets, models = registries()
    text = (DOCS / "reference" / "data.md").read_text()
    missing = [name for name in [*datasets, *models] if f"`{name}`" not in text]
    assert not missing, f"docs/reference/data.md does not name {missing}"


def test_the_readme_counts_what_the_registries_hold():
    algorithms, datasets, models = registries()
    readme = (ROOT / "README.md").read_text()
    assert f"{len(algorithms)} algorithms" in readme and f"{len(datasets)} data sets" in readme and f"{len(models)} models" in readme
    assert f"and {len(algorithms) - 3} methods they are compared with" in readme  # beside CO-PFL, pFedSV, DPAO-PFL
    assert f"{len(algorithms) - 3} baselines" in readme


def test_the_options_a_resume_may_change_are_the_configs():
    from copfl.execution.config import may_change_on_resume

    text = " ".join((DOCS / "reference" / "results-folder.md").read_text().split())
    listed = re.search(r"What may change on resume: (.*?)\. Any other option", text).group(1)
    flags = set(re.findall(r"`(--[\w-]+)`", listed))
    flag = {"plugins": "--plugin"}
    expected = {flag.get(n, "--" + n.replace("_", "-")) for n in may_change_on_resume() if n != "out"}  # --out: the same folder only
    assert flags == expected, f"listed but not allowed: {flags - expected}; allowed but not listed: {expected - flags}"


def test_the_guides_table_of_the_tuning_study_is_the_reports_data():
    study = json.loads((DOCS / "results" / "tuning-study.json").read_text())
    cost = {r["algorithm"]: r["ratio_to_fedavg"] for r in json.loads((DOCS / "results" / "cost-table.json").read_text())["rows"]}
    page = (DOCS / "guides" / "choosing-a-method.md").read_text()
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `([\w-]+)` \| (.*) \|$", page, re.M)}
    assert len(rows) == len(study[0]["methods"]) == 30
    for name, cells in rows.items():
        figures = []
        for problem in study:
            t = next(m for m in problem["methods"] if m["variant"] == name)["tuned"]
            figures.append(f"{100 * t['selected_mean']:.2f} ± {100 * t['selected_std']:.2f}")
        mean = sum(float(f.split(" ")[0]) for f in figures) / 3
        assert cells.split(" | ")[:3] == figures, name
        assert abs(float(cells.split(" | ")[3]) - mean) < 0.01 and cells.split(" | ")[4] == f"{cost[name]:.2f}", name
