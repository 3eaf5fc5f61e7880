import { readFile } from 'node:fs/promises';

/** Prefix engine wrappers put before a human-readable failure reason on stderr. */
export const ERROR_PREFIX = 'YUNYAO_ERROR: ';

/**
 * The reason shown in the 失败原因 dialog: the wrapper's own message when it wrote one,
 * else the last lines the engine printed.
 */
export async function failureReason(stderrPath: string, stepName: string, exitCode: number | null): Promise<string> {
  const text = await readFile(stderrPath, 'utf8').catch(() => '');
  const lines = text.split('\n').map((l) => l.trimEnd());
  const declared = lines.filter((l) => l.startsWith(ERROR_PREFIX)).map((l) => l.slice(ERROR_PREFIX.length));
  if (declared.length) return declared.join('\n');
  const tail = lines.filter(Boolean).slice(-8).join('\n');
  return `步骤 ${stepName} 异常退出 (退出码 ${exitCode ?? '无'})${tail ? `:\n${tail}` : ''}`;
}
