// The synchronisation of this instance with the central server. On a field laptop: send what was entered
// here, or receive what changed there; the run answers at once and works in the background, so its entry
// is read every second while it runs, with a button to stop it. The central server runs none (the buttons
// show disabled, saying why). The run's counts (members sent, received, conflicts) grow as it goes on.
// Below, the last 5 runs and a link to the whole journal; on the central server, the field laptops it knows
// (PeerList), one of which may be accepted again after this server was restored from a backup.
import { CloudDownloadOutlined, CloudUploadOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format/date';
import { useOnline } from '../../shared/hooks/useOnline';
import { fr } from '../../shared/locale/fr';
import { useRunningEnv } from '../about/api';
import { JOURNAL_DEFAULTS, useJournalEntry, useJournalList, useStartSync, useStopSync, type JournalEntry } from './api';
import { journalColumns } from './columns';
import { countItems } from './countItems';
import EntryDrawer from './EntryDrawer';
import PeerList from './PeerList';
import { isRunning, stoppedAtText, typeLabel, type SyncDirection } from './labels';
import StateTag from './StateTag';

const text = fr.synchronization;
const fields = text.fields;
const RECENT = { ...JOURNAL_DEFAULTS, pageSize: 5 };

export default function SynchronizationPage() {
  const env = useRunningEnv();
  const online = useOnline();
  const recent = useJournalList(RECENT);
  const start = useStartSync();
  const stop = useStopSync();
  const [started, setStarted] = useState<string | null>(null);
  const [detail, setDetail] = useState<JournalEntry | null>(null);

  // The run followed: the one started here, or else one still going on (started before a reload, or by
  // another user).
  const rows = recent.data?.data ?? [];
  const goingOn = rows.find((entry) => isRunning(entry.synchronizationJournal_state));
  const followed = started ?? goingOn?.synchronizationJournal_uuid ?? null;
  const run = useJournalEntry(followed);
  const current = run.data;
  const running = isRunning(current?.synchronizationJournal_state) || goingOn !== undefined;

  const central = env.data === 'central';
  const field = env.data === 'field';
  const startable = field && !running && !start.isPending;

  async function launch(direction: SyncDirection) {
    try {
      const answer = await start.mutateAsync(direction);
      setStarted(answer.data.synchronizationJournal_uuid);
    } catch {
      // Refused (a run already goes on, or this is the central server): the notice said why.
    }
  }

  async function halt(uuid: string) {
    try {
      await stop.mutateAsync(uuid);
    } catch {
      // The notice said why.
    }
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions
        bordered
        column={1}
        styles={{ label: { width: 220 } }}
        items={[
          {
            key: 'instance',
            label: text.instance,
            children: env.isPending ? (
              <Skeleton.Input size="small" active />
            ) : (
              <Tag color={central ? 'purple' : 'green'} data-testid="sync-instance">
                {central ? text.central : field ? text.field : (env.data ?? '')}
              </Tag>
            ),
          },
          {
            key: 'browser',
            label: text.browser,
            children: (
              <Tag color={online ? 'green' : 'red'} data-testid="sync-online">
                {online ? text.online : text.offline}
              </Tag>
            ),
          },
        ]}
      />

      {!env.isPending && <Alert type="info" showIcon title={central ? text.centralHelp : text.fieldHelp} />}
      {!online && field && <Alert type="warning" showIcon title={text.offlineHelp} />}

      <Space wrap>
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          disabled={!startable}
          loading={start.isPending && start.variables === 'to_server'}
          onClick={() => void launch('to_server')}
        >
          {text.toServer}
        </Button>
        <Button
          icon={<CloudDownloadOutlined />}
          disabled={!startable}
          loading={start.isPending && start.variables === 'from_server'}
          onClick={() => void launch('from_server')}
        >
          {text.fromServer}
        </Button>
      </Space>

      {current && (
        <section aria-labelledby="sync-current">
          <Typography.Title level={2} id="sync-current" style={{ fontSize: 16 }}>
            {isRunning(current.synchronizationJournal_state) ? text.run : text.lastRun}
          </Typography.Title>
          <Descriptions
            bordered
            column={1}
            size="small"
            styles={{ label: { width: 220 } }}
            data-testid="sync-current"
            items={[
              {
                key: 'type',
                label: fields.synchronizationJournal_type,
                children: typeLabel(current.synchronizationJournal_type),
              },
              {
                key: 'state',
                label: fields.synchronizationJournal_state,
                children: (
                  <Space wrap>
                    <StateTag state={current.synchronizationJournal_state} />
                    {isRunning(current.synchronizationJournal_state) && (
                      <Button
                        size="small"
                        danger
                        icon={<StopOutlined />}
                        loading={stop.isPending}
                        onClick={() => void halt(current.synchronizationJournal_uuid)}
                      >
                        {text.stop}
                      </Button>
                    )}
                  </Space>
                ),
              },
              {
                key: 'startedAt',
                label: fields.synchronizationJournal_startedAt,
                children: formatDateTime(current.synchronizationJournal_startedAt),
              },
              { key: 'stoppedAt', label: fields.synchronizationJournal_stoppedAt, children: stoppedAtText(current) },
              ...countItems(current),
              {
                key: 'message',
                label: fields.synchronizationJournal_message,
                children: (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                    {current.synchronizationJournal_message}
                  </Typography.Paragraph>
                ),
              },
            ]}
          />
        </section>
      )}

      <section aria-labelledby="sync-recent">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 16 }}>
          <Typography.Title level={2} id="sync-recent" style={{ fontSize: 16 }}>
            {text.recent}
          </Typography.Title>
          <Link to="/synchronization/journal">{text.toJournal}</Link>
        </div>
        <Table<JournalEntry>
          rowKey="synchronizationJournal_id"
          size="small"
          columns={journalColumns(setDetail)}
          dataSource={rows}
          loading={recent.isPending}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.none} /> }}
        />
      </section>
      {central && <PeerList />}
      {detail && <EntryDrawer entry={detail} onClose={() => setDetail(null)} />}
    </Space>
  );
}
