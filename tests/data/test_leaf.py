"""The one LEAF json reader (copfl.data.sources.leaf), on tiny hand-written LEAF files in both
forms it serves: FEMNIST (x = 784 floats, y = a class index) and Shakespeare (x = 80-character
strings, y = the next character)."""

import json

import numpy as np
import pytest

from copfl.data.sources.femnist import FEMNIST_CLASSES, decode_leaf_femnist, leaf_femnist_arrays
from copfl.data.sources.shakespeare import SHAKESPEARE_VOCAB, decode_leaf_shakespeare, leaf_shakespeare_arrays
from copfl.data.sources.dataset import DataError
from copfl.data.sources.registry import load_dataset
from copfl.data.sources.leaf import read_leaf


def write_leaf(root, files):
    """files: {"train/a.json": {user: (xs, ys)}, ...} written as LEAF writes them."""
    for rel, users in files.items():
        doc = {
            "users": list(users),
            "num_samples": [len(ys) for _, ys in users.values()],
            "user_data": {u: {"x": xs, "y": ys} for u, (xs, ys) in users.items()},
        }
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(json.dumps(doc))
    return root


def image(value, last=1.0):
    return [value] * 783 + [last]


FEMNIST = {
    # files are read in sorted name order: a.json before b.json
    "train/b.json": {"f_0003": ([image(0.0)], [61])},
    "train/a.json": {"f_0001": ([image(0.2), image(1.5, -0.1)], [0, 10]), "f_0002": ([image(1.0)], [35])},
    "test/a.json": {"f_0002": ([image(0.2)], [36]), "f_0004": ([image(0.0, 0.0), image(1.0, 1.0)], [9, 9])},
}

ROMEO = "a" * 79 + "b"
SHAKESPEARE = {
    "train/all.json": {"ROMEO": ([ROMEO, "$" * 80], ["c", "\n"]), "JULIET": (["J" * 80], ["!"])},
    "test/all.json": {"JULIET": (["x" * 80, "y" * 80, "z" * 80], ["1", "2", "$"]), "ROMEO": ([], [])},
}


def test_femnist_entries(tmp_path):
    d = read_leaf(write_leaf(tmp_path, FEMNIST), leaf_femnist_arrays)
    assert d.users == ("f_0001", "f_0002", "f_0003", "f_0004")  # first appearance: train files, then test
    assert np.bincount(d.train.groups, minlength=4).tolist() == [2, 1, 1, 0]
    assert np.bincount(d.test.groups, minlength=4).tolist() == [0, 1, 0, 2]
    assert d.train.groups.dtype == np.int64 and d.train.groups.tolist() == [0, 0, 1, 2]
    assert d.train.x.shape == (4, 28, 28, 1) and d.train.x.dtype == np.uint8 and d.test.x.shape == (3, 28, 28, 1)
    # pixels: uint8 round(255 x), clipped to 0..1, row-major 28x28
    assert (d.train.x[0, :27, :, 0] == 51).all() and d.train.x[0, 27, 27, 0] == 255
    assert (d.train.x[1, :27, :, 0] == 255).all() and d.train.x[1, 27, 27, 0] == 0
    assert (d.test.x[1] == 0).all() and (d.test.x[2] == 255).all()
    assert d.train.y.dtype == np.int64 and d.train.y.tolist() == [0, 10, 35, 61] and d.test.y.tolist() == [36, 9, 9]


def test_shakespeare_entries(tmp_path):
    d = read_leaf(write_leaf(tmp_path, SHAKESPEARE), leaf_shakespeare_arrays)
    assert d.users == ("ROMEO", "JULIET")
    assert np.bincount(d.train.groups, minlength=2).tolist() == [2, 1]
    assert np.bincount(d.test.groups, minlength=2).tolist() == [0, 3]  # ROMEO has no test samples
    assert d.train.x.shape == (3, 80) and d.train.x.dtype == np.uint8 and d.test.x.shape == (3, 80)
    ids = [SHAKESPEARE_VOCAB.index(c) for c in ROMEO]
    assert d.train.x[0].tolist() == ids
    assert (d.train.x[1] == SHAKESPEARE_VOCAB.index(" ")).all()  # outside LEAF's vocabulary: a space
    assert d.train.y.dtype == np.int64
    assert [SHAKESPEARE_VOCAB[i] for i in d.train.y] == ["c", "\n", "!"]
    assert [SHAKESPEARE_VOCAB[i] for i in d.test.y] == ["1", "2", " "]


def test_the_loaders_are_the_reader(tmp_path):
    write_leaf(tmp_path / "femnist", FEMNIST)
    write_leaf(tmp_path / "shakespeare", SHAKESPEARE)
    for decode, convert, name, classes in (
        (decode_leaf_femnist, leaf_femnist_arrays, "femnist", FEMNIST_CLASSES),
        (decode_leaf_shakespeare, leaf_shakespeare_arrays, "shakespeare", tuple(SHAKESPEARE_VOCAB)),
    ):
        d = read_leaf(tmp_path / name, convert)
        ds = load_dataset(name, tmp_path, tmp_path / "cache")
        assert ds.group_names == d.users and ds.classes == classes
        for got, want in ((ds.x_train, d.train.x), (ds.y_train, d.train.y), (ds.groups_train, d.train.groups),
                          (ds.x_test, d.test.x), (ds.y_test, d.test.y), (ds.groups_test, d.test.groups)):
            assert np.array_equal(got, want)
        assert np.array_equal(decode(tmp_path / name).x_train, d.train.x)


def test_any_entry_form(tmp_path):
    files = {"train/t.json": {"u": ([[1, 2], [3, 4]], ["p", "q"])}, "test/t.json": {"v": ([[5, 6]], ["r"])}}
    d = read_leaf(write_leaf(tmp_path, files), lambda x, y: (np.asarray(x), np.asarray(y)))
    assert d.users == ("u", "v") and d.train.x.tolist() == [[1, 2], [3, 4]] and d.test.y.tolist() == ["r"]


def test_errors_name_the_file_and_user(tmp_path):
    def fails(files, match, convert=leaf_femnist_arrays):
        root = tmp_path / str(len(list(tmp_path.iterdir())))
        write_leaf(root, files)
        with pytest.raises(DataError, match=match):
            read_leaf(root, convert)

    ok = {"test/a.json": {"u": ([image(0.0)], [1])}}
    fails({"train/a.json": {"u": ([image(0.0)] * 2, [1])}, **ok}, r"train/a.json: user u says 1 samples, has 2 x and 1 y entries")
    fails({"train/a.json": {"u": ([[0.5] * 783], [1])}, **ok}, r"train/a.json: user u: every x must be 784 pixel values")
    fails({"train/a.json": {"R": (["a" * 79], ["b"])}, **ok}, r"train/a.json: user R: every x must be 80 characters", leaf_shakespeare_arrays)
    fails({"train/a.json": {"R": (["a" * 80], ["bc"])}, **ok}, r"user R: every x must be 80 characters, with one y each", leaf_shakespeare_arrays)
    fails({"train/a.json": {"u": ([image(0.0)], [1])}}, r"no test/\*\.json files \(the LEAF layout\)")
    fails({"train/a.json": {}, **ok}, r"train: no users in 1 json files")
    root = write_leaf(tmp_path / "broken", {"train/a.json": {"u": ([image(0.0)], [1])}, **ok})
    (root / "test" / "a.json").write_text("{not json")
    with pytest.raises(DataError, match=r"test/a.json: not a LEAF json file \(JSONDecodeError"):
        read_leaf(root, leaf_femnist_arrays)
    (root / "test" / "a.json").write_text(json.dumps({"users": ["u"], "num_samples": [1], "user_data": {}}))
    with pytest.raises(DataError, match=r"test/a.json: not a LEAF json file \(KeyError: 'u'\)"):
        read_leaf(root, leaf_femnist_arrays)
