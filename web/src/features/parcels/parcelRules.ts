// The parcel form's checks, as the server makes them: a code and a member, an area above 0 hectares (at
// most 100,000), a GPS point given whole (latitude and longitude) or not at all, and on the earth.
import { required, type Check } from '../../shared/form/rules';
import { fr } from '../../shared/locale/fr';

export const MAX_AREA_HECTARES = 100_000;

const rules = fr.parcels.rules;

export const checkCode: Check = required(rules.codeRequired);

export const checkMember: Check = (value) => (typeof value === 'number' && value > 0 ? null : rules.memberRequired);

export const checkArea: Check = (value) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_AREA_HECTARES ? null : rules.area;

const given = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The messages of a GPS point, by field; empty when it is fine. */
export function gpsFaults(
  latitude: unknown,
  longitude: unknown,
): { parcel_latitude?: string; parcel_longitude?: string } {
  if (!given(latitude) && !given(longitude)) return {};
  if (!given(latitude)) return { parcel_latitude: rules.pointWhole };
  if (!given(longitude)) return { parcel_longitude: rules.pointWhole };
  return {
    ...(latitude < -90 || latitude > 90 ? { parcel_latitude: rules.latitude } : {}),
    ...(longitude < -180 || longitude > 180 ? { parcel_longitude: rules.longitude } : {}),
  };
}
