// The deliveries of printed cards to the field: a virtual table read by keyset pages of 2,000 rows as the
// user scrolls down, sorted by the server, searched by code and by a card or member number. "Nouvelle
// livraison" gathers printed cards; a delivery opens in a drawer that lists its cards and, while unsent,
// sends or deletes it. Those who may write check deliveries and print their slips in one PDF. Read-only for
// viewers; on a field laptop, whose cards are the central server's, the slips print but nothing else changes.
// Opened from the home page's « Livraisons en cours » (`?sent=false`), the list keeps the deliveries not
// handed over yet, said by a tag whose cross shows them all again.
import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Input, Table, Tag, Typography, type TableProps } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCentralRight } from '../../app/useCentralRight';
import { useRight } from '../../app/useRight';
import { DEFAULT_LIST_LIMIT } from '../../shared/constants';
import ExportButton from '../../shared/export/ExportButton';
import { exportQuery } from '../../shared/export/lists';
import { formatCount, formatTotal } from '../../shared/format/count';
import { formatDateTime } from '../../shared/format/date';
import KeysetFooter from '../../shared/list/KeysetFooter';
import ListToolbar, { FILTER_PARAM } from '../../shared/list/ListToolbar';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { tableWidth, useTableHeight } from '../../shared/list/tableSize';
import { useServerList } from '../../shared/list/useServerList';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import { HOME_PARAMS, parseBoolean } from '../home/homeLinks';
import UrlFilterTag from '../../shared/list/UrlFilterTag';
import { useUrlFilter } from '../../shared/list/useUrlFilter';
import {
  DELIVERY_SORTABLE,
  deliveryListFilters,
  useDeliveryList,
  useDeliverySlips,
  type Delivery,
  type DeliveryListParams,
  type DeliverySortField,
} from './api';
import DeliveryDrawer from './DeliveryDrawer';
import DeliveryFormModal from './DeliveryFormModal';

/** In the text's colour, underlined: a green link would lose its contrast under an open drawer's mask. */
const OPEN_STYLE = { padding: 0, color: 'inherit', textDecoration: 'underline' } as const;
const text = fr.deliveries;

export default function DeliveryListPage() {
  const [searchParams] = useSearchParams();
  const list = useServerList<Delivery, DeliverySortField, DeliveryListParams>(
    // The latest deliveries first; keyset pages: the page number stays 1, the page size is that of every page.
    {
      page: 1,
      pageSize: DEFAULT_LIST_LIMIT,
      orderBy: 'delivery_id',
      descending: true,
      filter: '',
      idNumber: '',
      sent: parseBoolean(searchParams.get(HOME_PARAMS.sent)),
    },
    DELIVERY_SORTABLE,
    FILTER_PARAM,
  );
  const sentFilter = useUrlFilter(HOME_PARAMS.sent, parseBoolean, (sent) => list.setFilters({ sent }));
  const writeRight = useCentralRight('cards', 'write');
  // A slip's PDF changes nothing: it prints on a field laptop too.
  const printRight = useRight('cards', 'write');
  const canPrint = printRight.allowed;
  const slips = useDeliverySlips();
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const closeForm = useCallback(() => setAdding(false), []);
  const [opened, setOpened] = useState<number | null>(null);
  const closeDrawer = useCallback(() => setOpened(null), []);
  const tableRef = useScrollRegion(text.tableLabel);
  const deliveries = useDeliveryList(list.params, tableRef);
  // Below the buttons.
  const height = useTableHeight(list.params.sent === undefined ? 380 : 426);
  const totalText = text.total(formatTotal(deliveries.total, deliveries.totalExact), deliveries.total);
  const { sortable } = list;

  // Every column has a width: the virtual table needs them to lay rows out.
  const columns: NonNullable<TableProps<Delivery>['columns']> = [
    {
      title: text.fields.delivery_code,
      width: 200,
      ...sortable('delivery_code'),
      render: (code: string, row: Delivery) => (
        <Button
          type="link"
          style={OPEN_STYLE}
          aria-label={text.open(code)}
          onClick={() => setOpened(row.delivery_id ?? null)}
        >
          {code}
        </Button>
      ),
    },
    {
      title: text.fields.delivery_creationDateTime,
      width: 170,
      ...sortable('delivery_creationDateTime'),
      render: (value: string) => formatDateTime(value),
    },
    { title: text.fields.delivery_createdByLogin, dataIndex: 'delivery_createdByLogin', width: 160 },
    {
      title: text.fields.delivery_quantity,
      dataIndex: 'delivery_quantity',
      width: 100,
      align: 'right',
      render: (count: number) => formatCount(count ?? 0),
    },
    {
      title: text.fields.delivery_isErrorType,
      dataIndex: 'delivery_isErrorType',
      width: 110,
      render: (isError: boolean) => (isError ? <Tag color="red">{text.errorType}</Tag> : <Tag>{text.normalType}</Tag>),
    },
    {
      title: text.fields.delivery_sentDateTime,
      width: 170,
      ...sortable('delivery_sentDateTime'),
      render: (value: string | null, row: Delivery) =>
        row.delivery_sent ? formatDateTime(value) : <Tag>{text.notSent}</Tag>,
    },
  ];

  return (
    <>
      <ListToolbar
        searchLabel={text.search}
        onSearch={(filter) => list.setFilters({ filter })}
        addLabel={text.add}
        onAdd={() => setAdding(true)}
        addRight={writeRight}
      >
        <Input.Search
          allowClear
          placeholder={text.filterNumber}
          aria-label={text.filterNumber}
          style={{ width: 260 }}
          onSearch={(idNumber) => list.setFilters({ idNumber: idNumber.trim() })}
        />
        <ExportButton
          list="delivery"
          filters={exportQuery(list.params, deliveryListFilters(list.params))}
          empty={deliveries.total === 0}
        />
      </ListToolbar>
      <UrlFilterTag
        label={list.params.sent === undefined ? '' : fr.urlFilters.sent(list.params.sent)}
        onRemove={sentFilter.clear}
      />
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12, flexWrap: 'wrap' }}>
        <Permitted right={printRight}>
          <Button
            icon={<FilePdfOutlined />}
            disabled={selected.length === 0}
            loading={slips.isPending}
            onClick={() => slips.mutate({ ids: selected, fileName: text.slipsFile })}
          >
            {text.slips}
          </Button>
        </Permitted>
        {canPrint && (
          <Typography.Text type="secondary">
            {selected.length > 0 ? text.selected(selected.length) : text.slipsHelp}
          </Typography.Text>
        )}
      </div>
      <Table<Delivery>
        ref={tableRef}
        virtual
        rowKey="delivery_id"
        columns={columns}
        dataSource={deliveries.rows}
        loading={deliveries.loading}
        onChange={list.onChange}
        onScroll={deliveries.onScroll}
        pagination={false}
        footer={() => <KeysetFooter total={totalText} loadingMore={deliveries.loadingMore} />}
        scroll={{ x: tableWidth(columns), y: height }}
        rowSelection={
          canPrint
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getTitleCheckboxProps: () => ({ 'aria-label': fr.records.selectAll }),
                getCheckboxProps: (row) => ({ 'aria-label': text.select(row.delivery_code ?? '') }),
              }
            : undefined
        }
      />
      {adding && <DeliveryFormModal onClose={closeForm} onCreated={setOpened} />}
      {opened !== null && <DeliveryDrawer id={opened} onClose={closeDrawer} />}
    </>
  );
}
