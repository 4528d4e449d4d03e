"""CIFAR-10-C corruptions (Hendrycks & Dietterich, "Benchmarking Neural Network Robustness to
Common Corruptions and Perturbations", ICLR 2019), re-implemented with numpy, scipy and
Pillow from the published per-severity parameters for 32x32 images (see the constants table
in the data README of this project's shared data).

``corrupt(images, name, severity, rng)`` maps uint8 (N, 32, 32, 3) images to corrupted uint8
images; every random draw comes from ``rng``, so a seed fixes the result. The 15 standard
corruptions except frost (which needs the frost photographs) and three extras (speckle_noise,
gaussian_blur, saturate) are provided. A regenerated set approximates the official files (the
noise draws differ; motion blur is a line kernel rather than ImageMagick's).

``read_official(folder)`` reads the official layout: ``<name>.npy`` uint8 (50000, 32, 32, 3) =
the 10,000 CIFAR-10 test images at severities 1..5, and ``labels.npy``.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import numpy as np
from matplotlib.colors import hsv_to_rgb, rgb_to_hsv
from PIL import Image
from scipy import ndimage

STANDARD = (
    "gaussian_noise", "shot_noise", "impulse_noise", "defocus_blur", "glass_blur", "motion_blur", "zoom_blur",
    "snow", "frost", "fog", "brightness", "contrast", "elastic_transform", "pixelate", "jpeg_compression",
)
EXTRA = ("speckle_noise", "gaussian_blur", "spatter", "saturate")

Fn = Callable[[np.ndarray, int, np.random.Generator], np.ndarray]
_CORRUPTIONS: dict[str, Fn] = {}


def _register(name: str) -> Callable[[Fn], Fn]:
    def deco(fn: Fn) -> Fn:
        _CORRUPTIONS[name] = fn
        return fn

    return deco


def available() -> list[str]:
    """Corruptions copfl can generate, standard ones first."""
    return [n for n in STANDARD + EXTRA if n in _CORRUPTIONS]


def corrupt(images: np.ndarray, name: str, severity: int, rng: np.random.Generator) -> np.ndarray:
    """Corrupt uint8 (N, 32, 32, 3) images at severity 1..5."""
    if name not in _CORRUPTIONS:
        missing = " (it needs the frost photographs of the original release)" if name in ("frost", "spatter") else ""
        raise ValueError(f"unknown corruption {name!r}{missing}; available: {', '.join(available())}")
    if severity not in (1, 2, 3, 4, 5):
        raise ValueError(f"severity must be 1..5, got {severity}")
    if images.ndim != 4 or images.shape[1:] != (32, 32, 3):
        raise ValueError(f"corruptions take uint8 (N, 32, 32, 3) images, got {images.dtype} {images.shape}")
    x = images.astype(np.float64) / 255.0
    out = _CORRUPTIONS[name](x, severity - 1, rng)
    return np.rint(np.clip(out, 0.0, 1.0) * 255.0).astype(np.uint8)


# ----------------------------------------------------------------------------- noise
@_register("gaussian_noise")
def _gaussian_noise(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    return x + rng.normal(0.0, (0.04, 0.06, 0.08, 0.09, 0.10)[s], x.shape)


@_register("shot_noise")
def _shot_noise(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    c = (500, 250, 100, 75, 50)[s]
    return rng.poisson(x * c) / c


@_register("impulse_noise")
def _impulse_noise(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    amount = (0.01, 0.02, 0.03, 0.05, 0.07)[s]
    hit = rng.random(x.shape) < amount
    salt = rng.random(x.shape) < 0.5
    out = x.copy()
    out[hit & salt] = 1.0
    out[hit & ~salt] = 0.0
    return out


@_register("speckle_noise")
def _speckle_noise(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    return x + x * rng.normal(0.0, (0.06, 0.10, 0.12, 0.16, 0.20)[s], x.shape)


# ----------------------------------------------------------------------------- blur
def _gauss(x: np.ndarray, sigma: float) -> np.ndarray:
    return ndimage.gaussian_filter(x, sigma=(0, sigma, sigma, 0), mode="reflect")


@_register("gaussian_blur")
def _gaussian_blur(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    return _gauss(x, (0.4, 0.6, 0.7, 0.8, 1.0)[s])


def disk(radius: float, alias_blur: float) -> np.ndarray:
    """A normalized disk on the grid -8..8 (radius <= 8), smoothed by a 3x3 Gaussian."""
    size = np.arange(-8, 9) if radius > 8 else np.arange(-int(np.ceil(radius)), int(np.ceil(radius)) + 1)
    xx, yy = np.meshgrid(size, size)
    k = (xx**2 + yy**2 <= radius**2).astype(np.float64)
    k /= k.sum()
    return ndimage.gaussian_filter(k, sigma=alias_blur, truncate=1.0 / max(alias_blur, 1e-9))


@_register("defocus_blur")
def _defocus_blur(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    radius, alias = ((0.3, 0.4), (0.4, 0.5), (0.5, 0.6), (1, 0.2), (1.5, 0.1))[s]
    k = disk(radius, alias)
    return ndimage.convolve(x, k[None, :, :, None], mode="reflect")


@_register("glass_blur")
def _glass_blur(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    sigma, delta, iterations = ((0.05, 1, 1), (0.25, 1, 1), (0.4, 1, 1), (0.25, 1, 2), (0.4, 1, 2))[s]
    out = _gauss(x, sigma)
    n = len(out)
    idx = np.arange(n)
    for _ in range(iterations):
        for h in range(32 - delta, delta, -1):
            for w in range(32 - delta, delta, -1):
                dx, dy = rng.integers(-delta, delta, size=(2, n))  # per image, as the reference draws per pixel
                hp, wp = h + dy, w + dx
                a, b = out[idx, h, w].copy(), out[idx, hp, wp].copy()
                out[idx, h, w], out[idx, hp, wp] = b, a
    return _gauss(out, sigma)


def line_kernel(radius: int, sigma: float, angle_deg: float) -> np.ndarray:
    """A motion-blur kernel: a line of length ``radius`` from the centre at ``angle``, weighted by
    a Gaussian falloff of ``sigma`` along it, normalized."""
    size = 2 * radius + 1
    k = np.zeros((size, size))
    t = np.arange(radius + 1)
    weights = np.exp(-(t**2) / (2 * sigma**2))
    a = np.deg2rad(angle_deg)
    rows = np.rint(radius - t * np.sin(a)).astype(int)
    cols = np.rint(radius + t * np.cos(a)).astype(int)
    np.add.at(k, (rows, cols), weights)
    return k / k.sum()


def _motion(img: np.ndarray, radius: int, sigma: float, angle: float) -> np.ndarray:
    k = line_kernel(radius, sigma, angle)
    return ndimage.convolve(img, k[:, :, None] if img.ndim == 3 else k, mode="nearest")


@_register("motion_blur")
def _motion_blur(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    radius, sigma = ((6, 1), (6, 1.5), (6, 2), (8, 2), (9, 2.5))[s]
    angles = rng.uniform(-45, 45, len(x))
    return np.stack([_motion(img, radius, sigma, a) for img, a in zip(x, angles)])


def _clipped_zoom(x: np.ndarray, z: float) -> np.ndarray:
    """Zoom a batch (N, H, W[, C]) about the centre by ``z`` >= 1 (bilinear), keeping the size."""
    h = x.shape[1]
    ch = int(np.ceil(h / z))
    top = (h - ch) // 2
    crop = x[:, top : top + ch, top : top + ch]
    zoom = (1, z, z) + ((1,) if x.ndim == 4 else ())
    out = ndimage.zoom(crop, zoom, order=1)
    trim = (out.shape[1] - h) // 2
    return out[:, trim : trim + h, trim : trim + h]


def zoom_matrix(size: int, z: float) -> np.ndarray:
    """Bilinear resampling matrix of a centre zoom by ``z``: output pixel u samples input
    coordinate (u + 0.5 - c) / z + c - 0.5, c = size / 2 (edges clamped)."""
    c = size / 2
    src = (np.arange(size) + 0.5 - c) / z + c - 0.5
    lo = np.clip(np.floor(src).astype(int), 0, size - 1)
    hi = np.clip(lo + 1, 0, size - 1)
    w = np.clip(src - np.floor(src), 0, 1)
    M = np.zeros((size, size))
    np.add.at(M, (np.arange(size), lo), 1 - w)
    np.add.at(M, (np.arange(size), hi), w)
    return M


@_register("zoom_blur")
def _zoom_blur(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    top = (1.06, 1.11, 1.16, 1.21, 1.26)[s]
    zooms = np.arange(1.0, top, 0.01)
    acc = x.copy()
    for z in zooms[1:]:
        M = zoom_matrix(32, float(z))  # separable: rows then columns
        acc += np.einsum("ij,njkc,lk->nilc", M, x, M, optimize=True)
    return acc / len(zooms)


# ----------------------------------------------------------------------------- weather
@_register("snow")
def _snow(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    loc, scale, zoom, thr, br, bs, mix = (
        (0.1, 0.2, 1, 0.6, 8, 3, 0.95),
        (0.1, 0.2, 1, 0.5, 10, 4, 0.9),
        (0.15, 0.3, 1.75, 0.55, 10, 4, 0.9),
        (0.25, 0.3, 2.25, 0.6, 12, 6, 0.85),
        (0.3, 0.3, 1.25, 0.65, 14, 12, 0.8),
    )[s]
    n = len(x)
    layer = rng.normal(loc, scale, (n, 32, 32))
    if zoom > 1:
        layer = _clipped_zoom(layer, zoom)
    layer[layer < thr] = 0.0
    angles = rng.uniform(-135, -45, n)
    layer = np.stack([_motion(np.clip(l, 0, 1), br, bs, a) for l, a in zip(layer, angles)])[..., None]
    gray = x @ np.array([0.299, 0.587, 0.114])
    x = mix * x + (1 - mix) * np.maximum(x, gray[..., None] * 1.5 + 0.5)
    return x + layer + np.rot90(layer, 2, axes=(1, 2))


def plasma_fractal(n: int, rng: np.random.Generator, mapsize: int = 32, wibbledecay: float = 3.0) -> np.ndarray:
    """n diamond-square plasma maps of size mapsize (a power of two), values in [0, 1]."""
    maps = np.zeros((n, mapsize, mapsize))
    step, wibble = mapsize, 100.0
    while step >= 2:
        half = step // 2
        # squares: centre of each square = mean of its corners + noise
        corners = maps[:, 0:mapsize:step, 0:mapsize:step]
        avg = (corners + np.roll(corners, -1, 1) + np.roll(corners, -1, 2) + np.roll(np.roll(corners, -1, 1), -1, 2)) / 4
        maps[:, half:mapsize:step, half:mapsize:step] = avg + rng.uniform(-wibble, wibble, avg.shape)
        # diamonds: mid-edge points = mean of their four neighbours + noise
        mapsz = mapsize
        for r0, c0 in ((0, half), (half, 0)):
            rr = np.arange(r0, mapsz, step)
            cc = np.arange(c0, mapsz, step)
            up = maps[:, (rr - half) % mapsz][:, :, cc]
            down = maps[:, (rr + half) % mapsz][:, :, cc]
            left = maps[:, rr][:, :, (cc - half) % mapsz]
            right = maps[:, rr][:, :, (cc + half) % mapsz]
            vals = (up + down + left + right) / 4 + rng.uniform(-wibble, wibble, (n, len(rr), len(cc)))
            maps[:, rr[:, None], cc[None, :]] = vals
        step //= 2
        wibble /= wibbledecay
    maps -= maps.min(axis=(1, 2), keepdims=True)
    return maps / np.maximum(maps.max(axis=(1, 2), keepdims=True), 1e-12)


@_register("fog")
def _fog(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    a, decay = ((0.2, 3), (0.5, 3), (0.75, 2.5), (1, 2), (1.5, 1.75))[s]
    max_val = x.max(axis=(1, 2, 3), keepdims=True)
    x = x + a * plasma_fractal(len(x), rng, 32, decay)[..., None]
    return x * max_val / (max_val + a)


# ----------------------------------------------------------------------------- digital
@_register("brightness")
def _brightness(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    hsv = rgb_to_hsv(np.clip(x, 0, 1))
    hsv[..., 2] = np.clip(hsv[..., 2] + (0.05, 0.1, 0.15, 0.2, 0.3)[s], 0, 1)
    return hsv_to_rgb(hsv)


@_register("saturate")
def _saturate(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    scale, shift = ((0.3, 0), (0.1, 0), (1.5, 0), (2, 0.1), (2.5, 0.2))[s]
    hsv = rgb_to_hsv(np.clip(x, 0, 1))
    hsv[..., 1] = np.clip(hsv[..., 1] * scale + shift, 0, 1)
    return hsv_to_rgb(hsv)


@_register("contrast")
def _contrast(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    c = (0.75, 0.5, 0.4, 0.3, 0.15)[s]
    mean = x.mean(axis=(1, 2), keepdims=True)
    return (x - mean) * c + mean


@_register("elastic_transform")
def _elastic(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    alpha, sigma, affine = (np.array(p) * 32 for p in ((0, 0, 0.08), (0.05, 0.2, 0.07), (0.08, 0.06, 0.06), (0.1, 0.04, 0.05), (0.1, 0.03, 0.03))[s])
    n = len(x)
    out = np.empty_like(x)
    yy, xx = np.meshgrid(np.arange(32), np.arange(32), indexing="ij")
    c = 16.0
    src = np.array([[c - 6, c - 6], [c + 6, c - 6], [c - 6, c + 6]])
    for i in range(n):
        dst = src + rng.uniform(-affine, affine, src.shape)
        # affine map dst -> src (inverse warp): solve [x y 1] A = src
        A = np.linalg.lstsq(np.c_[dst, np.ones(3)], src, rcond=None)[0]
        ax = A[0, 0] * xx + A[1, 0] * yy + A[2, 0]
        ay = A[0, 1] * xx + A[1, 1] * yy + A[2, 1]
        if alpha > 0:
            dx = ndimage.gaussian_filter(rng.uniform(-1, 1, (32, 32)), sigma, mode="reflect") * alpha
            dy = ndimage.gaussian_filter(rng.uniform(-1, 1, (32, 32)), sigma, mode="reflect") * alpha
        else:
            dx = dy = 0.0
        coords = [ay + dy, ax + dx]
        for ch in range(3):
            out[i, :, :, ch] = ndimage.map_coordinates(x[i, :, :, ch], coords, order=1, mode="reflect")
    return out


def _pil_map(x: np.ndarray, fn: Callable[[Image.Image], Image.Image]) -> np.ndarray:
    u8 = np.rint(np.clip(x, 0, 1) * 255).astype(np.uint8)
    return np.stack([np.asarray(fn(Image.fromarray(img))) for img in u8]).astype(np.float64) / 255.0


@_register("pixelate")
def _pixelate(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    size = int(32 * (0.95, 0.9, 0.85, 0.75, 0.65)[s])
    return _pil_map(x, lambda im: im.resize((size, size), Image.BOX).resize((32, 32), Image.BOX))


@_register("jpeg_compression")
def _jpeg(x: np.ndarray, s: int, rng: np.random.Generator) -> np.ndarray:
    quality = (80, 65, 58, 50, 40)[s]

    def roundtrip(im: Image.Image) -> Image.Image:
        buf = io.BytesIO()
        im.save(buf, format="JPEG", quality=quality)
        buf.seek(0)
        return Image.open(buf).convert("RGB")

    return _pil_map(x, roundtrip)


# ----------------------------------------------------------------------------- official files
def read_official(
    folder: str | Path, names: tuple[str, ...] | None = None, per_severity: int = 10000
) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """The official CIFAR-10-C folder: {name: uint8 (5 * per_severity, 32, 32, 3)} (memory-mapped)
    and labels. Every file's shape is checked; rows (s - 1) * per_severity : s * per_severity are
    severity s (``per_severity`` is 10,000 in the official files; tests use fewer)."""
    from copfl.data.sources.dataset import DataError, DataNotFoundError

    folder = Path(folder)
    lab = folder / "labels.npy"
    if not lab.exists():
        raise DataNotFoundError(f"{folder}: no labels.npy (the official CIFAR-10-C layout has <corruption>.npy and labels.npy)")
    try:
        labels = np.load(lab, allow_pickle=False)
    except ValueError as e:
        raise DataError(f"{lab}: unreadable ({e})") from e
    total = 5 * per_severity
    if labels.shape != (total,) or labels.min() < 0 or labels.max() > 9:
        raise DataError(f"{lab}: expected {total} labels in 0..9, got shape {labels.shape}")
    found = sorted(p.stem for p in folder.glob("*.npy") if p.stem != "labels")
    want = names if names is not None else tuple(found)
    out = {}
    for name in want:
        f = folder / f"{name}.npy"
        if not f.exists():
            raise DataNotFoundError(f"{folder}: no {name}.npy; found {', '.join(found) or 'none'}")
        arr = np.load(f, mmap_mode="r", allow_pickle=False)
        if arr.shape != (total, 32, 32, 3) or arr.dtype != np.uint8:
            raise DataError(f"{f}: expected uint8 ({total}, 32, 32, 3), got {arr.dtype} {arr.shape}")
        out[name] = arr
    return out, labels.astype(np.int64)
