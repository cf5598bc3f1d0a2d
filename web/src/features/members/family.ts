// A member's place in its family (main member, spouse or child) from the three flags, and back.
import { fr } from '../../shared/locale/fr';
import type { Member } from './api';

export type FamilyRole = 'main' | 'spouse' | 'child';

type Flags = Pick<Member, 'member_isSpouse' | 'member_isChild'>;

export function familyRoleOf(member: Flags): FamilyRole {
  if (member.member_isSpouse) return 'spouse';
  if (member.member_isChild) return 'child';
  return 'main';
}

/** The flags and link the API takes for `role`; a main member points to nobody. */
export function familyFlags(role: FamilyRole, mainMemberId: number | null | undefined) {
  return {
    member_isMainAccount: role === 'main',
    member_isSpouse: role === 'spouse',
    member_isChild: role === 'child',
    member_mainMemberId: role === 'main' ? null : (mainMemberId ?? null),
  };
}

/** "Principal", "Conjoint de Yao Kouassi", "Enfant d'Awa Kouassi", for a list's column. */
export function familyLabel(member: Flags & Pick<Member, 'member_mainMemberName'>): string {
  const role = familyRoleOf(member);
  if (role === 'main') return fr.members.family.principal;
  const name = member.member_mainMemberName.trim();
  if (role === 'spouse') return name ? fr.members.family.spouseOf(name) : fr.members.family.spouse;
  return name ? fr.members.family.childOf(name) : fr.members.family.child;
}

/** "Awa Kouassi": as the server names a main member or a parcel's farmer, so that names read alike. */
export function fullName(member: Pick<Member, 'member_lastname' | 'member_firstname'>): string {
  return [member.member_firstname, member.member_lastname].filter(Boolean).join(' ');
}

/** "Awa Kouassi (C000001234)": a member named in a select or in another record's row. */
export function memberLabel(member: Pick<Member, 'member_lastname' | 'member_firstname' | 'member_idNumber'>): string {
  const name = fullName(member);
  return member.member_idNumber ? `${name} (${member.member_idNumber})` : name;
}
