import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { message, placeholdersOf, registeredMessages, renderMessage } from '@yunyao/contract';
// Every catalogue the server renders: the contract's (errors, tasks), the modules' and shared ones, the server's own.
import { modules } from '@yunyao/modules';
import { SERVER_MESSAGES } from './server.messages.ts';

const MODULES = resolve(import.meta.dirname, '../../../packages/modules');
const PYTHON = resolve(import.meta.dirname, '../../../python/yunyao');

/** Every `.py` file below `dir`. */
function pythonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? pythonFiles(resolve(dir, d.name)) : d.name.endsWith('.py') ? [resolve(dir, d.name)] : [],
  );
}

describe('message catalogues', () => {
  const all = [...registeredMessages()];

  it('hold the catalogues of the API, the server, the shared texts and the modules', () => {
    const namespaces = new Set(all.map(([id]) => id.split('.')[0]));
    expect(modules.size).toBeGreaterThan(10);
    for (const namespace of ['error', 'param', 'task', 'server', 'shared', 'common', 'sign', 'autodock', 'group', 'admet']) expect(namespaces).toContain(namespace);
    expect(SERVER_MESSAGES.tooManyFiles).toBe('server.tooManyFiles');
  });

  it('give every id its Chinese and its English', () => {
    const missing = all.filter(([, text]) => !text.zh.trim() || !text.en.trim()).map(([id]) => id);
    expect(missing).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    const differing = all
      .filter(([, text]) => placeholdersOf(text.zh).join() !== placeholdersOf(text.en).join())
      .map(([id, text]) => `${id}: zh {${placeholdersOf(text.zh).join(', ')}} en {${placeholdersOf(text.en).join(', ')}}`);
    expect(differing).toEqual([]);
  });

  it("keep each module's catalogue in its own folder, under its code", () => {
    const files = readdirSync(MODULES, { withFileTypes: true })
      .filter((d) => d.isDirectory() && modules.has(d.name))
      .flatMap((d) => readdirSync(resolve(MODULES, d.name)).filter((f) => f.endsWith('.messages.ts')).map((f) => [d.name, f] as const));
    expect(files.length).toBeGreaterThan(10);
    for (const [code, file] of files) {
      expect(file).toBe(`${code}.messages.ts`);
      expect(all.some(([id]) => id.startsWith(`${code}.`)), `${code}.messages.ts registers ids ${code}.*`).toBe(true);
    }
  });

  it("render a Python step's refusal code with its parameters in either language", () => {
    // What python/yunyao/common.py writes: YUNYAO_INPUT_ERROR: common.noMolecules#{"file":"a.csv"}
    const line = 'common.noMolecules#{"file":"a.csv"}';
    expect(renderMessage(line, 'zh')).toBe('输入文件 a.csv 中没有可读取的分子');
    expect(renderMessage(line, 'en')).toBe('The input file a.csv holds no readable molecule.');
    const tooMany = 'admet.tooManyMolecules#{"max":"10,000"}';
    expect(renderMessage(tooMany, 'zh')).toBe('输入分子数超过上限 10,000 个，请拆分文件后分批提交');
    expect(renderMessage(tooMany, 'en')).toBe('More than 10,000 molecules; please split the file and submit the parts one by one.');
    expect(renderMessage('common.unexpectedFailure', 'en')).toMatch(/^Internal error: the program stopped unexpectedly/);
  });

  it('register every message id the Python step programs name', () => {
    // Calls in docstrings (``fail("x.y", n=3)``) are examples, not ids.
    const said = /(?<![`\w])(?:reject_input|fail|internal_error|message|YunyaoError|InputError|PlatformError)\(\s*"([a-z][A-Za-z0-9_]*\.[A-Za-z0-9_.]+)"/g;
    const ids = new Set(pythonFiles(PYTHON).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(said)].map((m) => m[1]!)));
    expect(ids.size).toBeGreaterThan(50);
    const known = new Set(all.map(([id]) => id));
    expect([...ids].filter((id) => !known.has(id))).toEqual([]);
  });

  it("render a record's reason inside the refusal that names the record, in either language", () => {
    const line = 'common.recordUnparsable#{"file":"j.csv","record":1,"reason":{"code":"common.smilesParenthesesAt","params":{"smiles":"C(C","line":2}}}';
    expect(renderMessage(line, 'zh')).toBe('输入文件 j.csv 第 1 条记录无法解析：SMILES “C(C” 括号不匹配（第 2 行）');
    expect(renderMessage(line, 'en')).toBe('Record 1 of the input file j.csv cannot be parsed: the parentheses of the SMILES “C(C” do not match (line 2)');
    const engine = 'common.recordUnparsable#{"file":"a.sdf","record":3,"reason":{"code":"common.reasonFromLine","params":{"reason":{"code":"common.mdlMalformed"},"line":40}}}';
    expect(renderMessage(engine, 'zh')).toBe('输入文件 a.sdf 第 3 条记录无法解析：MDL 记录格式错误（第 40 行起）');
    expect(renderMessage(engine, 'en')).toBe('Record 3 of the input file a.sdf cannot be parsed: malformed MDL record (record from line 40)');
  });

  it('render a message inside another (a step failure inside its workflow) in the same language', () => {
    const reason = message('group.stepFailed', { step: 2, module: { zh: '分子对接', en: 'Docking' }, reason: message('common.noMolecules', { file: 'x.csv' }) });
    expect(renderMessage(reason, 'zh')).toBe('第 2 步（分子对接）失败：输入文件 x.csv 中没有可读取的分子');
    expect(renderMessage(reason, 'en')).toBe('Step 2 (Docking) failed: The input file x.csv holds no readable molecule.');
  });

  it('keep a plain text as it is, and show an id nobody registered rather than hide it', () => {
    expect(renderMessage('PDBFixer 处理蛋白质失败', 'en')).toBe('PDBFixer 处理蛋白质失败');
    expect(renderMessage({ code: 'nobody.registered' }, 'en')).toBe('nobody.registered');
  });
});
