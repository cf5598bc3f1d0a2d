// "Nouvelle livraison": the printed cards that no delivery holds yet, searched on the server by card number
// and holder's name (choices kept across searches), to check, and whether the delivery sends cards again
// after an error. The delivery is made unsent; it is sent from its drawer. Cards picked
// (or the switch turned) ask before the modal closes.
import { Button, Empty, Form, Input, Modal, Switch, Table, Typography, type TableProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { formatCount } from '../../shared/format/count';
import { formatDate } from '../../shared/format/date';
import { useUnsavedGuard } from '../../shared/form/useUnsavedGuard';
import { UnsavedDialog } from '../../shared/form/UnsavedDialog';
import { SEARCH_DELAY_MS } from '../../shared/list/ListToolbar';
import { fr } from '../../shared/locale/fr';
import type { CardRow } from '../cards/cardApi';
import CardStatusTag from '../cards/CardStatusTag';
import { useCardsToDeliver, useSaveDelivery } from './api';
import { newDeliveryBody } from './payload';

const text = fr.deliveries;
const fields = fr.cards.fields;

/** `onCreated` receives the new delivery's id (to open it). */
export default function DeliveryFormModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [filter, setFilter] = useState('');
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const cards = useCardsToDeliver(filter);
  const save = useSaveDelivery();
  const [selected, setSelected] = useState<number[]>([]);
  const [isErrorType, setIsErrorType] = useState(false);
  const [missing, setMissing] = useState(false);
  const { requestClose, dialog } = useUnsavedGuard(() => selected.length > 0 || isErrorType);
  const cancel = () => requestClose(onClose);
  const rows = cards.data?.data ?? [];
  const total = cards.data?.total ?? 0;

  async function submit() {
    if (selected.length === 0) {
      setMissing(true);
      return;
    }
    try {
      const answer = await save.mutateAsync(newDeliveryBody(selected, isErrorType));
      onClose();
      if (answer.id != null) onCreated(answer.id);
    } catch {
      // The notice said why (a card taken meanwhile); the modal stays.
    }
  }

  const columns: TableProps<CardRow>['columns'] = [
    { title: fields.card_idNumber, dataIndex: 'card_idNumber', width: 190 },
    { title: fields.card_memberIdNumber, dataIndex: 'card_memberIdNumber', width: 150 },
    {
      title: fr.members.fields.member_lastname,
      key: 'name',
      render: (_: unknown, row: CardRow) => [row.card_firstname, row.card_lastname].filter(Boolean).join(' '),
    },
    {
      title: fields.card_status,
      dataIndex: 'card_status',
      width: 120,
      render: (status: string) => <CardStatusTag status={status} />,
    },
    {
      title: fields.card_printedAt,
      dataIndex: 'card_printedAt',
      width: 120,
      render: (value: string | null) => formatDate(value),
    },
  ];

  return (
    <Modal
      open
      title={text.createTitle}
      onCancel={cancel}
      destroyOnHidden
      width={900}
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={cancel}>{fr.records.cancel}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {text.create}
          </Button>
        </div>
      }
    >
      <Form layout="vertical">
        <Form.Item label={text.isErrorType} htmlFor="delivery-error-type" extra={text.isErrorTypeHelp}>
          <Switch id="delivery-error-type" checked={isErrorType} onChange={setIsErrorType} />
        </Form.Item>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {text.toDeliver}
      </Typography.Title>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', marginBottom: 8, flexWrap: 'wrap' }}>
        <Input.Search
          allowClear
          placeholder={text.cardSearch}
          aria-label={text.cardSearch}
          style={{ width: 340 }}
          onSearch={(value) => {
            clearTimeout(typing.current);
            setFilter(value.trim());
          }}
          onChange={(event) => {
            // As the lists do: the search starts once typing stops.
            const value = event.target.value;
            clearTimeout(typing.current);
            typing.current = setTimeout(() => setFilter(value.trim()), SEARCH_DELAY_MS);
          }}
        />
        <Typography.Text>{text.cardsChosen(selected.length)}</Typography.Text>
      </div>
      {/* Not a scrolling table: antd copies the select-all box of a scrolling table into a hidden
          measuring row, where the keyboard would still reach it. */}
      <Table<CardRow>
        size="small"
        rowKey="card_id"
        columns={columns}
        dataSource={rows}
        loading={cards.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.noneToDeliver} /> }}
        footer={() => text.toDeliverTotal(formatCount(total), total)}
        rowSelection={{
          // Cards chosen stay chosen while another search shows other cards.
          preserveSelectedRowKeys: true,
          selectedRowKeys: selected,
          onChange: (keys) => {
            setSelected(keys as number[]);
            setMissing(false);
          },
          getTitleCheckboxProps: () => ({ 'aria-label': fr.records.selectAll }),
          getCheckboxProps: (row) => ({ 'aria-label': text.selectCard(row.card_idNumber ?? '') }),
        }}
      />
      {missing && (
        <Typography.Text type="danger" role="alert">
          {text.pickCards}
        </Typography.Text>
      )}
      <UnsavedDialog {...dialog} />
    </Modal>
  );
}
