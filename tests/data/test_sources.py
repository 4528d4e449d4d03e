import gzip
import io
import json
import pickle
import struct
import tarfile
import zipfile

import numpy as np
import pytest
from PIL import Image

from copfl.data.sources.cifar import CIFAR10_CLASSES
from copfl.data.sources.dataset import DataError, DataNotFoundError
from copfl.data.sources.registry import load_dataset
from copfl.data.sources.digits import load_digits_dataset
from copfl.cli import main
from copfl.core.models import ModelSpec, build_model

from helpers import write_cifar100


def cifar_batch(n, seed):
    rng = np.random.default_rng(seed)
    data = rng.integers(0, 256, (n, 3072), dtype=np.uint8)
    return {b"data": data, b"labels": [int(v) for v in rng.integers(0, 10, n)]}, data, rng


def write_cifar_dir(root, n=4):
    d = root / "cifar-10-batches-py"
    d.mkdir(parents=True)
    expected = []
    for i, name in enumerate([f"data_batch_{k}" for k in range(1, 6)] + ["test_batch"]):
        batch, data, _ = cifar_batch(n, i)
        (d / name).write_bytes(pickle.dumps(batch))
        expected.append((data, batch[b"labels"]))
    return d, expected


def test_cifar10_from_official_batches_folder(tmp_path):
    _, expected = write_cifar_dir(tmp_path)
    ds = load_dataset("cifar10", tmp_path)
    assert ds.x_train.shape == (20, 32, 32, 3) and ds.x_test.shape == (4, 32, 32, 3)
    # the official row layout is 1024 red, 1024 green, 1024 blue values per image
    first = expected[0][0][0]
    assert ds.x_train[0, 0, 1, 0] == first[1] and ds.x_train[0, 0, 0, 1] == first[1024] and ds.x_train[0, 0, 0, 2] == first[2048]
    assert ds.y_train.tolist()[:4] == expected[0][1]
    assert ds.classes == CIFAR10_CLASSES


def test_cifar10_from_tar_gz_equals_folder(tmp_path):
    d, _ = write_cifar_dir(tmp_path / "a")
    (tmp_path / "b").mkdir()
    with tarfile.open(tmp_path / "b" / "cifar-10-python.tar.gz", "w:gz") as tar:
        tar.add(d, arcname="cifar-10-batches-py")
    a, b = load_dataset("cifar10", tmp_path / "a"), load_dataset("cifar10", tmp_path / "b")
    assert np.array_equal(a.x_train, b.x_train) and np.array_equal(a.y_test, b.y_test)


def test_corrupt_pickle_names_the_file(tmp_path):
    d, _ = write_cifar_dir(tmp_path)
    (d / "data_batch_3").write_bytes(b"not a pickle")
    with pytest.raises(DataError, match="data_batch_3: not a readable CIFAR batch pickle"):
        load_dataset("cifar10", tmp_path)


def test_label_out_of_range_is_an_error(tmp_path):
    d, _ = write_cifar_dir(tmp_path)
    batch, _, _ = cifar_batch(4, 0)
    batch[b"labels"][2] = 10
    (d / "test_batch").write_bytes(pickle.dumps(batch))
    with pytest.raises(DataError, match="test_batch: label 10 out of range 0..9"):
        load_dataset("cifar10", tmp_path)


def png_bytes(arr):
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, format="PNG")
    return buf.getvalue()


def test_cifar10_image_zip_and_cache(tmp_path, monkeypatch):
    rng = np.random.default_rng(0)
    imgs = {}
    with zipfile.ZipFile(tmp_path / "cifar10_png.zip", "w") as z:
        for split in ("train", "test"):
            for c in ("cat", "airplane"):
                for i in range(2):
                    a = rng.integers(0, 256, (32, 32, 3), dtype=np.uint8)
                    z.writestr(f"{split}/{c}/img{i}.png", png_bytes(a))
                    imgs[(split, c, i)] = a
    cache = tmp_path / "cache"
    ds = load_dataset("cifar10", tmp_path, cache)
    assert ds.y_train.tolist() == [0, 0, 3, 3]  # label = index in the CIFAR-10 class order
    assert np.array_equal(ds.x_train[2], imgs[("train", "cat", 0)])
    assert len(list(cache.glob("cifar10-*.npz"))) == 1
    # second load comes from the cache, not the zip
    def no_decoding(*a, **k):
        raise AssertionError("decoded again instead of reading the cache")

    monkeypatch.setattr("copfl.data.sources.cifar.decode_image_folders", no_decoding)  # where decode_cifar10_images looks it up
    again = load_dataset("cifar10", tmp_path, cache)
    assert np.array_equal(again.x_test, ds.x_test)


def test_cache_from_another_source_file_is_not_reused(tmp_path):
    def make(color):
        with zipfile.ZipFile(tmp_path / "cifar10_png.zip", "w") as z:
            for split in ("train", "test"):
                z.writestr(f"{split}/cat/a.png", png_bytes(np.full((32, 32, 3), color, np.uint8)))

    make(10)
    assert load_dataset("cifar10", tmp_path, tmp_path / "c").x_train[0, 0, 0, 0] == 10
    make(200)  # a different file at the same path (size/mtime change)
    import os

    os.utime(tmp_path / "cifar10_png.zip", ns=(1, 1))
    assert load_dataset("cifar10", tmp_path, tmp_path / "c").x_train[0, 0, 0, 0] == 200


def test_image_of_wrong_size_names_the_file(tmp_path):
    with zipfile.ZipFile(tmp_path / "cifar10_png.zip", "w") as z:
        z.writestr("train/cat/a.png", png_bytes(np.zeros((32, 32, 3), np.uint8)))
        z.writestr("train/cat/b.png", png_bytes(np.zeros((30, 32, 3), np.uint8)))
        z.writestr("test/cat/a.png", png_bytes(np.zeros((32, 32, 3), np.uint8)))
    with pytest.raises(DataError, match="train/cat/b.png: image of size"):
        load_dataset("cifar10", tmp_path)


def idx_bytes(arr):
    return struct.pack(">BBBB", 0, 0, 8, arr.ndim) + struct.pack(f">{arr.ndim}I", *arr.shape) + arr.tobytes()


def test_mnist_idx_gz_and_npz_agree(tmp_path):
    rng = np.random.default_rng(1)
    x, y = rng.integers(0, 256, (5, 28, 28), dtype=np.uint8), rng.integers(0, 10, 5).astype(np.uint8)
    xt, yt = x[:3], y[:3]
    d = tmp_path / "a" / "mnist"
    d.mkdir(parents=True)
    for name, arr in (("train-images-idx3-ubyte", x), ("train-labels-idx1-ubyte", y), ("t10k-images-idx3-ubyte", xt), ("t10k-labels-idx1-ubyte", yt)):
        (d / f"{name}.gz").write_bytes(gzip.compress(idx_bytes(arr)))
    (tmp_path / "b").mkdir()
    np.savez(tmp_path / "b" / "mnist.npz", x_train=x, y_train=y, x_test=xt, y_test=yt)
    a, b = load_dataset("mnist", tmp_path / "a"), load_dataset("mnist", tmp_path / "b")
    assert a.x_train.shape == (5, 28, 28, 1) and np.array_equal(a.x_train, b.x_train) and np.array_equal(a.y_test, b.y_test)
    (d / "t10k-images-idx3-ubyte.gz").write_bytes(gzip.compress(idx_bytes(xt)[:-10]))  # truncated
    with pytest.raises(DataError, match="t10k-images-idx3-ubyte.gz: header says"):
        load_dataset("mnist", tmp_path / "a", cache_dir=tmp_path / "other-cache")


def test_missing_data_says_where_it_looked_and_how_to_get_it(tmp_path):
    with pytest.raises(DataNotFoundError) as e:
        load_dataset("cifar10", tmp_path / "nowhere")
    msg = str(e.value)
    assert "cifar-10-batches-py" in msg and "cifar-10-python.tar.gz" in msg and "does not exist" in msg
    assert "https://www.cs.toronto.edu/~kriz/cifar.html" in msg and "--download" in msg
    with pytest.raises(ValueError, match="unknown dataset 'cifar11'; available datasets: cifar10, cifar100"):
        load_dataset("cifar11", tmp_path)


def test_digits_split_is_fixed_and_stratified():
    ds = load_digits_dataset()
    assert len(ds.y_train) + len(ds.y_test) == 1797 and ds.x_train.dtype == np.uint8 and ds.x_train.max() == 255
    counts = np.bincount(ds.y_test, minlength=10)
    assert counts.min() >= 44 and counts.max() <= 46


@pytest.mark.slow
def test_real_cifar10_and_mnist_copies(real_data_dir, tmp_path):
    ds = load_dataset("cifar10", real_data_dir, tmp_path)
    assert ds.x_train.shape == (50000, 32, 32, 3) and ds.x_test.shape == (10000, 32, 32, 3)
    assert np.bincount(ds.y_train).tolist() == [5000] * 10
    mean, std = ds.channel_stats()
    np.testing.assert_allclose(mean, [0.4914, 0.4822, 0.4465], atol=1e-4)
    np.testing.assert_allclose(std, [0.2470, 0.2435, 0.2616], atol=1e-4)
    m = load_dataset("mnist", real_data_dir, tmp_path)
    assert m.x_train.shape == (60000, 28, 28, 1) and len(m.y_test) == 10000


# --------------------------------------------------------------------------- channel statistics, progress
@pytest.mark.parametrize("shape", [(37, 5, 4, 3), (50, 6, 6, 1)])
def test_streaming_channel_stats_equal_numpy(shape):
    from copfl.data.sources.dataset import image_channel_stats

    x = np.random.default_rng(3).integers(0, 256, shape, dtype=np.uint8)
    flat = x.reshape(-1, shape[-1]).astype(np.float64) / 255.0
    for chunk in (1, 100, 10**7):  # one image per chunk .. everything in one chunk
        for arr in (x, x.astype(np.float32)):  # exact integer path and Chan's float64 path
            mean, std = image_channel_stats(arr, chunk_elements=chunk)
            np.testing.assert_allclose(mean, flat.mean(0), rtol=1e-12)
            np.testing.assert_allclose(std, flat.std(0), rtol=1e-12)
    mean, std = image_channel_stats(np.zeros((4, 2, 2, 3), np.uint8) + 255)
    assert mean.tolist() == [1.0] * 3 and std.tolist() == [0.0] * 3


def write_png_zip(path, color_seed=0):
    rng = np.random.default_rng(color_seed)
    with zipfile.ZipFile(path, "w") as z:
        for split in ("train", "test"):
            for c in ("cat", "airplane"):
                for i in range(3):
                    z.writestr(f"{split}/{c}/img{i}.png", png_bytes(rng.integers(0, 256, (32, 32, 3), dtype=np.uint8)))


def test_channel_stats_are_cached_with_the_arrays(tmp_path, monkeypatch):
    import os

    from copfl.data import sources

    write_png_zip(tmp_path / "cifar10_png.zip")
    cache = tmp_path / "cache"
    ds = load_dataset("cifar10", tmp_path, cache)
    (stats_file,) = cache.glob("cifar10-*.stats.json")  # written with the arrays, on the first load
    flat = ds.x_train.reshape(-1, 3).astype(np.float64) / 255.0
    mean, std = ds.channel_stats()
    np.testing.assert_allclose(mean, flat.mean(0), rtol=1e-12)
    np.testing.assert_allclose(std, flat.std(0), rtol=1e-12)

    calls = []
    real = sources.dataset.image_channel_stats

    def counted(x, *a, **k):
        calls.append(len(x))
        return real(x, *a, **k)

    def refuse(*a, **k):
        raise AssertionError("channel statistics computed again instead of read from the cache")

    monkeypatch.setattr(sources.dataset, "image_channel_stats", refuse)
    again = load_dataset("cifar10", tmp_path, cache)
    m2, s2 = again.channel_stats()
    assert m2.tolist() == mean.tolist() and s2.tolist() == std.tolist()
    c10c = load_dataset("cifar10c", tmp_path, cache)  # the same training images, renamed
    assert c10c.channel_stats()[0].tolist() == mean.tolist()

    # statistics made from other arrays (the npz was rebuilt) are not reused
    (npz,) = cache.glob("cifar10-*.npz")
    os.utime(npz, ns=(1, 1))
    monkeypatch.setattr(sources.dataset, "image_channel_stats", counted)
    rebuilt = load_dataset("cifar10", tmp_path, cache)
    assert calls == [len(ds.x_train)] and rebuilt.channel_stats()[1].tolist() == std.tolist()
    # a cache written before the statistics were kept gets them on its next load
    stats_file.unlink()
    load_dataset("cifar10", tmp_path, cache)
    assert len(calls) == 2 and stats_file.exists()
    load_dataset("cifar10", tmp_path, cache).channel_stats()
    assert len(calls) == 2
    # changed training images never see another array's statistics
    from dataclasses import replace

    sub = replace(rebuilt, x_train=rebuilt.x_train[:2])
    assert sub.channel_stats()[0].tolist() == real(rebuilt.x_train[:2])[0].tolist() and len(calls) == 3


class Recorder:
    def __init__(self):
        self.events = []

    def message(self, text):
        self.events.append(("message", text))

    def start(self, desc, total, unit="image"):
        self.events.append(("start", desc, total))

    def advance(self, n=1):
        self.events.append(("advance", n))

    def finish(self):
        self.events.append(("finish",))


def test_loading_reports_what_it_does(tmp_path):
    write_png_zip(tmp_path / "cifar10_png.zip")
    rec = Recorder()
    load_dataset("cifar10", tmp_path, tmp_path / "cache", progress=rec)
    msgs = [e[1] for e in rec.events if e[0] == "message"]
    assert msgs[0].startswith(f"loading cifar10 from {tmp_path / 'cifar10_png.zip'}: decoding")
    assert any("caching the decoded arrays" in m for m in msgs) and any("per-channel mean and std" in m for m in msgs)
    assert msgs[-1].startswith("loaded cifar10: 6 train / 6 test samples")
    starts = [e for e in rec.events if e[0] == "start"]
    assert starts == [("start", "decoding cifar10 train", 6), ("start", "decoding cifar10 test", 6)]
    assert sum(e[1] for e in rec.events if e[0] == "advance") == 12 and rec.events.count(("finish",)) == 2
    warm = Recorder()
    load_dataset("cifar10", tmp_path, tmp_path / "cache", progress=warm)
    wmsgs = [e[1] for e in warm.events]
    assert len(wmsgs) == 2 and "decoded arrays cached in" in wmsgs[0] and wmsgs[1].startswith("loaded cifar10")


def test_data_progress_bar_on_a_terminal_lines_otherwise(tmp_path):
    from copfl.results.callbacks import DataProgress

    class Tty(io.StringIO):
        def isatty(self):
            return True

    write_png_zip(tmp_path / "cifar10_png.zip")
    plain, tty = io.StringIO(), Tty()
    load_dataset("cifar10", tmp_path, tmp_path / "c1", progress=DataProgress(plain))
    load_dataset("cifar10", tmp_path, tmp_path / "c2", progress=DataProgress(tty))
    lines = plain.getvalue().splitlines()
    assert "decoding cifar10 train: 6 images ..." in lines
    assert any(x.startswith("decoding cifar10 train: 6/6 images in") for x in lines)
    assert "\r" not in plain.getvalue()
    assert "decoding cifar10 train" in tty.getvalue() and "6/6" in tty.getvalue() and "\r" in tty.getvalue()  # a tqdm bar


def test_cifar100_fine_and_coarse_from_folder_and_tar(tmp_path):
    train = write_cifar100(tmp_path / "a" / "cifar-100-python")
    fine, coarse = load_dataset("cifar100", tmp_path / "a"), load_dataset("cifar100-coarse", tmp_path / "a")
    assert fine.num_classes == 100 and coarse.num_classes == 20 and fine.classes[3] == "f3"
    assert fine.y_train.tolist() == train[b"fine_labels"] and coarse.y_train.tolist() == train[b"coarse_labels"]
    assert np.array_equal(fine.x_train, coarse.x_train) and fine.x_train.shape == (6, 32, 32, 3)
    (tmp_path / "b").mkdir()
    with tarfile.open(tmp_path / "b" / "cifar-100-python.tar.gz", "w:gz") as tar:
        tar.add(tmp_path / "a" / "cifar-100-python", arcname="cifar-100-python")
    assert np.array_equal(load_dataset("cifar100", tmp_path / "b").x_test, fine.x_test)
    (tmp_path / "a" / "cifar-100-python" / "meta").write_bytes(b"garbage")
    with pytest.raises(DataError, match="meta: not a readable pickle"):
        load_dataset("cifar100", tmp_path / "a", cache_dir=tmp_path / "c2")


def test_cinic10_folders(tmp_path):
    root = tmp_path / "CINIC-10"
    for split in ("train", "valid", "test"):
        for c in ("ship", "airplane"):
            (root / split / c).mkdir(parents=True)
            (root / split / c / "x.png").write_bytes(png_bytes(np.full((32, 32, 3), 7, np.uint8)))
    ds = load_dataset("cinic10", tmp_path)
    assert ds.y_train.tolist() == [0, 8] and len(ds.y_test) == 2  # valid/ is not used


def test_miniimagenet_zip_and_pickles(tmp_path):
    with zipfile.ZipFile(tmp_path / "miniimagenet_subset_80_20.zip", "w") as z:
        for split, n in (("train", 3), ("val", 1)):
            for w in ("n02", "n01"):
                for i in range(n):
                    z.writestr(f"{split}/{w}/{w}{i}.jpg", png_bytes(np.full((84, 84, 3), 9, np.uint8)))
    ds = load_dataset("miniimagenet", tmp_path)
    assert ds.classes == ("n01", "n02") and ds.x_train.shape == (6, 84, 84, 3) and ds.y_test.tolist() == [0, 1]
    folder = tmp_path / "p" / "mini-imagenet"
    folder.mkdir(parents=True)
    rng = np.random.default_rng(0)
    for part, wnids in (("train", ["n3", "n1"]), ("val", ["n2"]), ("test", ["n0"])):
        data = rng.integers(0, 256, (4 * len(wnids), 84, 84, 3), dtype=np.uint8)
        cdict = {w: list(range(4 * k, 4 * k + 4)) for k, w in enumerate(wnids)}
        with open(folder / f"mini-imagenet-cache-{part}.pkl", "wb") as f:
            pickle.dump({"image_data": data, "class_dict": cdict}, f)
    old = pickle.loads((folder / "mini-imagenet-cache-train.pkl").read_bytes())
    from copfl.data.sources.miniimagenet import decode_miniimagenet_pickles

    pk = decode_miniimagenet_pickles(folder, test_per_class=1)
    assert pk.classes == ("n0", "n1", "n2", "n3") and pk.x_train.shape == (12, 84, 84, 3) and pk.x_test.shape == (4, 84, 84, 3)
    # class n1 = indices 4..7 of the train pickle: the last image is its test image
    assert np.array_equal(pk.x_test[1], old["image_data"][7]) and np.array_equal(pk.x_train[3:6], old["image_data"][4:7])


def test_femnist_npz_and_leaf_json_agree(tmp_path):
    rng = np.random.default_rng(0)
    x = rng.integers(0, 256, (7, 28, 28), dtype=np.uint8)
    y = np.array([0, 61, 5, 5, 9, 10, 3])
    writer = np.array([0, 0, 1, 1, 1, 2, 0])
    is_test = np.array([False, True, False, False, True, False, False])
    np.savez(tmp_path / "femnist.npz", x=x, y=y, writer=writer, is_test=is_test, writers=np.array(["w0", "w1", "w2"]))
    a = load_dataset("femnist", tmp_path)
    assert a.group_names == ("w0", "w1", "w2") and a.groups_train.tolist() == [0, 1, 1, 2, 0] and a.groups_test.tolist() == [0, 1]
    leaf = tmp_path / "leaf" / "femnist"
    for split, mask in (("train", ~is_test), ("test", is_test)):
        (leaf / split).mkdir(parents=True)
        users = [f"w{k}" for k in range(3) if (mask & (writer == k)).any()]
        doc = {"users": users, "num_samples": [], "user_data": {}}
        for u in users:
            sel = mask & (writer == int(u[1]))
            doc["num_samples"].append(int(sel.sum()))
            doc["user_data"][u] = {"x": (x[sel].reshape(-1, 784) / 255.0).tolist(), "y": y[sel].tolist()}
        (leaf / split / "part0.json").write_text(json.dumps(doc))
    b = load_dataset("femnist", tmp_path / "leaf")

    def by_writer(ds, x, y, g):  # LEAF files group samples by user; the npz keeps file order
        order = np.argsort([ds.group_names[k] for k in g], kind="stable")
        return x[order], y[order], [ds.group_names[k] for k in g[order]]

    for split in ("train", "test"):
        xa, ya, ga = by_writer(a, getattr(a, f"x_{split}"), getattr(a, f"y_{split}"), getattr(a, f"groups_{split}"))
        xb, yb, gb = by_writer(b, getattr(b, f"x_{split}"), getattr(b, f"y_{split}"), getattr(b, f"groups_{split}"))
        assert np.array_equal(xa, xb) and np.array_equal(ya, yb) and ga == gb


@pytest.mark.slow
def test_real_femnist_and_miniimagenet(real_data_dir, tmp_path):
    fem = load_dataset("femnist", real_data_dir, tmp_path)
    assert (len(fem.y_train), len(fem.y_test), fem.num_classes, len(fem.group_names)) == (14708, 1685, 62, 105)
    mini = load_dataset("miniimagenet", real_data_dir, tmp_path)
    assert mini.x_train.shape == (8000, 84, 84, 3) and mini.x_test.shape == (2000, 84, 84, 3) and mini.num_classes == 100
    assert np.bincount(mini.y_train).tolist() == [80] * 100
    out = tmp_path / "fem"
    assert main(["run", "--algorithm", "fedavg", "--dataset", "femnist", "--data-dir", str(real_data_dir), "--clients", "20",
                 "--rounds", "3", "--out", str(out)]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["final"]["acc_mean"] > 1 / 62


def test_fashion_mnist_from_official_idx_files(tmp_path):
    import gzip

    rng = np.random.default_rng(5)
    d = tmp_path / "fashion-mnist"
    d.mkdir()
    arrays = {
        "train-images-idx3-ubyte": rng.integers(0, 256, (4, 28, 28), dtype=np.uint8),
        "train-labels-idx1-ubyte": np.array([0, 9, 3, 3], np.uint8),
        "t10k-images-idx3-ubyte": rng.integers(0, 256, (2, 28, 28), dtype=np.uint8),
        "t10k-labels-idx1-ubyte": np.array([1, 2], np.uint8),
    }
    for name, arr in arrays.items():
        (d / f"{name}.gz").write_bytes(gzip.compress(idx_bytes(arr)))
    ds = load_dataset("fashion-mnist", tmp_path)
    assert ds.classes[9] == "Ankle boot" and ds.y_train.tolist() == [0, 9, 3, 3] and ds.x_test.shape == (2, 28, 28, 1)


@pytest.mark.slow
def test_fashion_mnist_from_the_debian_package(tmp_path):
    from copfl.data.sources.mnist import FASHION_MNIST_SYSTEM_DIR

    if not FASHION_MNIST_SYSTEM_DIR.is_dir():
        pytest.skip("the Debian package dataset-fashion-mnist is not installed")
    ds = load_dataset("fashion-mnist", tmp_path / "empty-data-dir", tmp_path / "cache")
    assert ds.x_train.shape == (60000, 28, 28, 1) and ds.x_test.shape == (10000, 28, 28, 1)
    assert np.bincount(ds.y_train).tolist() == [6000] * 10 and np.bincount(ds.y_test).tolist() == [1000] * 10


def test_tiny_shakespeare_by_role(tmp_path):
    from copfl.data.sources.shakespeare import SEQ_LEN, SHAKESPEARE_VOCAB, encode_text, shakespeare_roles

    alice = "".join(chr(97 + i % 26) for i in range(150))
    text = f"ALICE:\n{alice[:100]}\n\nBOB:\nshort\n\nAlice:\n{alice[100:]}\n"
    roles = shakespeare_roles(text)
    assert set(roles) == {"ALICE", "BOB"} and roles["ALICE"] == alice[:100] + "\n" + alice[100:]
    (tmp_path / "tinyshakespeare.txt").write_text(text)
    ds = load_dataset("shakespeare", tmp_path)
    assert ds.kind == "tokens" and ds.input_shape == (SEQ_LEN,) and ds.num_classes == 80
    toks = encode_text(roles["ALICE"])
    n, cut = len(toks), int(0.9 * len(toks))  # 151 characters; targets below 135 train
    a = ds.group_names.index("ALICE")
    xa, ya = ds.x_train[ds.groups_train == a], ds.y_train[ds.groups_train == a]
    assert len(ya) == cut - SEQ_LEN and np.array_equal(xa[0], toks[:SEQ_LEN]) and ya[0] == toks[SEQ_LEN]
    xt = ds.x_test[ds.groups_test == a]
    assert len(xt) == n - cut and np.array_equal(xt[0], toks[cut - SEQ_LEN : cut])
    assert "BOB" in ds.group_names and not (ds.groups_train == ds.group_names.index("BOB")).any()  # too short
    assert encode_text("$")[0] == SHAKESPEARE_VOCAB.index(" ")  # outside LEAF's vocabulary: a space


def test_leaf_shakespeare_json(tmp_path):
    x = ["a" * 79 + "b", "c" * 80]
    for split in ("train", "test"):
        (tmp_path / "shakespeare" / split).mkdir(parents=True)
        doc = {"users": ["ROMEO"], "num_samples": [2], "user_data": {"ROMEO": {"x": x, "y": ["c", "d"]}}}
        (tmp_path / "shakespeare" / split / "all.json").write_text(json.dumps(doc))
    ds = load_dataset("shakespeare", tmp_path)
    from copfl.data.sources.shakespeare import SHAKESPEARE_VOCAB

    assert ds.x_train.shape == (2, 80) and ds.y_train.tolist() == [SHAKESPEARE_VOCAB.index("c"), SHAKESPEARE_VOCAB.index("d")]
    assert ds.group_names == ("ROMEO",)



@pytest.mark.slow
def test_real_tiny_shakespeare_trains(real_data_dir, tmp_path):
    import gzip

    text = gzip.decompress((real_data_dir / "tinyshakespeare.txt.gz").read_bytes()).decode()
    assert len(text) == 1_115_394  # the published size of Tiny Shakespeare
    ds = load_dataset("shakespeare", real_data_dir, tmp_path)
    assert (len(ds.y_train), len(ds.y_test)) == (902975, 102699) and len(ds.group_names) == 293
    out = tmp_path / "shk"
    assert main(["run", "--algorithm", "fedavg", "--dataset", "shakespeare", "--data-dir", str(real_data_dir), "--clients", "2",
                 "--rounds", "1", "--out", str(out)]) == 0
    assert json.loads((out / "summary.json").read_text())["final"]["acc_mean"] > 1 / 80


def write_vehicle(folder, n=30, seed=0):
    rng = np.random.default_rng(seed)
    folder.mkdir(parents=True)
    for name, m in (("combined_scale", n), ("combined_scale.t", n // 3)):
        lines = []
        for k in range(m):
            label = k % 3 + 1
            feats = {int(i): round(float(v), 4) for i, v in zip(rng.choice(range(2, 101), 5, replace=False), rng.uniform(-1, 1, 5))}
            feats[1] = round(label - 2 + float(rng.normal(0, 0.1)), 4)  # the class signal: feature 1 near -1, 0, 1
            lines.append(f"{label} " + " ".join(f"{i}:{v}" for i, v in sorted(feats.items())))
        (folder / name).write_text("\n".join(lines) + "\n")


def test_vehicle_libsvm_and_the_hinge_svm(tmp_path):
    import torch
    import torch.nn.functional as F

    from copfl.core.workspace import Workspace

    (tmp_path / "vehicle").mkdir()
    (tmp_path / "vehicle" / "combined_scale").write_text("2 1:0.5 100:-1\n3 2:0.25\n")
    (tmp_path / "vehicle" / "combined_scale.t").write_text("1 3:1\n")
    ds = load_dataset("vehicle", tmp_path)
    assert ds.kind == "features" and ds.x_train.shape == (2, 100) and ds.y_train.tolist() == [1, 2] and ds.y_test.tolist() == [0]
    assert ds.x_train[0, 0] == 0.5 and ds.x_train[0, 99] == -1 and ds.x_train[1, 1] == 0.25 and ds.x_train[0].sum() == -0.5
    ws = Workspace(build_model("svm", ModelSpec(ds.input_shape, 3)))
    x, y = torch.from_numpy(ds.x_train), torch.from_numpy(ds.y_train)
    ev = ws.evaluate(x, y)
    with torch.no_grad():
        expected = float(F.multi_margin_loss(ws.model(x), y))
    assert ev.loss == pytest.approx(expected, rel=1e-6)
    (tmp_path / "vehicle" / "combined_scale").write_text("2 1:0.5 101:1\n")
    with pytest.raises(DataError, match=r"combined_scale:1: feature index 101 outside 1..100"):
        load_dataset("vehicle", tmp_path, cache_dir=tmp_path / "c2")
    (tmp_path / "vehicle" / "combined_scale").write_text("7 1:0.5\n")
    with pytest.raises(DataError, match=r"labels must be 1..3, got 7..7"):
        load_dataset("vehicle", tmp_path, cache_dir=tmp_path / "c3")


def test_vehicle_runs_from_the_cli(tmp_path):
    write_vehicle(tmp_path / "vehicle", n=60)
    out = tmp_path / "veh"
    assert main(["run", "--algorithm", "fedavg", "--dataset", "vehicle", "--data-dir", str(tmp_path), "--partition", "iid",
                 "--clients", "3", "--rounds", "3", "--out", str(out)]) == 0
    cfg = json.loads((out / "config.json").read_text())["config"]
    assert cfg["model"] == "svm" and json.loads((out / "summary.json").read_text())["final"]["acc_mean"] > 0.5


@pytest.mark.slow
@pytest.mark.parametrize("dataset, extra", [
    ("mnist", []),
    ("fashion-mnist", []),
    ("miniimagenet", ["--clients", "4", "--classes-per-client", "10"]),
])
def test_short_runs_on_the_real_copies(real_data_dir, tmp_path, dataset, extra):
    from copfl.data.sources.dataset import DataNotFoundError

    try:
        load_dataset(dataset, real_data_dir, tmp_path / "cache")
    except DataNotFoundError:
        pytest.skip(f"{dataset} is not available on this machine")
    out = tmp_path / dataset
    assert main(["run", "--algorithm", "fedavg", "--dataset", dataset, "--data-dir", str(real_data_dir), "--rounds", "2",
                 "--cache-dir", str(tmp_path / "cache"), "--out", str(out), *extra]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["status"] == "completed" and summary["final"]["acc_mean"] > 0.0


# --------------------------------------------------------------------------- --classes
def test_parse_classes_takes_indices_ranges_and_names_in_the_given_order():
    from copfl.data.sources.femnist import FEMNIST_CLASSES
    from copfl.data.sources.dataset import parse_classes

    assert parse_classes("a-j", FEMNIST_CLASSES) == list(range(36, 46)) == parse_classes("36-45", FEMNIST_CLASSES)
    assert parse_classes("c, a ,b", FEMNIST_CLASSES) == [38, 36, 37]  # order kept: c -> 0, a -> 1, b -> 2
    assert parse_classes("0-2,A,z", FEMNIST_CLASSES) == [0, 1, 2, 10, 61]  # names are case-sensitive
    assert parse_classes("3,airplane", ("airplane", "auto", "bird", "cat")) == [3, 0]
    assert parse_classes("x-y,b", ("a", "x-y", "b")) == [1, 2]  # a name holding '-' is matched whole first


@pytest.mark.parametrize(
    "spec,message",
    [
        ("zz", "unknown class 'zz'; this data set's classes are indices 0..61 or names 0, 1, 2, ..., y, z"),
        ("62", "class index 62 is out of range 0..61"),
        ("j-a", "range 'j-a' runs backwards \\(45 > 36\\); write it as a-j"),
        ("a,b,a", "class 'a' \\(index 36\\) is listed twice"),
        ("a-c,b", "class 'b' \\(index 37\\) is listed twice"),
        ("a,,b", "empty item"),
        ("a", "keeps 1 class; a classifier needs at least 2"),
        ("", "must list classes"),
    ],
)
def test_parse_classes_errors_name_the_value(spec, message):
    from copfl.data.sources.femnist import FEMNIST_CLASSES
    from copfl.data.sources.dataset import parse_classes

    with pytest.raises(ValueError, match=message):
        parse_classes(spec, FEMNIST_CLASSES)


def test_select_classes_keeps_and_relabels_samples_and_writers():
    from copfl.data.sources.dataset import ArrayDataset, select_classes

    rng = np.random.default_rng(1)
    y, yt = np.array([0, 3, 1, 3, 2, 0, 1]), np.array([3, 0, 2, 1])
    x, xt = rng.integers(0, 256, (7, 2, 2, 1), dtype=np.uint8), rng.integers(0, 256, (4, 2, 2, 1), dtype=np.uint8)
    ds = ArrayDataset("t", x, y, xt, yt, ("a", "b", "c", "d"), "test", np.array([0, 1, 1, 2, 2, 0, 1]), np.array([2, 0, 1, 1]), ("w0", "w1", "w2"))
    sub = select_classes(ds, [3, 1])  # d -> 0, b -> 1
    assert sub.classes == ("d", "b") and sub.num_classes == 2
    assert sub.y_train.tolist() == [0, 1, 0, 1] and np.array_equal(sub.x_train, x[[1, 2, 3, 6]])
    assert sub.y_test.tolist() == [0, 1] and np.array_equal(sub.x_test, xt[[0, 3]])
    assert sub.groups_train.tolist() == [1, 1, 2, 1] and sub.groups_test.tolist() == [2, 1] and sub.group_names == ds.group_names
    mean, _ = sub.channel_stats()  # the kept training images' statistics
    assert mean[0] == pytest.approx(x[[1, 2, 3, 6]].mean() / 255)


def test_select_classes_refuses_token_data_sets():
    from copfl.data.sources.dataset import ArrayDataset, select_classes

    ds = ArrayDataset("shakespeare", np.zeros((2, 3), np.uint8), np.array([0, 1]), np.zeros((1, 3), np.uint8), np.array([1]), ("a", "b"), "t", kind="tokens")
    with pytest.raises(ValueError, match="input vocabulary"):
        select_classes(ds, [0, 1])


def test_femnist_letters_a_to_j_as_a_ten_class_data_set(tmp_path, capsys):
    """FEMNIST (5, 25)'s data: lower-case a-j relabelled 0..9; a natural split keeps each
    writer's letters; the model gets 10 outputs."""
    rng = np.random.default_rng(0)
    n = 240
    y = np.concatenate([rng.integers(36, 46, n - 40), rng.integers(0, 36, 40)])
    writer = np.arange(n) % 4
    is_test = np.arange(n) % 5 == 0
    x = rng.integers(0, 256, (n, 28, 28), dtype=np.uint8)
    np.savez(tmp_path / "femnist.npz", x=x, y=y, writer=writer, is_test=is_test, writers=np.array(["w0", "w1", "w2", "w3"]))
    out = tmp_path / "run"
    assert main(["run", "--algorithm", "fedavg", "--dataset", "femnist", "--data-dir", str(tmp_path), "--cache-dir", str(tmp_path / "c"),
                 "--classes", "a-j", "--model", "mlp", "--rounds", "1", "--out", str(out)]) == 0  # fmt: skip
    cfg = json.loads((out / "config.json").read_text())["config"]
    assert cfg["classes"] == "a-j" and 'classes = "a-j"' in (out / "config.toml").read_text()
    from copfl.execution.config import RunConfig
    from copfl.execution.federation import build_federation

    fed = build_federation(RunConfig(**{**cfg, "out": None}))
    assert fed.dataset.classes == tuple("abcdefghij") and fed.dataset.num_classes == 10
    kept = (y >= 36) & (y <= 45)
    assert len(fed.dataset.y_train) == int((kept & ~is_test).sum()) and set(fed.dataset.y_train.tolist()) <= set(range(10))
    assert np.array_equal(fed.dataset.y_train, y[kept & ~is_test] - 36)
    assert sum(c.num_train + c.num_val for c in fed.clients) == int((kept & ~is_test).sum())  # natural: every writer, letters only
