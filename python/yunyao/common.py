"""Engine-neutral helpers shared by the Yunyao step programs.

* failure reporting (``YUNYAO_ERROR: `` line + non-zero exit; ``YUNYAO_INPUT_ERROR: `` when
  the user's input is refused before any real work, and ``YUNYAO_PLATFORM_ERROR: `` when the
  step program itself broke, neither of which the platform charges). The line carries a message
  id and its parameters (``common.noMolecules#{"file":"a.csv"}``, see ``message``), whose texts
  live in the platform's catalogues (packages/modules/shared/shared.messages.ts for ``common.*``,
  a module's ``<code>.messages.ts`` for its own), so the user reads it in their language; a
  plain text is still taken as it is,
* the input manifest (staged path + the name the user uploaded),
* text decoding and record splitting for SDF / MOL2 / PDB,
* reading SMILES from .smi / .csv / .tsv / .txt files (header detection),
* a split screen's share (``--chunk=I/N``).

Nothing here imports RDKit or Open Babel, so every program can use it.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import os
import re
import sys
import traceback
from dataclasses import dataclass, field
from typing import Callable, Iterator, NoReturn, Optional, Sequence

from .messages import render_message

ERROR_PREFIX = "YUNYAO_ERROR: "
INPUT_ERROR_PREFIX = "YUNYAO_INPUT_ERROR: "
PLATFORM_ERROR_PREFIX = "YUNYAO_PLATFORM_ERROR: "
MAX_REASON_CHARS = 600
# Message ids of the failures every program may report (texts: packages/modules/shared/shared.messages.ts).
UNEXPECTED_FAILURE = "common.unexpectedFailure"
OUT_OF_MEMORY = "common.outOfMemory"

Message = dict  # {"code": "common.noMolecules", "params": {"file": "a.csv"}}


def message(code: str, **params: object) -> Message:
    """A message id and the values of its ``{placeholders}``; a value may be a message itself."""
    return {"code": code, "params": params} if params else {"code": code}


def _short_params(value: object) -> object:
    if isinstance(value, dict):
        return {k: _short_params(v) for k, v in value.items()}
    if isinstance(value, str):
        return one_line(value, 200)
    return value


def encode_message(m: Message) -> str:
    """The message as the one line the platform reads: the id, then ``#`` and the parameters as JSON."""
    params = m.get("params")
    if not params:
        return m["code"]
    return m["code"] + "#" + json.dumps(_short_params(params), ensure_ascii=False, separators=(",", ":"))


class YunyaoError(Exception):
    """A failure whose message is shown to the user as the task's reason: a message (id and parameters) or a text."""

    def __init__(self, what: "Message | str") -> None:
        self.message: Optional[Message] = what if isinstance(what, dict) else None
        super().__init__(encode_message(what) if isinstance(what, dict) else what)

    @property
    def code(self) -> Optional[str]:
        return self.message["code"] if self.message else None

    @property
    def params(self) -> dict:
        return (self.message or {}).get("params", {})


class ReasonError(ValueError):
    """Why one molecule has no result, as a message; ``str()`` is its encoded form (a row's ``error``)."""

    def __init__(self, reason: Message) -> None:
        self.message = reason
        super().__init__(encode_message(reason))


def reason_of(exc: BaseException) -> "Message | str":
    """The exception's reason: its message when it carries one, else its text on one line."""
    said = getattr(exc, "message", None)
    return said if isinstance(said, dict) else one_line(exc, 200)


class InputError(YunyaoError):
    """The user's input cannot be used, found while reading it before any real work: the task is free."""


class PlatformError(YunyaoError):
    """The platform's own fault (a bad input manifest, a missing engine, a bug): shown alike, never charged."""


# glibc's malloc backs its heap with transparent huge pages where the kernel grants them on request (madvise).
HUGE_PAGES_TUNABLE = "glibc.malloc.hugetlb=1"


def vina_env() -> dict[str, str]:
    """The environment of a Vina process. Vina 1.2.3 fills about 400 MB of tables on every start (a docking job,
    a rescoring, a receptor check); on huge pages that costs far less CPU, measured on the 2-core machine: a
    ``--score_only`` 2.3 -> 0.5 s, a docking job at exhaustiveness 1 3.9 -> 3.1 s, the output the same bytes.
    A glibc without the tunable (before 2.35) ignores it; a tunable the operator set is kept."""
    given = os.environ.get("GLIBC_TUNABLES", "")
    if "glibc.malloc.hugetlb=" in given:
        return dict(os.environ)
    return {**os.environ, "GLIBC_TUNABLES": ":".join(t for t in (given, HUGE_PAGES_TUNABLE) if t)}


def one_line(text: object, limit: int = MAX_REASON_CHARS) -> str:
    s = re.sub(r"\s+", " ", str(text)).strip()
    if len(s) > limit:
        s = s[: limit - 1] + "…"
    return s


def _said(what: "Message | str", params: dict) -> "Message | str":
    return message(what, **params) if params or (isinstance(what, str) and _is_code(what)) else what


def _is_code(text: str) -> bool:
    return re.fullmatch(r"[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+", text) is not None


def fail(what: "Message | str", **params: object) -> NoReturn:
    """The engine's failure: a message id with its parameters (``fail("x.y", n=3)``), or a text."""
    raise YunyaoError(_said(what, params))


def internal_error(what: "Message | str", **params: object) -> NoReturn:
    """The program's own fault: a message id with its parameters, or a detail shown after 内部错误."""
    said = _said(what, params)
    raise PlatformError(said if isinstance(said, dict) else message("common.internal", detail=said))


def reject_input(what: "Message | str", **params: object) -> NoReturn:
    """Refuse the user's input; only while reading and checking it, before the engine works."""
    raise InputError(_said(what, params))


def record_error(display_name: str, record_no: int, reason: "Message | str") -> InputError:
    """The standard 'file X record N cannot be parsed' failure."""
    return InputError(message("common.recordUnparsable", file=display_name, record=record_no, reason=reason if isinstance(reason, dict) else one_line(reason)))


def report_error(what: "Message | str", prefix: str = ERROR_PREFIX) -> None:
    """Writes the failure line: a message (encoded whole, see ``encode_message``) or a text (one line, shortened)."""
    line = encode_message(what) if isinstance(what, dict) else one_line(what)
    sys.stdout.flush()
    sys.stderr.write(prefix + line + "\n")
    sys.stderr.flush()


def run_main(main: Callable[[Sequence[str]], None], argv: Optional[Sequence[str]] = None) -> None:
    """Run ``main``; turn failures into the YUNYAO_ERROR protocol."""
    try:
        main(list(sys.argv[1:] if argv is None else argv))
    except YunyaoError as exc:
        prefix = INPUT_ERROR_PREFIX if isinstance(exc, InputError) else PLATFORM_ERROR_PREFIX if isinstance(exc, PlatformError) else ERROR_PREFIX
        report_error(exc.message or str(exc), prefix)
        sys.exit(2)
    except MemoryError:
        report_error(message(OUT_OF_MEMORY))
        sys.exit(3)
    except Exception:  # an unexpected bug
        # The exception's own text (a Python or RDKit message, paths) goes to the task log only;
        # the user reads why in their language.
        traceback.print_exc()
        report_error(message(UNEXPECTED_FAILURE), PLATFORM_ERROR_PREFIX)
        sys.exit(3)


def write_json(path: str, obj: object) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(obj, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    os.replace(tmp, path)


def chunk_of(chunk: str) -> tuple[int, int]:
    """A split screen's ``--chunk=I/N`` (the platform's StepChunks: the items whose index is I modulo N) as
    (I, N); the whole screen, (0, 1), for ``''``."""
    if not chunk:
        return 0, 1
    index, count = (int(v) for v in chunk.split("/"))
    if not 0 <= index < count:
        raise ValueError(chunk)
    return index, count


# --------------------------------------------------------------------------
# Input manifest


@dataclass
class InputFile:
    path: str  # relative to the scratch dir
    name: str  # original upload name (only ever used in messages / rows)
    ext: str  # lower-case extension without the dot

    @property
    def stem(self) -> str:
        base = os.path.basename(self.name)
        return base.rsplit(".", 1)[0] if "." in base else base


def extension_of(name: str) -> str:
    base = os.path.basename(name.replace("\\", "/"))
    return base.rsplit(".", 1)[1].lower() if "." in base else ""


def load_inputs(manifest_json: str) -> list[InputFile]:
    try:
        raw = json.loads(manifest_json)
    except json.JSONDecodeError as exc:
        internal_error("common.manifestNotJson", error=str(exc))
    if not isinstance(raw, list) or not raw:
        reject_input("common.inputMissing")
    files: list[InputFile] = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("path"), str):
            internal_error("common.manifestMalformed")
        path = item["path"]
        name = str(item.get("name") or os.path.basename(path))
        norm = os.path.normpath(path)
        if os.path.isabs(norm) or norm.startswith(".."):
            internal_error("common.inputOutsideTask", path=path)
        if not os.path.isfile(norm):
            reject_input("common.inputUnreadable", file=name)
        ext = extension_of(name) or extension_of(path)
        files.append(InputFile(path=norm, name=name, ext=ext))
    return files


# --------------------------------------------------------------------------
# Text


def read_text(inp: InputFile) -> str:
    """Decode an uploaded text file (UTF-8 with or without BOM, else GB18030)."""
    with open(inp.path, "rb") as fh:
        data = fh.read()
    if b"\x00" in data[:8192]:
        reject_input("common.notText", file=inp.name)
    for enc in ("utf-8-sig", "gb18030"):
        try:
            text = data.decode(enc)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - latin-1 never fails
        text = data.decode("latin-1")
    return text.replace("\r\n", "\n").replace("\r", "\n")


@dataclass
class TextRecord:
    index: int  # 1-based record number within its file
    line: int  # 1-based line where the record starts
    text: str


def split_sdf(text: str) -> list[TextRecord]:
    """Split an SD file on ``$$$$`` lines; a trailing blank chunk is dropped.

    A plain MOL file (no ``$$$$``) is one record.
    """
    records: list[TextRecord] = []
    buf: list[str] = []
    start = 1
    for lineno, line in enumerate(text.split("\n"), start=1):
        if line.strip() == "$$$$":
            records.append(TextRecord(len(records) + 1, start, "\n".join(buf) + "\n$$$$\n"))
            buf = []
            start = lineno + 1
        else:
            buf.append(line)
    if any(l.strip() for l in buf):
        records.append(TextRecord(len(records) + 1, start, "\n".join(buf) + "\n$$$$\n"))
    return records


def sdf_title(record_text: str) -> str:
    return record_text.split("\n", 1)[0].strip()


def split_mol2(text: str) -> list[TextRecord]:
    """Split a Tripos MOL2 file into ``@<TRIPOS>MOLECULE`` blocks."""
    records: list[TextRecord] = []
    buf: list[str] = []
    start = 0
    for lineno, line in enumerate(text.split("\n"), start=1):
        if line.strip().upper() == "@<TRIPOS>MOLECULE":
            if buf and start:
                records.append(TextRecord(len(records) + 1, start, "\n".join(buf).rstrip("\n") + "\n"))
            buf = [line]
            start = lineno
        elif start:
            buf.append(line)
    if buf and start:
        records.append(TextRecord(len(records) + 1, start, "\n".join(buf).rstrip("\n") + "\n"))
    return records


def _is_float(s: str) -> bool:
    try:
        float(s)
        return True
    except ValueError:
        return False


def check_mol2_block(block: str, first_line: int = 1) -> Optional[str]:
    """Strict structural check of one MOL2 record; returns a reason or None.

    Open Babel's MOL2 reader silently accepts garbage atom lines, so the
    counts and the ATOM/BOND sections are checked here first.  ``first_line``
    is the record's line number in its file, used to point at a bad line.
    """
    sections: dict[str, list[tuple[int, str]]] = {}
    current = None
    for offset, line in enumerate(block.split("\n")):
        s = line.strip()
        if s.upper().startswith("@<TRIPOS>"):
            current = s[9:].upper()
            sections.setdefault(current, [])
        elif current is not None:
            sections[current].append((first_line + offset, line))
    mol = sections.get("MOLECULE", [])
    if len(mol) < 2:
        return f"MOLECULE 段不完整（第 {first_line} 行）"
    counts = mol[1][1].split()
    if not counts or not counts[0].isdigit():
        return f"第 {mol[1][0]} 行原子数格式错误：“{one_line(mol[1][1], 80)}”"
    n_atoms = int(counts[0])
    n_bonds = int(counts[1]) if len(counts) > 1 and counts[1].isdigit() else None
    if "ATOM" not in sections:
        return f"缺少 @<TRIPOS>ATOM 段（第 {first_line} 行起的记录）"
    atom_lines = [(n, l) for n, l in sections["ATOM"] if l.strip()]
    for n, l in atom_lines:
        parts = l.split()
        if len(parts) < 6 or not parts[0].isdigit() or not all(_is_float(p) for p in parts[2:5]):
            return f"第 {n} 行原子格式错误：“{one_line(l, 80)}”"
    if n_atoms == 0 or not atom_lines:
        return f"记录中没有原子（第 {first_line} 行起）"
    if len(atom_lines) != n_atoms:
        return f"原子数（{len(atom_lines)}）与声明的 {n_atoms} 不一致（第 {first_line} 行起）"
    bond_lines = [(n, l) for n, l in sections.get("BOND", []) if l.strip()]
    for n, l in bond_lines:
        parts = l.split()
        if len(parts) < 4 or not parts[0].isdigit() or not parts[1].isdigit() or not parts[2].isdigit():
            return f"第 {n} 行键格式错误：“{one_line(l, 80)}”"
        if not (1 <= int(parts[1]) <= n_atoms and 1 <= int(parts[2]) <= n_atoms):
            return f"第 {n} 行的键引用了不存在的原子：“{one_line(l, 80)}”"
    if n_bonds is not None and len(bond_lines) != n_bonds:
        return f"键数（{len(bond_lines)}）与声明的 {n_bonds} 不一致（第 {first_line} 行起）"
    return None


def mol2_title(block: str) -> str:
    lines = block.split("\n")
    return lines[1].strip() if len(lines) > 1 else ""


def split_pdb(text: str) -> list[TextRecord]:
    """Split a PDB file into models (``ENDMDL`` / ``END``); blocks without atoms are dropped."""
    records: list[TextRecord] = []
    buf: list[str] = []
    start = 1

    def flush() -> None:
        if any(l.startswith(("ATOM", "HETATM")) for l in buf):
            records.append(TextRecord(len(records) + 1, start, "\n".join(buf) + "\nEND\n"))

    for lineno, line in enumerate(text.split("\n"), start=1):
        tag = line[:6].strip()
        if tag in ("ENDMDL", "END"):
            flush()
            buf = []
            start = lineno + 1
        else:
            buf.append(line)
    flush()
    return records


def pdb_title(block: str) -> str:
    """The molecule name from the first COMPND record, if any."""
    for line in block.split("\n"):
        if line.startswith("COMPND"):
            title = line[10:].strip()
            if title.upper().startswith("MOLECULE:"):
                title = title[9:].strip().rstrip(";").strip()
            if title and title.upper() not in ("UNNAMED", "NONE"):
                return title
    return ""


# --------------------------------------------------------------------------
# SMILES tables (.smi .csv .tsv .txt)

# One list with the server (apps/server/src/services/csv.ts), in normalised form (see norm_header).
with open(os.path.join(os.path.dirname(__file__), "table_columns.json"), encoding="utf-8") as _fh:
    _TABLE_COLUMNS = json.load(_fh)
SMILES_HEADERS: list[str] = _TABLE_COLUMNS["smiles"]
ID_HEADERS: list[str] = _TABLE_COLUMNS["id"]


def norm_header(cell: str) -> str:
    return re.sub(r"[\s_\-.]+", "", cell.strip().strip('"').lower())


@dataclass
class SmilesRecord:
    index: int  # 1-based data record number
    line: int  # 1-based line number in the file
    smiles: str
    name: str  # may be empty
    props: dict[str, str] = field(default_factory=dict)


@dataclass
class SmilesTable:
    delimiter: Optional[str]  # None = whitespace (.smi style)
    header: Optional[list[str]]
    smiles_column: str
    id_column: Optional[str]
    records: list[SmilesRecord]


def _sniff_delimiter(ext: str, first_line: str) -> Optional[str]:
    """None means whitespace-separated ``SMILES name`` lines (.smi style)."""
    if ext == "tsv":
        return "\t"
    if ext == "csv":
        for d in (",", ";", "\t"):
            if d in first_line:
                return d
        return ","
    # .smi / .txt: SMILES never contain commas or tabs.
    if ext == "txt" and "," in first_line:
        return ","
    if "\t" in first_line and any(norm_header(c) in SMILES_HEADERS for c in first_line.split("\t")):
        return "\t"  # a tab-separated table with a header row
    return None


def _pick(headers_norm: list[str], wanted: list[str]) -> Optional[int]:
    for w in wanted:
        if w in headers_norm:
            return headers_norm.index(w)
    return None


def read_smiles_table(inp: InputFile) -> SmilesTable:
    """Read SMILES records from a .smi/.csv/.tsv/.txt file.

    Header rows are recognised by a SMILES-like column name (smiles,
    canonical_smiles, smi, ...) or an id-like one (id, name, title, ...),
    case-insensitively.  Without a header the SMILES is the first column and
    an optional name the second.
    """
    text = read_text(inp)
    lines = text.split("\n")
    first = next((l for l in lines if l.strip() and not l.lstrip().startswith("#")), "")
    if not first:
        reject_input("common.noMolecules", file=inp.name)
    delim = _sniff_delimiter(inp.ext, first)

    rows: list[tuple[int, list[str]]] = []
    if delim is None:
        for lineno, line in enumerate(lines, start=1):
            s = line.strip()
            if not s or s.startswith("#"):
                continue
            parts = s.split(None, 1)
            # the name runs to the end of the line, or to the next tab when tab-separated
            rest = parts[1].split("\t", 1)[0].strip() if len(parts) > 1 else ""
            rows.append((lineno, [parts[0], rest]))
    else:
        reader = csv.reader(io.StringIO(text), delimiter=delim)
        try:
            for cells in reader:
                if not any(c.strip() for c in cells):
                    continue
                if len(cells) == 1 and cells[0].lstrip().startswith("#"):
                    continue
                rows.append((reader.line_num, [c.strip() for c in cells]))
        except csv.Error as exc:
            reject_input("common.tableMalformed", file=inp.name, line=reader.line_num, error=str(exc))
    if not rows:
        reject_input("common.noMolecules", file=inp.name)

    head_norm = [norm_header(c) for c in rows[0][1]]
    smiles_idx = _pick(head_norm, SMILES_HEADERS)
    if smiles_idx is None:
        smiles_idx = next((i for i, h in enumerate(head_norm) if "smiles" in h), None)
    id_idx = _pick(head_norm, ID_HEADERS)
    header: Optional[list[str]] = None
    # A row is a header when it names a SMILES column, or when its first cell is
    # an id-like column name ("ID,mol"); an id word elsewhere may be a real name.
    if smiles_idx is not None or id_idx == 0:
        header = rows[0][1]
        rows = rows[1:]
        if smiles_idx is None:
            reject_input("common.noSmilesColumn", file=inp.name, header=one_line(", ".join(header), 200))
        if id_idx == smiles_idx:
            id_idx = None
    else:
        smiles_idx, id_idx = 0, (1 if any(len(r[1]) > 1 for r in rows) else None)

    records: list[SmilesRecord] = []
    for n, (lineno, cells) in enumerate(rows, start=1):
        smi = cells[smiles_idx] if smiles_idx < len(cells) else ""
        name = cells[id_idx] if id_idx is not None and id_idx < len(cells) else ""
        props: dict[str, str] = {}
        if header is not None:
            for i, h in enumerate(header):
                if i in (smiles_idx, id_idx) or not h.strip() or i >= len(cells):
                    continue
                props[h.strip()] = cells[i]
        records.append(SmilesRecord(n, lineno, smi, name, props))
    if not records:
        reject_input("common.noMolecules", file=inp.name)
    return SmilesTable(
        delimiter=delim,
        header=header,
        smiles_column=header[smiles_idx] if header else "(第1列)",
        id_column=(header[id_idx] if header and id_idx is not None else None),
        records=records,
    )


# The submission form's bound on a typed SMILES (packages/modules/shared/molecule-source.ts),
# applied to uploaded records too: parsing and embedding far longer ones ties up a worker.
MAX_SMILES_CHARS = 1000


def smiles_length_problem(smiles: str) -> Optional[str]:
    """Why a SMILES is too long to be taken, or None."""
    if len(smiles) <= MAX_SMILES_CHARS:
        return None
    return f"SMILES 长 {len(smiles)} 个字符，超过上限 {MAX_SMILES_CHARS} 个字符"


def check_smiles_text(inp: InputFile, rec: SmilesRecord) -> None:
    """Cheap syntax checks both engines are lenient about."""
    if not rec.smiles:
        raise record_error(inp.name, rec.index, message("common.smilesEmptyAt", line=rec.line))
    if len(rec.smiles) > MAX_SMILES_CHARS:
        raise record_error(inp.name, rec.index, message("common.smilesTooLongAt", length=len(rec.smiles), max=MAX_SMILES_CHARS, line=rec.line))
    if any(c.isspace() for c in rec.smiles):
        raise record_error(inp.name, rec.index, message("common.smilesWhitespaceAt", smiles=rec.smiles, line=rec.line))
    depth = 0
    for c in rec.smiles:
        depth += 1 if c == "(" else -1 if c == ")" else 0
        if depth < 0:
            break
    if depth != 0:
        raise record_error(inp.name, rec.index, message("common.smilesParenthesesAt", smiles=one_line(rec.smiles, 120), line=rec.line))


def default_id(inp: InputFile, index: int) -> str:
    return f"{inp.stem}_{index}"


# --------------------------------------------------------------------------
# Warnings


class Warnings:
    """Per-molecule warnings, capped so summary.json stays small."""

    def __init__(self, cap: int = 500) -> None:
        self.cap = cap
        self.items: list[dict[str, object]] = []
        self.count = 0

    def add(self, file: str, record: Optional[int], mol_id: Optional[str], message: "Message | str") -> None:
        """``message``: a message or a text. Stored as Chinese text: summary.json is a file people
        download and nothing renders it for a reader, unlike result rows."""
        self.count += 1
        if len(self.items) < self.cap:
            said = render_message(message) if isinstance(message, dict) else one_line(message, 300)
            self.items.append({"file": file, "record": record, "id": mol_id, "message": said})

    def as_json(self) -> dict[str, object]:
        return {"warningCount": self.count, "warnings": self.items, "warningsTruncated": self.count > len(self.items)}


def iter_nonempty(seq: Sequence[TextRecord]) -> Iterator[TextRecord]:
    for r in seq:
        if r.text.strip():
            yield r


# --------------------------------------------------------------------------
# Step results: the output convention every table-producing step shares.


def add_result_args(p: argparse.ArgumentParser) -> None:
    """Where the step writes ``summary.json`` and ``rows.json``, and how many rows the latter keeps."""
    p.add_argument("--summary", default="summary.json")
    p.add_argument("--rows", default="rows.json")
    p.add_argument("--max-rows", type=int, default=10000)


def write_step_result(
    args: argparse.Namespace,
    *,
    module: str,
    engine: dict[str, str],
    inputs: Sequence[InputFile],
    counts: Sequence[int],
    rows: list[dict[str, object]],
    rows_available: int,
    warnings: Warnings,
    details: dict[str, object],
) -> None:
    """Write ``rows.json`` (the result table, at most --max-rows) and ``summary.json``.

    The summary always carries the module, the engine versions, each input's record
    count, whether the rows were cut short (``rows_available`` of them existed) and
    the warnings; ``details`` adds what is particular to the step.
    """
    write_json(args.rows, rows)
    write_json(
        args.summary,
        {
            "module": module,
            "engine": engine,
            **details,
            "inputs": [{"file": inp.name, "format": inp.ext, "records": counts[i]} for i, inp in enumerate(inputs)],
            "rowCount": len(rows),
            "rowsTruncated": rows_available > len(rows),
            **warnings.as_json(),
        },
    )


def file_sha256(path: str) -> str:
    """The SHA-256 of a file's bytes (hex), read in blocks: data hashes in model cards, cache keys."""
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()
