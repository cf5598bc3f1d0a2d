import { describe, expect, it } from 'vitest';
import { formatSize } from './size';

// French groups thousands with a narrow no-break space, and "1,2 Mo" holds a no-break space or not.
const spaces = (text: string) => text.replace(/\s/gu, ' ');

describe('a file size in French', () => {
  it('says octets below a kilobyte, singular up to one', () => {
    expect(formatSize(0)).toBe('0 octet');
    expect(formatSize(1)).toBe('1 octet');
    expect(formatSize(850)).toBe('850 octets');
    expect(spaces(formatSize(1023))).toBe('1 023 octets');
  });

  it('kilobytes whole, megabytes and gigabytes to one decimal with a comma', () => {
    expect(formatSize(1024)).toBe('1 ko');
    expect(formatSize(12 * 1024)).toBe('12 ko');
    expect(formatSize(1.2 * 1024 * 1024)).toBe('1,2 Mo');
    expect(formatSize(75 * 1024 * 1024)).toBe('75 Mo');
    expect(formatSize(3.46 * 1024 ** 3)).toBe('3,5 Go');
  });

  it('goes up a unit rather than writing 1 024 of one', () => {
    expect(formatSize(1024 * 1024 - 1)).toBe('1 Mo');
    expect(formatSize(1024 ** 3 - 1)).toBe('1 Go');
  });

  it('reads nothing, or what is not a size, as 0 octet', () => {
    expect(formatSize(null)).toBe('0 octet');
    expect(formatSize(undefined)).toBe('0 octet');
    expect(formatSize(Number.NaN)).toBe('0 octet');
    expect(formatSize(-5)).toBe('0 octet');
  });
});
