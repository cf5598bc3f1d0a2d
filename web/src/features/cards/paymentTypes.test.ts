import { describe, expect, it } from 'vitest';
import { DEFAULT_TYPES, parsePaymentTypes, paymentTypeLabel, paymentTypeOptions } from './paymentTypes';

describe('payment types', () => {
  it('come from the setting with their labels, or are the defaults', () => {
    expect(parsePaymentTypes(null)).toEqual(DEFAULT_TYPES);
    expect(parsePaymentTypes(' carte = Carte de membre ; don')).toEqual([
      { value: 'carte', label: 'Carte de membre' },
      { value: 'don', label: 'don' },
    ]);
  });

  it('show a free-text value written before the list as it is, and keep it as a choice', () => {
    expect(paymentTypeLabel(DEFAULT_TYPES, 'carte')).toBe('Carte de membre');
    expect(paymentTypeLabel(DEFAULT_TYPES, 'Card')).toBe('Card');
    expect(paymentTypeOptions(DEFAULT_TYPES, 'Card').at(-1)).toEqual({ value: 'Card', label: 'Card' });
    expect(paymentTypeOptions(DEFAULT_TYPES, 'carte')).toHaveLength(DEFAULT_TYPES.length);
  });
});
