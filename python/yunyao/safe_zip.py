"""The one way a step reads an uploaded .zip.

A zip says in its central directory how many members it holds and how large each unpacks; both
are checked against ``zip_limits.json`` (the same limits the server applies at submission, see
packages/modules/shared/safe-zip.ts) before any member is inflated. Members are then read in
chunks, each stopped at the size it declared and at what is left of the archive's budget, so a
member whose header lies cannot inflate past it. A member path that climbs out of the archive
(``../``, an absolute path, a drive letter) refuses the whole archive: nothing is ever extracted,
and a path like that has no honest use.
"""

from __future__ import annotations

import json
import os
import re
import zipfile
import zlib
from typing import Iterable, Iterator, NoReturn

from .common import InputFile, reject_input

with open(os.path.join(os.path.dirname(__file__), "zip_limits.json"), encoding="utf-8") as _fh:
    _LIMITS = json.load(_fh)
MAX_MEMBERS: int = _LIMITS["maxMembers"]
MAX_UNCOMPRESSED_BYTES: int = _LIMITS["maxUncompressedBytes"]
CHUNK = 1 << 16

_DRIVE = re.compile(r"^[A-Za-z]:")


def unsafe_member_name(name: str) -> bool:
    """A path that would land outside the folder it is unpacked into."""
    path = name.replace("\\", "/")
    return path.startswith("/") or bool(_DRIVE.match(path)) or ".." in path.split("/")


def _mb(n: int) -> str:
    return f"{n / (1024 * 1024):.0f} MB"


def _check_directory(archive_name: str, infos: list[zipfile.ZipInfo]) -> None:
    if len(infos) > MAX_MEMBERS:
        reject_input("common.zipTooManyFiles", archive=archive_name, count=len(infos), max=MAX_MEMBERS)
    for info in infos:
        if unsafe_member_name(info.filename):
            reject_input("common.zipUnsafePath", archive=archive_name, path=info.filename)
    total = sum(info.file_size for info in infos)
    if total > MAX_UNCOMPRESSED_BYTES:
        reject_input("common.zipTooLarge", archive=archive_name, size=_mb(total), max=_mb(MAX_UNCOMPRESSED_BYTES))


def _broken(archive_name: str, member: str) -> NoReturn:
    reject_input("common.zipMemberBroken", archive=archive_name, member=member)


def _read_capped(archive: zipfile.ZipFile, info: zipfile.ZipInfo, archive_name: str, cap: int) -> bytes:
    out = bytearray()
    try:
        with archive.open(info) as fh:
            while True:
                chunk = fh.read(min(CHUNK, cap + 1 - len(out)))
                if not chunk:
                    break
                out += chunk
                if len(out) > cap:
                    _broken(archive_name, info.filename)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, OSError):
        # A CRC that does not match (a member longer than it declared is cut at its size), an
        # unsupported method, an encrypted member, data that ends early.
        _broken(archive_name, info.filename)
    return bytes(out)


def _wanted(info: zipfile.ZipInfo, exts: frozenset[str]) -> bool:
    base = os.path.basename(info.filename.replace("\\", "/"))
    # Folders, and the resource forks and hidden files an archiver adds (__MACOSX/._x.mol2).
    if info.is_dir() or base.startswith(".") or info.filename.startswith("__MACOSX/"):
        return False
    return os.path.splitext(base)[1].lower().lstrip(".") in exts


def zip_members(inp: InputFile, exts: Iterable[str]) -> Iterator[tuple[str, bytes]]:
    """(path in the archive, content) of every file member with one of ``exts`` (no dot), in name order."""
    try:
        archive = zipfile.ZipFile(inp.path)
    except (zipfile.BadZipFile, OSError):
        reject_input("common.notZip", file=inp.name)
    wanted = frozenset(e.lower() for e in exts)
    with archive:
        infos = archive.infolist()
        _check_directory(inp.name, infos)
        budget = MAX_UNCOMPRESSED_BYTES
        for info in sorted((i for i in infos if _wanted(i, wanted)), key=lambda i: i.filename):
            data = _read_capped(archive, info, inp.name, min(info.file_size, budget))
            budget -= len(data)
            yield info.filename, data
