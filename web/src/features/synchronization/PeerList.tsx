// On the central server: the field laptops that presented themselves to it, paged and sorted by the server
// (the last seen first), each with its state. After this server was restored from a backup, a laptop that
// sent after the backup is refused as a copy: an administrator or a manager accepts it again here, and its
// next send brings back everything made on it.
import { Alert, Button, Empty, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { useRight } from '../../app/useRight';
import { formatCount } from '../../shared/format/count';
import { formatDateTime } from '../../shared/format/date';
import { tableWidth } from '../../shared/list/tableSize';
import { useServerList } from '../../shared/list/useServerList';
import { fr } from '../../shared/locale/fr';
import { PEER_DEFAULTS, PEER_SORTABLE, usePeerList, useReadmitPeer, type Peer, type PeerSortField } from './api';
import { peerState, peerStateColor, peerStateLabel } from './peers';

const PAGE_SIZES = [20, 50, 100];
const text = fr.synchronization.peers;
const fields = text.fields;

export default function PeerList() {
  const list = useServerList<Peer, PeerSortField, typeof PEER_DEFAULTS>(PEER_DEFAULTS, PEER_SORTABLE);
  const answer = usePeerList(list.params);
  const readmit = useReadmitPeer();
  // Only the roles that may delete in the synchronisation area see the action.
  const readmitRight = useRight('sync', 'delete');
  const total = answer.data?.total ?? 0;
  const { sortable } = list;

  const columns: NonNullable<TableProps<Peer>['columns']> = [
    { title: fields.login_name, width: 165, ...sortable('login_name') },
    {
      title: fields.instanceId,
      dataIndex: 'instanceId',
      width: 265,
      render: (instanceId: string) => (
        <Typography.Text code copyable style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
          {instanceId}
        </Typography.Text>
      ),
    },
    { title: fields.firstSeen, width: 145, ...sortable('firstSeen'), render: (value: string) => formatDateTime(value) },
    { title: fields.lastSeen, width: 145, ...sortable('lastSeen'), render: (value: string) => formatDateTime(value) },
    {
      title: fields.state,
      key: 'state',
      width: 160,
      render: (_: unknown, peer: Peer) => {
        const state = peerState(peer);
        // The longer states wrap on two lines rather than widen the table.
        return (
          <Tag color={peerStateColor(state)} style={{ whiteSpace: 'normal' }}>
            {peerStateLabel(state)}
          </Tag>
        );
      },
    },
  ];
  if (readmitRight.allowed)
    columns.push({
      title: fr.records.actions,
      key: 'actions',
      width: 175,
      fixed: 'right',
      render: (_: unknown, peer: Peer) =>
        peer.readmitted ? (
          // Accepted again already: nothing more to do until the laptop sends.
          <Tooltip title={text.alreadyReadmitted}>
            <Button size="small" disabled aria-label={text.readmitLabel(peer.login_name)}>
              {text.readmit}
            </Button>
          </Tooltip>
        ) : (
          <Popconfirm
            title={text.confirmTitle(peer.login_name)}
            description={<div style={{ maxWidth: 380 }}>{text.confirmBody}</div>}
            okText={text.readmit}
            cancelText={fr.records.cancel}
            // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd's Popconfirm awaits the promise (loading button), though typed void
            onConfirm={() => readmit.mutateAsync(peer).catch(() => undefined)}
          >
            <Button size="small" aria-label={text.readmitLabel(peer.login_name)}>
              {text.readmit}
            </Button>
          </Popconfirm>
        ),
    });

  return (
    <section aria-labelledby="sync-peers">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Title level={2} id="sync-peers" style={{ fontSize: 16, margin: 0 }}>
          {text.title}
        </Typography.Title>
        <Alert type="info" showIcon title={text.help} />
        <Table<Peer>
          rowKey="instanceId"
          size="small"
          data-testid="sync-peers"
          columns={columns}
          dataSource={answer.data?.data ?? []}
          loading={answer.isFetching && !answer.data}
          onChange={list.onChange}
          pagination={list.pagination(total, () => text.total(formatCount(total), total), PAGE_SIZES)}
          scroll={{ x: tableWidth(columns) }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.none} /> }}
        />
      </Space>
    </section>
  );
}
