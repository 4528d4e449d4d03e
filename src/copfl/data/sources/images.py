"""Image folder trees: ``<split>/<class>/<image>`` as a folder or a zip, decoded with Pillow
(PNG, JPEG, any format Pillow reads), in parallel worker processes for large trees.

This is the shared decoder of the folder forms of CIFAR-10 (``cifar10_png.zip``), CINIC-10
(:mod:`copfl.data.sources.cifar`) and Mini-ImageNet (:mod:`copfl.data.sources.miniimagenet`); it
reads no particular data set itself.
"""

from __future__ import annotations

import io
import os
import zipfile
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from copfl.data.sources.dataset import ArrayDataset, DataError, _steps


def _decode_images(
    opener: Callable[[str], bytes], names: list[str], where: str, advance: Callable[[int], None] | None = None
) -> np.ndarray:
    from PIL import Image

    out = None
    for i, name in enumerate(names):
        if advance is not None and i and i % 100 == 0:
            advance(100)
        try:
            with Image.open(io.BytesIO(opener(name))) as im:
                a = np.asarray(im.convert("RGB") if im.mode not in ("L", "RGB") else im)
        except Exception as e:
            raise DataError(f"{where}/{name}: cannot decode image ({e})") from e
        if a.ndim == 2:
            a = a[..., None]
        if out is None:
            out = np.empty((len(names),) + a.shape, dtype=np.uint8)
        elif a.shape != out.shape[1:]:
            raise DataError(f"{where}/{name}: image of size {a.shape} where the others are {out.shape[1:]}")
        out[i] = a
    if advance is not None and names:
        advance(len(names) - (len(names) - 1) // 100 * 100)
    return out if out is not None else np.empty((0, 0, 0, 0), np.uint8)


# In a pool worker, zips stay open across chunks (reading a 60,000-entry directory takes ~0.3 s).
_WORKER_ZIPS: dict[str, zipfile.ZipFile] | None = None


def _pool_worker_init() -> None:
    global _WORKER_ZIPS
    _WORKER_ZIPS = {}


def _decode_zip_chunk(args: tuple[str, list[str]], advance: Callable[[int], None] | None = None) -> np.ndarray:
    path, names = args
    if _WORKER_ZIPS is not None:
        if path not in _WORKER_ZIPS:
            _WORKER_ZIPS[path] = zipfile.ZipFile(path)
        return _decode_images(_WORKER_ZIPS[path].read, names, path)
    with zipfile.ZipFile(path) as z:
        return _decode_images(z.read, names, path, advance)


def _decode_dir_chunk(args: tuple[str, list[str]], advance: Callable[[int], None] | None = None) -> np.ndarray:
    root, names = args
    return _decode_images(lambda n: (Path(root) / n).read_bytes(), names, root, advance)


def _parallel_decode(worker: Callable, root: str, names: list[str], workers: int | None, desc: str = "decoding images") -> np.ndarray:
    workers = max(1, workers or os.cpu_count() or 1)
    with _steps(desc, len(names)) as advance:
        if workers == 1 or len(names) < 2000:
            return worker((root, names), advance)
        step = min(-(-len(names) // (workers * 4)), 500)  # small chunks: the progress moves steadily
        chunks = [(root, names[i : i + step]) for i in range(0, len(names), step)]
        parts = []
        with ProcessPoolExecutor(workers, initializer=_pool_worker_init) as ex:
            for part in ex.map(worker, chunks):
                parts.append(part)
                advance(len(part))
    shapes = {p.shape[1:] for p in parts}
    if len(shapes) != 1:
        raise DataError(f"{root}: images of different sizes {sorted(shapes)}")
    return np.concatenate(parts)


def decode_image_folders(
    path: Path, name: str, classes: tuple[str, ...] | None = None, splits: tuple[str, str] = ("train", "test"), workers: int | None = None
) -> ArrayDataset:
    """``<split>/<class>/<image>`` trees, as a folder or a zip. Labels follow ``classes`` (or
    sorted class folder names); files are read in sorted order, so the arrays are deterministic."""
    is_zip = path.is_file()
    if is_zip:
        try:
            with zipfile.ZipFile(path) as z:
                all_names = [n for n in z.namelist() if not n.endswith("/")]
        except zipfile.BadZipFile as e:
            raise DataError(f"{path}: not a readable zip archive ({e})") from e
        # Accept one optional top-level folder above train/ and test/.
        prefix = ""
        if not any(n.startswith(f"{splits[0]}/") for n in all_names):
            tops = {n.split("/", 1)[0] for n in all_names if "/" in n}
            if len(tops) == 1:
                prefix = tops.pop() + "/"
        rel = [n[len(prefix) :] for n in all_names if n.startswith(prefix)]
    else:
        rel = sorted(str(p.relative_to(path)).replace(os.sep, "/") for p in path.rglob("*") if p.is_file())
        prefix = ""
    by_split: dict[str, dict[str, list[str]]] = {s: {} for s in splits}
    for r in rel:
        parts = r.split("/")
        if len(parts) == 3 and parts[0] in by_split and not parts[2].startswith("."):
            by_split[parts[0]].setdefault(parts[1], []).append(r)
    found = sorted(set(by_split[splits[0]]) | set(by_split[splits[1]]))
    if not found:
        raise DataError(f"{path}: no {splits[0]}/<class>/<image> files found")
    classes = tuple(classes) if classes is not None else tuple(found)
    unknown = sorted(set(found) - set(classes))
    if unknown:
        raise DataError(f"{path}: unexpected class folders {unknown}; expected {list(classes)}")
    arrays = []
    for split in splits:
        names, labels = [], []
        for ci, c in enumerate(classes):
            files = sorted(by_split[split].get(c, []))
            names += [prefix + f for f in files]
            labels += [ci] * len(files)
        if not names:
            raise DataError(f"{path}: the {split}/ split is empty")
        worker = _decode_zip_chunk if is_zip else _decode_dir_chunk
        x = _parallel_decode(worker, str(path), names, workers, f"decoding {name} {split}")
        arrays += [x, np.asarray(labels, dtype=np.int64)]
    return ArrayDataset(name, arrays[0], arrays[1], arrays[2], arrays[3], classes, str(path))
