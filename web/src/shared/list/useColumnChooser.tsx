// A list that fits its screen: the columns that do not fit the table's width are left out, the least
// needed first (the row's drawer still shows them), and « Colonnes » lets the user tick or untick any of
// them; their choice is remembered in the browser. The column that opens a row stays.
import type { TableColumnType } from 'antd';
import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import ColumnChooser from './ColumnChooser';
import { choose, hiddenColumns, parseChoice, type ColumnChoice } from './columnFit';

interface Options<T> {
  /** Names the choice in the browser's storage. */
  storageKey: string;
  /** Each with a width and a key (or a dataIndex). */
  columns: readonly TableColumnType<T>[];
  /** The columns left out first when the table is too narrow. */
  dropOrder: readonly string[];
  /** The columns always shown (the one that opens a row, the actions). */
  locked?: readonly string[];
  /** The pixels of the table's width that no column takes (its vertical scroll bar, a selection column). */
  reserved?: number;
  /** « Colonnes » as its icon alone (a toolbar already full). */
  compact?: boolean;
}

/** A column's id: its key, or its dataIndex. */
export function columnId<T>(column: TableColumnType<T>): string {
  return String(column.key ?? column.dataIndex);
}

function stored(key: string): ColumnChoice {
  try {
    return parseChoice(window.localStorage.getItem(key));
  } catch {
    return parseChoice(null);
  }
}

export function useColumnChooser<T>({
  storageKey,
  columns,
  dropOrder,
  locked = [],
  reserved = 16,
  compact = false,
}: Options<T>) {
  const key = `sesame.columns.${storageKey}`;
  // The element around the table, whose width is measured (a callback ref: given once mounted).
  const [element, wrapper] = useState<HTMLDivElement | null>(null);
  const [available, setAvailable] = useState(0);
  const [choice, setChoice] = useState<ColumnChoice>(() => stored(key));

  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setAvailable(Math.floor(element.getBoundingClientRect().width) - reserved);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, reserved]);

  const hidden = useMemo(
    () =>
      hiddenColumns(
        columns.map((column) => ({
          id: columnId(column),
          width: typeof column.width === 'number' ? column.width : 0,
          locked: locked.includes(columnId(column)),
        })),
        choice,
        dropOrder,
        available,
      ),
    [columns, choice, dropOrder, locked, available],
  );
  const visible = columns.filter((column) => !hidden.has(columnId(column)));
  const width = visible.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);

  function toggle(id: string, show: boolean) {
    const next = choose(choice, id, show);
    setChoice(next);
    try {
      window.localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // A browser that stores nothing keeps the choice until the page closes.
    }
  }

  const chooser = (
    <ColumnChooser
      options={columns
        .filter((column) => !locked.includes(columnId(column)))
        .map((column) => ({
          id: columnId(column),
          title: column.title as ReactNode,
          shown: !hidden.has(columnId(column)),
        }))}
      onToggle={toggle}
      compact={compact}
    />
  );
  return { wrapper, columns: visible, width, chooser };
}
