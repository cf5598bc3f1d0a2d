// The last column of a list a role may change: each row's edit and delete buttons (none for a row that
// `actions` says may not be changed).
import type { TableColumnType } from 'antd';
import { fr } from '../locale/fr';
import RowActions, { type RowActionsProps } from './RowActions';

export function actionsColumn<T>(actions: (row: T) => RowActionsProps | null): TableColumnType<T> {
  return {
    title: fr.records.actions,
    key: 'actions',
    width: 240,
    fixed: 'right',
    render: (_: unknown, row: T) => {
      const props = actions(row);
      return props && <RowActions {...props} />;
    },
  };
}
