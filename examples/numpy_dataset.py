"""Your own data from numpy arrays: register it once, then every copfl partitioner, algorithm
and report works on it.

    python examples/numpy_dataset.py            # 5 rounds of Ditto on 8 Dirichlet clients

The data here is made up (16x16 grey images, 4 classes: a bright block in one of four corners);
put your arrays in its place: uint8 (N, H, W[, C]) images, floats in [0, 1], or (N, D) features.
"""

from __future__ import annotations

import numpy as np

import copfl


def corner_blocks(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` noisy 16x16 images; label k = the corner holding a bright 6x6 block."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 4, size=n)
    x = rng.integers(0, 90, size=(n, 16, 16)).astype(np.uint8)
    for i, k in enumerate(y):
        r, c = divmod(int(k), 2)
        x[i, r * 10 : r * 10 + 6, c * 10 : c * 10 + 6] = 230
    return x, y


@copfl.register_dataset("example-corners", description="made-up 16x16 grey images, 4 classes (examples/numpy_dataset.py)")
def corners() -> copfl.ArrayDataset:
    """Loaded when a run first asks for it (``--dataset example-corners``)."""
    x_train, y_train = corner_blocks(800, seed=1)
    x_test, y_test = corner_blocks(400, seed=2)
    return copfl.from_numpy(x_train, y_train, x_test, y_test, name="example-corners",
                            classes=["top-left", "top-right", "bottom-left", "bottom-right"])


def main(out: str = "runs/example-numpy", rounds: int = 5) -> copfl.RunResult:
    result = copfl.run(
        algorithm="ditto", dataset="example-corners", partition="dirichlet", alpha=0.5, clients=8,
        rounds=rounds, model="mlp", out=out, overwrite=True,
    )
    print(f"ditto on example-corners: {100 * result.accuracy:.1f}% mean client accuracy; results in {result.folder}")
    return result


if __name__ == "__main__":
    main()
