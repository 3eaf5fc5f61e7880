import { describe, expect, test } from 'vitest';
import { draftKey, draftOf, uploadBytes, withSpendCap } from './module-draft.ts';

const file = (bytes: number, name = 'a.sdf') => new File(['x'.repeat(bytes)], name);

describe('module drafts', () => {
  test('a problem stands instead of the body, which is then not built', () => {
    let built = false;
    const build = () => {
      built = true;
      return new FormData();
    };
    expect(draftOf('请上传文件！', build)).toEqual({ problem: '请上传文件！' });
    expect(built).toBe(false);
    expect('body' in draftOf(null, build)).toBe(true);
  });

  test('upload bytes count files only', () => {
    const body = new FormData();
    body.append('files', file(3));
    body.append('files', file(4));
    body.set('out', 'result.sdf');
    expect(uploadBytes(body)).toBe(7);
  });

  test('the spending cap is set on a copy, replaced, or left out', () => {
    const body = new FormData();
    body.set('out', 'a.sdf');
    const capped = withSpendCap(body, 0.5);
    expect(capped.get('spend_cap')).toBe('0.5');
    expect(body.has('spend_cap')).toBe(false);
    expect(withSpendCap(capped, 2).getAll('spend_cap')).toEqual(['2']);
    expect(withSpendCap(capped, null).has('spend_cap')).toBe(false);
    expect(withSpendCap(capped, null).get('out')).toBe('a.sdf');
  });

  test('the key tells bodies apart by their fields and by the names and sizes of their files', () => {
    const one = file(3);
    const twin = file(3);
    const other = file(3, 'b.sdf');
    const body = (f: File, out: string) => {
      const b = new FormData();
      b.append('files', f);
      b.set('out', out);
      return b;
    };
    expect(draftKey(body(one, 'a'))).toBe(draftKey(body(one, 'a')));
    expect(draftKey(body(one, 'a'))).not.toBe(draftKey(body(one, 'b')));
    expect(draftKey(body(one, 'a'))).toBe(draftKey(body(twin, 'a')));
    expect(draftKey(body(one, 'a'))).not.toBe(draftKey(body(other, 'a')));
    expect(draftKey(body(one, 'a'))).not.toBe(draftKey(body(file(4), 'a')));
  });
});
