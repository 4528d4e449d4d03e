"""CIFAR-100, CINIC-10, Mini-ImageNet, FEMNIST: fixtures written in the official formats;
natural partitions; `copfl datasets`; the real copies (slow)."""

import json
import pickle
import tarfile
import zipfile

import numpy as np
import pytest

from copfl.cli import main
from copfl.data.partition import PartitionError, PartitionSettings, make_split
from copfl.data.sources import DataError, load_dataset
from copfl.models import ModelSpec, build_model

from test_sources import png_bytes


def write_cifar100(folder, n=6, seed=0):
    rng = np.random.default_rng(seed)
    folder.mkdir(parents=True)
    for split in ("train", "test"):
        d = {
            b"data": rng.integers(0, 256, (n, 3072), dtype=np.uint8),
            b"fine_labels": rng.integers(0, 100, n).tolist(),
            b"coarse_labels": rng.integers(0, 20, n).tolist(),
        }
        (folder / split).write_bytes(pickle.dumps(d))
    meta = {b"fine_label_names": [f"f{i}".encode() for i in range(100)], b"coarse_label_names": [f"c{i}".encode() for i in range(20)]}
    (folder / "meta").write_bytes(pickle.dumps(meta))
    return pickle.loads((folder / "train").read_bytes())


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
    import copfl.data.sources as src

    pk = src.decode_miniimagenet_pickles(folder, test_per_class=1)
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


def test_natural_partition():
    y, yt = np.arange(8) % 3, np.arange(4) % 3
    g, gt = np.array([0, 0, 1, 1, 2, 2, 3, 3]), np.array([0, 1, 2, 2])  # group 3 has no test data
    all_ = make_split(y, yt, PartitionSettings("natural", num_clients=None), 0, (g, gt))
    assert [t.tolist() for t in all_.train] == [[0, 1], [2, 3], [4, 5]] and [t.tolist() for t in all_.test] == [[0], [1], [2, 3]]
    two = make_split(y, yt, PartitionSettings("natural", num_clients=2), 1, (g, gt))
    assert two.num_clients == 2 and set(two.meta["groups"]) <= {0, 1, 2}
    with pytest.raises(PartitionError, match="4 clients requested but the data set has 3 natural clients"):
        make_split(y, yt, PartitionSettings("natural", num_clients=4), 0, (g, gt))
    with pytest.raises(PartitionError, match="no natural clients"):
        make_split(y, yt, PartitionSettings("natural", num_clients=2), 0, None)


def test_lenet5_and_logreg():
    le = build_model("lenet5", ModelSpec((1, 28, 28), 62))
    assert le.fc.out_features == 62 and le.fc1.in_features == 16 * 5 * 5
    import torch

    assert le(torch.zeros(2, 1, 28, 28)).shape == (2, 62)
    lr = build_model("logreg", ModelSpec((1, 28, 28), 62))
    assert sum(p.numel() for p in lr.parameters()) == 784 * 62 + 62


def test_datasets_command_reports_found_and_missing(tmp_path, capsys):
    write_cifar100(tmp_path / "cifar-100-python")
    assert main(["datasets", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "cifar100         found" in out and "cifar10          missing" in out and "digits           embedded" in out
    assert "https://www.cs.toronto.edu/~kriz/cifar.html" in out


def test_datasets_command_names_every_femnist_layout_the_loader_and_readme_accept(tmp_path, capsys):
    import re
    from pathlib import Path

    from copfl.data.sources import SOURCES

    assert main(["datasets", "--data-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    hint = lines[lines.index(next(x for x in lines if x.startswith("  femnist "))) + 1]
    assert "to obtain it:" in hint
    for cand in SOURCES["femnist"].candidates:  # every form the loader accepts
        if cand.kind == "dir":  # LEAF's json layout
            assert f"<data-dir>/{cand.relpath}/" in hint and all(f"{cand.relpath}/{s}/*.json" in hint for s in ("train", "test"))
        else:
            assert f"<data-dir>/{cand.relpath}" in hint, cand.relpath
    row = next(x for x in (Path(__file__).parents[1] / "README.md").read_text().splitlines() if x.startswith("| `femnist` |"))
    readme_files = re.findall(r"`([\w.]+\.npz)`", row)
    assert sorted(readme_files) == sorted(c.relpath for c in SOURCES["femnist"].candidates if c.kind == "file")
    assert all(f in hint for f in readme_files)


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

    from test_sources import idx_bytes

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
    from copfl.data.sources import FASHION_MNIST_SYSTEM_DIR

    if not FASHION_MNIST_SYSTEM_DIR.is_dir():
        pytest.skip("the Debian package dataset-fashion-mnist is not installed")
    ds = load_dataset("fashion-mnist", tmp_path / "empty-data-dir", tmp_path / "cache")
    assert ds.x_train.shape == (60000, 28, 28, 1) and ds.x_test.shape == (10000, 28, 28, 1)
    assert np.bincount(ds.y_train).tolist() == [6000] * 10 and np.bincount(ds.y_test).tolist() == [1000] * 10


def test_tiny_shakespeare_by_role(tmp_path):
    from copfl.data.sources import SEQ_LEN, SHAKESPEARE_VOCAB, encode_text, shakespeare_roles

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
    from copfl.data.sources import SHAKESPEARE_VOCAB

    assert ds.x_train.shape == (2, 80) and ds.y_train.tolist() == [SHAKESPEARE_VOCAB.index("c"), SHAKESPEARE_VOCAB.index("d")]
    assert ds.group_names == ("ROMEO",)


def test_lstm_model_and_kind_checks():
    import torch

    m = build_model("lstm", ModelSpec((80,), 80))
    assert m(torch.zeros(3, 80, dtype=torch.long)).shape == (3, 80)
    with pytest.raises(ValueError, match="model 'cnn' does not take token sequences; models for token sequences: lstm"):
        build_model("cnn", ModelSpec((80,), 80))
    with pytest.raises(ValueError, match="model 'lstm' does not take images"):
        build_model("lstm", ModelSpec((3, 32, 32), 10))


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

    from copfl.workspace import Workspace

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
    from copfl.data.sources import DataNotFoundError

    try:
        load_dataset(dataset, real_data_dir, tmp_path / "cache")
    except DataNotFoundError:
        pytest.skip(f"{dataset} is not available on this machine")
    out = tmp_path / dataset
    assert main(["run", "--algorithm", "fedavg", "--dataset", dataset, "--data-dir", str(real_data_dir), "--rounds", "2",
                 "--cache-dir", str(tmp_path / "cache"), "--out", str(out), *extra]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["status"] == "completed" and summary["final"]["acc_mean"] > 0.0
