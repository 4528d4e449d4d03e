"""User data sets: the adapters (copfl.data.adapters) and register_dataset (the shared registry)."""

import json
import re

import numpy as np
import pytest
import torch
from PIL import Image

from copfl.cli import main
from copfl.execution.config import RunConfig
from copfl.data.adapters import from_huggingface, from_numpy, from_torch
from copfl.data.partitioners import PARTITIONS, PartitionError
from copfl.data.sources.registry import SOURCES, load_dataset, register_dataset
from copfl.data.sources.dataset import ArrayDataset, DataError
from copfl.execution.federation import build_federation


@pytest.fixture(autouse=True)
def _forget_registrations():
    """Each test starts and ends with the built-in data sets only."""
    before = set(SOURCES)
    yield
    for name in set(SOURCES) - before:
        del SOURCES[name]


def small(n_train=40, n_test=20, classes=4, seed=0, **kw):
    """Grey 6x6 uint8 images, every class present in both splits."""
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 256, (n_train, 6, 6), dtype=np.uint8)
    xt = rng.integers(0, 256, (n_test, 6, 6), dtype=np.uint8)
    return from_numpy(x, np.arange(n_train) % classes, xt, np.arange(n_test) % classes, **kw)


# ------------------------------------------------------------------------------ from_numpy
def test_from_numpy_grey_images_get_a_channel_and_floats_become_exact_uint8():
    k = np.arange(2 * 3 * 4 * 5) % 256
    x = (k / 255.0).reshape(2 * 3, 4, 5).astype(np.float32)  # every value k/255: back to k exactly
    ds = from_numpy(x[:4], [0, 2, 1, 0], x[4:], np.array([4, 1]))
    assert ds.kind == "image" and ds.x_train.dtype == np.uint8 and ds.x_train.shape == (4, 4, 5, 1)
    np.testing.assert_array_equal(ds.x_train[..., 0], k.reshape(6, 4, 5)[:4])
    np.testing.assert_array_equal(ds.x_test[..., 0], k.reshape(6, 4, 5)[4:])
    assert ds.classes == ("0", "1", "2", "3", "4")  # up to the largest label of either split
    assert ds.y_train.dtype == np.int64 and ds.y_train.tolist() == [0, 2, 1, 0] and ds.y_test.tolist() == [4, 1]
    assert ds.input_shape == (1, 4, 5)


def test_from_numpy_rounds_floats_and_keeps_uint8_and_rgb_as_they_are():
    ds = from_numpy(np.array([[[[0.0, 0.5, 1.0]]]]), [0], np.array([[[[0.002, 0.998, 0.25]]]]), [1])
    assert ds.x_train.reshape(-1).tolist() == [0, 128, 255] and ds.x_test.reshape(-1).tolist() == [1, 254, 64]
    rgb = np.random.default_rng(1).integers(0, 256, (3, 2, 2, 3), dtype=np.uint8)
    ds = from_numpy(rgb, [0, 1, 1], rgb[:1], [1], name="rgb", classes=["cat", "dog"])
    np.testing.assert_array_equal(ds.x_train, rgb)
    assert ds.classes == ("cat", "dog") and ds.name == "rgb" and ds.input_shape == (3, 2, 2)


def test_from_numpy_2d_arrays_are_features_used_as_they_are():
    x = np.array([[-3.5, 0.25, 1e3], [2.0, -1.0, 0.0]])
    ds = from_numpy(x, [1, 0], x[::-1], [0, 1])
    assert ds.kind == "features" and ds.x_train.dtype == np.float32
    np.testing.assert_array_equal(ds.x_train, x.astype(np.float32))
    np.testing.assert_array_equal(ds.x_test, x[::-1].astype(np.float32))
    assert ds.input_shape == (1, 1, 3) and ds.channel_stats()[0].size == 0


def test_from_numpy_groups_become_natural_clients():
    x = np.zeros((5, 2), np.float32)
    ds = from_numpy(x, [0, 1, 0, 1, 0], x[:3], [1, 0, 1], groups_train=["bo", "al", "bo", "cy", "al"], groups_test=["cy", "al", "al"])
    assert ds.group_names == ("al", "bo", "cy")
    assert ds.groups_train.tolist() == [1, 0, 1, 2, 0] and ds.groups_test.tolist() == [2, 0, 0]


# ------------------------------------------------------------------------------ bad data
X4 = np.zeros((4, 3, 3), np.uint8)
Y4 = [0, 1, 0, 1]


@pytest.mark.parametrize(
    "args, message",
    [
        ((X4, [0, 1.5, 0, 1], X4, Y4), r"train sample 1: label 1\.5 is not an integer"),
        ((X4, Y4, X4, ["cat", "dog", "cat", "dog"]), r"test sample 0: label 'cat' is not an integer.*classes="),
        ((X4, [0, 1, -2, 1], X4, Y4), r"train sample 2: label -2 is negative"),
        ((X4, Y4, X4, [0, 1, 0]), r"the test split has 4 samples but 3 labels"),
        ((X4[:0], [], X4, Y4), r"the train split is empty"),
        ((X4, Y4, [np.zeros((3, 3)), np.zeros((3, 3)), np.zeros((3, 4)), np.zeros((3, 3))], Y4),
         r"test samples have different shapes: sample 0 is \(3, 3\), sample 2 is \(3, 4\)"),
        ((np.full((4, 3, 3), 0.75) * [[[1]], [[1]], [[1]], [[2]]], Y4, X4, Y4),
         r"train sample 3: float images must be in \[0, 1\], got values 1\.5\.\.1\.5 .*x / 255.*features"),
        ((np.where(np.arange(8).reshape(4, 2) == 5, np.nan, 0.0), Y4, np.zeros((4, 2)), Y4), r"train sample 2: the feature vector holds NaN"),
        ((X4, Y4, np.zeros((4, 9)), Y4), r"train samples are images of shape 3x3x1 .* test samples are feature vectors of length 9"),
        ((np.zeros((4, 3, 8, 8), np.uint8), Y4, X4, Y4), r"looks like channels first"),
        ((X4, np.eye(4)[Y4], X4, Y4), r"train labels have shape \(4, 4\).*argmax"),
    ],
)
def test_bad_data_says_what_is_wrong_and_where(args, message):
    with pytest.raises(DataError, match=message):
        from_numpy(*args)


def test_class_names_must_cover_every_label():
    with pytest.raises(DataError, match=r"test sample 1: label 2 has no class name: 2 classes given"):
        from_numpy(X4, Y4, X4[:2], [0, 2], classes=["a", "b"])


# ------------------------------------------------------------------------------ from_torch
class RandomImages(torch.utils.data.Dataset):
    """200 random 3x8x8 float images in [0, 1] (ToTensor's layout), labels i % 4, a 0-d tensor
    every other sample."""

    classes = ["north", "east", "south", "west"]

    def __init__(self, n=200, seed=0):
        self.x = torch.rand(n, 3, 8, 8, generator=torch.Generator().manual_seed(seed))
        self.reads = 0

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        self.reads += 1
        return self.x[i], (torch.tensor(i % 4) if i % 2 else i % 4)


def test_from_torch_reads_each_sample_once_as_hwc_uint8():
    train, test = RandomImages(200, 0), RandomImages(40, 1)
    ds = from_torch(train, test, name="compass")
    assert train.reads == 200 and test.reads == 40
    assert ds.x_train.shape == (200, 8, 8, 3) and ds.x_train.dtype == np.uint8
    want = np.rint(train.x.permute(0, 2, 3, 1).numpy().astype(np.float32) * 255).astype(np.uint8)
    np.testing.assert_array_equal(ds.x_train, want)
    assert ds.y_train.tolist() == [i % 4 for i in range(200)]
    assert ds.classes == ("north", "east", "south", "west") and ds.source == "torch datasets RandomImages / RandomImages"


def test_from_torch_pil_images_uint8_tensors_and_subsets():
    class Mixed(torch.utils.data.Dataset):
        def __len__(self):
            return 2

        def __getitem__(self, i):
            img = np.full((2, 3, 3), 10 * i + 1, np.uint8)  # (H, W, C)
            return (Image.fromarray(img) if i == 0 else torch.from_numpy(img).permute(2, 0, 1)), torch.tensor([i])

    ds = from_torch(Mixed(), Mixed(), classes=["a", "b"])
    assert ds.x_train.shape == (2, 2, 3, 3) and ds.x_train[0].max() == ds.x_train[0].min() == 1 and (ds.x_train[1] == 11).all()
    assert ds.y_train.tolist() == [0, 1] and ds.classes == ("a", "b")
    sub = from_torch(torch.utils.data.Subset(RandomImages(8), [1, 2, 3]), torch.utils.data.Subset(RandomImages(8), [0]))
    assert sub.classes == ("north", "east", "south", "west")  # through the Subset


def test_from_torch_rejects_a_dataset_that_does_not_return_pairs():
    class Bare(torch.utils.data.Dataset):
        def __len__(self):
            return 3

        def __getitem__(self, i):
            return torch.zeros(2)

    with pytest.raises(DataError, match=r"train sample 0: the dataset returned a Tensor, expected an \(input, label\) pair"):
        from_torch(Bare(), Bare())


def test_a_torch_dataset_trains_from_the_command_line(tmp_path):
    train, test = RandomImages(200, 0), RandomImages(80, 1)
    register_dataset("compass", lambda: from_torch(train, test), description="random 8x8 images")
    out = tmp_path / "run"
    argv = ["run", "--dataset", "compass", "--clients", "4", "--rounds", "1", "--partition", "dirichlet",
            "--algorithm", "fedavg", "--model", "mlp", "--out", str(out)]
    assert main(argv) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["rounds_completed"] == 1 and summary["dataset"] == "compass"
    assert 0.0 <= summary["final"]["acc_mean"] <= 1.0


# ------------------------------------------------------------------------------ from_huggingface
class ClassLabel:
    def __init__(self, names):
        self.names = names


class HFStandIn:
    """What from_huggingface uses of a ``datasets.Dataset``: column access, len, features."""

    def __init__(self, columns, label_names=None):
        self.columns = columns
        self.column_names = list(columns)
        self.features = {"label": ClassLabel(label_names)} if label_names else {}

    def __len__(self):
        return len(next(iter(self.columns.values())))

    def __getitem__(self, key):
        return list(self.columns[key])


def test_from_huggingface_reads_pil_images_nested_lists_and_class_names():
    rgb = np.arange(3 * 2 * 2 * 3, dtype=np.uint8).reshape(3, 2, 2, 3)
    train = HFStandIn({"image": [Image.fromarray(a) for a in rgb], "label": [2, 0, 1]}, ["ant", "bee", "cow"])
    test = HFStandIn({"image": [rgb[1].tolist()], "label": [1]})  # nested lists
    ds = from_huggingface(train, test, name="farm")
    np.testing.assert_array_equal(ds.x_train, rgb)
    np.testing.assert_array_equal(ds.x_test, rgb[1:2])
    assert ds.y_train.tolist() == [2, 0, 1] and ds.classes == ("ant", "bee", "cow") and ds.name == "farm"
    grey = HFStandIn({"pixels": [[[0.0, 1.0]]] * 2, "y": [0, 1]})
    ds = from_huggingface(grey, grey, image="pixels", label="y")
    assert ds.x_train.shape == (2, 1, 2, 1) and ds.x_train.reshape(-1).tolist() == [0, 255, 0, 255] and ds.classes == ("0", "1")


def test_from_huggingface_names_a_missing_column():
    ds = HFStandIn({"img": [[[0]]], "label": [0]})
    with pytest.raises(DataError, match=r"the train split has no column 'image' \(its columns: img, label\); name the column with image="):
        from_huggingface(ds, ds)


# ------------------------------------------------------------------------------ register_dataset
def test_register_dataset_decorator_loads_lazily_under_its_name():
    calls = []

    @register_dataset("tiny-grey")
    def tiny():
        """Forty grey 6x6 images.

        More text that is not the description."""
        calls.append(1)
        return small(name="whatever")

    assert callable(tiny) and tiny.__name__ == "tiny" and calls == []  # the function, unchanged; not called yet
    src = SOURCES["tiny-grey"]
    assert src.origin == __name__ and src.description == "Forty grey 6x6 images." and src.embedded is tiny
    ds = load_dataset("tiny-grey")
    assert calls == [1] and isinstance(ds, ArrayDataset) and ds.name == "tiny-grey" and len(ds.y_train) == 40
    assert SOURCES["digits"].origin == "built-in"


def test_registering_a_name_twice_names_the_first_origin():
    register_dataset("mine", lambda: small(), description="mine")
    with pytest.raises(ValueError, match=rf"data set name 'mine' is already registered \(module {re.escape(__name__)}\)"):
        register_dataset("mine", lambda: small())
    with pytest.raises(ValueError, match=r"data set name 'digits' is already registered \(built-in\)"):
        register_dataset("digits")(lambda: small())
    assert SOURCES["mine"].description == "mine"


@pytest.mark.parametrize("name, message", [("", "non-empty"), ("a b", "whitespace"), ("a,b", "a comma"), (3, "non-empty string")])
def test_bad_names_are_refused(name, message):
    with pytest.raises(ValueError, match=message):
        register_dataset(name, lambda: small())
    assert name not in SOURCES


def test_a_loader_must_return_an_array_dataset():
    register_dataset("wrong", lambda: {"x": 1})
    with pytest.raises(DataError, match=r"data set 'wrong': its loader .* returned builtins\.dict, not an ArrayDataset"):
        load_dataset("wrong")
    register_dataset("float-images", lambda: ArrayDataset("f", np.zeros((2, 2, 2, 1)), np.zeros(2, np.int64), np.zeros((2, 2, 2, 1)), np.zeros(2, np.int64), ("a",), "x"))
    with pytest.raises(DataError, match=r"data set 'float-images': train inputs are float64 \(2, 2, 2, 1\), expected uint8 images"):
        load_dataset("float-images")


def test_an_adapter_error_inside_a_loader_names_the_data_set():
    register_dataset("broken", lambda: from_numpy(X4, [0, 1, 2], X4, Y4))
    with pytest.raises(DataError, match=r"data set 'broken': the train split has 4 samples but 3 labels"):
        load_dataset("broken")


@pytest.mark.parametrize("partition", PARTITIONS)
def test_every_partition_works_on_a_registered_data_set(partition):
    groups = {"groups_train": np.arange(40) % 5, "groups_test": np.arange(20) % 5}
    register_dataset("grey", lambda: small(**groups))
    cfg = RunConfig(dataset="grey", clients=4, partition=partition, samples_per_class="all", test_samples_per_class="all", min_samples=2, power=0.5)
    fed = build_federation(cfg)
    assert fed.split.num_clients == 4 and fed.clients[0].x_train.shape[1:] == (1, 6, 6)
    train = np.concatenate(fed.split.train)
    assert len(train) == len(np.unique(train)) and all(len(t) > 0 for t in fed.split.train)


@pytest.mark.parametrize("partition", [p for p in PARTITIONS if p != "natural"])
def test_fewer_samples_than_clients_is_a_clear_error(partition):
    register_dataset("few", lambda: small(n_train=6, n_test=3, classes=2))
    cfg = RunConfig(dataset="few", clients=5, partition=partition, samples_per_class="all", test_samples_per_class="all", min_samples=1)
    with pytest.raises(PartitionError, match=r"data set 'few' has 6 training and 3 test samples, fewer than the 5 clients asked for.*--clients 3"):
        build_federation(cfg)


def test_copfl_partition_on_a_registered_data_set(capsys):
    register_dataset("few", lambda: small(n_train=6, n_test=3, classes=2))
    assert main(["partition", "--dataset", "few", "--clients", "3", "--partition", "iid"]) == 0
    assert "few: 3 clients, partition iid" in capsys.readouterr().out
    assert main(["partition", "--dataset", "few", "--clients", "4", "--partition", "iid"]) == 2
    assert "data set 'few' has 6 training and 3 test samples, fewer than the 4 clients" in capsys.readouterr().err
