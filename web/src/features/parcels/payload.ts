// From the parcel form's values to the body of post_parcel (no id: create), and back.
import { emptyPlace } from '../members/place';
import type { Parcel } from './api';

export interface ParcelFormValues {
  parcel_code?: string;
  parcel_memberId?: number | null;
  parcel_localityId?: number | null;
  parcel_area?: number | null;
  parcel_crop?: string;
  parcel_latitude?: number | null;
  parcel_longitude?: number | null;
}

const number = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

export function toParcelBody(id: number | null, values: ParcelFormValues): Parcel {
  return {
    ...emptyPlace(),
    parcel_id: id,
    parcel_code: (values.parcel_code ?? '').trim().toUpperCase(),
    parcel_memberId: values.parcel_memberId ?? null,
    parcel_localityId: values.parcel_localityId ?? null,
    parcel_area: number(values.parcel_area),
    parcel_crop: (values.parcel_crop ?? '').trim(),
    parcel_latitude: number(values.parcel_latitude),
    parcel_longitude: number(values.parcel_longitude),
    member_name: '',
    member_idNumber: '',
  };
}

export function toParcelValues(parcel: Parcel | undefined): ParcelFormValues {
  return {
    parcel_code: parcel?.parcel_code ?? '',
    parcel_memberId: parcel?.parcel_memberId ?? null,
    parcel_localityId: parcel?.parcel_localityId ?? null,
    parcel_area: parcel?.parcel_area ?? null,
    parcel_crop: parcel?.parcel_crop ?? '',
    parcel_latitude: parcel?.parcel_latitude ?? null,
    parcel_longitude: parcel?.parcel_longitude ?? null,
  };
}
