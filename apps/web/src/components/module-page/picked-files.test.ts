import type { DataFile } from '@yunyao/contract';
import { convertForm } from '@yunyao/modules/forms/convert';
import { mergeForm } from '@yunyao/modules/forms/merge';
import { pepsearchForm } from '@yunyao/modules/forms/pepsearch';
import { performForm } from '@yunyao/modules/forms/perform';
import { describe, expect, it } from 'vitest';
import { acceptsName, appendPicked, dataCenterTypesFor, paramsProblem } from './picked-files.ts';

const dataFile = (id: number, filename: string): DataFile => ({ id, name: filename, filename, type: 'ligand', size: 10, url: `/api/files/${id}/download`, created_at: '' });

describe('module form helpers', () => {
  it('offers the data-center types that hold an accepted extension', () => {
    expect(dataCenterTypesFor(convertForm.files[0]!.extensions)).toEqual(['ligand', 'smiles']);
    expect(dataCenterTypesFor(mergeForm.files[0]!.extensions)).toEqual(['ligand', 'pocket']);
    expect(dataCenterTypesFor(['.fasta'])).toEqual(['fasta']);
  });

  it('checks extensions case-insensitively', () => {
    expect(acceptsName(['.sdf'], 'Ligands.SDF')).toBe(true);
    expect(acceptsName(['.sdf'], 'ligands.sdf.zip')).toBe(false);
  });

  it('sends uploads under the field and data-center ids under the data-center field', () => {
    const form = new FormData();
    appendPicked(form, { field: 'ligands[]', dataCenterField: 'ligands_cos' }, { uploads: [new File(['x'], 'a.sdf')], dataCenter: [dataFile(7, 'b.mol2'), dataFile(9, 'c.sdf')] });
    expect((form.getAll('ligands[]') as File[]).map((f) => f.name)).toEqual(['a.sdf']);
    expect(form.getAll('ligands_cos')).toEqual(['7', '9']);
  });

  it("reports the schema's own message, in English when asked", () => {
    expect(paramsProblem(convertForm, { out: '' }, false)).toBe('请输入输出文件名称及格式！');
    expect(paramsProblem(convertForm, { out: '' }, true)).toBe('Please enter the output file name and format.');
    expect(paramsProblem(convertForm, { out: 'result.mol2' }, false)).toBeNull();
    expect(paramsProblem(performForm, { structure: '4D', out: 'x.sdf' }, true)).toBe('Please choose the input structure (2D or 3D).');
  });

  it('says an empty peptide sequence in the page language, and names a bare bound and its limits in either', () => {
    expect(paramsProblem(pepsearchForm, { sequence: '' }, false)).toBe('多肽序列不能为空！');
    expect(paramsProblem(pepsearchForm, { sequence: '' }, true)).toBe('peptide sequence cannot be empty!');
    expect(paramsProblem(pepsearchForm, { sequence: 'GYDPETGTWG', seed: -1 }, false)).toBe('参数错误：seed 须为整数，取值为 1–2147483647！');
    expect(paramsProblem(pepsearchForm, { sequence: 'GYDPETGTWG', seed: -1 }, true)).toBe('Invalid parameters: seed must be a whole number from 1 to 2147483647.');
  });
});
