// The checks a delivery's proof passes in the browser before it is sent; the server checks the content
// again (a photo, JPEG or PNG, or a PDF of the signed slip, at most 10 MB).
import { fr } from '../../shared/locale/fr';

export const PROOF_ACCEPT = '.jpg,.jpeg,.png,.pdf';

const PROOF_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'application/pdf'];

/** The server's bound: 10 MB. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;

/** A file's type, or its name's when the browser gives none. */
function typeOf(file: { type: string; name: string }): string {
  if (file.type) return file.type;
  if (/\.jpe?g$/iu.test(file.name)) return 'image/jpeg';
  if (/\.png$/iu.test(file.name)) return 'image/png';
  if (/\.pdf$/iu.test(file.name)) return 'application/pdf';
  return '';
}

export function checkProofFile(file: { type: string; name: string; size: number }): string | null {
  const text = fr.deliveries.proofRules;
  if (!PROOF_TYPES.includes(typeOf(file))) return text.badType;
  if (file.size === 0) return text.empty;
  if (file.size > PROOF_MAX_BYTES) return text.tooLarge;
  return null;
}
