"""A comparison from Python, plotted your way: three methods on the embedded digits data set,
their per-round mean client accuracy in one figure.

    python examples/compare_from_python.py      # writes runs/example-compare/curves-by-round.png
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

import copfl


def main(out: str = "runs/example-compare", rounds: int = 10) -> Path:
    result = copfl.compare(["local", "fedavg", "co-pfl"], rounds=rounds, out=out, overwrite=True)
    fig, ax = plt.subplots(figsize=(6, 4))
    for name, run in result.runs.items():
        ax.plot([r["round"] for r in run.rounds], [100 * r["acc_mean"] for r in run.rounds], marker="o", label=name)
    ax.set_xlabel("round")
    ax.set_ylabel("mean client test accuracy (%)")
    ax.set_title("digits, 10 label-skewed clients")
    ax.legend()
    path = result.folder / "curves-by-round.png"
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    print(result.markdown)
    print(f"plot: {path}")
    return path


if __name__ == "__main__":
    main()
