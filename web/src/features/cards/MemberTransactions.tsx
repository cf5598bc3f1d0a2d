// A member's payments, in the "Paiements" tab of its drawer: read only, paged and sorted by the server;
// "Nouveau paiement" opens the payment form with the member already chosen (not on a field laptop, whose
// payments are the central server's: the button says so).
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Table } from 'antd';
import { useCallback, useState } from 'react';
import { useCentralRight } from '../../app/useCentralRight';
import type { Option } from '../../shared/form/RemoteSelect';
import { formatCount } from '../../shared/format/count';
import { useServerList } from '../../shared/list/useServerList';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import {
  TRANSACTION_SORTABLE,
  useTransactionList,
  type Transaction,
  type TransactionListParams,
  type TransactionSortField,
} from './api';
import { transactionColumns, transactionRowClass } from './transactionColumns';
import TransactionFormModal from './TransactionFormModal';

const PAGE_SIZES = [20, 50, 100];
const text = fr.transactions;

/** `member` names the member in the form ("Awa Kouassi (C000001234)"). */
export default function MemberTransactions({ member }: { member: Option }) {
  const list = useServerList<Transaction, TransactionSortField, TransactionListParams>(
    { page: 1, pageSize: 20, orderBy: 'transaction_date', descending: true, filter: '', memberId: member.value },
    TRANSACTION_SORTABLE,
  );
  const answer = useTransactionList(list.params);
  const writeRight = useCentralRight('cards', 'write');
  const [adding, setAdding] = useState(false);
  const closeForm = useCallback(() => setAdding(false), []);
  const total = answer.data?.total ?? 0;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Permitted right={writeRight}>
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {text.add}
          </Button>
        </Permitted>
      </div>
      <Table<Transaction>
        rowKey="transaction_id"
        size="small"
        columns={transactionColumns(list.sortable, { withMember: false })}
        rowClassName={transactionRowClass}
        dataSource={answer.data?.data ?? []}
        loading={answer.isFetching}
        onChange={list.onChange}
        pagination={list.pagination(total, () => text.total(formatCount(total), total), PAGE_SIZES)}
        locale={{ emptyText: text.memberNone }}
      />
      {adding && <TransactionFormModal target={{ kind: 'create', member }} onClose={closeForm} />}
    </Space>
  );
}
