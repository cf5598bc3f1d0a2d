import { describe, expect, it } from 'vitest';
import { familyFlags, familyLabel, familyRoleOf, fullName } from './family';

const flags = (isSpouse: boolean, isChild: boolean, name = 'Awa Kouassi') => ({
  member_isSpouse: isSpouse,
  member_isChild: isChild,
  member_mainMemberName: name,
});

describe('family roles', () => {
  it('from the flags', () => {
    expect(familyRoleOf(flags(false, false))).toBe('main');
    expect(familyRoleOf(flags(true, false))).toBe('spouse');
    expect(familyRoleOf(flags(false, true))).toBe('child');
  });

  it('to the flags: exactly one, and a main member points to nobody', () => {
    expect(familyFlags('main', 4)).toEqual({
      member_isMainAccount: true,
      member_isSpouse: false,
      member_isChild: false,
      member_mainMemberId: null,
    });
    expect(familyFlags('spouse', 4)).toEqual({
      member_isMainAccount: false,
      member_isSpouse: true,
      member_isChild: false,
      member_mainMemberId: 4,
    });
    expect(familyFlags('child', undefined).member_mainMemberId).toBeNull();
  });

  it('as the list shows it, with the main member named', () => {
    expect(familyLabel(flags(false, false))).toBe('Principal');
    expect(familyLabel(flags(true, false))).toBe("Conjoint d'Awa Kouassi");
    expect(familyLabel(flags(false, true, 'Yao Kouassi'))).toBe('Enfant de Yao Kouassi');
    expect(familyLabel(flags(false, true, 'Émile Koné'))).toBe("Enfant d'Émile Koné");
    expect(familyLabel(flags(false, true, ''))).toBe('Enfant');
  });

  it('a name: first name first, as the server writes it', () => {
    expect(fullName({ member_lastname: 'Koné', member_firstname: 'Issa' })).toBe('Issa Koné');
    expect(fullName({ member_lastname: 'Koné', member_firstname: '' })).toBe('Koné');
  });
});
