// Where a member, a cooperative or a parcel is: the names of its locality's four levels, as the answers
// carry them (the members service keeps them from the geography's events).
import type { Schemas } from '../../shared/api/client';

export type Place = Pick<
  Schemas['Member'],
  | 'locality_name'
  | 'subprefecture_name'
  | 'department_name'
  | 'region_name'
  | 'subprefecture_id'
  | 'department_id'
  | 'region_id'
>;

export function emptyPlace(): Place {
  return {
    locality_name: '',
    subprefecture_name: '',
    department_name: '',
    region_name: '',
    subprefecture_id: null,
    department_id: null,
    region_id: null,
  };
}

/** "Bouaké (Gbêkê)": the locality with its region; empty without a locality. */
export function placeLabel(place: Pick<Place, 'locality_name' | 'region_name'>): string {
  if (!place.locality_name) return '';
  return place.region_name ? `${place.locality_name} (${place.region_name})` : place.locality_name;
}

/** The place part of a record, to start a locality picker at its levels. */
export function placeOf(record: Place): Place {
  const {
    locality_name,
    subprefecture_name,
    department_name,
    region_name,
    subprefecture_id,
    department_id,
    region_id,
  } = record;
  return {
    locality_name,
    subprefecture_name,
    department_name,
    region_name,
    subprefecture_id,
    department_id,
    region_id,
  };
}

/** Where a locality picker starts for a record: its place and its locality's id. */
export function startingPlace(record: Place, localityId: number | null): Place & { locality_id: number | null } {
  return { ...placeOf(record), locality_id: localityId };
}
