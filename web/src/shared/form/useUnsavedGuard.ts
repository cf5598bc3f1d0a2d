// The one guard of every form in a modal or a drawer: a form that differs from what it opened with asks
// « Abandonner les modifications ? » before it closes (Escape, a click outside, « Annuler »), before the
// page changes (the menu) and before the tab closes (the browser's own prompt). An unchanged form closes at
// once; saving closes without asking.
import { useCallback, useEffect, useRef, useState } from 'react';
import { registerForm, sameValues } from './unsaved';

interface Guard {
  /** Closes at once when nothing changed, else asks first. */
  requestClose: (close: () => void) => void;
  /** The question's properties: render `<UnsavedDialog {...dialog} />` with the form. */
  dialog: { open: boolean; onKeep: () => void; onDiscard: () => void };
}

/** `isDirty` tells, when asked, whether the form differs from what it opened with. */
export function useUnsavedGuard(isDirty: () => boolean): Guard {
  const latest = useRef(isDirty);
  // Once « Abandonner » was answered, the form no longer holds back the closing nor the navigation.
  const releasedRef = useRef(false);
  const [pending, setPending] = useState<{ close: () => void } | null>(null);
  useEffect(() => {
    latest.current = isDirty;
  });
  useEffect(() => registerForm(() => !releasedRef.current && latest.current()), []);

  const requestClose = useCallback((close: () => void) => {
    if (!releasedRef.current && latest.current()) setPending({ close });
    else close();
  }, []);

  const discard = useCallback(() => {
    releasedRef.current = true;
    setPending(null);
    pending?.close();
  }, [pending]);
  const keep = useCallback(() => setPending(null), []);
  const dialog = { open: pending !== null, onKeep: keep, onDiscard: discard };
  return { requestClose, dialog };
}

/** Whether an antd form's values differ from `baseline` (a field left empty equals a field never set). */
export function formChanged(form: { getFieldsValue: (all: true) => unknown }, baseline: unknown): boolean {
  return !sameValues(form.getFieldsValue(true), baseline);
}
