"""CIFAR-10-C: each corruption deterministic for a seed and growing with severity, a few
checked against their formulas, the official layout reader, and the feature-shift federation."""

import zipfile

import numpy as np
import pytest

from copfl.data import corruptions
from copfl.data.sources.dataset import DataError

from tests.data.test_sources import png_bytes

RNG = np.random.default_rng(0)
IMGS = RNG.integers(30, 220, (6, 32, 32, 3), dtype=np.uint8)


@pytest.mark.parametrize("name", corruptions.available())
def test_each_corruption_is_seeded_shaped_and_changes_the_image(name):
    a = corruptions.corrupt(IMGS, name, 5, np.random.default_rng(1))
    b = corruptions.corrupt(IMGS, name, 5, np.random.default_rng(1))
    assert a.dtype == np.uint8 and a.shape == IMGS.shape and np.array_equal(a, b)
    assert np.abs(a.astype(int) - IMGS).mean() > 1.0
    assert len(corruptions.available()) >= 14 and "frost" not in corruptions.available()


@pytest.mark.parametrize("name", ["gaussian_noise", "shot_noise", "impulse_noise", "contrast", "pixelate", "defocus_blur", "zoom_blur", "fog"])
def test_damage_grows_with_severity(name):
    d = [np.abs(corruptions.corrupt(IMGS, name, s, np.random.default_rng(2)).astype(int) - IMGS).mean() for s in (1, 3, 5)]
    assert d[0] < d[1] < d[2], d


def test_formulas_by_hand():
    x = np.array([[[[0, 100, 200]] * 32] * 32], dtype=np.uint8)  # one image, constant colour
    # contrast: (x - mean over the image) * c + mean; a constant image stays the same
    assert np.array_equal(corruptions.corrupt(x, "contrast", 5, np.random.default_rng(0)), x)
    # pixelate and the blurs leave a constant image unchanged
    for name in ("pixelate", "gaussian_blur", "defocus_blur", "zoom_blur"):
        assert np.abs(corruptions.corrupt(x, name, 3, np.random.default_rng(0)).astype(int) - x).max() <= 1, name
    # brightness: V (= max channel) + 0.3 at severity 5 -> 200/255 + 0.3 -> clipped to 1
    b = corruptions.corrupt(x, "brightness", 5, np.random.default_rng(0))
    assert b[0, 0, 0, 2] == 255
    # contrast on a two-value image: mean 127.5 per channel, c = 0.15
    y = np.zeros((1, 32, 32, 3), np.uint8)
    y[:, :16] = 255
    c = corruptions.corrupt(y, "contrast", 5, np.random.default_rng(0))
    assert c[0, 0, 0, 0] == round((0.5 + 0.5 * 0.15) * 255) and c[0, 31, 0, 0] == round((0.5 - 0.5 * 0.15) * 255)
    assert np.allclose(corruptions.zoom_matrix(32, 1.0), np.eye(32))
    k = corruptions.disk(1.5, 0.1)
    assert k.sum() == pytest.approx(1.0) and k.shape == (5, 5)


def test_bad_arguments_name_what_is_available():
    with pytest.raises(ValueError, match="unknown corruption 'frost' .*photographs.*available: gaussian_noise"):
        corruptions.corrupt(IMGS, "frost", 1, np.random.default_rng(0))
    with pytest.raises(ValueError, match="severity must be 1..5, got 6"):
        corruptions.corrupt(IMGS, "fog", 6, np.random.default_rng(0))


def test_official_layout_reader(tmp_path):
    labels = np.tile(np.arange(2), 5).astype(np.uint8)
    np.save(tmp_path / "labels.npy", labels)
    data = RNG.integers(0, 256, (10, 32, 32, 3), dtype=np.uint8)
    np.save(tmp_path / "fog.npy", data)
    got, lab = corruptions.read_official(tmp_path, per_severity=2)
    assert list(got) == ["fog"] and np.array_equal(got["fog"][4:6], data[4:6]) and lab.tolist() == labels.tolist()
    np.save(tmp_path / "snow.npy", data[:9])
    with pytest.raises(DataError, match=r"snow.npy: expected uint8 \(10, 32, 32, 3\)"):
        corruptions.read_official(tmp_path, per_severity=2)


def test_cifar10c_gives_each_client_its_own_corruption(tmp_path):
    from copfl.execution.config import RunConfig
    from copfl.execution.federation import build_federation
    from copfl.data.clients import to_tensor

    rng = np.random.default_rng(3)
    with zipfile.ZipFile(tmp_path / "cifar10_png.zip", "w") as z:
        for split, n in (("train", 4), ("test", 2)):
            for c in ("airplane", "automobile", "bird", "cat"):
                for i in range(n):
                    z.writestr(f"{split}/{c}/{i}.png", png_bytes(rng.integers(0, 256, (32, 32, 3), dtype=np.uint8)))
    cfg = RunConfig(algorithm="fedavg", dataset="cifar10c", data_dir=str(tmp_path), clients=4, classes_per_client=2,
                    samples_per_class=2, test_samples_per_class=1, seed=4, val_fraction=0.0)
    fed = build_federation(cfg)
    names = fed.client_info["corruption"]
    assert len(set(names)) == 4 and set(names) <= set(corruptions.available())
    ds, sp = fed.dataset, fed.split
    from copfl.seeding import numpy_rng

    expect = corruptions.corrupt(ds.x_train[sp.train[2]], names[2], 5, numpy_rng(4, "cifar10c", 2, "train"))
    np.testing.assert_allclose(fed.clients[2].x_train.numpy(), to_tensor(expect, fed.mean, fed.std).numpy(), atol=1e-6)
    clean = build_federation(RunConfig(algorithm="fedavg", dataset="cifar10", data_dir=str(tmp_path), clients=4, classes_per_client=2,
                                       samples_per_class=2, test_samples_per_class=1, seed=4, val_fraction=0.0))
    assert not np.allclose(clean.clients[2].x_train.numpy(), fed.clients[2].x_train.numpy())
    assert [t.tolist() for t in clean.split.train] == [t.tolist() for t in sp.train]  # same label skew underneath
