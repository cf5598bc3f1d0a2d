// Between a member as the API answers it and the drawer's form: the form's values from a record, and the
// whole record to write back (post_member replaces everything, so what the form does not show is sent
// back as get_member gave it). Dates travel as AAAA-MM-JJ.
import dayjs, { type Dayjs } from 'dayjs';
import { components } from '../../../openapi.json';
import { IDENTITY_TEXTS, prefixed } from '../../shared/identity';
import type { Member } from './api';
import { familyFlags, familyRoleOf, fullName, type FamilyRole } from './family';
import { placeOf } from './place';

export const API_DATE = 'YYYY-MM-DD';

/** The texts the form edits as they are (trimmed when written): the identity block's and the others. */
const TEXT_FIELDS = [
  ...prefixed('member_', IDENTITY_TEXTS),
  'member_gender',
  'nationality',
  'otherNationality',
  'ethnicity',
  'member_contact',
  'contactUrgency',
  'member_address',
  'member_district',
  'maritalStatus',
  'householdStatus',
  'identityDocumentType',
  'identityDocumentNumber',
  'occupation',
  'otherOccupation',
  'educationLevel',
] as const satisfies readonly (keyof Member)[];

type TextField = (typeof TEXT_FIELDS)[number];

export type MemberFormValues = { [K in TextField]?: string } & {
  member_birthDate?: Dayjs | null;
  member_membershipStartDate?: Dayjs | null;
  member_localityId?: number | null;
  member_cooperativeId?: number | null;
  canWrite?: boolean;
  member_photoChecked?: boolean;
  familyRole?: FamilyRole;
  member_mainMemberId?: number | null;
  householdSize?: number | null;
};

/** A member with nothing filled in: what "Nouvel adhérent" starts from. Every field takes the default the
 * API's document gives it, so a field added to the contract needs no edit here. */
export function emptyMember(): Member {
  const defaults = Object.entries(components.schemas.Member.properties).map(([field, schema]) => [
    field,
    'default' in schema ? schema.default : null,
  ]);
  return { ...(Object.fromEntries(defaults) as Member), member_isMainAccount: true };
}

/** A new spouse or child of `main`: the family link, the same last name and the same locality. */
export function dependantOf(main: Member, role: Exclude<FamilyRole, 'main'>): Member {
  return {
    ...emptyMember(),
    ...placeOf(main),
    ...familyFlags(role, main.member_id),
    member_mainMemberName: fullName(main),
    member_lastname: main.member_lastname,
    member_localityId: main.member_localityId,
  };
}

/**
 * The next member of the family of `saved`, a member just created: linked to it if it is a main member, to
 * its own main member if it is a spouse or a child. Starts as a spouse; the form lets the user say child.
 */
export function nextOfFamily(saved: Member): Member {
  if (familyRoleOf(saved) === 'main') return dependantOf(saved, 'spouse');
  return {
    ...dependantOf(saved, 'spouse'),
    member_mainMemberId: saved.member_mainMemberId,
    member_mainMemberName: saved.member_mainMemberName,
  };
}

function day(value: string | null): Dayjs | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

export function toFormValues(member: Member): MemberFormValues {
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, member[field] ?? ''])) as {
    [K in TextField]: string;
  };
  return {
    ...texts,
    // An empty select shows its placeholder, not an empty choice.
    member_gender: member.member_gender || undefined,
    member_birthDate: day(member.member_birthDate),
    member_membershipStartDate: day(member.member_membershipStartDate),
    member_localityId: member.member_localityId,
    member_cooperativeId: member.member_cooperativeId,
    canWrite: member.canWrite,
    member_photoChecked: member.member_photoChecked,
    familyRole: familyRoleOf(member),
    member_mainMemberId: member.member_mainMemberId,
    householdSize: member.householdSize,
  };
}

function apiDate(value: Dayjs | null | undefined): string | null {
  return value && value.isValid() ? value.format(API_DATE) : null;
}

/**
 * The whole record to send: `base` (as get_member answered it, or a new member) changed by the form. A
 * field the form has but left empty (a cleared select) is sent empty; one it does not have keeps `base`'s.
 */
export function toMemberBody(base: Member, values: MemberFormValues): Member {
  const has = (field: keyof MemberFormValues) => Object.prototype.hasOwnProperty.call(values, field);
  const texts = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, (has(field) ? (values[field] ?? '') : base[field]).trim()]),
  );
  const nullable = <K extends 'member_localityId' | 'member_cooperativeId' | 'householdSize' | 'member_mainMemberId'>(
    field: K,
  ) => (has(field) ? (values[field] ?? null) : base[field]);
  const date = (field: 'member_birthDate' | 'member_membershipStartDate') =>
    has(field) ? apiDate(values[field]) : base[field];
  return {
    ...base,
    ...texts,
    member_gender: (has('member_gender') ? (values.member_gender ?? '') : base.member_gender).trim().toUpperCase(),
    member_birthDate: date('member_birthDate'),
    member_membershipStartDate: date('member_membershipStartDate'),
    member_localityId: nullable('member_localityId'),
    member_cooperativeId: nullable('member_cooperativeId'),
    householdSize: nullable('householdSize'),
    canWrite: values.canWrite ?? base.canWrite,
    member_photoChecked: values.member_photoChecked ?? base.member_photoChecked,
    ...familyFlags(values.familyRole ?? familyRoleOf(base), nullable('member_mainMemberId')),
  };
}

/** The API fields whose messages show on the form's family link. */
export const FAMILY_FIELD_ALIASES: Record<string, string> = {
  member_isMainAccount: 'familyRole',
  member_isSpouse: 'familyRole',
  member_isChild: 'familyRole',
};
