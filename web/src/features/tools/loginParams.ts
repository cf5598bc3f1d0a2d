// The login parameters the product reads (docs/api.md, loginparam), with their type and what they do, and
// the conversion between a parameter as the server keeps it and the value a form edits. Plain functions,
// tested alone.
import type { Schemas } from '../../shared/api/client';
import { fr } from '../../shared/locale/fr';

export type LoginParam = Schemas['LoginParam'];
export type ParamKind = 'string' | 'int' | 'date' | 'bool';

export interface KnownParam {
  name: string;
  kind: ParamKind;
  label: string;
  help: string;
  /** Bounds of a number. */
  min?: number;
  max?: number;
}

const text = fr.tools.params;

/** What the services read; a parameter left unset takes the default its help names. */
export const KNOWN_PARAMS: readonly KnownParam[] = [
  { name: 'card_price', kind: 'int', label: text.known.card_price, help: text.help.card_price, min: 1 },
  {
    name: 'card_validityMonths',
    kind: 'int',
    label: text.known.card_validityMonths,
    help: text.help.card_validityMonths,
    min: 1,
    max: 240,
  },
  {
    name: 'transaction_mobileOperators',
    kind: 'string',
    label: text.known.transaction_mobileOperators,
    help: text.help.transaction_mobileOperators,
  },
  { name: 'transaction_types', kind: 'string', label: text.known.transaction_types, help: text.help.transaction_types },
];

export const KIND_OPTIONS = (['string', 'int', 'date', 'bool'] as const).map((value) => ({
  value,
  label: text.kinds[value],
}));

/** The kind a stored parameter holds (the first of its values that is set); a bare name is text. */
export function kindOf(param: LoginParam | null | undefined): ParamKind {
  if (param?.loginParam_intValue != null) return 'int';
  if (param?.loginParam_dateValue != null) return 'date';
  if (param?.loginParam_boolValue != null) return 'bool';
  return 'string';
}

/** The value of `kind` a parameter holds, as its form edits it (a date as AAAA-MM-JJ). */
export function valueOf(param: LoginParam | null | undefined, kind: ParamKind): string | number | boolean | null {
  switch (kind) {
    case 'int':
      return param?.loginParam_intValue ?? null;
    case 'date':
      return param?.loginParam_dateValue ?? null;
    case 'bool':
      return param?.loginParam_boolValue ?? false;
    default:
      return param?.loginParam_stringValue ?? null;
  }
}

/** The body of post_loginParam: the name and the one value of its kind. */
export function toLoginParam(name: string, kind: ParamKind, value: unknown): LoginParam {
  const param: LoginParam = { loginParam_name: name.trim() };
  if (kind === 'int') param.loginParam_intValue = typeof value === 'number' ? value : null;
  else if (kind === 'date') param.loginParam_dateValue = typeof value === 'string' ? value : null;
  else if (kind === 'bool') param.loginParam_boolValue = value === true;
  else param.loginParam_stringValue = typeof value === 'string' ? value.trim() : null;
  return param;
}

/** A parameter's value as the table shows it, in French. */
export function shownValue(param: LoginParam | null | undefined): string {
  if (!param) return text.unset;
  const kind = kindOf(param);
  const value = valueOf(param, kind);
  if (kind === 'bool') return value ? text.yes : text.no;
  if (kind === 'int') return (value as number).toLocaleString('fr-FR');
  if (kind === 'date') return (value as string).split('-').reverse().join('/');
  return (value as string | null) ?? text.unset;
}
