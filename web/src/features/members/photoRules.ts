// The checks a chosen photo passes in the browser before it is cropped and sent; the server checks the
// content again (docs/architecture.md, "Members": JPEG, PNG or WebP, at most PHOTO_MAX_BYTES).
import { fr } from '../../shared/locale/fr';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The server's default PHOTO_MAX_BYTES (8 Mio). */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

export function checkPhotoFile(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return fr.members.photo.badType;
  if (file.size > PHOTO_MAX_BYTES) return fr.members.photo.tooLarge;
  if (file.size === 0) return fr.members.photo.empty;
  return null;
}
