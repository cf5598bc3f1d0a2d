// One delivery in a drawer: its code, dates and type, its proof of delivery, and its cards with their
// statuses. Those who may write print its slip (PDF), send its proof, and, while it is unsent, send it
// (its cards then count as delivered) or delete it, each after confirmation. On a field laptop, whose
// cards are the central server's, its slip prints but the rest shows disabled, saying so.
import { DeleteOutlined, FilePdfOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Empty, Popconfirm, Space, Spin, Table, Tag, type TableProps } from 'antd';
import { useEffect } from 'react';
import { useCentralRight } from '../../app/useCentralRight';
import { useRight } from '../../app/useRight';
import { formatCount } from '../../shared/format/count';
import { formatDate, formatDateTime } from '../../shared/format/date';
import { DeleteButton } from '../../shared/form/DeleteButton';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import type { Card } from '../cards/cardApi';
import CardStatusTag from '../cards/CardStatusTag';
import { useDeleteDelivery, useDelivery, useDeliverySlips, useSaveDelivery } from './api';
import DeliveryProof from './DeliveryProof';
import { sendDeliveryBody } from './payload';

const text = fr.deliveries;
const cardFields = fr.cards.fields;

export default function DeliveryDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const record = useDelivery(id);
  const save = useSaveDelivery();
  const remove = useDeleteDelivery();
  const slips = useDeliverySlips();
  const writeRight = useCentralRight('cards', 'write');
  const deleteRight = useCentralRight('cards', 'delete');
  // A slip's PDF changes nothing: it prints on a field laptop too.
  const printRight = useRight('cards', 'write');
  const delivery = record.data?.delivery ?? null;
  const cards = record.data?.cards ?? [];
  const unreadable = record.isError && !record.data;
  useEffect(() => {
    if (unreadable) onClose();
  }, [unreadable, onClose]);

  async function send() {
    if (!delivery) return;
    try {
      await save.mutateAsync(sendDeliveryBody(delivery, cards));
    } catch {
      // The notice said why.
    }
  }

  async function removeDelivery() {
    try {
      await remove.mutateAsync(id);
      onClose();
    } catch {
      // Refused (sent meanwhile): the notice said why.
    }
  }

  // Not sent yet: what the role may not do shows disabled, saying who may.
  const changeable = delivery !== null && !delivery.delivery_sent;
  const footer = (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <div>
        {changeable &&
          (deleteRight.allowed ? (
            <DeleteButton title={text.confirmDelete} onConfirm={removeDelivery} />
          ) : (
            <Permitted right={deleteRight}>
              <Button danger icon={<DeleteOutlined />}>
                {fr.records.delete}
              </Button>
            </Permitted>
          ))}
      </div>
      <Space>
        {delivery !== null && (
          <Permitted right={printRight}>
            <Button
              icon={<FilePdfOutlined />}
              loading={slips.isPending}
              onClick={() => slips.mutate({ ids: [id], fileName: text.slipFile(delivery.delivery_code ?? String(id)) })}
            >
              {text.slip}
            </Button>
          </Permitted>
        )}
        <Button onClick={onClose}>{fr.records.close}</Button>
        {changeable && !writeRight.allowed && (
          <Permitted right={writeRight}>
            <Button type="primary" icon={<SendOutlined />}>
              {text.send}
            </Button>
          </Permitted>
        )}
        {changeable && writeRight.allowed && (
          <Popconfirm
            title={text.confirmSend}
            okText={text.send}
            cancelText={fr.records.cancel}
            // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd's Popconfirm awaits the promise (loading button), though typed void
            onConfirm={send}
          >
            <Button type="primary" icon={<SendOutlined />} disabled={cards.length === 0}>
              {text.send}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </div>
  );

  const columns: TableProps<Card>['columns'] = [
    { title: cardFields.card_idNumber, dataIndex: 'card_idNumber', width: 190 },
    { title: cardFields.card_memberIdNumber, dataIndex: 'card_memberIdNumber', width: 150 },
    {
      title: fr.members.fields.member_lastname,
      key: 'name',
      render: (_: unknown, row: Card) => [row.card_firstname, row.card_lastname].filter(Boolean).join(' '),
    },
    {
      title: cardFields.card_status,
      dataIndex: 'card_status',
      width: 200,
      render: (status: string) => <CardStatusTag status={status} />,
    },
    {
      title: cardFields.card_deliveredAt,
      dataIndex: 'card_deliveredAt',
      width: 120,
      render: (value: string | null) => formatDate(value),
    },
  ];

  return (
    <Drawer
      open
      size={900}
      title={delivery ? text.detailTitle(delivery.delivery_code ?? '') : text.loadingTitle}
      onClose={onClose}
      footer={footer}
      destroyOnHidden
    >
      {!delivery ? (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          <Spin />
        </div>
      ) : (
        // Focusable, so that the keyboard scrolls the drawer's body, which may hold no button.
        <div tabIndex={0} role="region" aria-label={text.detailTitle(delivery.delivery_code ?? '')}>
          <Descriptions
            bordered
            size="small"
            column={2}
            style={{ marginBottom: 24 }}
            items={[
              { key: 'code', label: text.fields.delivery_code, children: delivery.delivery_code },
              {
                key: 'type',
                label: text.fields.delivery_isErrorType,
                children: delivery.delivery_isErrorType ? <Tag color="red">{text.errorType}</Tag> : '',
              },
              {
                key: 'created',
                label: text.fields.delivery_creationDateTime,
                children: formatDateTime(delivery.delivery_creationDateTime),
              },
              { key: 'by', label: text.fields.delivery_createdByLogin, children: delivery.delivery_createdByLogin },
              {
                key: 'sent',
                label: text.fields.delivery_sentDateTime,
                children: delivery.delivery_sent ? formatDateTime(delivery.delivery_sentDateTime) : text.notSent,
              },
              {
                key: 'quantity',
                label: text.fields.delivery_quantity,
                children: formatCount(delivery.delivery_quantity ?? cards.length),
              },
            ]}
          />
          <DeliveryProof delivery={delivery} />
          <Table<Card>
            size="small"
            rowKey="card_id"
            columns={columns}
            dataSource={cards}
            loading={record.isFetching}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.noCards} /> }}
            title={() => text.cards}
            scroll={{ x: 760 }}
          />
        </div>
      )}
    </Drawer>
  );
}
