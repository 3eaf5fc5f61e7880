"""A step program run as ``python -m <module> <args>`` would run it, in a process forked from the test's own.

Most of a short step's CPU in a test is the interpreter's start and its imports (PyTorch 1.3 s, OpenMM with
PDBFixer 1.2 s, the pepsearch stack 1.4 s), paid again by every run while the step's own work is a fraction of
a second. ``run_module`` imports the step's modules once in the test process (``preload``) and forks a child
per run, as the API's fork server does for its own short programs (yunyao/forkserver.py): the child is still a
process of its own, with its own working directory, environment, exit status, stdout and stderr, and runs the
module as ``__main__``; only what was imported before the fork is shared.

A run whose environment changes more than PYTHONPATH (entries the test process already has on sys.path) is a
real subprocess: a variable read when a library loads (OMP_NUM_THREADS, OPENMM_CPU_THREADS, a models folder read
at import) would otherwise keep the test process's value. So is a run while this process has more threads than
its imports started (a pool still at work), since a forked child has only the forking thread. So is a run asked
to be ``fresh``: of two runs compared for repeatability, one must be, since forked children share what depends
on the process (the hash seed that orders sets of strings, an unseeded random state). Runs to be signalled use
Popen.
"""

from __future__ import annotations

import atexit
import importlib
import os
import subprocess
import sys
import tempfile
import time
from typing import Iterable, Mapping, Optional, Sequence

from yunyao.as_main import exit_child, run_as_main, standard_streams


def _set_in_process() -> set[str]:
    """Variables set since this interpreter started: by libraries as they load (RDKit's RDBASE, the OpenMP
    settings of xgboost's), which a fresh interpreter's imports set the same way."""
    with open("/proc/self/environ", "rb") as fh:
        started_with = {entry.split(b"=", 1)[0].decode(errors="replace") for entry in fh.read().split(b"\0") if entry}
    return set(os.environ) - started_with


# The most threads this process has had right after loading modules: the pools libraries start as they load
# (OpenBLAS's, for one), which fork safely. More than that means one a library started to work (OpenMP's for an
# xgboost prediction, OpenMM's for a context) is still there.
_threads_after_imports = 0


def _threads() -> int:
    return len(os.listdir("/proc/self/task"))


def _preload(names: Iterable[str]) -> None:
    global _threads_after_imports
    loaded = len(sys.modules)
    for name in names:
        importlib.import_module(name)
    if len(sys.modules) > loaded or not _threads_after_imports:
        _threads_after_imports = max(_threads_after_imports, _threads())


def _forkable(env: Optional[Mapping[str, str]]) -> bool:
    if _threads() > _threads_after_imports:
        return False  # the child would have the forking thread only, and any lock a pool thread held
    if env is None:
        return True
    changed = {k for k in set(env) | set(os.environ) if env.get(k) != os.environ.get(k)}
    changed -= {k for k in _set_in_process() if k not in env}
    if not changed <= {"PYTHONPATH"}:
        return False
    on_path = {os.path.abspath(p) for p in sys.path}
    return all(os.path.abspath(p) in on_path for p in env.get("PYTHONPATH", "").split(os.pathsep) if p)


def _child(module: str, args: Sequence[str], cwd: str, env: Optional[Mapping[str, str]], out: int, err: int) -> None:
    """In the forked child: becomes ``python -m module args`` and never returns."""
    code = 1
    try:
        os.chdir(cwd)
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(out, 1)
        os.dup2(err, 2)
        standard_streams()
        atexit._clear()  # the test process's exit handlers (its temporary folders among them) are not the child's
        # As under ``python -m``, the module runs as __main__ only: a copy preloaded under its own name is not it.
        sys.modules.pop(module, None)
        code = run_as_main(module, args)
        atexit._run_exitfuncs()
    finally:
        exit_child(code)


def run_module(
    module: str,
    args: Sequence[str],
    cwd: str,
    env: Optional[Mapping[str, str]] = None,
    timeout: float = 300,
    preload: Iterable[str] = (),
    fresh: bool = False,
) -> subprocess.CompletedProcess:
    """``subprocess.run([python, -m, module, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)``,
    forked from this process with ``preload`` (the step's heavy imports) imported first, unless ``fresh`` or the
    environment asks for a new interpreter."""
    argv = [sys.executable, "-m", module, *args]
    if not fresh:
        _preload(preload)
    if fresh or not _forkable(env):
        return subprocess.run(argv, cwd=cwd, env=None if env is None else dict(env), capture_output=True, text=True, timeout=timeout)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _child(module, args, cwd, env, out.fileno(), err.fileno())
        deadline = time.monotonic() + timeout
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                raise subprocess.TimeoutExpired(argv, timeout)
            time.sleep(0.01)
        streams = []
        for fh in (out, err):
            fh.seek(0)
            streams.append(fh.read().decode("utf-8", errors="replace"))
    return subprocess.CompletedProcess(argv, os.waitstatus_to_exitcode(status), *streams)
