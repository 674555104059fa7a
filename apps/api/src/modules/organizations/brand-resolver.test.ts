import { describe, expect, it } from 'vitest';
import { hostName } from './brand-resolver';

describe('hostName', () => {
  it.each([
    ['localhost:3000', 'localhost'],
    ['LOCALHOST', 'localhost'],
    ['127.0.0.1:3100', '127.0.0.1'],
    ['clinic.example.com', 'clinic.example.com'],
    ['[::1]:3000', '::1'],
    ['::1', '::1'],
    [undefined, ''],
  ])('%s -> %s', (host, expected) => {
    expect(hostName(host)).toBe(expected);
  });
});
