/** Prefix of the stderr line a step writes as the task's failure reason. */
export const ERROR_LINE_PREFIX = 'YUNYAO_ERROR: ';

/** Engine lines shown when a step failed without declaring why. */
const ENGINE_TAIL_LINES = 8;

/** The failure reason a step declared in its stderr: its last `YUNYAO_ERROR: ` line, without the prefix. */
export function errorReason(stderr: string): string | undefined {
  const lines = stderr.split(/\r?\n/).filter((l) => l.startsWith(ERROR_LINE_PREFIX));
  const last = lines.at(-1);
  return last === undefined ? undefined : last.slice(ERROR_LINE_PREFIX.length).trim();
}

/**
 * The reason shown in the 失败原因 dialog for a step that exited non-zero: the wrapper's
 * own message when it wrote one, else the last lines the engine printed.
 */
export function exitFailureReason(stderr: string, stepName: string, exitCode: number | null): string {
  const declared = errorReason(stderr);
  if (declared) return declared;
  const tail = stderr
    .split('\n')
    .map((l) => l.trimEnd())
    .filter(Boolean)
    .slice(-ENGINE_TAIL_LINES)
    .join('\n');
  return `步骤 ${stepName} 异常退出 (退出码 ${exitCode ?? '无'})${tail ? `:\n${tail}` : ''}`;
}
