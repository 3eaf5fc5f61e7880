import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'yunyao-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) => loadConfig({ DATA_DIR: dataDir, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;

  it('is off unless set, so X-Forwarded-For cannot choose a client address', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
  });

  it('takes any proxy, or the proxies’ addresses and ranges', () => {
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });
});
