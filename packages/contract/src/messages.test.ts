import { describe, expect, it } from 'vitest';
import { ApiError, errors } from './errors.ts';
import { decodeMessage, defineMessages, encodeMessage, languageOf, message, messageRef, renderMessage } from './messages.ts';

const TEST = defineMessages('contractTest', {
  range: { zh: '取值须为 {min}–{max}！', en: 'Must be from {min} to {max}.' },
  named: { zh: '模块 {module} 不可用', en: 'The module {module} is unavailable' },
});

describe('messages', () => {
  it('answer ids namespaced by their catalogue, rendered with their parameters in either language', () => {
    expect(TEST.range).toBe('contractTest.range');
    const m = message(TEST.range, { min: 1, max: 9 });
    expect(renderMessage(m, 'zh')).toBe('取值须为 1–9！');
    expect(renderMessage(m, 'en')).toBe('Must be from 1 to 9.');
    expect(renderMessage(message(TEST.named, { module: { zh: '分子对接', en: 'Docking' } }), 'en')).toBe('The module Docking is unavailable');
  });

  it('travel as one string where only strings go (a zod issue, a step line)', () => {
    const ref = messageRef(TEST.range, { min: 1, max: 9 });
    expect(ref).toBe('contractTest.range#{"min":1,"max":9}');
    expect(decodeMessage(ref)).toEqual({ code: TEST.range, params: { min: 1, max: 9 } });
    expect(encodeMessage({ code: TEST.named })).toBe(TEST.named);
    expect(renderMessage(ref, 'en')).toBe('Must be from 1 to 9.');
    expect(decodeMessage('请上传文件！')).toBeUndefined();
    expect(decodeMessage('a.b#not json')).toBeUndefined();
  });

  it("read the reader's language from Accept-Language: English only where it is preferred to Chinese", () => {
    expect(languageOf(undefined)).toBe('zh');
    expect(languageOf('en')).toBe('en');
    expect(languageOf('en-US,en;q=0.9')).toBe('en');
    expect(languageOf('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(languageOf('fr-FR,en;q=0.5')).toBe('en');
    expect(languageOf('en;q=0.3,zh;q=0.7')).toBe('zh');
    expect(languageOf('de')).toBe('zh');
  });

  it("let an API error speak either language, its Chinese as the error's message", () => {
    const plain = new ApiError(errors.notFound);
    expect([plain.message, plain.render('en')]).toEqual(['资源不存在！', 'Not found']);
    const own = new ApiError(errors.validation, message(TEST.range, { min: 1, max: 9 }));
    expect([own.message, own.render('en')]).toEqual(['取值须为 1–9！', 'Must be from 1 to 9.']);
    const both = new ApiError(errors.fileFormat, { zh: '格式不对', en: 'Wrong format' });
    expect(both.render('en')).toBe('Wrong format');
  });
});
