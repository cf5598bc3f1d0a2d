// The identity block (proto common.Identity): what a card copies of its member and shows, named once. A
// member carries each field as `member_<field>`, a card as `card_<field>` (the API's names); the member
// form's texts, the card's drawer and its correction form go through this list, and fr.ts labels each
// field once for both (`identity`). The birth date is the one date; the others are texts.
export const IDENTITY_FIELDS = ['lastname', 'firstname', 'birthDate', 'birthLocation', 'city'] as const;

export type IdentityField = (typeof IDENTITY_FIELDS)[number];
export type IdentityText = Exclude<IdentityField, 'birthDate'>;

/** The block's texts (every field but the birth date), in the block's order. */
export const IDENTITY_TEXTS = IDENTITY_FIELDS.filter((f): f is IdentityText => f !== 'birthDate');

/** The block's fields under a side's prefix (`member_city`, `card_city`). */
export function prefixed<P extends string, F extends IdentityField>(prefix: P, fields: readonly F[]): `${P}${F}`[] {
  return fields.map((field) => `${prefix}${field}` as const);
}

/** The labels of the block's fields under a side's prefix: `{ card_city: 'Ville', ... }`. */
export function prefixedLabels<P extends string>(
  prefix: P,
  labels: Record<IdentityField, string>,
): { [F in IdentityField as `${P}${F}`]: string } {
  return Object.fromEntries(IDENTITY_FIELDS.map((field) => [`${prefix}${field}`, labels[field]])) as {
    [F in IdentityField as `${P}${F}`]: string;
  };
}
