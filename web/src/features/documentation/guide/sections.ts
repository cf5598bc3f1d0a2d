// The user guide's sections, in the order of the side menu: the sign-in page and the home page first.
import { administrationSections } from './administration';
import { cardSections } from './cards';
import { geographySections } from './geography';
import { helpSections } from './help';
import { memberSections } from './members';
import { reportSections } from './reports';
import { startSections } from './start';
import { synchronizationSections } from './synchronization';
import type { GuideSection } from './types';

export const guideSections: readonly GuideSection[] = [
  ...startSections,
  ...memberSections,
  ...cardSections,
  ...geographySections,
  ...reportSections,
  ...synchronizationSections,
  ...administrationSections,
  ...helpSections,
];

/** The paths of `screens` that have no section in `sections`: the guide test fails on any. */
export function missingSections(screens: readonly { path: string }[], sections: readonly GuideSection[]): string[] {
  const documented = new Set(sections.map((section) => section.path));
  return screens.map((screen) => screen.path).filter((path) => !documented.has(path));
}

/** A section's anchor in the page: `guide-adherents`. */
export function sectionId(section: GuideSection): string {
  return `guide-${section.screenshot}`;
}

/** The screenshot's address: web/public/guide/<name>.png, served beside the application. */
export function screenshotUrl(section: GuideSection): string {
  return `${import.meta.env.BASE_URL}guide/${section.screenshot}.png`;
}
