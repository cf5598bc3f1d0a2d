// The "Paiements à attribuer" tab: the payments of imported statements whose phone number is no member's,
// oldest first, paged by the server. Those who may write assign each to the member who paid (on the central
// server: on a field laptop the button shows disabled, saying so).
import { UserAddOutlined } from '@ant-design/icons';
import { Button, Empty, Table, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { useCentralRight } from '../../app/useCentralRight';
import { DEFAULT_LIST_LIMIT, LIST_PAGE_SIZES } from '../../shared/constants';
import { formatCount } from '../../shared/format/count';
import { formatDate, formatDateTime } from '../../shared/format/date';
import { tableWidth, useTableHeight } from '../../shared/list/tableSize';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import { formatAmount } from './format';
import { useUnmatchedList, type UnmatchedPayment } from './statementApi';
import UnmatchedAssignModal from './UnmatchedAssignModal';

const text = fr.transactions;

export default function UnmatchedList() {
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_LIST_LIMIT });
  const answer = useUnmatchedList(paging.page, paging.pageSize);
  const writeRight = useCentralRight('cards', 'write');
  const [assigning, setAssigning] = useState<UnmatchedPayment | null>(null);
  const tableRef = useScrollRegion(text.unmatched.tableLabel);
  // Below the tabs and the introduction.
  const height = useTableHeight(420);
  const total = answer.data?.total ?? 0;

  // Every column has a width: the virtual table needs them to lay rows out.
  const columns: NonNullable<TableProps<UnmatchedPayment>['columns']> = [
    {
      title: text.fields.transaction_date,
      dataIndex: 'transaction_date',
      width: 120,
      render: (value: string) => formatDate(value),
    },
    {
      title: text.fields.transaction_amount,
      dataIndex: 'transaction_amount',
      width: 150,
      align: 'right',
      render: (value: number) => formatAmount(value),
    },
    { title: text.fields.transaction_mobileOperator, dataIndex: 'transaction_mobileOperator', width: 160 },
    { title: text.fields.transaction_number, dataIndex: 'transaction_number', width: 200, ellipsis: true },
    { title: text.unmatched.phone, dataIndex: 'phone_number', width: 170 },
    {
      title: text.unmatched.importedAt,
      dataIndex: 'imported_at',
      width: 160,
      render: (value: string) => formatDateTime(value),
    },
    { title: text.unmatched.importedBy, dataIndex: 'imported_by_user', width: 140 },
  ];
  columns.push({
    title: fr.records.actions,
    key: 'actions',
    width: 150,
    fixed: 'right',
    render: (_: unknown, row: UnmatchedPayment) => (
      <Permitted right={writeRight}>
        <Button
          icon={<UserAddOutlined />}
          aria-label={text.unmatched.assignName(row.transaction_number)}
          onClick={() => setAssigning(row)}
        >
          {text.unmatched.assign}
        </Button>
      </Permitted>
    ),
  });

  return (
    <>
      <Typography.Paragraph>{text.unmatched.intro}</Typography.Paragraph>
      <Table<UnmatchedPayment>
        ref={tableRef}
        virtual
        size="small"
        rowKey="unmatched_id"
        columns={columns}
        dataSource={answer.data?.data ?? []}
        loading={answer.isFetching}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.unmatched.none} /> }}
        onChange={(pagination) =>
          setPaging((current) => ({
            page: pagination.pageSize !== current.pageSize ? 1 : (pagination.current ?? 1),
            pageSize: pagination.pageSize ?? current.pageSize,
          }))
        }
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total,
          pageSizeOptions: LIST_PAGE_SIZES,
          showSizeChanger: true,
          showTotal: () => text.unmatched.total(formatCount(total), total),
        }}
        scroll={{ x: tableWidth(columns), y: height }}
      />
      {assigning && <UnmatchedAssignModal payment={assigning} onClose={() => setAssigning(null)} />}
    </>
  );
}
