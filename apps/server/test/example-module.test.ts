/**
 * docs/architecture.md, "Add a module", end to end: with the test-only example module's folder
 * added to the registry, the platform serves its submit route, runs its step and parser, and
 * the task's result reads back. Nothing else was edited to make that happen.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TaskRow } from '@yunyao/contract';
import { newUser, startTestPlatform, waitForTask, type TestPlatform } from './support/harness.ts';

vi.mock('@yunyao/modules', async (importOriginal) => {
  const original = await importOriginal<typeof import('@yunyao/modules')>();
  const fixtures = await original.discoverModules(new URL('../../../packages/modules/test-fixtures/', import.meta.url));
  const modules = original.buildRegistry([...original.modules.values(), ...fixtures]);
  return { ...original, modules, getModule: (code: string) => modules.get(code) };
});

describe('the example module through the platform', () => {
  let t: TestPlatform;
  let token: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    ({ token } = await newUser(t, 'example-module@example.com'));
  });
  afterAll(() => t?.close());

  it('lists the module and refuses an empty SMILES with its own message', async () => {
    const listed = await t.api<{ code: string; route: string }[]>('/api/modules', { token });
    expect(listed.body.data).toContainEqual(expect.objectContaining({ code: 'example', route: '/api/example' }));
    const refused = await t.api('/api/example', { method: 'POST', token, json: { smiles: ' ' } });
    expect(refused.body.errmsg).toBe('请输入一个 SMILES！');
  });

  it('canonicalises a SMILES with Open Babel and stores the parsed result', async () => {
    const submitted = await t.api<{ task_id: number }>('/api/example', { method: 'POST', token, json: { smiles: 'OCC' } });
    expect(submitted.body.errno).toBe(0);
    const task = await waitForTask(t, token, submitted.body.data.task_id);
    expect(task.status_text).toBe('已完成');
    const result = await t.api<{ canonical: string }>(`/api/tasks/json/${submitted.body.data.task_id}`, { token });
    expect(result.body.data.canonical).toBe('CCO');
  });

  it("keeps its step's refusal as a message id, shown in the asker's language", async () => {
    const submitted = await t.api<{ task_id: number }>('/api/example', { method: 'POST', token, json: { smiles: 'C1CC' } });
    const task = await waitForTask(t, token, submitted.body.data.task_id);
    expect([task.status_text, task.result]).toEqual(['已失败', '无法识别的 SMILES：C1CC']);
    const english = await t.api<TaskRow>(`/api/tasks/${submitted.body.data.task_id}`, { token, headers: { 'accept-language': 'en' } });
    expect(english.body.data.result).toBe('Open Babel cannot read the SMILES C1CC.');
  });
});
