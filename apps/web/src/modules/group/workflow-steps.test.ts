import { moduleForms } from '@yunyao/modules/forms';
import { describe, expect, it } from 'vitest';
import { appendSteps, fieldsProblem, needsReference, newStep, orderProblem, STEP_MODULES, stepFieldInputs } from './workflow-steps.ts';

const inputs = { hasPocket: false, hasReference: false };
const group = moduleForms.get('group')!;

describe('workflow page steps', () => {
  it('offers the five step modules with the spec’s workflow defaults (section 9)', () => {
    expect([...STEP_MODULES.keys()].sort()).toEqual(['autodock', 'dynamic', 'graph_dta', 'pharmer', 'sign']);
    expect(newStep('autodock').fields).toEqual({ accuracy: 10, posture: 9, filter: 50 });
    expect(newStep('dynamic').fields).toEqual({ ions: 'NaCl', concentration: 0.15, btime: 5, stime: 5, filter: 50 });
    for (const code of ['sign', 'pharmer', 'graph_dta']) expect(newStep(code).fields).toEqual({ filter: 50 });
    const salt = stepFieldInputs(STEP_MODULES.get('dynamic')!.workflowStep).find((f) => f.name === 'ions');
    expect(salt).toMatchObject({ kind: 'choice' });
    expect(stepFieldInputs(STEP_MODULES.get('autodock')!.workflowStep).map((f) => f.name)).toEqual(['accuracy', 'posture', 'filter']);
  });

  it('refuses an order in the spec’s words, in either language', () => {
    expect(orderProblem([{ module: 'sign' }], inputs, false)).toBe('亲和力预测3D模块不能放在首位！');
    expect(orderProblem([{ module: 'graph_dta' }, { module: 'dynamic' }], inputs, false)).toBe('结合自由能模块须放在分子对接模块后！');
    expect(orderProblem([{ module: 'sign' }], inputs, true)).toBe('The 3D affinity step cannot come first.');
    expect(orderProblem([{ module: 'autodock' }, { module: 'sign' }, { module: 'graph_dta' }], inputs, false)).toBeNull();
    expect(orderProblem([], inputs, false)).toBe('请添加至少一个工作流步骤！');
  });

  it('asks for a reference ligand only for a pharmacophore step with no docking before it', () => {
    expect(needsReference([{ module: 'pharmer' }])).toBe(true);
    expect(needsReference([{ module: 'autodock' }, { module: 'pharmer' }])).toBe(false);
    expect(orderProblem([{ module: 'pharmer' }], inputs, false)).toMatch(/参考配体/);
    expect(orderProblem([{ module: 'pharmer' }], { ...inputs, hasReference: true }, false)).toBeNull();
  });

  it('reports a step field out of range with its module’s message', () => {
    const docking = { ...newStep('autodock'), fields: { accuracy: 0, posture: 1, filter: 5 } };
    expect(fieldsProblem([docking], false)).toMatch(/精确度/);
    expect(fieldsProblem([newStep('autodock')], false)).toBeNull();
  });

  it('builds the body the server’s workflow form reads back into the same plan', () => {
    const steps = [newStep('autodock'), newStep('sign'), newStep('graph_dta')];
    steps[0]!.fields = { accuracy: 1, posture: 1, filter: 2 };
    const body = new FormData();
    appendSteps(body, steps);
    expect(body.get('modules[0][module]')).toBe('autodock');
    expect(body.get('modules[0][accuracy]')).toBe('1');
    expect(body.get('modules[2][filter]')).toBe('50');
    const fields = Object.fromEntries([...body.entries()]);
    const parsed = group.params.safeParse({ ...fields, protein_source: 'rcsb', pdb_id: '1HQ2', mole_type: 'molecule', molecules: 'CCO' });
    expect(parsed.success).toBe(true);
    const plan = (parsed.data as { modules: { module: string; fields: Record<string, unknown> }[] }).modules;
    expect(plan.map((s) => s.module)).toEqual(['autodock', 'sign', 'graph_dta']);
    expect(plan[0]!.fields).toMatchObject({ accuracy: 1, posture: 1, filter: 2 });
  });
});
