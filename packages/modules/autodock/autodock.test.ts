import { describe, expect, it } from 'vitest';
import { autodockModule } from './autodock.module.ts';
import { autodockParams, BLIND_WITH_SITE, dockingSites, siteCount, SITE_MISSING } from './autodock.form.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

const issue = (input: unknown) => zh(autodockParams.safeParse(input).error?.issues[0]?.message);

describe('docking params', () => {
  const base = { protein_source: 'file', mole_type: 'molecule', molecules: 'CCO' };

  it('need a pocket or a whole manual box', () => {
    expect(issue(base)).toBe(zh(SITE_MISSING));
    expect(issue({ ...base, center_x: 1, center_y: 2, center_z: 3, size_x: 20, size_y: 20 })).toBe(zh(SITE_MISSING));
    expect(issue({ ...base, center_x: 1, center_y: 2, center_z: 3, size_x: 20, size_y: 20, size_z: 200 })).toBe('对接盒子尺寸须在 1–126 Å 之间！');
    const manual = autodockParams.parse({ ...base, center_x: '1', center_y: '2', center_z: '3', size_x: '20', size_y: '22', size_z: '24' });
    expect(dockingSites(manual)).toEqual([{ name: 'manual', center: [1, 2, 3], size: [20, 22, 24] }]);
  });

  it('read pockets[] as JSON and give each a box with margin', () => {
    const pocket = JSON.stringify({ name: 'pocket1', center: [1, 2, 3], size: [4, 12, 30] });
    const p = autodockParams.parse({ ...base, pockets: [pocket] });
    expect(dockingSites(p)).toEqual([{ name: 'pocket1', center: [1, 2, 3], size: [16, 22, 40] }]);
    expect(issue({ ...base, pockets: ['{not json'] })).toBe('对接口袋数据格式错误，请重新选择口袋！');
  });

  it('keep the spec bounds and defaults of accuracy, poses and retention', () => {
    const p = autodockParams.parse({ ...base, pockets: [{ name: 'p', center: [0, 0, 0], size: [1, 1, 1] }] });
    expect([p.accuracy, p.posture, p.filter]).toEqual([10, 9, 50]);
    expect(issue({ ...base, center_x: 0, center_y: 0, center_z: 0, size_x: 9, size_y: 9, size_z: 9, accuracy: 65 })).toBe('精确度须为 1–64 的整数！');
    expect(issue({ ...base, center_x: 0, center_y: 0, center_z: 0, size_x: 9, size_y: 9, size_z: 9, filter: 0 })).toBe('结果保留排名须为 1–2000 的整数！');
  });
});

describe('blind docking params', () => {
  const base = { protein_source: 'file', mole_type: 'molecule', molecules: 'CCO' };

  it('need no site, take 1–5 pockets (3 by default) and refuse a site given as well', () => {
    expect(siteCount(autodockParams.parse({ ...base, blind: 'true' }))).toBe(3);
    expect(siteCount(autodockParams.parse({ ...base, blind: 'true', blind_pockets: '5' }))).toBe(5);
    expect(issue({ ...base, blind: 'true', blind_pockets: 6 })).toBe('盲对接口袋数须为 1–5 的整数！');
    expect(issue({ ...base, blind: 'true', pockets: [{ name: 'p', center: [0, 0, 0], size: [9, 9, 9] }] })).toBe(zh(BLIND_WITH_SITE));
    expect(issue({ ...base, blind: 'false' })).toBe(zh(SITE_MISSING));
  });

  it('hold a cost that grows with the number of pockets', () => {
    const inputs = { protein: [{ name: 'p.pdb', bytes: 1e5, records: 1, atoms: 2000 }], smiles: [{ name: 'm.csv', bytes: 500, records: 10, atoms: 250 }] };
    const cost = (n: number) => autodockModule.estimateCoreHours(autodockParams.parse({ ...base, blind: 'true', blind_pockets: n }), inputs);
    expect(cost(5)).toBeGreaterThan(cost(3));
    expect(cost(3)).toBeGreaterThan(cost(1));
  });
});

// The engine runs through the platform: into a chosen site in apps/server/test/docking.test.ts (rows, poses, complex,
// provenance) and the browser journey, blind in e2e/docking.e2e.ts (a row per pocket, interactions, pose checks).
