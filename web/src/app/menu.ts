// The screens a role may open, grouped as the side menu shows them.
import { fr } from '../shared/locale/fr';
import { canAccess } from './access';
import { menuScreens, type MenuGroup, type Screen } from './screens';

export interface MenuSection {
  group: MenuGroup | null;
  label: string | null;
  screens: Screen[];
}

export function visibleScreens(role: string | undefined): Screen[] {
  return menuScreens.filter((screen) => canAccess(role, screen.access));
}

/** Sections in the order of the groups in fr.menu; the landing page first, alone. */
export function menuSections(role: string | undefined): MenuSection[] {
  const visible = visibleScreens(role);
  const top: MenuSection = { group: null, label: null, screens: visible.filter((s) => !s.group) };
  const groups = (Object.keys(fr.menu) as MenuGroup[]).map((group) => ({
    group,
    label: fr.menu[group],
    screens: visible.filter((s) => s.group === group),
  }));
  return [top, ...groups].filter((section) => section.screens.length > 0);
}
