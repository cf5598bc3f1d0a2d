import { describe, expect, it } from 'vitest';
import { toCooperativeBody, toCooperativeValues } from './payload';

describe('cooperative payload', () => {
  it('a new cooperative: no id, trimmed, the code in capitals', () => {
    expect(
      toCooperativeBody(null, {
        cooperative_code: ' coop-ci-01 ',
        cooperative_name: ' Coopérative de Soubré ',
        cooperative_contact: '',
      }),
    ).toMatchObject({
      cooperative_id: null,
      cooperative_code: 'COOP-CI-01',
      cooperative_name: 'Coopérative de Soubré',
      cooperative_localityId: null,
      cooperative_contact: '',
    });
  });

  it('an edit keeps its id and reads back into the same values', () => {
    const values = {
      cooperative_code: 'COOP-1',
      cooperative_name: 'Ecookim',
      cooperative_localityId: 12,
      cooperative_contact: '0102030405',
    };
    const body = toCooperativeBody(5, values);
    expect(body.cooperative_id).toBe(5);
    expect(toCooperativeValues(body)).toEqual(values);
  });
});
