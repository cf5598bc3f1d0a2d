// The size of a virtual table, which lays its rows out itself: it scrolls inside a body of fixed height,
// and each column has a fixed width, the table's width being their sum.
import { useState } from 'react';

/**
 * The body's height: the window's height as the page opens, less `reserved`, the pixels the screen shows
 * above and below the rows (menu bar, toolbar, header, pagination), and 320 pixels at least.
 */
export function useTableHeight(reserved: number): number {
  const [height] = useState(() => Math.max(320, window.innerHeight - reserved));
  return height;
}

/** The width of a table of `columns`, each of which has its width. */
export function tableWidth(columns: readonly { width?: number | string }[]): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);
}
