// antd's tables scroll their body (a fixed header, or columns wider than the screen) in a div of their
// own, which the keyboard cannot reach when no row holds a link or a button (an empty list, a preview):
// that div is made a named region that takes the focus, so the arrow keys scroll it (WCAG 2.1.1).
import type { TableRef } from 'antd';
import { useEffect, useRef } from 'react';

/** A ref to give the table; `label` names the region for screen readers. */
export function useScrollRegion(label: string) {
  const table = useRef<TableRef>(null);
  useEffect(() => {
    // After every render: antd may have replaced the body since.
    const body = table.current?.nativeElement.querySelector<HTMLElement>('.ant-table-body');
    if (!body) return;
    body.tabIndex = 0;
    body.setAttribute('role', 'region');
    body.setAttribute('aria-label', label);
  });
  return table;
}
