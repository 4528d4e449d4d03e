"""Data sources: read the official formats, verify what can be verified, cache decoded arrays.

Every source returns an :class:`ArrayDataset` of uint8 images (N, H, W, C) and int64 labels
(token sequences and feature vectors for the text and LIBSVM sources). Decoded arrays are cached
once (uncompressed ``.npz``) in the cache directory, under a key made from the source file's
path, size and modification time, so a cache made from another file is never reused.

The training images' per-channel mean and std (for normalisation) are computed in one streaming
pass when the arrays are cached and stored beside them (``<name>-<key>.stats.json``), so a warm
start reads them instead of computing them.

Where data lives: ``--data-dir`` / the ``COPFL_DATA_DIR`` environment variable / ``./data``.
Where caches go: ``COPFL_CACHE_DIR`` / ``~/.cache/copfl``.

Data code never prints: what it is doing (loading, decoding, caching) goes to a
:class:`LoadProgress` passed to :func:`load_dataset` (the command line passes
:class:`copfl.callbacks.DataProgress`: a bar on a terminal, plain lines otherwise).

One module per family of formats (each module's docstring cites its data sets' sources):

- :mod:`~copfl.data.sources.base`: ArrayDataset, DataError / DataNotFoundError, the progress
  hook, channel statistics, the uint8 cache, class subsets (``--classes``: parse_classes,
  select_classes);
- :mod:`~copfl.data.sources.registry`: SOURCES (every data set's on-disk forms), locate,
  load_dataset, dataset_names, register_dataset (a user's own data set; see also
  :mod:`copfl.data.adapters`);
- :mod:`~copfl.data.sources.images`: ``<split>/<class>/<image>`` trees (folder or zip);
- :mod:`~copfl.data.sources.cifar`: CIFAR-10, CIFAR-100, CINIC-10 (CIFAR-10-C = CIFAR-10's files);
- :mod:`~copfl.data.sources.mnist`: MNIST, Fashion-MNIST;
- :mod:`~copfl.data.sources.miniimagenet`: Mini-ImageNet;
- :mod:`~copfl.data.sources.leaf`: LEAF's json layout, the one reader of FEMNIST's and
  Shakespeare's json;
- :mod:`~copfl.data.sources.femnist`, :mod:`~copfl.data.sources.shakespeare`: those data sets
  (LEAF json and their other forms);
- :mod:`~copfl.data.sources.vehicle`: SensIT Vehicle (LIBSVM);
- :mod:`~copfl.data.sources.digits`: scikit-learn's 8x8 digits.

Everything is re-exported here, so ``from copfl.data.sources import load_dataset`` (and every
other name the single-module version had public) keeps working. To replace a function for a test,
patch it in the module that calls it (e.g. ``copfl.data.sources.base.image_channel_stats``).
"""

from copfl.data.sources.base import (
    STATS_FORMAT,
    ArrayDataset,
    DataError,
    DataNotFoundError,
    LoadProgress,
    _source_key,
    atomic_savez,
    cached,
    default_cache_dir,
    default_data_dir,
    image_channel_stats,
    parse_classes,
    reporting,
    select_classes,
    zlib_error,
)
from copfl.data.sources.cifar import (
    CIFAR10_CLASSES,
    CIFAR10_MD5,
    CIFAR10_URL,
    CIFAR100_MD5,
    CIFAR100_URL,
    decode_cifar10_batches_dir,
    decode_cifar10_images,
    decode_cifar10_tar,
    decode_cifar100_dir,
    decode_cifar100_tar,
    decode_cinic10,
)
from copfl.data.sources.digits import load_digits_dataset
from copfl.data.sources.femnist import FEMNIST_CLASSES, decode_femnist_npz, decode_leaf_femnist, leaf_femnist_arrays
from copfl.data.sources.images import decode_image_folders
from copfl.data.sources.leaf import LeafData, LeafSplit, read_leaf
from copfl.data.sources.miniimagenet import decode_miniimagenet_folders, decode_miniimagenet_pickles
from copfl.data.sources.mnist import (
    FASHION_MNIST_BASE_URL,
    FASHION_MNIST_CLASSES,
    FASHION_MNIST_FILES,
    FASHION_MNIST_SYSTEM_DIR,
    MNIST_BASE_URL,
    MNIST_FILES,
    decode_fashion_mnist_idx,
    decode_mnist_idx,
    decode_mnist_npz,
    read_idx,
)
from copfl.data.sources.registry import SOURCES, Candidate, Source, dataset_names, load_dataset, locate, register_dataset
from copfl.data.sources.shakespeare import (
    SEQ_LEN,
    SHAKESPEARE_VOCAB,
    decode_leaf_shakespeare,
    decode_tiny_shakespeare,
    encode_text,
    leaf_shakespeare_arrays,
    shakespeare_roles,
)
from copfl.data.sources.vehicle import decode_vehicle, read_libsvm

__all__ = [
    "CIFAR10_CLASSES",
    "CIFAR10_MD5",
    "CIFAR10_URL",
    "CIFAR100_MD5",
    "CIFAR100_URL",
    "FASHION_MNIST_BASE_URL",
    "FASHION_MNIST_CLASSES",
    "FASHION_MNIST_FILES",
    "FASHION_MNIST_SYSTEM_DIR",
    "FEMNIST_CLASSES",
    "MNIST_BASE_URL",
    "MNIST_FILES",
    "SEQ_LEN",
    "SHAKESPEARE_VOCAB",
    "SOURCES",
    "STATS_FORMAT",
    "ArrayDataset",
    "Candidate",
    "DataError",
    "DataNotFoundError",
    "LeafData",
    "LeafSplit",
    "LoadProgress",
    "Source",
    "atomic_savez",
    "cached",
    "dataset_names",
    "decode_cifar10_batches_dir",
    "decode_cifar10_images",
    "decode_cifar10_tar",
    "decode_cifar100_dir",
    "decode_cifar100_tar",
    "decode_cinic10",
    "decode_fashion_mnist_idx",
    "decode_femnist_npz",
    "decode_image_folders",
    "decode_leaf_femnist",
    "decode_leaf_shakespeare",
    "decode_miniimagenet_folders",
    "decode_miniimagenet_pickles",
    "decode_mnist_idx",
    "decode_mnist_npz",
    "decode_tiny_shakespeare",
    "decode_vehicle",
    "default_cache_dir",
    "default_data_dir",
    "encode_text",
    "image_channel_stats",
    "leaf_femnist_arrays",
    "leaf_shakespeare_arrays",
    "load_dataset",
    "load_digits_dataset",
    "parse_classes",
    "locate",
    "read_idx",
    "read_leaf",
    "read_libsvm",
    "register_dataset",
    "reporting",
    "select_classes",
    "shakespeare_roles",
    "zlib_error",
]
