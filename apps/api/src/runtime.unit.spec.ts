import { describe, expect, it } from '@jest/globals';

describe('test runtime', () => {
  it('runs on Node 24 (the `node` devDependency), not the system Node', () => {
    expect(process.version.startsWith('v24.')).toBe(true);
  });
});
