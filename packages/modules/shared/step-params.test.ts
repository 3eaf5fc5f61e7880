import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ModuleDefinition } from '../types.ts';
import { committedParamsSchemas } from './params-schemas.ts';
import { PYTHON_PATH, REPO_ROOT, SYSTEM_PYTHON } from './run-steps.testing.ts';
import { paramsJsonSchema } from './step-params.ts';

/** The field's schema under its optional/default wrappers. */
function unwrapped(field: z.core.$ZodType): z.core.$ZodType {
  let schema = field;
  for (;;) {
    const inner = (schema._zod.def as { innerType?: z.core.$ZodType }).innerType;
    if (!inner) return schema;
    schema = inner;
  }
}

/** Values zod refuses for the module's bounded numbers (just outside each bound) and choices. */
function refusedValues(mod: ModuleDefinition): { field: string; value: unknown }[] {
  const shape = (mod.params as unknown as { shape?: Record<string, z.core.$ZodType> }).shape ?? {};
  return Object.entries(shape).flatMap(([field, schema]): { field: string; value: unknown }[] => {
    const inner = unwrapped(schema);
    if (inner._zod.def.type === 'enum') return [{ field, value: 'not-a-choice' }];
    if (inner._zod.def.type !== 'number') return [];
    const { minValue, maxValue } = inner as unknown as { minValue: number | null; maxValue: number | null };
    return [
      ...(minValue !== null && Number.isFinite(minValue) ? [{ field, value: minValue - 1 }] : []),
      ...(maxValue !== null && Number.isFinite(maxValue) ? [{ field, value: maxValue + 1 }] : []),
    ];
  });
}

/** yunyao.params' own check of each (params, schema) pair: the problems it finds (messages, rendered in Chinese), none when it accepts. */
function pythonProblems(cases: { params: unknown; schema: unknown }[]): string[][] {
  const script = 'import json, sys\nfrom yunyao.messages import render_message\nfrom yunyao.params import params_problems\nprint(json.dumps([[render_message(p) for p in params_problems(c["params"], c["schema"])] for c in json.load(sys.stdin)], ensure_ascii=False))';
  const out = execFileSync(SYSTEM_PYTHON, ['-c', script], { input: JSON.stringify(cases), env: { ...process.env, PYTHONPATH: PYTHON_PATH, PYTHONDONTWRITEBYTECODE: '1' }, encoding: 'utf8' });
  return JSON.parse(out) as string[][];
}

const committed = await committedParamsSchemas();

describe("each module's parameter schema, exported for its Python steps", () => {
  it('covers every module that runs steps, the example fixture too', () => {
    expect(committed.map((c) => c.mod.code)).toEqual(expect.arrayContaining(['admet', 'autodock', 'example', 'generate', 'sign']));
  });

  it.each(committed.map((c) => [c.mod.code, c] as const))('%s: the committed params.schema.json is the export of its zod schema (npm run params-schemas)', (_, { file, text }) => {
    expect(readFileSync(file, 'utf8'), `${path.relative(REPO_ROOT, file)} is stale: run npm run params-schemas`).toBe(text);
  });

  it('accepts what zod accepts and refuses what zod refuses, in Python (yunyao.params) as on the server', () => {
    const cases: { code: string; what: string; zodAccepts: boolean; params: unknown; schema: unknown }[] = [];
    for (const { mod } of committed) {
      const schema = paramsJsonSchema(mod.params);
      const raw = mod.sampleParams ?? {};
      const parsed = mod.params.parse(raw);
      const output = mod.resolveParams ? mod.resolveParams(parsed) : parsed;
      // What the runner writes: JSON, so undefined fields are gone.
      const defaults = JSON.parse(JSON.stringify(output)) as Record<string, unknown>;
      cases.push({ code: mod.code, what: 'its validated, defaulted parameters', zodAccepts: true, params: defaults, schema });
      cases.push({ code: mod.code, what: 'an unknown parameter', zodAccepts: false, params: { ...defaults, no_such_field: 1 }, schema });
      for (const { field, value } of refusedValues(mod)) {
        cases.push({ code: mod.code, what: `${field} = ${JSON.stringify(value)}`, zodAccepts: mod.params.safeParse({ ...raw, [field]: value }).success, params: { ...defaults, [field]: value }, schema });
      }
    }
    // The bounds exist to be checked: every module with a number or a choice gives cases.
    expect(cases.filter((c) => c.what.includes(' = ')).map((c) => c.code)).toEqual(expect.arrayContaining(['autodock', 'dynamic', 'pepsearch', 'pharmer', 'sign', 'graph_dta', 'perform']));
    const problems = pythonProblems(cases);
    const disagreements = cases.flatMap((c, i) =>
      c.zodAccepts === (problems[i]!.length === 0) ? [] : [`${c.code}: ${c.what} (zod ${c.zodAccepts ? 'accepts' : 'refuses'}; Python: ${problems[i]!.join('; ') || 'accepts'})`],
    );
    expect(disagreements).toEqual([]);
    // Only the valid ones are accepted: every bound case was refused by zod, so Python refused it too.
    expect(cases.filter((c) => c.zodAccepts).map((c) => c.what)).toEqual(cases.filter((c) => c.what === 'its validated, defaulted parameters').map((c) => c.what));
  });

  it('gives every step a seed: a module with one fills it when the user gave none', () => {
    const seeded = committed.filter(({ mod }) => 'seed' in ((paramsJsonSchema(mod.params).properties as Record<string, unknown> | undefined) ?? {}));
    expect(seeded.map((c) => c.mod.code)).toEqual(expect.arrayContaining(['autodock', 'dynamic', 'generate', 'pepsearch', 'pharmer', 'sign']));
    for (const { mod } of seeded) {
      // Declared by the schema (where the spec gives it: generation's 2) or filled by `resolveParams`.
      const parsed = mod.params.parse(mod.sampleParams ?? {});
      expect((mod.resolveParams ? mod.resolveParams(parsed) : parsed) as { seed?: number }, mod.code).toMatchObject({ seed: expect.any(Number) });
    }
  });

  it('names the field and why when Python refuses it', () => {
    const schema = paramsJsonSchema(committed.find((c) => c.mod.code === 'autodock')!.mod.params);
    const [problems] = pythonProblems([{ params: { accuracy: 65 }, schema }]);
    expect(problems!.join('\n')).toContain('参数 accuracy：65 超过上限 64');
    expect(problems!.join('\n')).toContain("'posture' is a required property");
  });
});
