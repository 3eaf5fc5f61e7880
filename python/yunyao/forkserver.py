"""A fork server for the API's own short Python programs (SMILES checks, embedding, lookups).

Each of them is a fraction of a second of work behind 0.4 CPU-s of start: the interpreter and RDKit
(with NumPy) imported again for every request. This process imports them once and forks a child per
request, which starts with them loaded. The API starts one (apps/server/src/services/python-forkserver.ts)
and talks to it over stdin and stdout, one JSON object per line:

    request  {"id": 1, "module": "yunyao.check_smiles", "args": [...], "cwd": "/tmp/x",
              "stdout": "/tmp/x/out", "stderr": "/tmp/x/err", "env": {...}}
    answers  {"id": 1, "pid": 1234}                      as soon as the child is forked
             {"id": 1, "exit": 0, "cpu": 0.05}           when it has exited (a signal: exit -N)

A child runs ``python -m <module> <args>`` as the module's own ``__main__``: in its own session (so
the API can kill it and whatever it started), in ``cwd``, with its output in the two files. The
tasks' engine steps are not run here: they keep their own processes, with GNU time's CPU accounting
for billing and their own thread counts.
"""

from __future__ import annotations

import ctypes
import json
import os
import signal
import sys
import threading

PR_SET_PDEATHSIG = 1
LIBC = ctypes.CDLL(None, use_errno=True)

# What the API's programs import: loaded once, before any fork.
import numpy  # noqa: F401
from rdkit import Chem  # noqa: F401
from rdkit.Chem import AllChem  # noqa: F401

from yunyao import common  # noqa: F401
from yunyao.as_main import exit_child, run_as_main, standard_streams


def run_child(request: dict, answers_fd: int) -> None:
    """In the forked child: becomes ``python -m module args`` and never returns."""
    code = 1
    try:
        os.close(answers_fd)
        # A child outlives neither the server nor, through it, the API.
        LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        os.setsid()
        os.chdir(request["cwd"])
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        for fd, path in ((1, request["stdout"]), (2, request["stderr"])):
            target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(target, fd)
            os.close(target)
        standard_streams()
        os.environ.update(request.get("env", {}))
        os.environ["HOME"] = request["cwd"]
        code = run_as_main(request["module"], request["args"])
    finally:
        exit_child(code)


def serve() -> None:
    answers = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
    # Children's output never reaches this process's stdout, which carries only the answers.
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    write_lock = threading.Lock()
    children: dict[int, int] = {}
    registered = threading.Condition()

    def answer(message: dict) -> None:
        with write_lock:
            answers.write(json.dumps(message) + "\n")

    def reap() -> None:
        while True:
            with registered:
                while not children:
                    registered.wait()
            pid, status, usage = os.wait4(-1, 0)
            # The fork holds `registered` until the pid is recorded, so a quick child is never missed.
            with registered:
                request_id = children.pop(pid, None)
            if request_id is not None:
                answer({"id": request_id, "exit": os.waitstatus_to_exitcode(status), "cpu": usage.ru_utime + usage.ru_stime})

    threading.Thread(target=reap, daemon=True).start()
    for line in sys.stdin:
        request = json.loads(line)
        with registered:
            pid = os.fork()
            if pid == 0:
                run_child(request, answers.fileno())
            children[pid] = request["id"]
            registered.notify()
        answer({"id": request["id"], "pid": pid})


if __name__ == "__main__":
    serve()
