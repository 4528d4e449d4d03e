"""Any map-style ``torch.utils.data.Dataset`` (a torchvision data set, your own class) as a copfl
data set: ``copfl.from_torch`` reads it once into arrays, then copfl partitions it.

    python examples/torch_dataset.py            # 5 rounds of FedAvg and Local on 6 clients

With torchvision installed, ``torchvision.datasets.CIFAR10(root, train=True, download=True,
transform=ToTensor())`` works the same way as the class below.
"""

from __future__ import annotations

import torch
from torch.utils.data import Dataset

import copfl


class Stripes(Dataset):
    """A torchvision-style data set: (3x12x12 float image in [0, 1], int label). Label k = a
    bright stripe in colour channel k % 3, horizontal for k < 3 and vertical otherwise."""

    classes = ["red-h", "green-h", "blue-h", "red-v", "green-v", "blue-v"]

    def __init__(self, n: int, seed: int) -> None:
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, 6, (n,), generator=g)
        self.images = torch.rand(n, 3, 12, 12, generator=g) * 0.4
        for i, k in enumerate(self.labels.tolist()):
            pos = int(torch.randint(2, 10, (1,), generator=g))
            if k < 3:
                self.images[i, k % 3, pos, :] = 1.0
            else:
                self.images[i, k % 3, :, pos] = 1.0

    def __len__(self) -> int:
        return len(self.labels)

    def __getitem__(self, i: int) -> tuple[torch.Tensor, int]:
        return self.images[i], int(self.labels[i])


copfl.register_dataset(
    "example-stripes", lambda: copfl.from_torch(Stripes(900, seed=1), Stripes(300, seed=2), name="example-stripes"),
    description="made-up 3x12x12 colour stripes, 6 classes (examples/torch_dataset.py)",
)


def main(out: str = "runs/example-torch", rounds: int = 5) -> copfl.CompareResult:
    result = copfl.compare(["local", "fedavg"], dataset="example-stripes", partition="pathological", clients=6,
                           rounds=rounds, model="mlp", out=out, overwrite=True)
    for name, acc in result.accuracies().items():
        print(f"{name:<8} {100 * acc:.1f}%")
    return result


if __name__ == "__main__":
    main()
