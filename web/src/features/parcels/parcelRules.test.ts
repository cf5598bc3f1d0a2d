import { describe, expect, it } from 'vitest';
import { formatArea, formatPoint } from './format';
import { checkArea, checkCode, checkMember, gpsFaults } from './parcelRules';
import { toParcelBody, toParcelValues } from './payload';

describe('parcel rules', () => {
  it('a code and a member', () => {
    expect(checkCode(' ')).toBe('Saisissez le code');
    expect(checkCode('P-1')).toBeNull();
    expect(checkMember(null)).toBe("Choisissez l'adhérent qui exploite la parcelle");
    expect(checkMember(12)).toBeNull();
  });

  it('an area above 0 hectares, at most 100 000', () => {
    for (const bad of [0, -1, null, undefined, Number.NaN, 100_001]) expect(checkArea(bad)).not.toBeNull();
    expect(checkArea(0.25)).toBeNull();
    expect(checkArea(100_000)).toBeNull();
  });

  it('a GPS point is whole and on the earth', () => {
    expect(gpsFaults(null, null)).toEqual({});
    expect(gpsFaults(6.82, -5.27)).toEqual({});
    expect(gpsFaults(6.82, null)).toEqual({
      parcel_longitude: 'Donnez la latitude et la longitude, ou aucune des deux',
    });
    expect(gpsFaults(undefined, -5.27)).toEqual({
      parcel_latitude: 'Donnez la latitude et la longitude, ou aucune des deux',
    });
    expect(gpsFaults(95, 190)).toEqual({
      parcel_latitude: 'La latitude doit être comprise entre -90 et 90',
      parcel_longitude: 'La longitude doit être comprise entre -180 et 180',
    });
  });
});

describe('parcel payload', () => {
  it('a new parcel: no id, the code in capitals, no point when none is given', () => {
    const body = toParcelBody(null, {
      parcel_code: ' p-12 ',
      parcel_memberId: 4,
      parcel_area: 2.5,
      parcel_crop: ' Cacao ',
      parcel_latitude: null,
    });
    expect(body).toMatchObject({
      parcel_id: null,
      parcel_code: 'P-12',
      parcel_memberId: 4,
      parcel_localityId: null,
      parcel_area: 2.5,
      parcel_crop: 'Cacao',
      parcel_latitude: null,
      parcel_longitude: null,
    });
  });

  it('an edit keeps its id and reads back into the same values', () => {
    const values = {
      parcel_code: 'P-12',
      parcel_memberId: 4,
      parcel_localityId: 9,
      parcel_area: 1.75,
      parcel_crop: 'Hévéa',
      parcel_latitude: 6.8,
      parcel_longitude: -5.2,
    };
    const body = toParcelBody(31, values);
    expect(body.parcel_id).toBe(31);
    expect(toParcelValues(body)).toEqual(values);
  });

  it('reads in French', () => {
    expect(formatArea(2.5).replace(/\s/gu, ' ')).toBe('2,5 ha');
    expect(formatArea(null)).toBe('');
    expect(formatPoint(6.82706, -5.2768)).toBe('6,82706 ; -5,2768');
    expect(formatPoint(6.8, null)).toBe('');
  });
});
