// The payment lists' columns (the screen's list, and a member's in its drawer). Every column has a
// width: the virtual table needs them to lay rows out. They are as narrow as their heading (and the usual
// values) allow, so that the list, its state and its actions fit a screen of 1,440 pixels; a longer value
// ends in « … » and shows whole in its tooltip.
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

/** What leaves the screen's list first when it is too narrow (useColumnChooser); « Colonnes » shows it. */
export const TRANSACTION_DROP_ORDER = ['transaction_type', 'transaction_mobileOperator'];
/** The payment's date, amount, number, member and state always show, with its actions. */
export const TRANSACTION_LOCKED = [
  'transaction_date',
  'transaction_amount',
  'transaction_number',
  'member',
  'status',
  'actions',
];

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
      width: 100,
      ...sortable('transaction_date'),
      render: (value: string) => formatDate(value),
    },
    {
      title: text.fields.transaction_amount,
      width: 104,
      align: 'right',
      ellipsis: true,
      ...sortable('transaction_amount'),
      render: (value: number | null) => formatAmount(value),
    },
    {
      title: text.fields.transaction_mobileOperator,
      width: 120,
      ellipsis: true,
      ...sortable('transaction_mobileOperator'),
    },
    { title: text.fields.transaction_number, width: 176, ellipsis: true, ...sortable('transaction_number') },
    ...(withMember
      ? [
          {
            title: text.fields.transaction_memberId,
            key: 'member',
            width: 160,
            ellipsis: true,
            render: (_: unknown, row: Transaction) => <TransactionMember id={row.transaction_memberId} />,
          },
        ]
      : []),
    {
      title: text.fields.transaction_type,
      dataIndex: 'transaction_type',
      // « Carte de membre », the usual type, whole.
      width: 140,
      ellipsis: true,
      render: (value: string) => <PaymentTypeLabel value={value} />,
    },
    {
      title: text.fields.status,
      key: 'status',
      // « Utilisée pour une carte », the longest state, on one line.
      width: 170,
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
