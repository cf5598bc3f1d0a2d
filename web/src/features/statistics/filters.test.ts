import { describe, expect, it } from 'vitest';
import { filtersFrom, parseDay, parseRegionId } from './filters';

describe('the statistics filters in the address', () => {
  it('are read when they are what they say', () => {
    expect(filtersFrom(new URLSearchParams('regionId=3&from=2026-01-01&to=2026-03-31'))).toEqual({
      regionId: 3,
      from: '2026-01-01',
      to: '2026-03-31',
    });
  });

  it('are left out otherwise', () => {
    expect(parseRegionId('trois')).toBeNull();
    expect(parseRegionId('-2')).toBeNull();
    expect(parseRegionId(null)).toBeNull();
    expect(parseDay('01/03/2026')).toBe('');
    expect(filtersFrom(new URLSearchParams(''))).toEqual({ regionId: null, from: '', to: '' });
  });
});
