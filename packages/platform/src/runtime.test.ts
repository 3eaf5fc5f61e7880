import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireSupportedNode } from './runtime.ts';

afterEach(() => vi.restoreAllMocks());

describe('requireSupportedNode', () => {
  it('lets Node 22 and newer through', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    requireSupportedNode('22.23.3');
    requireSupportedNode('24.1.0');
    expect(exit).not.toHaveBeenCalled();
  });

  it('stops Node 20 with the way out', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    requireSupportedNode('20.20.2');
    expect(exit).toHaveBeenCalledWith(2);
    expect(error.mock.calls[0]?.[0]).toContain('make start');
  });
});
