"""A module run as ``python -m module args`` would run it, in a forked child of a process that has its imports
loaded already: the API's fork server (forkserver.py) and the tests' forked step runs (tests/step_process.py)."""

from __future__ import annotations

import os
import runpy
import sys
import traceback
from typing import NoReturn, Sequence


def standard_streams() -> None:
    """sys.stdin, sys.stdout and sys.stderr anew on file descriptors 0, 1 and 2, once those are redirected."""
    sys.stdin = open(0, encoding="utf-8", closefd=False)
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)


def run_as_main(module: str, args: Sequence[str]) -> int:
    """Runs ``module`` as __main__ with ``args``; the exit status python would give."""
    sys.argv = [module, *args]
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        return 0
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        print(done.code, file=sys.stderr)
    except BaseException:  # noqa: BLE001 - the child reports whatever stopped it, as python would
        traceback.print_exc()
    return 1


def exit_child(code: int) -> NoReturn:
    """Ends the forked child with ``code`` once its output is out, without the parent's exit handlers."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)
