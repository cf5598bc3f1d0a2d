// The payment lists' columns (the screen's list, and a member's in its drawer). Every column has a
// width: the virtual table needs them to lay rows out.
import { Tag, Tooltip, type TableProps } from 'antd';
import { formatDate, formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import type { Transaction, TransactionSortField } from './api';
import { formatAmount } from './format';
import PaymentTypeLabel from './PaymentTypeLabel';
import TransactionMember from './TransactionMember';

const text = fr.transactions;

type Sortable = (field: TransactionSortField) => {
  dataIndex: TransactionSortField;
  sorter?: boolean;
  sortOrder?: 'ascend' | 'descend' | null;
};

/** The columns of a list the server does not sort (search results). */
export const unsorted: Sortable = (field) => ({ dataIndex: field });

export const TRANSACTION_TABLE_WIDTH = 1440;

/** A cancelled payment's row is struck through (its state says who cancelled it, when and why). */
export function transactionRowClass(row: Transaction): string {
  return row.transaction_cancelledAt ? 'row-cancelled' : '';
}

export function transactionColumns(
  sortable: Sortable,
  { withMember = true }: { withMember?: boolean } = {},
): NonNullable<TableProps<Transaction>['columns']> {
  return [
    {
      title: text.fields.transaction_date,
      width: 120,
      ...sortable('transaction_date'),
      render: (value: string) => formatDate(value),
    },
    {
      title: text.fields.transaction_amount,
      width: 150,
      align: 'right',
      ...sortable('transaction_amount'),
      render: (value: number | null) => formatAmount(value),
    },
    { title: text.fields.transaction_mobileOperator, width: 160, ...sortable('transaction_mobileOperator') },
    { title: text.fields.transaction_number, width: 200, ellipsis: true, ...sortable('transaction_number') },
    ...(withMember
      ? [
          {
            title: text.fields.transaction_memberId,
            key: 'member',
            width: 280,
            ellipsis: true,
            render: (_: unknown, row: Transaction) => <TransactionMember id={row.transaction_memberId} />,
          },
        ]
      : []),
    {
      title: text.fields.transaction_type,
      dataIndex: 'transaction_type',
      width: 150,
      ellipsis: true,
      render: (value: string) => <PaymentTypeLabel value={value} />,
    },
    {
      title: text.fields.status,
      key: 'status',
      width: 200,
      render: (_: unknown, row: Transaction) =>
        row.transaction_cancelledAt ? (
          <Tooltip
            title={text.cancelledDetail(
              row.transaction_cancelledByUser,
              formatDateTime(row.transaction_cancelledAt),
              row.transaction_cancelReason,
            )}
          >
            <Tag color="red">{text.cancelled}</Tag>
          </Tooltip>
        ) : (
          row.transaction_isUsedForCard && <Tag color="green">{text.usedForCard}</Tag>
        ),
    },
  ];
}
