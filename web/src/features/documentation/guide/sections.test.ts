import { describe, expect, it } from 'vitest';
import { menuScreens } from '../../../app/screens';
import { guideSections, missingSections, screenshotUrl } from './sections';

describe('the user guide', () => {
  it('has a section for every screen of the menu and for the sign-in page', () => {
    expect(missingSections([...menuScreens, { path: '/login' }], guideSections)).toEqual([]);
  });

  it('documents no screen that does not exist, and each once', () => {
    const paths = new Set([...menuScreens.map((screen) => screen.path), '/login']);
    expect(guideSections.filter((section) => !paths.has(section.path))).toEqual([]);
    expect(new Set(guideSections.map((section) => section.path)).size).toBe(guideSections.length);
  });

  it('names a different screenshot file for each section, a plain file name', () => {
    const names = guideSections.map((section) => section.screenshot);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+$/);
  });

  it('says what each screen is for, what to do there and what to do when refused', () => {
    for (const section of guideSections) {
      expect(section.purpose, section.path).not.toBe('');
      expect(section.alt, section.path).not.toBe('');
      expect(section.steps.length, section.path).toBeGreaterThan(0);
      expect(section.refused.length, section.path).toBeGreaterThan(0);
    }
  });
});

describe('missingSections', () => {
  it('names the screens without a section', () => {
    const [first] = guideSections;
    expect(missingSections([{ path: first.path }, { path: '/nouvel-ecran' }], [first])).toEqual(['/nouvel-ecran']);
  });
});

describe('screenshotUrl', () => {
  it('is the PNG of web/public/guide served beside the application', () => {
    expect(screenshotUrl({ ...guideSections[0], screenshot: 'adherents' })).toBe('/guide/adherents.png');
  });
});
