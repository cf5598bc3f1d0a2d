// The reason a disabled button gives is built from the generated matrix: the roles that may, in French.
import { describe, expect, it } from 'vitest';
import { isReadOnly, reservedTo, rightOf } from './useRight';

describe('rights', () => {
  it('names the roles that may, in the plural', () => {
    expect(reservedTo('cardCancellation', 'delete')).toBe('Réservé aux administrateurs et gestionnaires');
    expect(reservedTo('geography', 'delete')).toBe('Réservé aux administrateurs et gestionnaires');
    expect(reservedTo('members', 'write')).toBe('Réservé aux administrateurs, gestionnaires et agents');
    expect(reservedTo('users', 'write')).toBe('Réservé aux administrateurs');
  });

  it('gives no reason for what the role may do', () => {
    expect(rightOf('agent', 'cards', 'write')).toEqual({ allowed: true, reason: '' });
    expect(rightOf('agent', 'cardCancellation', 'delete')).toEqual({
      allowed: false,
      reason: 'Réservé aux administrateurs et gestionnaires',
    });
    expect(rightOf(undefined, 'members', 'read').allowed).toBe(false);
  });

  it('calls read-only what the role reads but may not change', () => {
    expect(isReadOnly('viewer', 'members')).toBe(true);
    expect(isReadOnly('agent', 'reports')).toBe(true);
    expect(isReadOnly('agent', 'geography')).toBe(false);
    expect(isReadOnly('sync', 'members')).toBe(false);
  });
});
