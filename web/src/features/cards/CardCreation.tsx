// The "Création des cartes" tab: the members whose unused payment covers a card's price and who have no
// card standing, with the payment each card would spend. Those who may write check members and make their
// cards; the outcome stays on screen: the cards made and each member refused with the server's reason.
// "Actualiser" has the server read the members again (names, photos, numbers) first. On a field laptop the
// cards are made on the central server: the buttons show disabled, saying so.
import { IdcardOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Table, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { useCentralRight } from '../../app/useCentralRight';
import { DEFAULT_LIST_LIMIT, LIST_PAGE_SIZES } from '../../shared/constants';
import { formatCount } from '../../shared/format/count';
import { tableWidth, useTableHeight } from '../../shared/list/tableSize';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import { useCardCandidates, useCreateCards, useRefreshCandidates, type CardCandidate } from './cardApi';
import { candidateName, creationSummary, type CreationSummary } from './creation';
import { formatAmount } from './format';

const text = fr.cards.creation;

export default function CardCreation() {
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_LIST_LIMIT });
  const writeRight = useCentralRight('cards', 'write');
  const canWrite = writeRight.allowed;
  // The candidates are for those who make cards: a role that may not, or a field laptop (whose cards come
  // from the central server), is not sent asking.
  const answer = useCardCandidates(paging.page, paging.pageSize, canWrite);
  const create = useCreateCards();
  const refresh = useRefreshCandidates();
  const [selected, setSelected] = useState<number[]>([]);
  const [summary, setSummary] = useState<CreationSummary | null>(null);
  // Below the tabs, the introduction and the buttons.
  const height = useTableHeight(470);
  const tableRef = useScrollRegion(text.tableLabel);
  const rows = answer.data?.data ?? [];
  const total = answer.data?.total ?? 0;

  async function makeCards() {
    try {
      const made = await create.mutateAsync(selected);
      setSummary(creationSummary(made.data, rows));
      setSelected([]);
    } catch {
      // The notice said why; the selection stays.
    }
  }

  // Every column has a width: the virtual table needs them to lay rows out.
  const columns: NonNullable<TableProps<CardCandidate>['columns']> = [
    { title: fr.cards.fields.card_memberIdNumber, dataIndex: 'member_idNumber', width: 180 },
    { title: fr.cards.fields.card_lastname, dataIndex: 'member_lastname', width: 220 },
    { title: fr.cards.fields.card_firstname, dataIndex: 'member_firstname', width: 240 },
    {
      title: text.paid,
      dataIndex: 'transaction_amount',
      width: 160,
      align: 'right',
      render: (amount: number) => formatAmount(amount),
    },
  ];

  return (
    <>
      <Typography.Paragraph>
        {text.intro} {canWrite && text.pick}
      </Typography.Paragraph>
      {summary && (
        <Alert
          type={summary.refused.length > 0 ? 'warning' : 'success'}
          showIcon
          closable={{ 'aria-label': fr.records.close, onClose: () => setSummary(null) }}
          style={{ marginBottom: 16 }}
          title={summary.made}
          description={
            summary.refused.length > 0 && (
              <>
                {fr.cards.creation.refused(summary.refused.length)}
                <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                  {summary.refused.map((refusal) => (
                    <li key={refusal.memberId}>
                      <strong>{refusal.name}</strong> : {refusal.reason}
                    </li>
                  ))}
                </ul>
              </>
            )
          }
        />
      )}
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12 }}>
        <Permitted right={writeRight}>
          <Button
            type="primary"
            icon={<IdcardOutlined />}
            disabled={selected.length === 0}
            loading={create.isPending}
            onClick={() => void makeCards()}
          >
            {text.create}
          </Button>
        </Permitted>
        <Permitted right={writeRight}>
          <Button
            icon={<ReloadOutlined />}
            loading={refresh.isPending}
            title={text.refreshHelp}
            onClick={() => refresh.mutate(paging)}
          >
            {text.refresh}
          </Button>
        </Permitted>
      </div>
      <Table<CardCandidate>
        ref={tableRef}
        virtual
        size="small"
        rowKey="member_id"
        columns={columns}
        dataSource={rows}
        loading={answer.isFetching}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.none} /> }}
        scroll={{ x: tableWidth(columns), y: height }}
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
          showTotal: () => text.total(formatCount(total), total),
        }}
        rowSelection={
          canWrite
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getTitleCheckboxProps: () => ({ 'aria-label': fr.records.selectAll }),
                getCheckboxProps: (row) => ({ 'aria-label': text.select(candidateName(row)) }),
              }
            : undefined
        }
      />
    </>
  );
}
