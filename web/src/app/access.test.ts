// The web reads the role matrix generated from `common::roles` (roleMatrix.json, `make openapi`): these are
// the facts the Rust unit tests of services/common/src/roles.rs check, seen through access.ts.
import { describe, expect, it } from 'vitest';
import { fr } from '../shared/locale/fr';
import { ROLES } from '../shared/roles';
import {
  CARDS_CANCEL,
  CARDS_WRITE,
  GEOGRAPHY_DELETE,
  GEOGRAPHY_WRITE,
  MEMBERS_WRITE,
  may,
  type Access,
  type Area,
} from './access';
import roleMatrix from './roleMatrix.json';

const ACCESSES: readonly Access[] = ['read', 'write', 'delete'];
const AREAS = roleMatrix.areas as Area[];

describe('the role matrix', () => {
  it('has the roles and French names the web knows', () => {
    expect(roleMatrix.roles).toEqual(ROLES);
    expect(roleMatrix.labels).toEqual(fr.roles);
    expect(roleMatrix.accesses).toEqual(ACCESSES);
  });

  it('lets only admin manage users', () => {
    for (const role of ROLES) {
      for (const access of ACCESSES) expect(may(role, 'users', access), `${role} ${access}`).toBe(role === 'admin');
    }
  });

  it('keeps card cancellation from agents', () => {
    expect(may('agent', 'cardCancellation', 'delete')).toBe(false);
    expect(may('agent', 'cards', 'delete')).toBe(true);
    expect(CARDS_CANCEL).toEqual(['admin', 'manager']);
    expect(CARDS_WRITE).toEqual(['admin', 'manager', 'agent']);
  });

  it('lets viewer only read', () => {
    for (const area of AREAS) {
      expect(may('viewer', area, 'write'), area).toBe(false);
      expect(may('viewer', area, 'delete'), area).toBe(false);
    }
    expect(may('viewer', 'members', 'read')).toBe(true);
    expect(MEMBERS_WRITE).not.toContain('viewer');
  });

  it('lets agent change the geography but not delete it', () => {
    expect(GEOGRAPHY_WRITE).toEqual(['admin', 'manager', 'agent']);
    expect(GEOGRAPHY_DELETE).toEqual(['admin', 'manager']);
  });

  it('refuses a role it does not know', () => {
    expect(may(undefined, 'members', 'read')).toBe(false);
    expect(may('root', 'members', 'read')).toBe(false);
    expect(may('constructor', 'members', 'read')).toBe(false);
  });
});
