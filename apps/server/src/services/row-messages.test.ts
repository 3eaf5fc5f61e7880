import { describe, expect, it } from 'vitest';
import { messageRef } from '@yunyao/contract';
import '@yunyao/modules';
import { renderRowMessages, renderRowsMessages } from './row-messages.ts';

describe('result rows as the reader reads them', () => {
  const refused = messageRef('common.recordUnparsable', { file: 'a.sdf', record: 2, reason: { code: 'common.mdlMalformed' } });

  it("render a row's error id in the reader's language and keep the other fields", () => {
    const row = { ID: 'm1', SMILES: 'CCO', score: null, error: refused };
    expect(renderRowMessages(row, 'zh')).toEqual({ ...row, error: '输入文件 a.sdf 第 2 条记录无法解析：MDL 记录格式错误' });
    expect(renderRowMessages(row, 'en').error).toBe('Record 2 of the input file a.sdf cannot be parsed: malformed MDL record');
    expect(row.error).toBe(refused);
  });

  it('leave a plain text, a null error and a row without one as they are', () => {
    const plain = { ID: 'm2', error: 'RDKit 无法读取该分子（价态或格式错误）' };
    const fine = { ID: 'm3', error: null, domain_note: null };
    expect(renderRowMessages(plain, 'en')).toBe(plain);
    expect(renderRowsMessages([fine, plain], 'en')).toEqual([fine, plain]);
  });

  it('render a domain note given as an id too', () => {
    const row = { ID: 'm4', error: null, domain_note: messageRef('sign.unknownReason') };
    expect(renderRowMessages(row, 'en').domain_note).toBe('unknown reason');
  });
});
