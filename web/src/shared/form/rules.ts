// Form checks as plain functions (a French message, or null when the value is fine), so that they are
// tested without antd; `asRule` turns one into an antd form rule.
import type { RuleObject } from 'antd/es/form';

export type Check = (value: unknown) => string | null;

export function asRule(check: Check): RuleObject {
  return {
    validator: (_rule, value) => {
      const message = check(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/** A text of at least `min` characters once trimmed: shorter gives `message`. */
export function minLength(min: number, message: string): Check {
  return (value) => (typeof value === 'string' && [...value.trim()].length >= min ? null : message);
}

/** A required text: empty or blank gives `message`. */
export function required(message: string): Check {
  return (value) => (typeof value === 'string' && value.trim() !== '' ? null : message);
}
