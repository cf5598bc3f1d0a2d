// From the cooperative form's values to the body of post_cooperative (no id: create).
import { emptyPlace } from '../members/place';
import type { Cooperative } from './api';

export interface CooperativeFormValues {
  cooperative_code?: string;
  cooperative_name?: string;
  cooperative_localityId?: number | null;
  cooperative_contact?: string;
}

const trimmed = (value: string | undefined): string => (value ?? '').trim();

export function toCooperativeBody(id: number | null, values: CooperativeFormValues): Cooperative {
  return {
    ...emptyPlace(),
    cooperative_id: id,
    // The server keeps codes in capitals; the form shows what it will keep.
    cooperative_code: trimmed(values.cooperative_code).toUpperCase(),
    cooperative_name: trimmed(values.cooperative_name),
    cooperative_localityId: values.cooperative_localityId ?? null,
    cooperative_contact: trimmed(values.cooperative_contact),
    cooperative_memberCount: 0,
  };
}

export function toCooperativeValues(cooperative: Cooperative | undefined): CooperativeFormValues {
  return {
    cooperative_code: cooperative?.cooperative_code ?? '',
    cooperative_name: cooperative?.cooperative_name ?? '',
    cooperative_localityId: cooperative?.cooperative_localityId ?? null,
    cooperative_contact: cooperative?.cooperative_contact ?? '',
  };
}
