import { afterEach, describe, expect, it } from 'vitest';
import { loadTrust, readTrust, saveTrust, TRUST_STORAGE_KEY, type Trust } from './trust';

const TRUST: Trust = {
  key: { publicKeyHex: 'ab'.repeat(32), issuer: 'Sésame' },
  revoked: ['K000000001'],
  savedAt: '2026-11-23T10:00:00.000Z',
};

afterEach(() => window.localStorage.clear());

describe('the kept card key and revoked cards', () => {
  it('are kept and read back', () => {
    expect(readTrust()).toBeNull();
    saveTrust(TRUST);
    expect(readTrust()).toEqual(TRUST);
  });

  it('are ignored when unreadable', () => {
    window.localStorage.setItem(TRUST_STORAGE_KEY, '{');
    expect(readTrust()).toBeNull();
    window.localStorage.setItem(TRUST_STORAGE_KEY, JSON.stringify({ ...TRUST, revoked: [1] }));
    expect(readTrust()).toBeNull();
  });

  it("are the server's when it answers, the kept ones (offline) when it does not", async () => {
    const fresh = { ...TRUST, revoked: [] };
    await expect(loadTrust(() => Promise.resolve(fresh))).resolves.toEqual({ ...fresh, offline: false });
    const down = () => Promise.reject(new Error('réseau'));
    await expect(loadTrust(down)).rejects.toThrow('réseau');
    saveTrust(TRUST);
    await expect(loadTrust(down)).resolves.toEqual({ ...TRUST, offline: true });
  });
});
