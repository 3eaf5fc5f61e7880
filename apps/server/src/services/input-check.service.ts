import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { ApiError, errors } from '@yunyao/contract';
import type { InputContentCheck } from '@yunyao/modules';
import { runServerStep, type PythonConfig } from './server-step.ts';

/** A 50 MB structure is read in well under this; a check that takes longer lets the file through to its step. */
const CHECK_TIME_LIMIT_SECONDS = 60;
/** The estimate re-sends the same files while the user edits the form: each file's verdict is remembered. */
const REMEMBERED_FILES = 64;

/** null: the file passed; a string: the step's own refusal. */
const remembered = new Map<string, string | null>();

function remember(key: string, verdict: string | null): void {
  if (remembered.size >= REMEMBERED_FILES) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, verdict);
}

/**
 * Reads one uploaded file as its step will (`python -m yunyao.check_input`) and refuses it with
 * the step's reason. When the check itself cannot run, the file goes on: its step still refuses
 * it, free of charge, as an input failure.
 */
export async function checkInputContent(config: PythonConfig, kind: InputContentCheck, file: { filename: string; data: Buffer }): Promise<void> {
  const key = createHash('sha256').update(kind).update('\0').update(file.filename).update('\0').update(file.data).digest('hex');
  let verdict = remembered.get(key);
  if (verdict === undefined) {
    const dir = await mkdtemp(join(tmpdir(), 'yunyao-check-'));
    try {
      const path = join(dir, `input${extname(file.filename).toLowerCase()}`);
      await writeFile(path, file.data);
      const res = await runServerStep(config, {
        name: `check-${kind}`,
        program: 'check_input',
        args: ['--kind', kind, '--input', path, '--name', file.filename],
        cwd: dir,
        timeLimitSeconds: CHECK_TIME_LIMIT_SECONDS,
      });
      if (res.failure && res.failure.kind !== 'input') {
        console.error(`[submit] the ${kind} check of ${file.filename} failed: ${res.failure.reason}`);
        return;
      }
      verdict = res.failure ? res.failure.reason : null;
      remember(key, verdict);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  if (verdict !== null) throw new ApiError(errors.validation, verdict);
}
