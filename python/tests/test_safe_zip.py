"""The shared zip reader: limits read from the central directory, capped reads, no path out of the archive."""

from __future__ import annotations

import os
import struct
import sys
import tempfile
import tracemalloc
import unittest
import zipfile
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yunyao import safe_zip  # noqa: E402
from yunyao.common import InputError, InputFile  # noqa: E402
from yunyao.safe_zip import MAX_MEMBERS, MAX_UNCOMPRESSED_BYTES, unsafe_member_name, zip_members  # noqa: E402

MOL2 = b"@<TRIPOS>MOLECULE\nx\n1 0 0 0 0\nSMALL\nNO_CHARGES\n\n@<TRIPOS>ATOM\n1 C 0 0 0 C.3 1 X 0\n"
MB = 1024 * 1024


def zeros_deflate(megabytes: int) -> tuple[bytes, int]:
    """A raw deflate stream of ``megabytes`` MB of zeros, built without holding them: one sync-flushed block repeated."""
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = comp.compress(bytes(MB)) + comp.flush(zlib.Z_SYNC_FLUSH)
    crc = 0
    for _ in range(megabytes):
        crc = zlib.crc32(bytes(MB), crc)
    return block * megabytes + b"\x03\x00", crc


def one_member_zip(path: str, name: str, data: bytes, crc: int, declared_size: int) -> None:
    """A zip of one deflated member whose headers declare ``declared_size`` unpacked bytes (true or not)."""
    name_b = name.encode()
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(data), declared_size, len(name_b), 0) + name_b
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(data), declared_size, len(name_b), 0, 0, 0, 0, 0, 0) + name_b
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local) + len(data), 0)
    with open(path, "wb") as fh:
        fh.write(local + data + central + end)


class SafeZipTest(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def path(self, name: str) -> str:
        return os.path.join(self.dir.name, name)

    def refusal(self, path: str) -> str:
        with self.assertRaises(InputError) as ctx:
            list(zip_members(InputFile(path, "ligs.zip", "zip"), ("mol2",)))
        return str(ctx.exception)

    def test_reads_wanted_members_in_name_order_skipping_folders_and_archiver_files(self) -> None:
        with zipfile.ZipFile(self.path("ok.zip"), "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("b.mol2", MOL2)
            z.writestr("sub/a.MOL2", MOL2)
            z.writestr("sub/", b"")
            z.writestr("__MACOSX/sub/._a.mol2", b"\x00\x05")
            z.writestr("notes.txt", b"hello")
        members = list(zip_members(InputFile(self.path("ok.zip"), "ok.zip", "zip"), ("mol2",)))
        self.assertEqual([m for m, _ in members], ["b.mol2", "sub/a.MOL2"])
        self.assertEqual(members[0][1], MOL2)

    def test_a_high_ratio_zip_is_refused_from_its_directory_before_anything_is_inflated(self) -> None:
        megabytes = MAX_UNCOMPRESSED_BYTES // MB + 1
        data, crc = zeros_deflate(megabytes)
        self.assertLess(len(data), 2 * MB)  # a ~1000:1 bomb
        one_member_zip(self.path("bomb.zip"), "bomb.mol2", data, crc, megabytes * MB)
        inflated = []
        original = safe_zip._read_capped
        safe_zip._read_capped = lambda *a: inflated.append(a) or original(*a)
        try:
            message = self.refusal(self.path("bomb.zip"))
        finally:
            safe_zip._read_capped = original
        self.assertIn(f'common.zipTooLarge#{{"archive":"ligs.zip","size":"{megabytes} MB"', message)
        self.assertEqual(inflated, [])

    def test_a_member_that_inflates_past_its_declared_size_is_cut_there_and_refused(self) -> None:
        data, crc = zeros_deflate(64)  # 64 MB that the headers call 1 KB
        one_member_zip(self.path("liar.zip"), "liar.mol2", data, crc, 1024)
        tracemalloc.start()
        try:
            message = self.refusal(self.path("liar.zip"))
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        self.assertIn('common.zipMemberBroken#{"archive":"ligs.zip","member":"liar.mol2"}', message)
        self.assertLess(peak, 4 * MB)

    def test_a_member_path_out_of_the_archive_refuses_the_archive(self) -> None:
        for name in ("../evil.mol2", "a/../../evil.mol2", "/etc/evil.mol2", "C:/evil.mol2", "..\\evil.mol2"):
            with self.subTest(name=name):
                with zipfile.ZipFile(self.path("slip.zip"), "w") as z:
                    z.writestr("good.mol2", MOL2)
                    z.writestr(zipfile.ZipInfo(name), MOL2)
                self.assertIn("common.zipUnsafePath#", self.refusal(self.path("slip.zip")))
        self.assertFalse(unsafe_member_name("a/b..c/d.mol2"))

    def test_too_many_members_are_refused_from_the_directory(self) -> None:
        with zipfile.ZipFile(self.path("many.zip"), "w") as z:
            for i in range(MAX_MEMBERS + 1):
                z.writestr(f"m{i}.mol2", b"")
        self.assertIn(f'common.zipTooManyFiles#{{"archive":"ligs.zip","count":{MAX_MEMBERS + 1},"max":{MAX_MEMBERS}}}', self.refusal(self.path("many.zip")))

    def test_not_a_zip(self) -> None:
        with open(self.path("no.zip"), "wb") as fh:
            fh.write(b"PK not really")
        self.assertIn('common.notZip#{"file":"ligs.zip"}', self.refusal(self.path("no.zip")))


if __name__ == "__main__":
    unittest.main()
