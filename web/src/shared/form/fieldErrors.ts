// A refused write (400) names its faulty fields: put each message under its field, as the notice
// already shows the general message.
import type { FormInstance } from 'antd';
import { ApiError } from '../api/request';

export function fieldErrorsOf(error: unknown): { name: string; errors: string[] }[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  return Object.entries(error.fields).map(([name, message]) => ({ name, errors: [message] }));
}

/**
 * Shows the field messages of `error` on `form`. `aliases` names the form field that stands for an API
 * field the form does not have as such; messages for fields the form does not have are left out.
 */
export function showFieldErrors(form: FormInstance, error: unknown, aliases: Record<string, string> = {}): void {
  const values: unknown = form.getFieldsValue(true);
  const known = new Set(typeof values === 'object' && values !== null ? Object.keys(values) : []);
  const fields = fieldErrorsOf(error)
    .map((field) => ({ ...field, name: aliases[field.name] ?? field.name }))
    .filter((field) => known.has(field.name));
  if (fields.length > 0) form.setFields(fields);
}
