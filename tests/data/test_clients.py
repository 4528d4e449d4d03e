import numpy as np
import torch

from copfl.data.clients import CropFlip, to_tensor


def test_to_tensor_normalizes_per_channel():
    x = np.zeros((1, 2, 2, 3), np.uint8)
    x[..., 1] = 255
    t = to_tensor(x, np.array([0.5, 0.5, 0.0]), np.array([0.5, 0.25, 1.0]))
    assert t.shape == (1, 3, 2, 2)
    assert torch.allclose(t[0, :, 0, 0], torch.tensor([-1.0, 2.0, 0.0]))


def test_crop_equals_cropping_the_zero_padded_raw_image():
    mean, std = np.array([0.4, 0.5, 0.6]), np.array([0.2, 0.3, 0.4])
    raw = np.random.default_rng(0).integers(0, 256, (6, 8, 8, 3), dtype=np.uint8)
    x = to_tensor(raw, mean, std)
    aug = CropFlip(mean, std, padding=2, flip=False)
    g = torch.Generator().manual_seed(5)
    out = aug(x, g)
    g2 = torch.Generator().manual_seed(5)
    oy, ox = torch.randint(0, 5, (6,), generator=g2), torch.randint(0, 5, (6,), generator=g2)
    padded = np.pad(raw, ((0, 0), (2, 2), (2, 2), (0, 0)))  # black border on the raw image
    for i in range(6):
        crop = padded[i : i + 1, oy[i] : oy[i] + 8, ox[i] : ox[i] + 8]
        torch.testing.assert_close(out[i : i + 1], to_tensor(crop, mean, std))


def test_flip_only_mirrors_about_half():
    x = torch.arange(2 * 1 * 2 * 3, dtype=torch.float32).view(2, 1, 2, 3).repeat(50, 1, 1, 1)
    out = CropFlip(np.zeros(1), np.ones(1), padding=0, flip=True)(x, torch.Generator().manual_seed(0))
    flipped = (out == x.flip(3)).flatten(1).all(1)
    kept = (out == x).flatten(1).all(1)
    assert bool((flipped | kept).all()) and 30 < int(flipped.sum()) < 70


def test_holdout_split_is_fixed_disjoint_and_sized():
    import pytest

    from copfl.data.clients import ClientData, holdout_split

    x = torch.arange(10, dtype=torch.float32).view(10, 1)
    data = ClientData(x, torch.arange(10), x[:3], torch.arange(3))
    tr, va = holdout_split(data, 0.2, seed=0, client=3)
    assert va.num_train == 2 and tr.num_train == 8
    got = sorted(tr.y_train.tolist() + va.y_train.tolist())
    assert got == list(range(10))  # disjoint, nothing lost
    assert torch.equal(tr.x_train.view(-1).long(), tr.y_train)  # samples keep their labels
    assert tr.y_train.tolist() == sorted(tr.y_train.tolist())
    again, _ = holdout_split(data, 0.2, seed=0, client=3)
    other, _ = holdout_split(data, 0.2, seed=0, client=4)
    assert torch.equal(again.y_train, tr.y_train)  # the same every round
    assert any(not torch.equal(holdout_split(data, 0.2, seed=0, client=c)[1].y_train, va.y_train) for c in range(5, 9))
    assert torch.equal(tr.y_test, data.y_test) and other.num_train == 8
    with pytest.raises(ValueError, match="client 3 has 1 training samples"):
        holdout_split(ClientData(x[:1], torch.arange(1), x[:1], torch.arange(1)), 0.2, seed=0, client=3)
    with pytest.raises(ValueError, match=r"held-out fraction must be in \(0, 1\), got 1.5"):
        holdout_split(data, 1.5, seed=0, client=0)
