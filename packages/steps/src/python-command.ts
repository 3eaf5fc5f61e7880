/** Where the project's Python steps come from: the interpreter and the directory holding the `yunyao` package. */
export interface PythonInstall {
  python: string;
  pythonPath: string;
}

/** `python -m yunyao.<program> ...` with the project's package on PYTHONPATH and UTF-8 I/O, on `cores` threads. */
export function pythonCommand(install: PythonInstall, program: string, args: readonly string[], cores: number): { argv: string[]; env: Record<string, string> } {
  return pythonRun(install, ['-m', `yunyao.${program}`], args, cores);
}

/**
 * `python <script> ...` for a program kept in its module's own folder (an absolute path), with the
 * same environment as pythonCommand, so the script imports the project's shared helpers (`yunyao.common`).
 */
export function pythonScriptCommand(install: PythonInstall, script: string, args: readonly string[], cores: number): { argv: string[]; env: Record<string, string> } {
  return pythonRun(install, [script], args, cores);
}

function pythonRun(install: PythonInstall, program: readonly string[], args: readonly string[], cores: number): { argv: string[]; env: Record<string, string> } {
  return {
    argv: [install.python, ...program, ...args],
    env: {
      PYTHONPATH: install.pythonPath,
      PYTHONIOENCODING: 'utf-8',
      PYTHONUTF8: '1',
      PYTHONDONTWRITEBYTECODE: '1',
      OMP_NUM_THREADS: String(Math.max(1, cores)),
    },
  };
}
