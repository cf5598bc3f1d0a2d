import { describe, expect, it } from 'vitest';
import { toText } from './text';

describe('toText', () => {
  it('writes out strings, numbers and booleans', () => {
    expect(toText(' Daloa ')).toBe(' Daloa ');
    expect(toText(7)).toBe('7');
    expect(toText(false)).toBe('false');
  });

  it('gives nothing for an empty value or an object', () => {
    expect(toText(null)).toBe('');
    expect(toText(undefined)).toBe('');
    expect(toText({ a: 1 })).toBe('');
  });
});
