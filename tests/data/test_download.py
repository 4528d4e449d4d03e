import hashlib
import http.server
import threading
from functools import partial

import pytest

from copfl.data.download import DownloadError, download


@pytest.fixture
def server(tmp_path):
    root = tmp_path / "www"
    root.mkdir()
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a, **k: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield root, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_good_download_is_verified_and_placed(server, tmp_path):
    root, url = server
    payload = b"an archive" * 1000
    (root / "a.tar.gz").write_bytes(payload)
    dest = tmp_path / "data" / "a.tar.gz"
    download(f"{url}/a.tar.gz", dest, hashlib.md5(payload).hexdigest())
    assert dest.read_bytes() == payload
    assert list(dest.parent.iterdir()) == [dest]


def test_corrupt_download_leaves_nothing(server, tmp_path):
    root, url = server
    (root / "a.tar.gz").write_bytes(b"corrupted bytes")
    dest = tmp_path / "data" / "a.tar.gz"
    with pytest.raises(DownloadError, match=r"checksum mismatch for http://127.0.0.1:\d+/a.tar.gz: expected md5 0+, got"):
        download(f"{url}/a.tar.gz", dest, "0" * 32)
    assert list(dest.parent.iterdir()) == []


def test_missing_file_on_server_is_a_clear_error(server, tmp_path):
    _, url = server
    dest = tmp_path / "data" / "x"
    with pytest.raises(DownloadError, match="could not download .*/nope.tar.gz: HTTP Error 404"):
        download(f"{url}/nope.tar.gz", dest, "0" * 32)
    assert list(dest.parent.iterdir()) == []


def test_cifar10_download_path_uses_the_official_name(server, tmp_path, monkeypatch):
    import io
    import pickle
    import tarfile

    import numpy as np

    from copfl.data import sources
    from copfl.data.sources.registry import load_dataset

    root, url = server
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name in [f"data_batch_{k}" for k in range(1, 6)] + ["test_batch"]:
            raw = pickle.dumps({b"data": np.zeros((2, 3072), np.uint8), b"labels": [1, 2]})
            info = tarfile.TarInfo(f"cifar-10-batches-py/{name}")
            info.size = len(raw)
            tar.addfile(info, io.BytesIO(raw))
    (root / "cifar-10-python.tar.gz").write_bytes(buf.getvalue())
    monkeypatch.setattr(sources.cifar, "CIFAR10_URL", f"{url}/cifar-10-python.tar.gz")
    monkeypatch.setattr(sources.cifar, "CIFAR10_MD5", hashlib.md5(buf.getvalue()).hexdigest())
    ds = load_dataset("cifar10", tmp_path / "data", download=True)
    assert (tmp_path / "data" / "cifar-10-python.tar.gz").exists() and ds.y_train.tolist() == [1, 2] * 5
