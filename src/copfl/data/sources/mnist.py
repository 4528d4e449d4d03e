"""MNIST and Fashion-MNIST: the four official IDX files (gzipped or not), or MNIST as one npz.

- MNIST (LeCun, Bottou, Bengio & Haffner, 1998, http://yann.lecun.com/exdb/mnist/): the IDX
  files, downloaded (MD5-checked) from PyTorch's mirror (``MNIST_BASE_URL``); or an ``mnist.npz``
  with ``x_train, y_train, x_test, y_test`` (the layout of Keras' copy).
- Fashion-MNIST (Xiao, Rasul & Vollgraf, 2017, arXiv:1708.07747,
  https://github.com/zalandoresearch/fashion-mnist): the same IDX format, from the official
  download host or Debian's ``dataset-fashion-mnist`` package (``FASHION_MNIST_SYSTEM_DIR``).
"""

from __future__ import annotations

import gzip
import struct
from dataclasses import replace
from pathlib import Path

import numpy as np

from copfl.data.download import download
from copfl.data.sources.dataset import ArrayDataset, DataError, _check_labels, check_lengths, read_npz, zlib_error


MNIST_BASE_URL = "https://ossci-datasets.s3.amazonaws.com/mnist/"
MNIST_FILES = {
    "train-images-idx3-ubyte.gz": "f68b3c2dcbeaaa9fbdd348bbdeb94873",
    "train-labels-idx1-ubyte.gz": "d53e105ee54ea40749a09fcbcd1e9432",
    "t10k-images-idx3-ubyte.gz": "9fb629c4189551a2d022fa330f9573f3",
    "t10k-labels-idx1-ubyte.gz": "ec29112dd5afa0611ce80d1b7f02629c",
}


def read_idx(path: Path) -> np.ndarray:
    """An IDX file (optionally gzipped) of unsigned bytes, as in the official MNIST files."""
    try:
        raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    except (OSError, EOFError, zlib_error()) as e:
        raise DataError(f"{path}: cannot decompress ({e})") from e
    if len(raw) < 4:
        raise DataError(f"{path}: too short to be an IDX file")
    zero, dtype, ndim = raw[0] * 256 + raw[1], raw[2], raw[3]
    if zero != 0 or dtype != 0x08:
        raise DataError(f"{path}: not an unsigned-byte IDX file (magic {raw[:4].hex()})")
    dims = struct.unpack(f">{ndim}I", raw[4 : 4 + 4 * ndim])
    body = np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * ndim)
    if body.size != int(np.prod(dims)):
        raise DataError(f"{path}: header says {dims} ({int(np.prod(dims))} bytes) but the file holds {body.size} bytes")
    return body.reshape(dims)


FASHION_MNIST_BASE_URL = "http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/"
FASHION_MNIST_FILES = {
    "train-images-idx3-ubyte.gz": "8d4fb7e6c68d591d4c3dfef9ec88bf0d",
    "train-labels-idx1-ubyte.gz": "25c81989df183df01b3e8a0aad5dffbe",
    "t10k-images-idx3-ubyte.gz": "bef4ecab320f06d8554ea6380940ec79",
    "t10k-labels-idx1-ubyte.gz": "bb300cfdad3c16e7a12a480ee83cd310",
}
FASHION_MNIST_CLASSES = ("T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot")
# Where Debian's dataset-fashion-mnist package installs the four IDX files (recompressed: their
# .gz bytes differ from the official downloads, the decoded arrays do not).
FASHION_MNIST_SYSTEM_DIR = Path("/usr/share/datasets/fashion-mnist")


def decode_fashion_mnist_idx(folder: Path) -> ArrayDataset:
    return replace(decode_mnist_idx(folder), name="fashion-mnist", classes=FASHION_MNIST_CLASSES)


def _find_idx(folder: Path, name: str) -> Path:
    for cand in (folder / name, folder / name.removesuffix(".gz")):
        if cand.exists():
            return cand
    raise DataError(f"{folder}: missing {name}")


def decode_mnist_idx(folder: Path) -> ArrayDataset:
    x = read_idx(_find_idx(folder, "train-images-idx3-ubyte.gz"))
    y = read_idx(_find_idx(folder, "train-labels-idx1-ubyte.gz"))
    xt = read_idx(_find_idx(folder, "t10k-images-idx3-ubyte.gz"))
    yt = read_idx(_find_idx(folder, "t10k-labels-idx1-ubyte.gz"))
    return _mnist_arrays(x, y, xt, yt, str(folder))


def decode_mnist_npz(path: Path) -> ArrayDataset:
    """The Keras ``mnist.npz``: x_train, x_test uint8 (N, 28, 28); y_train, y_test labels."""
    images, labels = ("u", 3, "uint8 images of shape (N, 28, 28)"), ("ui", 1, "integer labels 0..9 of shape (N,)")
    z = read_npz(path, {"x_train": images, "y_train": labels, "x_test": images, "y_test": labels})
    check_lengths(path, z, ("x_train", "y_train"), ("x_test", "y_test"))
    return _mnist_arrays(z["x_train"], z["y_train"], z["x_test"], z["y_test"], str(path))


def _mnist_arrays(x: np.ndarray, y: np.ndarray, xt: np.ndarray, yt: np.ndarray, where: str) -> ArrayDataset:
    for arr, n in ((x, "train images"), (xt, "test images")):
        if arr.ndim != 3 or arr.shape[1:] != (28, 28) or arr.dtype != np.uint8:
            raise DataError(f"{where}: {n} must be uint8 (N, 28, 28), got {arr.dtype} {arr.shape}")
    if len(x) != len(y) or len(xt) != len(yt):
        raise DataError(f"{where}: {len(x)}/{len(xt)} images but {len(y)}/{len(yt)} labels")
    return ArrayDataset(
        "mnist",
        np.ascontiguousarray(x[..., None]),
        _check_labels(y, 10, where),
        np.ascontiguousarray(xt[..., None]),
        _check_labels(yt, 10, where),
        tuple(str(i) for i in range(10)),
        where,
    )


# --------------------------------------------------------------------------- downloads
def _fetch_mnist(data_dir: Path) -> Path:
    folder = data_dir / "mnist"
    for fname, md5 in MNIST_FILES.items():
        download(MNIST_BASE_URL + fname, folder / fname, md5)
    return folder


def _fetch_fashion_mnist(data_dir: Path) -> Path:
    folder = data_dir / "fashion-mnist"
    for fname, md5 in FASHION_MNIST_FILES.items():
        download(FASHION_MNIST_BASE_URL + fname, folder / fname, md5)
    return folder
