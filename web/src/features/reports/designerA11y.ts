// The @pdfme designer draws a few controls without an accessible name (icon-only buttons) and its element
// buttons inside draggable handles (a control within a control). Until it names them itself, they are
// named here in French: each button from the title its icon carries, else from what it does; an element's
// draggable handle becomes a group around its button, which stays the control.
import { reportsText } from './fr';

const names = reportsText.designer.controls;

/** The name of an unnamed button, from its classes or the title inside it; `null`: it has one. */
export function buttonName(button: {
  className: string;
  textContent: string | null;
  ariaLabel: string | null;
  innerTitle: string | null;
  /** The classes of its icon. */
  iconClass?: string;
  /** The text of the row it sits in (a field of the list of fields). */
  rowText?: string;
  id?: string;
}): string | null {
  if (button.ariaLabel || (button.textContent ?? '').trim() !== '') return null;
  const icon = button.iconClass ?? '';
  if (icon.includes('grip')) return names.reorder(button.rowText?.trim() ?? '');
  if (button.innerTitle) return button.innerTitle;
  if (button.id && button.id in names.align) return names.align[button.id as keyof typeof names.align];
  if (icon.includes('lucide-menu')) return names.back;
  if (icon.includes('lucide-x')) return names.remove;
  if (button.className.includes('sidebar-toggle')) return names.sidebar;
  if (button.className.includes('context-menu') || button.className.includes('dropdown-trigger')) return names.more;
  return null;
}

/** The text's format buttons, in the order the designer draws them (its text element's panel). */
const FORMAT_BUTTONS = names.format;

function nameControls(root: HTMLElement) {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button:not([aria-label])')) {
    const name = buttonName({
      className: button.className,
      textContent: button.textContent,
      ariaLabel: button.getAttribute('aria-label'),
      innerTitle: button.querySelector('[title]')?.getAttribute('title') ?? null,
      iconClass: button.querySelector('svg')?.getAttribute('class') ?? '',
      rowText: button.closest('li')?.textContent ?? '',
      id: button.id,
    });
    if (name) button.setAttribute('aria-label', name);
  }
  // The format buttons show only an image each: named by their place in the row.
  for (const group of root.querySelectorAll<HTMLElement>('.ant-space-compact')) {
    const buttons = [...group.querySelectorAll<HTMLButtonElement>(':scope > button')];
    if (buttons.length !== FORMAT_BUTTONS.length || !buttons.every((button) => button.querySelector('img'))) continue;
    buttons.forEach((button, index) => {
      if (!button.getAttribute('aria-label')) button.setAttribute('aria-label', FORMAT_BUTTONS[index]);
      button.setAttribute('aria-pressed', String(button.className.includes('ant-btn-primary')));
    });
  }
  // A checkbox is named by its field's label.
  for (const box of root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:not([aria-label])')) {
    if (box.labels?.length && [...box.labels].some((label) => (label.textContent ?? '').trim() !== '')) continue;
    const label = box.closest('.ant-form-item')?.querySelector('.ant-form-item-label')?.textContent?.trim();
    const name = label || names.checkbox[box.id as keyof typeof names.checkbox];
    if (name) box.setAttribute('aria-label', name);
  }
  // A select's own box is no field: « required » is said by its input.
  for (const select of root.querySelectorAll<HTMLElement>('.ant-select[aria-required]')) {
    select.removeAttribute('aria-required');
  }
  // A handle holding a button is a group around it: the button inside is the control.
  for (const handle of root.querySelectorAll<HTMLElement>('[aria-roledescription="draggable"][role="button"]')) {
    if (handle.querySelector('button')) handle.setAttribute('role', 'group');
  }
}

/** Names the designer's controls in `root` now and as it draws new ones; returns the stop. */
export function nameDesignerControls(root: HTMLElement): () => void {
  nameControls(root);
  // Once per frame at most: dragging an element changes many classes.
  let frame = 0;
  const observer = new MutationObserver(() => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      nameControls(root);
    });
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}

/** The attribute that carries an element's field's French name in the designer's list of elements. */
export const FIELD_LABEL_ATTRIBUTE = 'data-field-label';

/**
 * Gives each element of the designer's list of elements in `root` the French name of the field it prints
 * (`labelOf`: « Nom » for `card_lastname`, `null` for none), now and as the list changes: an attribute
 * that the designer's own rendering does not touch, shown before the element's name by a style rule.
 * Returns the stop.
 */
export function labelDesignerFields(root: HTMLElement, labelOf: (name: string) => string | null): () => void {
  const label = () => {
    for (const name of root.querySelectorAll<HTMLElement>('li span.ant-typography')) {
      const field = labelOf((name.textContent ?? '').trim());
      if (field === null) name.removeAttribute(FIELD_LABEL_ATTRIBUTE);
      else if (name.getAttribute(FIELD_LABEL_ATTRIBUTE) !== field) name.setAttribute(FIELD_LABEL_ATTRIBUTE, field);
    }
  };
  label();
  let frame = 0;
  const observer = new MutationObserver(() => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      label();
    });
  });
  // An element renamed changes the text of its row only.
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}
