// The last column of a list a role may change: each row's edit and delete buttons.
import type { TableColumnType } from 'antd';
import { fr } from '../locale/fr';
import RowActions, { type RowActionsProps } from './RowActions';

export function actionsColumn<T>(actions: (row: T) => RowActionsProps): TableColumnType<T> {
  return {
    title: fr.records.actions,
    key: 'actions',
    width: 240,
    fixed: 'right',
    render: (_: unknown, row: T) => <RowActions {...actions(row)} />,
  };
}
