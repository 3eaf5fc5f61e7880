import { tmpdir } from 'node:os';
import pLimit from 'p-limit';
import { z } from 'zod';
import type { Config } from '@yunyao/platform';
import { pythonCommand, runStep } from '@yunyao/steps';
import { stepJson } from './step-output.ts';

/** A check is one RDKit start and a parse per line (~0.2 s); a few at a time keep the API responsive. */
const fewAtATime = pLimit(2);
const CHECK_TIME_LIMIT_SECONDS = 30;
/** How many unreadable lines the refusal names; the count says how many there are in all. */
const NAMED_LINES = 5;

const unreadableSchema = z.array(z.object({ line: z.number(), smiles: z.string(), reason: z.string() }));
export type UnreadableSmiles = z.infer<typeof unreadableSchema>;

/**
 * The typed SMILES RDKit cannot read, with its reason, by `python -m yunyao.check_smiles`. Undefined
 * when the check itself could not run: the task's own step still refuses such lines, free of charge.
 */
export function unreadableSmiles(config: Pick<Config, 'python' | 'pythonPath'>, smiles: readonly string[]): Promise<UnreadableSmiles | undefined> {
  return fewAtATime(async () => {
    const res = await runStep({
      name: 'check-smiles',
      ...pythonCommand(config, 'check_smiles', ['--smiles-json', JSON.stringify(smiles)], 1),
      cwd: tmpdir(),
      cores: 1,
      timeLimitSeconds: CHECK_TIME_LIMIT_SECONDS,
    });
    if (res.failure) {
      console.error(`[submit] the SMILES check failed: ${res.failure.reason}`);
      return undefined;
    }
    return stepJson(unreadableSchema, res.stdout);
  });
}

const shortened = (smiles: string) => (smiles.length > 40 ? `${smiles.slice(0, 39)}…` : smiles);

/** The refusal naming the unreadable lines, their SMILES and RDKit's reason. */
export function unreadableSmilesMessage(problems: UnreadableSmiles): string {
  const named = problems.slice(0, NAMED_LINES).map((p) => `第 ${p.line} 行 ${shortened(p.smiles)}：${p.reason}`);
  const more = problems.length > NAMED_LINES ? `；另有 ${problems.length - NAMED_LINES} 行` : '';
  return `输入的分子中有 ${problems.length} 行无法解析（${named.join('；')}${more}），请修改或删除这些行后重新提交！`;
}
