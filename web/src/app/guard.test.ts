import { describe, expect, it } from 'vitest';
import { canAccess } from './access';
import { afterSignIn, loginPath } from './guard';

describe('route guard helpers', () => {
  it('remembers where the user was going', () => {
    expect(loginPath('/members')).toBe('/login?redirect=%2Fmembers');
    expect(loginPath('/members?filter=a')).toBe('/login?redirect=%2Fmembers%3Ffilter%3Da');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath()).toBe('/login');
  });

  it('goes back there after sign-in, only to a path of this application', () => {
    expect(afterSignIn('/members')).toBe('/members');
    expect(afterSignIn(null)).toBe('/');
    expect(afterSignIn('https://example.org/')).toBe('/');
    expect(afterSignIn('//example.org/')).toBe('/');
    expect(afterSignIn('/login')).toBe('/');
  });

  it('lets a role open only the screens meant for it', () => {
    expect(canAccess('admin', ['admin'])).toBe(true);
    expect(canAccess('manager', ['admin'])).toBe(false);
    expect(canAccess('viewer', undefined)).toBe(true);
    expect(canAccess(undefined, ['admin'])).toBe(false);
  });
});
