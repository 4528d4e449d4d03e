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
:class:`copfl.results.callbacks.DataProgress`: a bar on a terminal, plain lines otherwise).

One module per family of formats (each module's docstring cites its data sets' sources):

- :mod:`~copfl.data.sources.dataset`: ArrayDataset, DataError / DataNotFoundError, the progress
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

Import each name from the module that defines it (``from copfl.data.sources.registry import
load_dataset``); to replace a function for a test, patch it there.
"""
