import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { cameraErrorMessage } from './camera';
import { outputSize } from './cropImage';
import { checkFirstname, checkLastname, checkMainMember, checkMembershipDate, checkPastDate } from './memberRules';
import { checkPhotoFile, PHOTO_MAX_BYTES } from './photoRules';

const today = dayjs('2026-06-15');

describe('member form rules', () => {
  it('last and first names are required', () => {
    expect(checkLastname('')).toBe('Saisissez le nom');
    expect(checkLastname('   ')).toBe('Saisissez le nom');
    expect(checkLastname(undefined)).toBe('Saisissez le nom');
    expect(checkLastname('Koné')).toBeNull();
    expect(checkFirstname('')).toBe('Saisissez le prénom');
    expect(checkFirstname('Aya')).toBeNull();
  });

  it('a date is not in the future, nor before 1900', () => {
    expect(checkPastDate(dayjs('2026-06-16'), today)).toBe('La date ne peut pas être dans le futur');
    expect(checkPastDate(dayjs('2026-06-15'), today)).toBeNull();
    expect(checkPastDate(dayjs('1899-12-31'), today)).toBe('La date est antérieure à 1900 : vérifiez-la');
    expect(checkPastDate(null, today)).toBeNull();
    expect(checkPastDate(undefined, today)).toBeNull();
  });

  it('membership does not precede birth', () => {
    expect(checkMembershipDate(dayjs('2000-01-01'), dayjs('2001-01-01'), today)).toBe(
      "La date d'adhésion ne peut pas précéder la date de naissance",
    );
    expect(checkMembershipDate(dayjs('2020-01-01'), dayjs('2001-01-01'), today)).toBeNull();
    expect(checkMembershipDate(dayjs('2027-01-01'), null, today)).toBe('La date ne peut pas être dans le futur');
    expect(checkMembershipDate(null, dayjs('2001-01-01'), today)).toBeNull();
  });

  it('a spouse or a child names its main member', () => {
    expect(checkMainMember('spouse', null)).toBe("Choisissez l'adhérent principal");
    expect(checkMainMember('child', undefined)).toBe("Choisissez l'adhérent principal");
    expect(checkMainMember('child', 12)).toBeNull();
    expect(checkMainMember('main', null)).toBeNull();
  });
});

describe('photo checks', () => {
  it('JPEG, PNG or WebP only', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkPhotoFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkPhotoFile({ type: 'image/webp', size: 1000 })).toBeNull();
    expect(checkPhotoFile({ type: 'image/gif', size: 1000 })).toBe('Choisissez une image JPEG, PNG ou WebP.');
    expect(checkPhotoFile({ type: 'application/pdf', size: 1000 })).toBe('Choisissez une image JPEG, PNG ou WebP.');
    expect(checkPhotoFile({ type: '', size: 1000 })).not.toBeNull();
  });

  it('at most 8 Mo, and not empty', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(checkPhotoFile({ type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 })).toBe(
      'La photo dépasse 8 Mo : choisissez une image plus légère.',
    );
    expect(checkPhotoFile({ type: 'image/png', size: 0 })).toBe('Ce fichier est vide.');
  });

  it('a large crop is scaled down to 1,024 pixels a side, a small one kept', () => {
    expect(outputSize({ width: 1500, height: 2000 })).toEqual({ width: 768, height: 1024 });
    expect(outputSize({ width: 300, height: 400 })).toEqual({ width: 300, height: 400 });
  });

  it('every camera failure says why in French', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(cameraErrorMessage(named('NotFoundError'))).toBe("Aucune caméra n'est disponible sur cet ordinateur.");
    expect(cameraErrorMessage(named('OverconstrainedError'))).toBe(
      "Aucune caméra n'est disponible sur cet ordinateur.",
    );
    expect(cameraErrorMessage(named('NotAllowedError'))).toBe(
      "L'accès à la caméra a été refusé : autorisez-le dans le navigateur.",
    );
    expect(cameraErrorMessage(named('NotReadableError'))).toBe(
      'La caméra est déjà utilisée par une autre application.',
    );
    expect(cameraErrorMessage('?')).toBe("Aucune caméra n'est disponible sur cet ordinateur.");
  });
});
