import { frShell as fr } from './locale/frShell';

/** The document title of a screen: `<screen> | Sésame`, or the product name alone. */
export function documentTitle(screen?: string | null): string {
  const name = screen?.trim();
  return name ? `${name} | ${fr.app.name}` : fr.app.name;
}
