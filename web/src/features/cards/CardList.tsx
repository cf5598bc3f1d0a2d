// The "Cartes" tab: every card in a virtual table read by keyset pages of 2,000 rows as the user scrolls
// down, sorted by the server, searched by name or number and filtered by status and member number; the
// total is approximate beyond what the server counts exactly. Those who may write select cards waiting to
// be printed and print them as one PDF (then say whether they came out well, which marks them printed), or
// mark them printed (all or none: the server's refusal shows as a notice); or print every card waiting that
// the search and filters keep (5,000 at most). A card opens in a drawer. On a field laptop the cards are
// the central server's: they print there too, but marking them printed shows disabled, saying so. The
// status filter is kept in the address (`?cardStatus=pending`, as the home page's « Cartes à imprimer »
// opens it), said by a tag whose cross shows every status again.
import { CheckOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Input, Select, Table, Typography, type TableProps } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCentralRight } from '../../app/useCentralRight';
import { useRight } from '../../app/useRight';
import { DEFAULT_LIST_LIMIT } from '../../shared/constants';
import ExportButton from '../../shared/export/ExportButton';
import { exportQuery } from '../../shared/export/lists';
import { formatCount, formatTotal } from '../../shared/format/count';
import { formatDate } from '../../shared/format/date';
import KeysetFooter from '../../shared/list/KeysetFooter';
import ListToolbar from '../../shared/list/ListToolbar';
import Permitted from '../../shared/rights/Permitted';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { useServerList } from '../../shared/list/useServerList';
import { useTableHeight } from '../../shared/list/tableSize';
import { useColumnChooser } from '../../shared/list/useColumnChooser';
import { fr } from '../../shared/locale/fr';
import { HOME_PARAMS } from '../home/homeLinks';
import UrlFilterTag from '../../shared/list/UrlFilterTag';
import { useUrlFilter } from '../../shared/list/useUrlFilter';
import {
  CARD_SORTABLE,
  cardListFilters,
  useCardList,
  useMarkPrinted,
  type CardRow,
  type CardListParams,
  type CardSortField,
} from './cardApi';
import CardDrawer from './CardDrawer';
import CardPrintDialog from './CardPrintDialog';
import CardStatusTag from './CardStatusTag';
import { CARD_STATUSES, isPending, statusLabel, statusOptions } from './cardStatus';
import { PRINT_CAP } from './printing';
import { useCardPrinting } from './useCardPrinting';

/** What leaves the list first when the screen is too narrow (useColumnChooser); the drawer shows it all.
 *  The widths are those of the headings and the usual values: at 1,280 pixels all but the date of printing
 *  fit, every heading whole. */
const DROP_ORDER = ['card_printedAt', 'card_memberIdNumber', 'card_expirationDate', 'card_firstname'];
/** The number opens the card; the name and status say which and where it is. */
const LOCKED = ['card_idNumber', 'card_lastname', 'card_status'];
/** In the text's colour, underlined: a green link would lose its contrast under an open drawer's mask. */
const OPEN_STYLE = { padding: 0, color: 'inherit', textDecoration: 'underline' } as const;
const text = fr.cards;

/** The address keeps this tab's search apart from the payments'. */
const CARD_FILTER_PARAM = 'cardFilter';

/** A status the address gives, if it is one; `null`: every status. */
const parseStatus = (raw: string | null): string | null =>
  raw && (CARD_STATUSES as readonly string[]).includes(raw) ? raw : null;

export default function CardList() {
  const [searchParams] = useSearchParams();
  const list = useServerList<CardRow, CardSortField, CardListParams>(
    // The latest cards first; keyset pages: the page number stays 1, the page size is that of every page.
    {
      page: 1,
      pageSize: DEFAULT_LIST_LIMIT,
      orderBy: 'card_id',
      descending: true,
      filter: '',
      status: parseStatus(searchParams.get(HOME_PARAMS.cardStatus)),
      memberNumber: '',
    },
    CARD_SORTABLE,
    CARD_FILTER_PARAM,
  );
  // The status filter lives in the address: the select writes it there, and the list follows it.
  const statusFilter = useUrlFilter(HOME_PARAMS.cardStatus, parseStatus, (status) => list.setFilters({ status }));
  const markPrinted = useMarkPrinted();
  // Printing a PDF changes no card: whoever may write prints, on a field laptop too; marking printed does.
  const printRight = useRight('cards', 'write');
  const markRight = useCentralRight('cards', 'write');
  const canPrint = printRight.allowed;
  const [selected, setSelected] = useState<number[]>([]);
  // Once printed cards are marked, they leave the selection (no longer waiting, they cannot be chosen).
  const unselect = useCallback((ids: number[]) => {
    const marked = new Set(ids);
    setSelected((current) => current.filter((id) => !marked.has(id)));
  }, []);
  const printing = useCardPrinting({ onMarked: unselect });
  const [opened, setOpened] = useState<number | null>(null);
  const closeDrawer = useCallback(() => setOpened(null), []);
  // Below the tabs.
  // The status filter's tag, when shown, takes its line above the table.
  const height = useTableHeight(list.params.status ? 466 : 420);
  const tableRef = useScrollRegion(text.tableLabel);
  const cards = useCardList(list.params, tableRef);
  const totalText = text.total(formatTotal(cards.total, cards.totalExact), cards.total);
  const { sortable } = list;
  // The status filter shows cards waiting to be printed (or every status): the print of all can find some.
  const pendingShown = list.params.status === null || isPending(list.params.status);
  const help =
    selected.length > 0
      ? text.selected(selected.length)
      : pendingShown
        ? (markRight.allowed ? text.print.help : text.print.helpPrintOnly)(formatCount(PRINT_CAP))
        : text.print.allExcluded;

  async function print() {
    try {
      await markPrinted.mutateAsync(selected);
      setSelected([]);
    } catch {
      // Refused (a card is no longer waiting): the notice says which; the selection stays.
    }
  }

  const allColumns: NonNullable<TableProps<CardRow>['columns']> = [
    {
      title: text.fields.card_idNumber,
      width: 140,
      ...sortable('card_idNumber'),
      render: (number: string, row: CardRow) => (
        <Button
          type="link"
          style={OPEN_STYLE}
          aria-label={text.open(number)}
          onClick={() => setOpened(row.card_id ?? null)}
        >
          {number}
        </Button>
      ),
    },
    { title: text.fields.card_memberIdNumber, dataIndex: 'card_memberIdNumber', width: 130 },
    { title: text.fields.card_lastname, width: 140, ellipsis: true, ...sortable('card_lastname') },
    { title: text.fields.card_firstname, dataIndex: 'card_firstname', width: 150, ellipsis: true },
    {
      title: text.fields.card_status,
      // « En attente d'impression », the longest state, on one line.
      width: 180,
      ...sortable('card_status'),
      render: (status: string) => <CardStatusTag status={status} />,
    },
    {
      title: text.fields.card_expirationDate,
      // Its heading on one line, beside its sort arrows.
      width: 170,
      ...sortable('card_expirationDate'),
      render: (value: string) => formatDate(value),
    },
    {
      title: text.fields.card_printedAt,
      dataIndex: 'card_printedAt',
      width: 120,
      render: (value: string | null) => formatDate(value),
    },
  ];
  const {
    wrapper,
    columns: shownColumns,
    width: shownWidth,
    chooser,
  } = useColumnChooser<CardRow>({
    storageKey: 'cards',
    columns: allColumns,
    dropOrder: DROP_ORDER,
    locked: LOCKED,
    // The selection's checkboxes take a column of their own.
    reserved: canPrint ? 64 : 16,
  });

  return (
    <>
      <ListToolbar
        urlKey={CARD_FILTER_PARAM}
        searchLabel={text.search}
        onSearch={(filter) => list.setFilters({ filter })}
        addLabel={text.markPrinted}
      >
        <Select<string | null>
          value={list.params.status}
          onChange={(status) => statusFilter.set(status ?? null)}
          options={statusOptions()}
          allowClear
          placeholder={text.allStatuses}
          aria-label={text.filterStatus}
          style={{ width: 220 }}
        />
        <Input.Search
          allowClear
          placeholder={text.filterMember}
          aria-label={text.filterMember}
          style={{ width: 220 }}
          onSearch={(number) => list.setFilters({ memberNumber: number.trim() })}
        />
        {chooser}
        <ExportButton
          list="card"
          filters={exportQuery(list.params, cardListFilters(list.params))}
          empty={cards.total === 0}
        />
      </ListToolbar>
      <UrlFilterTag
        label={list.params.status ? fr.urlFilters.cardStatus(statusLabel(list.params.status)) : ''}
        onRemove={statusFilter.clear}
      />
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12, flexWrap: 'wrap' }}>
        <Permitted right={printRight}>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            disabled={selected.length === 0 || printing.busy}
            onClick={() => printing.printIds(selected, { toMark: selected })}
          >
            {text.print.selection}
          </Button>
        </Permitted>
        <Permitted right={markRight}>
          <Button
            icon={<CheckOutlined />}
            disabled={selected.length === 0}
            loading={markPrinted.isPending}
            onClick={() => void print()}
          >
            {text.markPrinted}
          </Button>
        </Permitted>
        <Permitted right={printRight}>
          <Button
            icon={<PrinterOutlined />}
            disabled={!pendingShown || printing.busy}
            onClick={() => printing.printMatching(list.params)}
          >
            {text.print.all}
          </Button>
        </Permitted>
        {canPrint && <Typography.Text type="secondary">{help}</Typography.Text>}
      </div>
      <div ref={wrapper}>
        <Table<CardRow>
          ref={tableRef}
          virtual
          size="small"
          rowKey="card_id"
          columns={shownColumns}
          dataSource={cards.rows}
          loading={cards.loading}
          onChange={list.onChange}
          onScroll={cards.onScroll}
          pagination={false}
          footer={() => <KeysetFooter total={totalText} loadingMore={cards.loadingMore} />}
          scroll={{ x: shownWidth, y: height }}
          rowSelection={
            canPrint
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  preserveSelectedRowKeys: false,
                  getTitleCheckboxProps: () => ({ 'aria-label': fr.records.selectAll }),
                  getCheckboxProps: (row) => ({
                    disabled: !isPending(row.card_status),
                    'aria-label': text.select(row.card_idNumber ?? ''),
                  }),
                }
              : undefined
          }
        />
      </div>
      {opened !== null && <CardDrawer id={opened} onOpen={setOpened} onClose={closeDrawer} />}
      <CardPrintDialog printing={printing} />
    </>
  );
}
