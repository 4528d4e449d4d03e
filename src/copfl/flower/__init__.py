"""copfl on Flower (``pip install 'copfl[flower]'``): the same algorithms, run by Flower's
simulation or by a deployment of a SuperLink and SuperNodes. See docs/flower.md."""

from __future__ import annotations


def available() -> bool:
    try:
        import flwr  # noqa: F401
    except ImportError:
        return False
    return True


MISSING = "Flower is not installed: pip install 'copfl[flower]' (flwr[simulation]>=1.41,<1.43)"
