// Which columns of a list show: those the user ticked in « Colonnes », never those they unticked, and of
// the others as many as fit the width the table has, the least needed leaving first. Pure, so tested alone.

export interface ColumnChoice {
  /** Ticked: shown whatever the width. */
  shown: string[];
  /** Unticked: never shown. */
  hidden: string[];
}

export interface FitColumn {
  id: string;
  width: number;
  /** Always shown (the column that opens a row, its actions), and not offered in the chooser. */
  locked?: boolean;
}

export const NO_CHOICE: ColumnChoice = { shown: [], hidden: [] };

/**
 * The ids of the columns left out: the unticked ones, then, while the columns are wider than `available`,
 * those of `dropOrder` (first listed, first to go) the user did not tick.
 */
export function hiddenColumns(
  columns: readonly FitColumn[],
  choice: ColumnChoice,
  dropOrder: readonly string[],
  available: number,
): Set<string> {
  const hidden = new Set(columns.filter((c) => !c.locked && choice.hidden.includes(c.id)).map((c) => c.id));
  const width = () => columns.reduce((sum, c) => (hidden.has(c.id) ? sum : sum + c.width), 0);
  if (available <= 0) return hidden;
  for (const id of dropOrder) {
    if (width() <= available) break;
    const column = columns.find((c) => c.id === id);
    if (!column || column.locked || choice.shown.includes(id)) continue;
    hidden.add(id);
  }
  return hidden;
}

/** The choice after the user ticked (`show`) or unticked a column. */
export function choose(choice: ColumnChoice, id: string, show: boolean): ColumnChoice {
  const shown = choice.shown.filter((other) => other !== id);
  const hidden = choice.hidden.filter((other) => other !== id);
  return show ? { shown: [...shown, id], hidden } : { shown, hidden: [...hidden, id] };
}

/** A choice read back from the browser's storage; anything else is no choice. */
export function parseChoice(text: string | null): ColumnChoice {
  try {
    const value = JSON.parse(text ?? '') as Partial<ColumnChoice>;
    const ids = (list: unknown) =>
      Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
    return { shown: ids(value.shown), hidden: ids(value.hidden) };
  } catch {
    return NO_CHOICE;
  }
}
