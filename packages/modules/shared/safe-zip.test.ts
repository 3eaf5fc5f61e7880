import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MB } from './file-names.ts';
import { measureFile } from './input-measure.ts';
import { oneMemberZip, zerosDeflate } from './zip.testing.ts';
import { ZIP_MAX_MEMBERS, ZIP_MAX_UNCOMPRESSED_BYTES, ZipMemberError, zipMembers, zipProblem } from './safe-zip.ts';

const MOL2 = '@<TRIPOS>MOLECULE\nx\n2 1 0 0 0\nSMALL\nNO_CHARGES\n\n@<TRIPOS>ATOM\n1 C 0 0 0 C.3 1 X 0\n2 O 1 0 0 O.3 1 X 0\n';

describe('the shared zip reader', () => {
  it('refuses a high-ratio zip from its central directory, before inflating anything', () => {
    const megabytes = ZIP_MAX_UNCOMPRESSED_BYTES / MB + 1;
    const bomb = zerosDeflate(megabytes);
    expect(bomb.data.length).toBeLessThan(2 * MB); // about 1000:1
    expect(zipProblem('bomb.zip', oneMemberZip('bomb.mol2', bomb.data, bomb.crc, megabytes * MB))?.zh).toBe(
      `压缩包 bomb.zip 解压后共 ${megabytes} MB，超过上限 ${ZIP_MAX_UNCOMPRESSED_BYTES / MB} MB！`,
    );
    // The same directory over data that cannot be inflated at all gets the same answer: nothing was inflated.
    const garbage = oneMemberZip('bomb.mol2', Buffer.from('not deflate at all'), 0, megabytes * MB);
    expect(zipProblem('bomb.zip', garbage)?.zh).toContain('超过上限');
    // The estimate leaves a refused archive unopened.
    expect(measureFile('bomb.zip', garbage)).toMatchObject({ records: 1, atoms: 0 });
  });

  it('stops a member whose header lies about its size at the size it declared', () => {
    const lie = zerosDeflate(64);
    const zip = oneMemberZip('liar.mol2', lie.data, lie.crc, 1024);
    expect(zipProblem('liar.zip', zip)).toBeNull();
    const before = process.memoryUsage().arrayBuffers;
    let thrown: unknown;
    try {
      [...zipMembers('liar.zip', zip, () => true)];
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ZipMemberError);
    expect((thrown as ZipMemberError).refusal.zh).toBe('压缩包 liar.zip 中的文件 liar.mol2 已损坏或无法解压，请重新打包后上传！');
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * MB);
    expect(() => measureFile('liar.zip', zip)).toThrow(ZipMemberError);
  });

  it('refuses a member path that leads out of the archive', () => {
    for (const name of ['../evil.mol2', 'a/../../evil.mol2', '/etc/evil.mol2', 'C:/evil.mol2', '..\\evil.mol2']) {
      const zip = zipSync({ 'good.mol2': strToU8(MOL2), [name]: strToU8(MOL2) });
      expect(zipProblem('slip.zip', zip)?.zh, name).toBe(`压缩包 slip.zip 中的文件路径“${name}”指向压缩包之外，请重新打包后上传！`);
    }
    expect(zipProblem('ok.zip', zipSync({ 'a/b..c/d.mol2': strToU8(MOL2) }))).toBeNull();
  });

  it('refuses too many members, and what is not a zip', () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: ZIP_MAX_MEMBERS + 1 }, (_, i) => [`m${i}.mol2`, strToU8(MOL2)])));
    expect(zipProblem('many.zip', many)?.zh).toBe(`压缩包 many.zip 中文件过多（${ZIP_MAX_MEMBERS + 1} 个，最多 ${ZIP_MAX_MEMBERS} 个）！`);
    expect(zipProblem('no.zip', strToU8('PK not really'))?.zh).toContain('不是有效的 .zip 压缩包');
  });

  it('measures the molecule members one at a time, skipping folders and archiver files', () => {
    const zip = zipSync({ 'a.mol2': strToU8(MOL2), 'sub/b.MOL2': strToU8(MOL2 + MOL2), '__MACOSX/sub/._b.MOL2': strToU8('\0\x05'), 'readme.pdf': strToU8('%PDF') }, { level: 6 });
    expect([...zipMembers('l.zip', zip, (ext) => ext === 'mol2')].map((m) => m.name)).toEqual(['a.mol2', 'sub/b.MOL2']);
    expect(measureFile('l.zip', zip)).toMatchObject({ records: 3, atoms: 6 });
  });
});
