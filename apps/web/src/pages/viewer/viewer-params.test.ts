import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY, MAX_PDB_IDS, parseViewerParams, platformFileOf, taskFileUrl, viewerLink } from './viewer-params.ts';

const parse = (query: Record<string, string>) => parseViewerParams(new URLSearchParams(query));

describe('protein viewer query parameters', () => {
  it('takes pdbId and the extra loadPdbIds, upper-cased, once each, in order', () => {
    expect(parse({ pdbId: '5dpv', loadPdbIds: '5DT0, 6c83,5DPV' })).toMatchObject({ pdbIds: ['5DPV', '5DT0', '6C83'], problems: [] });
  });

  it('names a malformed PDB id and keeps the others', () => {
    const params = parse({ pdbId: 'abc', loadPdbIds: '5DT0,1-23' });
    expect(params.pdbIds).toEqual(['5DT0']);
    expect(params.problems).toEqual([
      { key: 'badPdbId', values: { id: 'abc' } },
      { key: 'badPdbId', values: { id: '1-23' } },
    ]);
  });

  it('caps how many entries are overlaid', () => {
    const ids = ['1AAA', '2AAA', '3AAA', '4AAA', '5AAA', '6AAA', '7AAA'];
    const params = parse({ loadPdbIds: ids.join(',') });
    expect(params.pdbIds).toHaveLength(MAX_PDB_IDS);
    expect(params.problems).toEqual([{ key: 'tooManyPdbIds', values: { max: MAX_PDB_IDS } }]);
  });

  it('reads the representations and a docking box from config', () => {
    const config = { cartoon: false, surface: true, surfaceOpacity: 0.3, pocket: { center: [1, 2, 3], size: [20, 22, 24] } };
    const params = parse({ pdbId: '5DPV', config: JSON.stringify(config) });
    expect(params.display).toEqual({ cartoon: false, surface: true, surfaceOpacity: 0.3, ligand: true, pocket: true });
    expect(params.pocketBox).toEqual({ center: [1, 2, 3], size: [20, 22, 24] });
    expect(parse({ config: '{"pocket":true}' })).toMatchObject({ display: { pocket: true }, pocketBox: null });
  });

  it('falls back to the default display for a config that is not JSON or not the shape', () => {
    for (const config of ['{cartoon:true', '{"surface":"yes"}', '{"pocket":{"center":[1,2],"size":[1,1,1]}}', '{"pocket":{"center":[0,0,0],"size":[0,1,1]}}']) {
      const params = parse({ config });
      expect(params.display, config).toEqual(DEFAULT_DISPLAY);
      expect(params.problems, config).toEqual([{ key: 'badConfig' }]);
    }
  });

  it('accepts only the platform’s own file downloads as url', () => {
    expect(platformFileOf(taskFileUrl(12, 'out/protein prepared.pdb'))).toEqual({ kind: 'taskFile', taskId: 12, file: 'out/protein prepared.pdb' });
    expect(platformFileOf('/api/files/7/download')).toEqual({ kind: 'dataFile', id: 7 });
    expect(platformFileOf('/api/protein/pdb/5dpv')).toEqual({ kind: 'pdbEntry', pdbId: '5DPV' });
    for (const refused of ['https://elsewhere.example/api/files/7/download', '/api/tasks/cancel', '/api/stream/download/?task_id=x&file=a', '/api/stream/download/?task_id=3', '//elsewhere.example/api/files/1/download']) {
      expect(platformFileOf(refused), refused).toBeNull();
    }
    expect(parse({ url: '/api/user/info' }).problems).toEqual([{ key: 'badUrl' }]);
  });

  it('builds links that parse back to what they say', () => {
    const link = viewerLink({ url: taskFileUrl(3, 'protein_prepared.pdb'), config: { ligand: true, pocket: { center: [1, 2, 3], size: [4, 5, 6] } } });
    expect(link.startsWith('/calculate/molecule?')).toBe(true);
    const params = parseViewerParams(new URL(link, 'http://platform.invalid').searchParams);
    expect(params).toMatchObject({ file: { kind: 'taskFile', taskId: 3, file: 'protein_prepared.pdb' }, pocketBox: { center: [1, 2, 3], size: [4, 5, 6] }, problems: [] });
    expect(viewerLink({})).toBe('/calculate/molecule');
  });
});
