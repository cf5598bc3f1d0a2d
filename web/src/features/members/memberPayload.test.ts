import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Member } from './api';
import { dependantOf, emptyMember, toFormValues, toMemberBody } from './memberPayload';

/** A member as get_member answers it. */
function stored(overrides: Partial<Member> = {}): Member {
  return {
    ...emptyMember(),
    member_id: 7,
    member_idNumber: 'C000000712',
    member_firstname: 'Awa',
    member_lastname: 'KOUASSI',
    member_gender: 'F',
    member_birthDate: '1984-03-09',
    member_localityId: 42,
    locality_name: 'Bouaké',
    region_name: 'Gbêkê',
    region_id: 3,
    department_id: 8,
    subprefecture_id: 21,
    member_uuid: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    member_createdAt: '2026-01-05T10:00:00Z',
    member_createdByUser: 'agent.yao',
    member_photoFileName: '7.jpg',
    photoFilePath: '/api/member/get_member-photo/7?v=2',
    member_hasValidCard: true,
    householdSize: 6,
    ...overrides,
  };
}

describe('member payload', () => {
  it('a new member: no id, a main member, names trimmed, dates as AAAA-MM-JJ', () => {
    const body = toMemberBody(emptyMember(), {
      member_lastname: '  Koné ',
      member_firstname: 'Issa',
      member_birthDate: dayjs('1990-07-14'),
      member_membershipStartDate: null,
      familyRole: 'main',
    });
    expect(body.member_id).toBeNull();
    expect(body.member_lastname).toBe('Koné');
    expect(body.member_birthDate).toBe('1990-07-14');
    expect(body.member_membershipStartDate).toBeNull();
    expect(body).toMatchObject({
      member_isMainAccount: true,
      member_isSpouse: false,
      member_isChild: false,
      member_mainMemberId: null,
    });
  });

  it('an update sends back the whole record: what the form does not show is kept as the server gave it', () => {
    const member = stored();
    const body = toMemberBody(member, { ...toFormValues(member), member_contact: '0707070707' });
    expect(body).toEqual({ ...member, member_contact: '0707070707' });
  });

  it('a cleared select or date is sent empty, not the previous value', () => {
    const body = toMemberBody(stored(), {
      member_gender: undefined,
      member_birthDate: null,
      member_localityId: undefined,
      householdSize: null,
    });
    expect(body.member_gender).toBe('');
    expect(body.member_birthDate).toBeNull();
    expect(body.member_localityId).toBeNull();
    expect(body.householdSize).toBeNull();
    // Fields the form did not carry are left alone.
    expect(body.member_firstname).toBe('Awa');
  });

  it('the family link: a spouse or a child points to its main member; a main member to nobody', () => {
    const spouse = toMemberBody(stored(), { familyRole: 'spouse', member_mainMemberId: 3 });
    expect(spouse).toMatchObject({
      member_isMainAccount: false,
      member_isSpouse: true,
      member_isChild: false,
      member_mainMemberId: 3,
    });
    const child = toMemberBody(stored(), { familyRole: 'child', member_mainMemberId: 3 });
    expect(child).toMatchObject({ member_isSpouse: false, member_isChild: true, member_mainMemberId: 3 });
    const main = toMemberBody(stored({ member_isChild: true, member_mainMemberId: 3 }), {
      familyRole: 'main',
      member_mainMemberId: 3,
    });
    expect(main).toMatchObject({ member_isMainAccount: true, member_isChild: false, member_mainMemberId: null });
  });

  it('the form reads the record: dates as days, the family role from the flags, no empty gender choice', () => {
    const values = toFormValues(
      stored({ member_isSpouse: true, member_isMainAccount: false, member_mainMemberId: 3, member_gender: '' }),
    );
    expect(values.member_birthDate?.format('DD/MM/YYYY')).toBe('09/03/1984');
    expect(values.member_membershipStartDate).toBeNull();
    expect(values.familyRole).toBe('spouse');
    expect(values.member_mainMemberId).toBe(3);
    expect(values.member_gender).toBeUndefined();
  });

  it('a new dependant: the family link, the same last name and locality, nothing else of the main member', () => {
    const main = stored();
    const child = dependantOf(main, 'child');
    expect(child).toMatchObject({
      member_id: null,
      member_isMainAccount: false,
      member_isChild: true,
      member_isSpouse: false,
      member_mainMemberId: 7,
      member_mainMemberName: 'Awa KOUASSI',
      member_lastname: 'KOUASSI',
      member_firstname: '',
      member_localityId: 42,
      locality_name: 'Bouaké',
      region_id: 3,
      subprefecture_id: 21,
      member_idNumber: '',
      member_uuid: '',
      member_photoFileName: '',
      member_hasValidCard: false,
    });
    expect(dependantOf(main, 'spouse')).toMatchObject({
      member_isSpouse: true,
      member_isChild: false,
      member_mainMemberId: 7,
    });
  });
});
