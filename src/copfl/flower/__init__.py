"""copfl on Flower (``pip install 'copfl[flower]'``): the same algorithms, run by Flower's
simulation or by a deployment of a SuperLink and SuperNodes. See docs/flower.md.

- :mod:`copfl.flower.run_config`: a run's config in Flower's run config (no flwr import)
- :mod:`copfl.flower.core`: the Strategy and ClientApp handlers around copfl's engine
- :mod:`copfl.flower.apps`: the ServerApp and ClientApp an app's components point to
- :mod:`copfl.flower.templates`: the app folder ``copfl flower new`` writes, read back
- :mod:`copfl.flower.certs`: CA, server certificate and SuperNode keys (``--secure``)
- :mod:`copfl.flower.supervisor`: ``copfl flower deploy``, SuperLink + SuperNodes on 127.0.0.1
"""

from __future__ import annotations


def available() -> bool:
    try:
        import flwr  # noqa: F401
    except ImportError:
        return False
    return True


MISSING = "Flower is not installed: pip install 'copfl[flower]' (flwr[simulation]>=1.41,<1.43)"
