"""Certificates and SuperNode keys for a secure Flower app (``copfl flower new --secure``).

Flower's secure deployment needs two kinds of key material, both written here with the
``cryptography`` package (a dependency of Flower) so that no ``openssl``/``ssh-keygen`` has to
be installed:

- TLS between SuperNodes, the ``flwr`` CLI and the SuperLink: a self-signed CA
  (``certs/ca.crt``, ``certs/ca.key``) and a server certificate it signs (``certs/server.pem``,
  ``certs/server.key``) for the SuperLink's addresses. Flower's processes connect by IP, so the
  IP address must be among the certificate's subject alternative names.
- SuperNode authentication: one ECDSA P-384 key pair per SuperNode in OpenSSH format
  (``keys/supernode-K``, ``keys/supernode-K.pub``), the format and curve Flower's
  ``--auth-supernode-private-key`` and ``flwr supernode register`` read.

Private keys are created with mode 0600 (never world-readable, not even for an instant);
certificates and public keys with the default mode.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

# The SuperLink's addresses a certificate is made for unless told otherwise (``--host``).
LOOPBACK_HOSTS = ("127.0.0.1", "localhost")


def make_certificates(certs: Path, hosts: tuple[str, ...] = LOOPBACK_HOSTS, days: int = 365) -> None:
    """A self-signed CA and a server certificate it signs, valid for ``hosts`` (IP addresses
    and DNS names; Flower's processes connect by IP, so the IP must be there)."""
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    certs.mkdir(parents=True, exist_ok=True)
    now = dt.datetime.now(dt.timezone.utc)

    def key() -> rsa.RSAPrivateKey:
        return rsa.generate_private_key(public_exponent=65537, key_size=2048)

    def pem_key(k: rsa.RSAPrivateKey) -> bytes:
        return k.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())

    ca_key, server_key = key(), key()
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "copfl-flower-ca")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=10 * days))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    alt: list[x509.GeneralName] = []
    for h in hosts:
        try:
            alt.append(x509.IPAddress(ipaddress.ip_address(h)))
        except ValueError:
            alt.append(x509.DNSName(h))
    server = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hosts[0])]))
        .issuer_name(ca_name)
        .public_key(server_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=days))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    _write_private(certs / "ca.key", pem_key(ca_key))
    _write_private(certs / "server.key", pem_key(server_key))
    (certs / "ca.crt").write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    (certs / "server.pem").write_bytes(server.public_bytes(serialization.Encoding.PEM))


def make_supernode_key(path: Path) -> None:
    """An ECDSA P-384 key pair in OpenSSH format (what Flower's SuperNode authentication reads):
    ``path`` (private) and ``path.pub`` (to register with ``flwr supernode register``)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP384R1())
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_private(path, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()))
    pub = key.public_key().public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
    path.with_name(path.name + ".pub").write_bytes(pub + b" " + path.name.encode() + b"\n")


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
