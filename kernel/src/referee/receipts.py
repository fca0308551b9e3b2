"""Receipts: the host's signed word that an action was taken at a place in the log.

A table's log proves on its own that every entry follows from the rules, but not that it
is the log every seat was shown: once the game ends its table key is public, and anyone
holding the store can re-seal another history that verifies.  A receipt closes that gap.

When a table opens, Referee draws a **host key** (Ed25519) for it, keeps the private half
in the store beside the table's other secrets (``store.TableSecret``; never in the log, an
export or a view, and never revealed) and publishes the public half in the table's first
entry (``TableOpened.host_key``).  Every action the table acknowledges returns a
``Receipt``: the table, the seat, where its action starts and ends in the log, the hash of
the log's last entry after it (the *head*), the time, and the host key's signature over
those fields.  The head hash binds every header before it (the chain), and every header
binds its body (its commitment), so a receipt pins the whole log up to its position.

Whoever holds a receipt can show anyone, without trusting the host, that the host
acknowledged that log up to that place; a log that later disagrees there is the host's
own contradiction.  A seat cannot make one: re-sealing after the reveal needs only the
revealed table key, a receipt needs the host key, which is never revealed.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from .errors import BadLog, RefereeError

if TYPE_CHECKING:
    from .log import Entry

__all__ = [
    "Acknowledged",
    "ForgedReceipt",
    "Receipt",
    "dump_receipts",
    "host_key_of",
    "load_receipts",
    "new_host_key",
    "public_key",
    "short_head",
    "sign",
    "check",
]

SHORT_HEAD = 12
"""Hex digits of a head hash shown on pages and views: enough for two people to compare."""

_DOMAIN = b"referee.Receipt/1\n"
"""Prefixed to the signed bytes, so a receipt's signature signs nothing else."""

_encoder = msgspec.json.Encoder(order="sorted")


class ForgedReceipt(RefereeError):
    """A receipt the table's host key did not sign."""


class Receipt(msgspec.Struct, frozen=True, kw_only=True):
    """The host's acknowledgement of one action: entries ``action`` to ``position`` of
    ``table`` were appended for ``seat`` at ``at``, and the log's last entry was then
    ``head``.  ``signature`` is the host key's Ed25519 signature (hex) over the other fields."""

    table: str
    seat: str
    action: int
    """Position of the action's first entry (its ``referee.ActionTaken``)."""
    position: int
    """Position of the last entry the action appended."""
    head: str
    """The ``hash`` of entry ``position``: the head of the log after the action."""
    at: str
    """UTC time the entries were appended (the entries' own ``at``)."""
    signature: str = ""

    def signed_bytes(self) -> bytes:
        """What the host key signs: the fields but the signature, as canonical JSON."""
        fields = msgspec.structs.asdict(self)
        fields.pop("signature")
        return _DOMAIN + _encoder.encode(fields)

    def describe(self) -> str:
        return f"{self.seat}'s action at entries {self.action} to {self.position} of table {self.table}, head {short_head(self.head)}, at {self.at}"


class Acknowledged(list["Entry"]):
    """The entries an action appended (a list, as ``Referee.act`` always returned), with
    the host's ``receipt`` for them; ``None`` for a table opened before receipts."""

    receipt: Receipt | None

    def __init__(self, entries: Iterable[Entry], receipt: Receipt | None) -> None:
        super().__init__(entries)
        self.receipt = receipt


def short_head(entry_hash: str) -> str:
    """The short form of a head hash that pages and views show (fork detection by eye)."""
    return entry_hash[:SHORT_HEAD]


def new_host_key() -> str:
    """A fresh private host key: 32 random bytes as hex (Ed25519's raw private key)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

    key = Ed25519PrivateKey.generate()
    return key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()).hex()


@functools.lru_cache(maxsize=256)
def _private(private_hex: str) -> Any:
    """The signing key (made once per table and process: a table signs every action)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(private_hex))


def public_key(private_hex: str) -> str:
    """The public half of a private host key, as the table's first entry publishes it (hex)."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    return _private(private_hex).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def sign(private_hex: str, receipt: Receipt) -> Receipt:
    """``receipt`` signed with the host key."""
    signature = _private(private_hex).sign(receipt.signed_bytes()).hex()
    return msgspec.structs.replace(receipt, signature=signature)


def check(receipt: Receipt, host_key: str) -> None:
    """Raise ``ForgedReceipt`` unless ``host_key`` (the public key a table's first entry
    publishes, hex) signed ``receipt`` as it stands."""
    from cryptography.exceptions import InvalidSignature

    where = f"the receipt for entries {receipt.action} to {receipt.position} of table {receipt.table}"
    if not host_key:
        raise ForgedReceipt(f"{where} cannot be checked: the table's first entry publishes no host key (a table opened before receipts)")
    try:
        public = _public(host_key)
        signature = bytes.fromhex(receipt.signature)
    except ValueError:
        raise ForgedReceipt(f"{where} is refused: its signature or the table's host key is not a hexadecimal Ed25519 value") from None
    try:
        public.verify(signature, receipt.signed_bytes())
    except InvalidSignature:
        raise ForgedReceipt(
            f"{where} is refused: the table's host key did not sign it (forged, altered after it was given, or from another table)"
        ) from None


@functools.lru_cache(maxsize=256)
def _public(host_key: str) -> Any:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    return Ed25519PublicKey.from_public_bytes(bytes.fromhex(host_key))


def host_key_of(entries: Sequence[Entry]) -> str:
    """The public host key a log's first entry publishes ("" for a table opened before receipts)."""
    if not entries or entries[0].event is None:
        return ""
    value = entries[0].event.get("host_key", "")
    return value if isinstance(value, str) else ""


_receipt_decoder = msgspec.json.Decoder(Receipt)


def load_receipts(text: str, *, source: str = "receipts") -> list[Receipt]:
    """Receipts kept as JSON Lines, one a line; BadLog naming the first line that is not one."""
    receipts = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if len(line) > 4096:
            raise BadLog(f"{source} line {number} is too long to be a receipt")
        try:
            receipt = _receipt_decoder.decode(line)
        except msgspec.DecodeError as exc:
            raise BadLog(f"{source} line {number} is not a receipt: {str(exc).splitlines()[0] if str(exc) else 'unreadable'}") from None
        if receipt.action < 1 or receipt.position < receipt.action:
            raise BadLog(f"{source} line {number} is not a receipt: entries {receipt.action} to {receipt.position} are no span of a log")
        receipts.append(receipt)
    return receipts


def dump_receipts(receipts: Iterable[Receipt]) -> str:
    return "".join(_encoder.encode(r).decode() + "\n" for r in receipts)
