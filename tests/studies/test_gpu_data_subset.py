"""studies/gpu_data_subset.py: CIFAR-10 cut down to the images a reproduction uses (black
elsewhere, every label kept, the full set's channel statistics put beside the cache), so that a
paper-scale run on a machine the full file cannot reach trains on the very same tensors."""


import numpy as np

from copfl.data.sources.dataset import ArrayDataset
from copfl.data.sources.cifar import CIFAR10_CLASSES, decode_cifar10_tar
from copfl.data.sources.registry import load_dataset
from helpers import load_script


def _mod():
    return load_script("studies/gpu_data_subset.py")


def _dataset(rng):
    x = rng.integers(0, 256, (50, 32, 32, 3), dtype=np.uint8)
    xt = rng.integers(0, 256, (20, 32, 32, 3), dtype=np.uint8)
    return ArrayDataset("cifar10", x, np.arange(50) % 10, xt, np.arange(20) % 10, CIFAR10_CLASSES, "memory")


def test_subset_keeps_labels_and_used_images_and_blacks_out_the_rest(tmp_path):
    mod = _mod()
    ds = _dataset(np.random.default_rng(0))
    train, test = np.array([1, 7, 42]), np.array([3])
    path = mod.write_subset(ds, train, test, tmp_path / "sub")
    back = decode_cifar10_tar(path)
    assert np.array_equal(back.y_train, ds.y_train) and np.array_equal(back.y_test, ds.y_test)
    assert np.array_equal(back.x_train[train], ds.x_train[train]) and np.array_equal(back.x_test[test], ds.x_test[test])
    others = np.setdiff1d(np.arange(50), train)
    assert not back.x_train[others].any() and not np.delete(back.x_test, test, axis=0).any()
    # copfl normalises with the full training set's statistics once they are put beside the cache
    cache = tmp_path / "cache"
    first = load_dataset("cifar10", tmp_path / "sub", cache)
    assert not np.allclose(first.channel_stats()[0], ds.channel_stats()[0])  # the black images' mean, before
    assert mod.stats_into(cache, tmp_path / "sub") == 1
    again = load_dataset("cifar10", tmp_path / "sub", cache)
    for got, want in zip(again.channel_stats(), ds.channel_stats()):
        assert np.array_equal(got, want)
    assert mod.stats_into(cache, tmp_path / "elsewhere") == 0  # another folder's cache is left alone
