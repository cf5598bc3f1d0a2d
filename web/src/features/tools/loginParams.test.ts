import { describe, expect, it } from 'vitest';
import { kindOf, shownValue, toLoginParam, valueOf } from './loginParams';

describe('login parameters in the tools screen', () => {
  it('reads the kind and the value a parameter holds', () => {
    const price = { loginParam_name: 'card_price', loginParam_intValue: 7500 };
    expect(kindOf(price)).toBe('int');
    expect(valueOf(price, 'int')).toBe(7500);
    expect(shownValue(price)).toBe((7500).toLocaleString('fr-FR'));
    const open = { loginParam_name: 'x', loginParam_boolValue: false };
    expect(kindOf(open)).toBe('bool');
    expect(shownValue(open)).toBe('Non');
    expect(shownValue({ loginParam_name: 'd', loginParam_dateValue: '2026-11-25' })).toBe('25/11/2026');
    expect(kindOf({ loginParam_name: 'empty' })).toBe('string');
    expect(shownValue(null)).toBe('Non réglé : valeur par défaut');
  });

  it('writes only the value of the chosen kind, the name and text trimmed', () => {
    expect(toLoginParam(' card_price ', 'int', 6000)).toEqual({
      loginParam_name: 'card_price',
      loginParam_intValue: 6000,
    });
    expect(toLoginParam('ops', 'string', ' Wave, Orange Money ')).toEqual({
      loginParam_name: 'ops',
      loginParam_stringValue: 'Wave, Orange Money',
    });
    expect(toLoginParam('open', 'bool', true)).toEqual({ loginParam_name: 'open', loginParam_boolValue: true });
    expect(toLoginParam('since', 'date', '2026-01-31')).toEqual({
      loginParam_name: 'since',
      loginParam_dateValue: '2026-01-31',
    });
  });
});
