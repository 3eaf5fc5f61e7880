import { readFile } from 'node:fs/promises';
import { errorReason } from '@yunyao/modules';

/**
 * The reason shown in the 失败原因 dialog: the wrapper's own message when it wrote one,
 * else the last lines the engine printed.
 */
export async function failureReason(stderrPath: string, stepName: string, exitCode: number | null): Promise<string> {
  const text = await readFile(stderrPath, 'utf8').catch(() => '');
  const declared = errorReason(text);
  if (declared) return declared;
  const tail = text.split('\n').map((l) => l.trimEnd()).filter(Boolean).slice(-8).join('\n');
  return `步骤 ${stepName} 异常退出 (退出码 ${exitCode ?? '无'})${tail ? `:\n${tail}` : ''}`;
}
