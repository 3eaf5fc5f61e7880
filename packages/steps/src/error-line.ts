/** Prefix of the stderr line a step writes as the task's failure reason. */
export const ERROR_LINE_PREFIX = 'YUNYAO_ERROR: ';
/**
 * The same for a step that refuses the user's input (an unreadable SMILES, a malformed PDB)
 * before doing real work: the reason is shown alike, and the task is not charged.
 */
export const INPUT_ERROR_LINE_PREFIX = 'YUNYAO_INPUT_ERROR: ';

/** Engine lines shown when a step failed without declaring why. */
const ENGINE_TAIL_LINES = 8;

/** The failure a step declared in its stderr: its last error line, without the prefix. */
function declaredFailure(stderr: string): { reason: string; input: boolean } | undefined {
  const last = stderr
    .split(/\r?\n/)
    .filter((l) => l.startsWith(ERROR_LINE_PREFIX) || l.startsWith(INPUT_ERROR_LINE_PREFIX))
    .at(-1);
  if (last === undefined) return undefined;
  const input = last.startsWith(INPUT_ERROR_LINE_PREFIX);
  return { reason: last.slice((input ? INPUT_ERROR_LINE_PREFIX : ERROR_LINE_PREFIX).length).trim(), input };
}

/** The failure reason a step declared in its stderr (an input refusal or any other), without the prefix. */
export function errorReason(stderr: string): string | undefined {
  return declaredFailure(stderr)?.reason;
}

/**
 * How a step that exited non-zero failed: an input refusal when its last declaration says so,
 * else an engine failure; the reason shown in the 失败原因 dialog is the wrapper's own message
 * when it wrote one, else the last lines the engine printed.
 */
export function exitFailure(stderr: string, stepName: string, exitCode: number | null): { kind: 'input' | 'engine'; reason: string } {
  const declared = declaredFailure(stderr);
  if (declared) return { kind: declared.input ? 'input' : 'engine', reason: declared.reason };
  const tail = stderr
    .split('\n')
    .map((l) => l.trimEnd())
    .filter(Boolean)
    .slice(-ENGINE_TAIL_LINES)
    .join('\n');
  return { kind: 'engine', reason: `步骤 ${stepName} 异常退出 (退出码 ${exitCode ?? '无'})${tail ? `:\n${tail}` : ''}` };
}
