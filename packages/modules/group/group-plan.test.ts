import { describe, expect, it } from 'vitest';
import { renderMessage } from '@yunyao/contract';
import { modules } from '../index.ts';
import { givenPorts } from './group-form.ts';
import { moleculesReaching, stepParams, stepModule } from './group-cost.ts';
import { parseStepFields, planProblem, portsBefore, workflowSteps } from './group-plan.ts';

const specs = workflowSteps(modules);
const plan = (...codes: string[]) => codes.map((module) => ({ module }));
const problem = (codes: string[], given = givenPorts({}, false)) => planProblem(plan(...codes), given, specs)?.zh ?? null;

describe('workflow plans', () => {
  it('offers exactly the modules that declare a workflow step', () => {
    expect([...specs.keys()].sort()).toEqual(['autodock', 'dynamic', 'graph_dta', 'pharmer', 'sign']);
  });

  it('keeps 3D affinity and free energy after docking, in the spec’s words (section 4)', () => {
    expect(problem(['sign'])).toBe('亲和力预测3D模块不能放在首位！');
    expect(problem(['graph_dta', 'sign'])).toBe('亲和力预测3D模块须放在分子对接模块后！');
    expect(problem(['dynamic', 'autodock'])).toBe('结合自由能模块不能放在首位！');
    expect(problem(['pharmer', 'dynamic'], givenPorts({}, true))).toBe('结合自由能模块须放在分子对接模块后！');
    expect(problem(['autodock', 'sign', 'dynamic', 'graph_dta'])).toBeNull();
    // Docking, pharmacophore and 2D steps go anywhere (pharmacophore with a reference ligand).
    expect(problem(['graph_dta', 'autodock', 'graph_dta'])).toBeNull();
    expect(problem(['pharmer', 'autodock', 'pharmer'], givenPorts({}, true))).toBeNull();
  });

  it('checks ports: a pharmacophore step needs a reference ligand, which docking gives', () => {
    expect(problem(['pharmer'])).toBe('第 1 步“药效团筛选”缺少参考配体（请上传参考配体，或放在分子对接步骤之后）！');
    expect(problem(['autodock', 'pharmer'])).toBeNull();
    const ports = portsBefore(plan('graph_dta', 'autodock', 'sign'), givenPorts({ pockets: [{}] }, false), specs);
    expect(ports.map((p) => [...p].sort())).toEqual([
      ['molecules', 'pocket', 'protein'],
      ['molecules', 'pocket', 'protein'],
      ['molecules', 'pocket', 'poses', 'protein', 'reference'],
    ]);
  });

  it('refuses no steps, too many, and an unknown module', () => {
    expect(problem([])).toBe('请添加至少一个工作流步骤！');
    expect(problem(Array.from({ length: 9 }, () => 'graph_dta'))).toBe('工作流最多 8 个步骤！');
    expect(problem(['qsar'])).toBe('工作流步骤的模块无效，请重新添加！');
  });

  it('fills each step with the spec’s workflow defaults (section 9) and refuses a field out of bounds', () => {
    const parsed = parseStepFields([{ module: 'autodock' }, { module: 'sign' }, { module: 'pharmer' }, { module: 'dynamic' }, { module: 'graph_dta' }], specs);
    expect(parsed).toEqual({
      plan: [
        { module: 'autodock', fields: { accuracy: 10, posture: 9, filter: 50 } },
        { module: 'sign', fields: { filter: 50 } },
        { module: 'pharmer', fields: { filter: 50 } },
        { module: 'dynamic', fields: { ions: 'NaCl', concentration: 0.15, btime: 5, stime: 5, filter: 50 } },
        { module: 'graph_dta', fields: { filter: 50 } },
      ],
    });
    const problemOf = (parsed: ReturnType<typeof parseStepFields>) => ('problem' in parsed ? renderMessage(parsed.problem, 'zh') : null);
    expect(problemOf(parseStepFields([{ module: 'dynamic', stime: '30' }], specs))).toBe('动力学时长须为 0–20 ns！');
    expect(problemOf(parseStepFields([{ module: 'sign', filter: '0' }], specs))).toBe('结果保留数量须为 1–2000 的整数！');
    expect(renderMessage((parseStepFields([{ module: 'sign', filter: '0' }], specs) as { problem: string }).problem, 'en')).toBe('Molecules kept must be a whole number from 1 to 2000.');
  });

  it('gives every step module form fields its own schema accepts, as its own page would submit', () => {
    const site = { name: 'p1', center: [1, 2, 3] as [number, number, number], size: [20, 20, 20] as [number, number, number] };
    const parsed = parseStepFields([...specs.keys()].map((module) => ({ module })), specs);
    if (!('plan' in parsed)) throw new Error(parsed.problem);
    for (const step of parsed.plan) expect(() => stepParams(stepModule(modules, step), step, site)).not.toThrow();
    // Without a pocket, docking goes blind.
    const docking = parsed.plan[0]!;
    expect(stepParams(stepModule(modules, docking), docking, undefined)).toMatchObject({ blind: true });
  });

  it('narrows the molecules each step receives by the filters before it', () => {
    const steps = [{ module: 'autodock', fields: { filter: 10 } }, { module: 'sign', fields: { filter: 3 } }, { module: 'graph_dta', fields: { filter: 50 } }];
    expect(moleculesReaching(steps, 100)).toEqual([100, 10, 3]);
    expect(moleculesReaching(steps, 5)).toEqual([5, 5, 3]);
  });
});
