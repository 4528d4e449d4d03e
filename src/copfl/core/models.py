"""Models: the FedAvg CNN, ResNet-18 (two stems, width multiplier), a small MLP, and a tiny network
for functional checks.

No torchvision (it has no CPU build here); the ResNet follows torchvision's ``resnet18``
layer for layer so that the FedSelect reference setting (ImageNet 7x7 stem + max-pool on
32x32 CIFAR inputs, random init, ``fc`` replaced) can be reproduced.

Batch norm: every BatchNorm layer uses a fixed momentum (0.1) and tracks running statistics.
Whether those statistics are shared (averaged by the server) or kept per client is ONE run
option (``bn_stats``), applied by the round engine identically for every algorithm.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

from copfl.typecheck import unknown_name


class FedAvgCNN(nn.Module):
    """The CNN of McMahan et al. (2017) as PFL benchmarks use it: conv5x5(32) - pool - conv5x5(64)
    - pool - fc(512) - fc(classes), ReLU, unpadded convolutions (1600 features for 32x32x3,
    1024 for 28x28x1)."""

    def __init__(self, in_channels: int, height: int, width: int, num_classes: int) -> None:
        super().__init__()
        h, w = (height - 4) // 2, (width - 4) // 2
        h, w = (h - 4) // 2, (w - 4) // 2
        if h < 1 or w < 1:
            raise ValueError(
                f"the CNN needs inputs of at least 12x12 pixels, got {height}x{width}; "
                "use --model mlp for small inputs"
            )
        self.conv1 = nn.Conv2d(in_channels, 32, 5)
        self.conv2 = nn.Conv2d(32, 64, 5)
        self.fc1 = nn.Linear(64 * h * w, 512)
        self.fc = nn.Linear(512, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = F.relu(self.fc1(x.flatten(1)))
        return self.fc(x)


class MLP(nn.Module):
    """Flatten - (Linear - ReLU) x len(hidden) - Linear."""

    def __init__(self, in_features: int, num_classes: int, hidden: tuple[int, ...] = (200, 200)) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        prev = in_features
        for i, h in enumerate(hidden):
            layers += [nn.Linear(prev, h), nn.ReLU()]
            prev = h
        self.body = nn.Sequential(*layers)
        self.fc = nn.Linear(prev, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(self.body(x.flatten(1)))


class LeNet5(nn.Module):
    """LeNet-5 (LeCun et al., 1998) as commonly used in FL: conv5x5(6) - pool - conv5x5(16) -
    pool - fc120 - fc84 - fc(classes), ReLU; 28x28 inputs are padded by 2 to the original 32x32."""

    def __init__(self, in_channels: int, height: int, width: int, num_classes: int) -> None:
        super().__init__()
        self.pad = 2 if (height, width) == (28, 28) else 0
        h, w = height + 2 * self.pad, width + 2 * self.pad
        h, w = ((h - 4) // 2 - 4) // 2, ((w - 4) // 2 - 4) // 2
        if h < 1 or w < 1:
            raise ValueError(f"LeNet-5 needs inputs of at least 12x12 pixels, got {height}x{width}")
        self.conv1 = nn.Conv2d(in_channels, 6, 5, padding=self.pad)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * h * w, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc = nn.Linear(84, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = F.relu(self.fc2(F.relu(self.fc1(x.flatten(1)))))
        return self.fc(x)


class TinyNet(nn.Module):
    """A functional-check model, not one for results: the image average-pooled to 4x4, then
    Linear(16 C, 16) - ReLU - Linear(16, classes): under 1 k parameters for 10 classes, 2.5 k for
    100, and about the same cost on any image size (Mini-ImageNet's 84x84 too). ``copfl reproduce
    --scale smoke`` runs it so that every algorithm, split and report is exercised in seconds.
    No convolution, so the workspace keeps the input in its plain layout (no channels-last copy)."""

    def __init__(self, in_channels: int, num_classes: int, hidden: int = 16, side: int = 4) -> None:
        super().__init__()
        self.side = side
        self.fc1 = nn.Linear(in_channels * side * side, hidden)
        self.fc = nn.Linear(hidden, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = F.adaptive_avg_pool2d(x, self.side).flatten(1)
        return self.fc(F.relu(self.fc1(x)))


class BasicBlock(nn.Module):
    def __init__(self, cin: int, cout: int, stride: int) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.downsample: nn.Module | None = None
        if stride != 1 or cin != cout:
            self.downsample = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        identity = x if self.downsample is None else self.downsample(x)
        return F.relu(out + identity)


class ResNet18(nn.Module):
    """ResNet-18. ``stem="imagenet"``: 7x7 stride-2 conv + 3x3 max-pool (torchvision, used by
    the FedSelect code on CIFAR); ``stem="cifar"``: 3x3 stride-1 conv, no pool. ``width``
    scales every channel count (64 * width at the first stage)."""

    def __init__(self, in_channels: int, num_classes: int, stem: str = "imagenet", width: float = 1.0) -> None:
        super().__init__()
        if stem not in ("imagenet", "cifar"):
            raise ValueError(f"unknown ResNet stem {stem!r}; expected 'imagenet' or 'cifar'")
        if width <= 0:
            raise ValueError(f"ResNet width multiplier must be > 0, got {width}")
        c = [max(1, round(64 * width * k)) for k in (1, 2, 4, 8)]
        if stem == "imagenet":
            self.conv1 = nn.Conv2d(in_channels, c[0], 7, 2, 3, bias=False)
            self.maxpool: nn.Module = nn.MaxPool2d(3, 2, 1)
        else:
            self.conv1 = nn.Conv2d(in_channels, c[0], 3, 1, 1, bias=False)
            self.maxpool = nn.Identity()
        self.bn1 = nn.BatchNorm2d(c[0])
        self.layer1 = nn.Sequential(BasicBlock(c[0], c[0], 1), BasicBlock(c[0], c[0], 1))
        self.layer2 = nn.Sequential(BasicBlock(c[0], c[1], 2), BasicBlock(c[1], c[1], 1))
        self.layer3 = nn.Sequential(BasicBlock(c[1], c[2], 2), BasicBlock(c[2], c[2], 1))
        self.layer4 = nn.Sequential(BasicBlock(c[2], c[3], 2), BasicBlock(c[3], c[3], 1))
        self.fc = nn.Linear(c[3], num_classes)
        for m in self.modules():  # torchvision's initialisation
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.maxpool(F.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        return self.fc(torch.flatten(F.adaptive_avg_pool2d(x, 1), 1))


class CharLSTM(nn.Module):
    """LEAF's next-character model: embedding (8) - 2-layer LSTM (256) - linear on the last step."""

    def __init__(self, vocab: int, embed: int = 8, hidden: int = 256, layers: int = 2) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, embed)
        self.lstm = nn.LSTM(embed, hidden, num_layers=layers, batch_first=True)
        self.fc = nn.Linear(hidden, vocab)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out, _ = self.lstm(self.embed(x))
        return self.fc(out[:, -1])


@dataclass(frozen=True)
class ModelSpec:
    """What a model builder needs to know about the data: input shape ((C, H, W) for images,
    (L,) for token sequences) and classes (for tokens: the vocabulary)."""

    input_shape: tuple[int, ...]
    num_classes: int


ModelBuilder = Callable[..., nn.Module]
MODELS: dict[str, ModelBuilder] = {}


def register_model(name: str) -> Callable[[ModelBuilder], ModelBuilder]:
    """Register a model builder ``fn(spec: ModelSpec, **options) -> nn.Module`` under ``name``
    (``--model NAME``); a plugin registers its own the same way (:mod:`copfl.plugins`)."""

    def deco(fn: ModelBuilder) -> ModelBuilder:
        if name in MODELS and MODELS[name] is not fn:
            from copfl.plugins import duplicate

            raise duplicate("model", name, getattr(MODELS[name], "__module__", None), getattr(fn, "__module__", None))
        MODELS[name] = fn
        return fn

    return deco


@register_model("cnn")
def _cnn(spec: ModelSpec, **_: object) -> nn.Module:
    c, h, w = spec.input_shape
    return FedAvgCNN(c, h, w, spec.num_classes)


@register_model("mlp")
def _mlp(spec: ModelSpec, hidden: tuple[int, ...] = (200, 200), **_: object) -> nn.Module:
    c, h, w = spec.input_shape
    return MLP(c * h * w, spec.num_classes, tuple(hidden))


@register_model("lenet5")
def _lenet5(spec: ModelSpec, **_: object) -> nn.Module:
    c, h, w = spec.input_shape
    return LeNet5(c, h, w, spec.num_classes)


@register_model("logreg")
def _logreg(spec: ModelSpec, **_: object) -> nn.Module:
    """Multinomial logistic regression: one linear layer on the flattened input (with the
    cross-entropy loss every copfl model trains with)."""
    c, h, w = spec.input_shape
    return MLP(c * h * w, spec.num_classes, hidden=())


@register_model("tiny")
def _tiny(spec: ModelSpec, **_: object) -> nn.Module:
    return TinyNet(spec.input_shape[0], spec.num_classes)


@register_model("lstm")
def _lstm(spec: ModelSpec, **_: object) -> nn.Module:
    return CharLSTM(spec.num_classes)


class LinearSVM(nn.Module):
    """A linear multi-class SVM: one linear layer trained with the multi-class hinge loss
    (``criterion = "hinge"``, which the workspace reads)."""

    criterion = "hinge"

    def __init__(self, in_features: int, num_classes: int) -> None:
        super().__init__()
        self.fc = nn.Linear(in_features, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(x.flatten(1))


@register_model("svm")
def _svm(spec: ModelSpec, **_: object) -> nn.Module:
    c, h, w = spec.input_shape
    return LinearSVM(c * h * w, spec.num_classes)


@register_model("resnet18")
def _resnet18(spec: ModelSpec, stem: str = "imagenet", width: float = 1.0, **_: object) -> nn.Module:
    return ResNet18(spec.input_shape[0], spec.num_classes, stem=stem, width=width)


SEQUENCE_MODELS = ("lstm",)


def build_model(name: str, spec: ModelSpec, **options: object) -> nn.Module:
    if name not in MODELS:
        from copfl.plugins import load_entry_points

        load_entry_points()  # an installed package's plugin may register it
    try:
        builder = MODELS[name]
    except KeyError:
        raise ValueError(unknown_name("model", name, sorted(MODELS))) from None
    tokens = len(spec.input_shape) == 1
    if tokens != (name in SEQUENCE_MODELS):
        want = ", ".join(SEQUENCE_MODELS) if tokens else ", ".join(sorted(set(MODELS) - set(SEQUENCE_MODELS)))
        kind = "token sequences" if tokens else "images"
        raise ValueError(f"model {name!r} does not take {kind}; models for {kind}: {want}")
    return builder(spec, **options)


def has_batchnorm(model: nn.Module) -> bool:
    return any(isinstance(m, nn.modules.batchnorm._BatchNorm) for m in model.modules())


def channels_last_hazard(model: nn.Module) -> str | None:
    """The first convolution that must not run in channels-last order on a CPU, or None.

    torch 2.13.0's oneDNN (v3.12) corrupts the heap in the *weight gradient* of a channels-last
    1x1 convolution with stride > 1 and 2-7 input channels when it takes its AVX2 kernel
    (CPUs without AVX-512, e.g. AMD EPYC Zen 2/3, or any x86 CPU with
    ``ONEDNN_MAX_CPU_ISA=AVX2``): "corrupted double-linked list", a segfault, or a hang with two
    threads. ResNet-18's downsample shortcut at ``--width 0.0625`` (4 -> 8 channels) is one.
    Measured on torch 2.13.0+cpu: 1 and >= 8 input channels, stride 1, other kernel sizes and
    contiguous tensors are fine. See docs/known-issues.md for the upstream-style reproducer.
    """
    for name, m in model.named_modules():
        if (
            isinstance(m, nn.Conv2d)
            and tuple(m.kernel_size) == (1, 1)
            and any(s > 1 for s in m.stride)
            and 2 <= m.in_channels // m.groups < 8
        ):
            return name
    return None


def forward_macs(model: nn.Module, input_shape: tuple[int, ...]) -> int:
    """Multiply-accumulates of one sample's forward pass (``input_shape`` (C, H, W) for images,
    (L,) for token sequences): :func:`copfl.core.flops.forward_macs`, the one analytic counter."""
    from copfl.core.flops import forward_macs as count

    return count(model, input_shape)
