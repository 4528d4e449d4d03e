"""Key material of a secure Flower app (copfl.flower.certs): a CA and the server certificate it
signs for the SuperLink's addresses, and OpenSSH ECDSA P-384 key pairs for SuperNode
authentication, private keys readable by their owner only."""

import pytest

from helpers import require_extra

pytestmark = pytest.mark.extra("cryptography")
require_extra("cryptography")


def test_server_certificate_is_signed_by_the_ca_and_names_the_superlink(tmp_path):
    from cryptography import x509
    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    from copfl.flower.certs import make_certificates

    certs = tmp_path / "certs"
    make_certificates(certs, ("127.0.0.1", "localhost"))
    # TLS: the server certificate is signed by the CA and names 127.0.0.1
    ca = x509.load_pem_x509_certificate((certs / "ca.crt").read_bytes())
    server = x509.load_pem_x509_certificate((certs / "server.pem").read_bytes())
    server.verify_directly_issued_by(ca)
    san = server.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert [str(ip) for ip in san.get_values_for_type(x509.IPAddress)] == ["127.0.0.1"]
    assert san.get_values_for_type(x509.DNSName) == ["localhost"]
    load_pem_private_key((certs / "server.key").read_bytes(), None)
    for name in ("ca.key", "server.key"):
        assert (certs / name).stat().st_mode & 0o077 == 0


def test_supernode_keys_are_p384_openssh_pairs(tmp_path):
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import load_ssh_private_key, load_ssh_public_key

    from copfl.flower.certs import make_supernode_key

    keys = tmp_path / "keys"
    # one P-384 key pair per SuperNode, private keys readable by their owner only
    for k in range(4):
        make_supernode_key(keys / f"supernode-{k}")
    for k in range(4):
        priv = load_ssh_private_key((keys / f"supernode-{k}").read_bytes(), None)
        pub = load_ssh_public_key((keys / f"supernode-{k}.pub").read_bytes())
        assert isinstance(priv.curve, ec.SECP384R1) and priv.public_key().public_numbers() == pub.public_numbers()
        assert (keys / f"supernode-{k}").stat().st_mode & 0o077 == 0
