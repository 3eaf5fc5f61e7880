"""RDKit's own words for why a molecule failed, for the task's reason.

RDKit reports parse and sanitisation problems on its log rather than in exceptions (a SMILES
that does not parse just gives ``None``), so the reason is read from that log while the call runs.
"""

from __future__ import annotations

import contextlib
import io
from typing import Iterator

from rdkit import RDLogger, rdBase

from .common import one_line


@contextlib.contextmanager
def rdkit_log() -> Iterator[io.StringIO]:
    """Capture RDKit's log lines so they can be quoted in a reason."""
    # Routed and enabled on every use: code that ran before (another step's helpers) may have
    # silenced RDKit's errors, which are the reason being asked for.
    rdBase.LogToPythonStderr()
    RDLogger.EnableLog("rdApp.error")
    buf = io.StringIO()
    with contextlib.redirect_stderr(buf):
        yield buf


def log_reason(buf: io.StringIO, fallback: str) -> str:
    """The captured lines without their timestamps, each once, or ``fallback`` when RDKit said nothing."""
    lines = []
    for line in buf.getvalue().splitlines():
        s = line.strip()
        if s.startswith("[") and "]" in s[:12]:
            s = s[s.index("]") + 1 :].strip()
        if s and not s.startswith("****") and s not in lines:
            lines.append(s)
    return one_line("；".join(lines), 300) if lines else fallback
