"""The figures of a run: titles, axis labels, whole-round ticks."""

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from copfl.results import plots  # noqa: E402
from copfl.cli import main  # noqa: E402


@pytest.fixture
def figures(monkeypatch):
    """The figures a run draws, by function, kept after they are saved."""
    made = {}
    for name in ("curves_figure", "client_logs_figure"):
        real = getattr(plots, name)

        def spy(*a, _real=real, _name=name, **kw):
            made[_name] = fig = _real(*a, **kw)
            return fig

        monkeypatch.setattr(plots, name, spy)
    return made


def _round_ticks(ax):
    ax.figure.canvas.draw()
    lo, hi = ax.get_xlim()
    return [t for t in ax.get_xticks() if lo <= t <= hi]


def test_curves_name_algorithm_and_data_set_and_tick_whole_rounds(tmp_path, figures):
    assert main(["run", "--algorithm", "fedavg", "--rounds", "3", "--clients", "4", "--out", str(tmp_path / "r")]) == 0
    fig = figures["curves_figure"]
    assert fig._suptitle.get_text() == "fedavg on digits, label-skew partition (2 classes per client), 4 clients, 3 rounds"
    for ax in fig.axes:
        ticks = _round_ticks(ax)
        assert len(ticks) >= 2 and all(float(t).is_integer() for t in ticks), ticks


def test_client_logs_have_a_y_label_per_panel_and_whole_round_ticks(tmp_path, figures):
    assert main(["run", "--algorithm", "co-pfl", "--rounds", "2", "--clients", "4", "--out", str(tmp_path / "r")]) == 0
    fig = figures["client_logs_figure"]
    labels = {ax.get_title(): ax.get_ylabel() for ax in fig.axes}  # words, never the raw log keys ("alpha")
    assert labels == {
        "aggregation weight (COWA)": "aggregation weight (COWA)",
        "gradient contribution score": "gradient contribution score",
        "prediction contribution score": "prediction contribution score",
        "fraction of parameters personalized": "fraction of parameters personalized",
    }
    assert "co-pfl on digits" in fig._suptitle.get_text() and "2 rounds" in fig._suptitle.get_text()
    for ax in fig.axes:
        ticks = _round_ticks(ax)
        assert ticks and all(float(t).is_integer() for t in ticks), ticks


def test_an_unknown_per_client_key_is_labelled_by_its_name():
    hist = [{"round": r, "per_client": {"client": [0, 1], "trust_level": [0.1 * r, 0.2]}} for r in (1, 2)]
    fig = plots.client_logs_figure(hist)
    assert [ax.get_ylabel() for ax in fig.axes] == ["trust level"]
    plots._pyplot().close(fig)


def test_robustness_heatmap_names_a_diverged_cell(tmp_path, monkeypatch):
    """A diverged run says so in both heatmaps; a cell not run yet stays blank."""
    saved = {}
    monkeypatch.setattr(plots, "_save", lambda fig, path: saved.setdefault("fig", fig))
    cells = [
        {"row": "FedAvg", "col": "no attack", "status": "done", "ours": 34.0, "attacker_weight": None},
        {"row": "FedAvg", "col": "scale 10%", "status": "diverged"},
        {"row": "FedAvg", "col": "gaussian 10%", "status": "pending"},
    ]
    plots.plot_robustness(cells, tmp_path / "r.png")
    for ax in saved["fig"].axes[:2]:  # the two heatmaps (their colorbars come after)
        assert sorted(t.get_text() for t in ax.texts) in (["34", "diverged"], ["diverged"])
