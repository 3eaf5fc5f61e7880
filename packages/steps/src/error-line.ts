import { bothLanguages, messageRef, TASK_MESSAGES } from '@yunyao/contract';

/** Prefix of the stderr line a step writes as the task's failure reason. */
export const ERROR_LINE_PREFIX = 'YUNYAO_ERROR: ';
/**
 * The same for a step that refuses the user's input (an unreadable SMILES, a malformed PDB)
 * before doing real work: the reason is shown alike, and the task is not charged.
 */
export const INPUT_ERROR_LINE_PREFIX = 'YUNYAO_INPUT_ERROR: ';
/** The same for a step program that broke by itself (an uncaught exception, a bad manifest): the platform's fault, not charged. */
export const PLATFORM_ERROR_LINE_PREFIX = 'YUNYAO_PLATFORM_ERROR: ';

/** Each declaration prefix and the failure kind it declares. */
const DECLARATIONS = [
  { prefix: ERROR_LINE_PREFIX, kind: 'engine' },
  { prefix: INPUT_ERROR_LINE_PREFIX, kind: 'input' },
  { prefix: PLATFORM_ERROR_LINE_PREFIX, kind: 'platform' },
] as const;
type DeclaredKind = (typeof DECLARATIONS)[number]['kind'];

/** The failure a step declared in its stderr: its last error line, without the prefix. */
function declaredFailure(stderr: string): { reason: string; kind: DeclaredKind } | undefined {
  let found: { reason: string; kind: DeclaredKind } | undefined;
  for (const line of stderr.split(/\r?\n/)) {
    const declaration = DECLARATIONS.find((d) => line.startsWith(d.prefix));
    if (declaration) found = { reason: line.slice(declaration.prefix.length).trim(), kind: declaration.kind };
  }
  return found;
}

/** The failure reason a step declared in its stderr (an input refusal or any other), without the prefix. */
export function errorReason(stderr: string): string | undefined {
  return declaredFailure(stderr)?.reason;
}

/**
 * How a step that exited non-zero failed: what its last declaration says (an engine failure, an
 * input refusal or the step program's own fault), else an engine failure. The reason shown in the
 * 失败原因 dialog is the wrapper's own message when it wrote one; an engine's own output (English,
 * paths, tracebacks) is never a reason: it stays in the task log, where the step runner appends it.
 */
export function exitFailure(stderr: string, stepName: string, exitCode: number | null): { kind: DeclaredKind; reason: string } {
  const code = exitCode ?? bothLanguages(TASK_MESSAGES.noExitCode);
  return declaredFailure(stderr) ?? { kind: 'engine', reason: messageRef(TASK_MESSAGES.stepExited, { step: stepName, code }) };
}
