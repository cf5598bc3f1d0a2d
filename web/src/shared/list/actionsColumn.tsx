// The last column of a list a role may change: each row's edit and delete buttons (none for a row that
// `actions` says may not be changed). `compact`: their words alone, as links, in a narrower column, for a
// list of many columns.
import type { TableColumnType } from 'antd';
import { fr } from '../locale/fr';
import RowActions, { type RowActionsProps } from './RowActions';

/** The compact actions' column: about 142 pixels of words (Chromium, the default fonts) and the cell's padding. */
const COMPACT_WIDTH = 160;

export function actionsColumn<T>(
  actions: (row: T) => RowActionsProps | null,
  { compact = false }: { compact?: boolean } = {},
): TableColumnType<T> {
  return {
    title: fr.records.actions,
    key: 'actions',
    // « Modifier » and « Supprimer » side by side, whole.
    width: compact ? COMPACT_WIDTH : 240,
    fixed: 'right',
    render: (_: unknown, row: T) => {
      const props = actions(row);
      return props && <RowActions compact={compact} {...props} />;
    },
  };
}
