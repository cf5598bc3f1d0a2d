// The "Paiements" tab: every payment in a virtual table read by keyset pages of 2,000 rows as the user
// scrolls down, sorted by the server, the total approximate beyond what the server counts exactly; a search
// by the operator's number (of one operator or of all) shows the payments found instead. Create and edit in
// a modal; delete with a reason, the payment then kept struck through as cancelled. A payment a card used is
// neither changed nor deleted; read-only for viewers. "Importer un relevé" records an operator's statement.
// On a field laptop the payments are the central server's: read there, the buttons saying so. Opened from
// the home page's « Paiements sans carte » (`?spendable=true`), the list keeps the payments a card may
// still spend, said by a tag whose cross shows them all again. The columns fit the screen: at 1,440 pixels
// all of them, the actions' words whole; narrower, the type then the operator wait in « Colonnes ».
import { UploadOutlined } from '@ant-design/icons';
import { Button, Select, Table } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCentralRight } from '../../app/useCentralRight';
import { DEFAULT_LIST_LIMIT } from '../../shared/constants';
import ExportButton from '../../shared/export/ExportButton';
import { exportQuery } from '../../shared/export/lists';
import { formatCount, formatTotal } from '../../shared/format/count';
import KeysetFooter from '../../shared/list/KeysetFooter';
import ListToolbar from '../../shared/list/ListToolbar';
import Permitted from '../../shared/rights/Permitted';
import { actionsColumn } from '../../shared/list/actionsColumn';
import { useColumnChooser } from '../../shared/list/useColumnChooser';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { useServerList } from '../../shared/list/useServerList';
import { useTableHeight } from '../../shared/list/tableSize';
import { fr } from '../../shared/locale/fr';
import { HOME_PARAMS, parseTrue } from '../home/homeLinks';
import UrlFilterTag from '../../shared/list/UrlFilterTag';
import { useUrlFilter } from '../../shared/list/useUrlFilter';
import {
  TRANSACTION_SORTABLE,
  transactionListFilters,
  useOperators,
  useTransactionPages,
  useTransactionSearch,
  type Transaction,
  type TransactionListParams,
  type TransactionSortField,
} from './api';
import { operatorOptions } from './operators';
import StatementImportModal from './StatementImportModal';
import {
  TRANSACTION_DROP_ORDER,
  TRANSACTION_LOCKED,
  transactionColumns,
  transactionRowClass,
  unsorted,
} from './transactionColumns';
import TransactionCancelModal from './TransactionCancelModal';
import TransactionFormModal, { type TransactionFormTarget } from './TransactionFormModal';

const text = fr.transactions;

/** The address keeps this tab's search (a payment's number) apart from the cards'. */
const PAYMENT_FILTER_PARAM = 'paymentFilter';

export default function TransactionList() {
  const [searchParams] = useSearchParams();
  const list = useServerList<Transaction, TransactionSortField, TransactionListParams>(
    // The latest payments first; keyset pages: the page number stays 1, the page size is that of every page.
    {
      page: 1,
      pageSize: DEFAULT_LIST_LIMIT,
      orderBy: 'transaction_id',
      descending: true,
      filter: '',
      memberId: null,
      spendable: parseTrue(searchParams.get(HOME_PARAMS.spendable)),
    },
    TRANSACTION_SORTABLE,
  );
  const spendable = useUrlFilter(HOME_PARAMS.spendable, parseTrue, (value) => list.setFilters({ spendable: value }));
  const [number, setNumber] = useState(() => searchParams.get(PAYMENT_FILTER_PARAM) ?? '');
  const [operator, setOperator] = useState<string | null>(null);
  const search = number ? { number, operator: operator ?? '' } : null;
  const found = useTransactionSearch(search);
  const operators = useOperators();
  const [cancelling, setCancelling] = useState<Transaction | null>(null);
  const closeCancel = useCallback(() => setCancelling(null), []);
  const writeRight = useCentralRight('cards', 'write');
  const deleteRight = useCentralRight('cards', 'delete');
  const [target, setTarget] = useState<TransactionFormTarget | null>(null);
  const closeForm = useCallback(() => setTarget(null), []);
  const [importing, setImporting] = useState(false);
  const closeImport = useCallback(() => setImporting(false), []);
  // Below the tabs.
  // The filter's tag, when shown, takes its line above the table.
  const height = useTableHeight(list.params.spendable ? 436 : 390);
  const tableRef = useScrollRegion(text.tableLabel);
  const payments = useTransactionPages(list.params, tableRef, search === null);
  const totalText = text.total(formatTotal(payments.total, payments.totalExact), payments.total);
  const foundTotal = found.data?.total ?? 0;

  const allColumns = transactionColumns(search ? unsorted : list.sortable);
  // A role that may not change payments sees the buttons disabled, with who may.
  allColumns.push(
    actionsColumn<Transaction>(
      (row) =>
        // A payment a card used, or one cancelled, stays as it is (the server refuses too).
        row.transaction_isUsedForCard || row.transaction_cancelledAt
          ? null
          : {
              name: row.transaction_number,
              confirm: text.confirmDelete,
              onEdit: () => setTarget({ kind: 'edit', id: row.transaction_id!, number: row.transaction_number }),
              onDeleteAsk: () => setCancelling(row),
              editRight: writeRight,
              deleteRight,
            },
      { compact: true },
    ),
  );
  const { wrapper, columns, width, chooser } = useColumnChooser<Transaction>({
    storageKey: 'payments',
    columns: allColumns,
    dropOrder: TRANSACTION_DROP_ORDER,
    locked: TRANSACTION_LOCKED,
    // The virtual table's scroll bar floats over its rows: the columns may take the whole width.
    reserved: 4,
    // The toolbar holds the search, the operator, the import, the export and the new payment on one line.
    compact: true,
  });

  return (
    <>
      <ListToolbar
        urlKey={PAYMENT_FILTER_PARAM}
        searchLabel={text.search}
        onSearch={setNumber}
        addLabel={text.add}
        onAdd={() => setTarget({ kind: 'create' })}
        addRight={writeRight}
      >
        <Select<string | null>
          value={operator}
          onChange={(value) => setOperator(value ?? null)}
          options={operatorOptions(operators.data ?? [])}
          loading={operators.isPending}
          allowClear
          placeholder={text.allOperators}
          aria-label={text.filterOperator}
          style={{ width: 200 }}
        />
        {chooser}
        <Permitted right={writeRight}>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {text.statement.open}
          </Button>
        </Permitted>
        <ExportButton
          list="transaction"
          filters={exportQuery(list.params, transactionListFilters(list.params))}
          empty={payments.total === 0}
          // The export gives the list and its filters back, not a search by an operator's number.
          disabledReason={search ? fr.exports.searchOnly : undefined}
        />
      </ListToolbar>
      <UrlFilterTag label={list.params.spendable ? fr.urlFilters.spendable : ''} onRemove={spendable.clear} />
      <div ref={wrapper}>
        <Table<Transaction>
          ref={tableRef}
          virtual
          size="small"
          rowKey="transaction_id"
          columns={columns}
          rowClassName={transactionRowClass}
          dataSource={(search ? found.data?.data : payments.rows) ?? []}
          loading={search ? found.isFetching : payments.loading}
          onChange={search ? undefined : list.onChange}
          onScroll={search ? undefined : payments.onScroll}
          pagination={false}
          footer={() =>
            search ? (
              text.found(formatCount(foundTotal), foundTotal, search.number)
            ) : (
              <KeysetFooter total={totalText} loadingMore={payments.loadingMore} />
            )
          }
          scroll={{ x: width, y: height }}
        />
      </div>
      {target && <TransactionFormModal target={target} onClose={closeForm} />}
      {cancelling && <TransactionCancelModal transaction={cancelling} onClose={closeCancel} />}
      {importing && <StatementImportModal onClose={closeImport} />}
    </>
  );
}
