"""Sealing a session record on a server: the seeds hidden from the page, the whole record tagged.

On a server the seeds decide every card still in the shoe, so the page must never read them:
the kernel seals them before the record leaves it — each seed XORed with a pad from
HMAC-SHA256 under a secret that stays on the server, with a fresh nonce per record — and tags
the whole record with HMAC-SHA256, so an edited record (a balance, an action, a fingerprint) is
refused. The secret lives in a file on the server (``session_key``), so a record survives a
reload and a server restart on the same machine; elsewhere it cannot be opened, and a fresh
session starts. The browser edition never imports this module (see :mod:`.saving`).

HMAC-SHA256 with a 256-bit secret is a pseudorandom function, so the pads are indistinguishable
from random to a page without the secret (each seed is a one-time pad under a nonce never
reused), and the tag over the record's one canonical text (``engine.session_record.record_text``) is a MAC
that the page cannot forge; both come from the standard library.

>>> key = b"k" * 32
>>> stored = seal({"variant": "punto-banco", "seeds": [12345], "actions": [["DEAL", None, None]]}, key)
>>> "12345" in str(stored), unseal(stored, key)["seeds"]
(False, [12345])
>>> unseal({**stored, "actions": []}, key)
Traceback (most recent call last):
...
baccarat_lessons.engine.errors.ReplayError: This saved session was changed after it was saved (or saved by another server), so it cannot be trusted; a fresh session starts instead.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

from ...engine.errors import ReplayError
from ...engine.session_record import (
    MAX_ACTIONS, RECORD_VERSION, ActionsText, check_stored, record_text, unreadable,
)

KEY_FILE_VARIABLE = "BACCARAT_LESSONS_SESSION_KEY"  # a path: where the server keeps its secret

_cached_key: dict[Path, bytes] = {}


def key_path() -> Path:
    return Path(os.environ.get(KEY_FILE_VARIABLE) or Path.home() / ".local/share/baccarat-lessons/session.key")


def session_key() -> bytes:
    """The server's secret, made on first use (readable by the server's user only)."""
    path = key_path()
    if path not in _cached_key:  # read once per kernel: every redraw seals the record
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                # Created readable by the server's user only from its first byte (no moment with wider
                # permissions); O_EXCL: a second kernel starting at the same time keeps the first's key.
                descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                pass
            else:
                with os.fdopen(descriptor, "wb") as file:
                    file.write(secrets.token_bytes(32))
        _cached_key[path] = path.read_bytes()
    return _cached_key[path]


def _pad(key: bytes, nonce: str, index: int) -> int:
    digest = hmac.new(key, f"seed {index} {nonce}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")



def _tag(key: bytes, text: bytes) -> str:
    """The tag of a record's canonical text (``record_text``)."""
    return hmac.new(key, text, hashlib.sha256).hexdigest()


def seal(record: dict, key: bytes) -> dict:
    """``record`` with its seeds (whole numbers below 2**64) sealed and the whole of it tagged."""
    return json.loads(seal_text(record, key))


def seal_text(record: dict, key: bytes, actions_text: ActionsText | None = None) -> str:
    """:func:`seal`'s record as the JSON text the page keeps. The text the tag is computed over is
    written once and the tag added at its end: a record grows with the session, and writing it
    again for the page doubled what a save costs late in a long session."""
    nonce = secrets.token_hex(16)
    body = {key_: value for key_, value in record.items() if key_ != "seeds"}
    body |= {"version": RECORD_VERSION, "nonce": nonce,
             "sealed": [format(seed ^ _pad(key, nonce, i), "016x") for i, seed in enumerate(record["seeds"])]}
    text = record_text(body, actions_text)
    return text[:-1].decode("utf-8") + f',"tag":"{_tag(key, text)}"}}'


def unseal(stored, key: bytes) -> dict:
    """The record a page sent back, its tag checked and its seeds opened; anything else that is
    wrong raises :class:`ReplayError` with one sentence."""
    check_stored(stored)
    body = {key_: value for key_, value in stored.items() if key_ != "tag"}
    tag = stored.get("tag")
    if not isinstance(tag, str) or not hmac.compare_digest(tag, _tag(key, record_text(body))):
        raise ReplayError("This saved session was changed after it was saved (or saved by another server), "
                          "so it cannot be trusted; a fresh session starts instead.")
    nonce, sealed, actions = body.get("nonce"), body.get("sealed"), body.get("actions")
    if not isinstance(sealed, list) or not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise unreadable()
    seeds = [int(text, 16) ^ _pad(key, nonce, i) for i, text in enumerate(sealed)]
    record = {key_: value for key_, value in body.items() if key_ not in ("sealed", "nonce")}
    return record | {"seeds": seeds}




class SealedRecords:
    """The server's way of keeping a record in the page: sealed and tagged under the server's secret
    (``key``, by default the file ``session_key`` reads)."""

    is_sealed = True

    def __init__(self, key: bytes | None = None):
        self._key = key
        self._actions_text = ActionsText()  # one table's records: its log's text, grown per action

    def key(self) -> bytes:
        return self._key if self._key is not None else session_key()

    def close_text(self, record: dict) -> str:
        return seal_text(record, self.key(), self._actions_text)

    def open(self, stored) -> dict:
        return unseal(stored, self.key())
