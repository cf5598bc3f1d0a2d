// What a payment is for: the login parameter `transaction_types` (`carte=Carte de membre, cotisation=
// Cotisation`, as the server reads it; a type without `=` is its own label), or the server's defaults when
// it is not set. The value is written; the label is shown.

export const TYPES_PARAM = 'transaction_types';

export interface PaymentType {
  value: string;
  label: string;
}

export const DEFAULT_TYPES: readonly PaymentType[] = [
  { value: 'carte', label: 'Carte de membre' },
  { value: 'cotisation', label: 'Cotisation' },
  { value: 'autre', label: 'Autre' },
];

export function parsePaymentTypes(setting: string | null | undefined): PaymentType[] {
  const listed = (setting ?? '')
    .split(/[,;\n]/u)
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const [value, label] = item.includes('=') ? item.split('=', 2) : [item, item];
      return { value: value.trim(), label: label.trim() };
    });
  return listed.length > 0 ? listed : [...DEFAULT_TYPES];
}

/** The label of `value`; a value written before the list was kept (free text) is shown as it is. */
export function paymentTypeLabel(types: readonly PaymentType[], value: string | null | undefined): string {
  return types.find((type) => type.value === value)?.label ?? value ?? '';
}

/** The select's choices: the types, and the one a payment already names if the list does not. */
export function paymentTypeOptions(types: readonly PaymentType[], current?: string | null) {
  const known = current && !types.some((type) => type.value === current);
  return [...types, ...(known ? [{ value: current, label: current }] : [])];
}
