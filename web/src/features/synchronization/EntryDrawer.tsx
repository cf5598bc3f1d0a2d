// One run of the synchronisation in a drawer: its type, state, who started it, when it started and
// stopped, its counts, and its message in full (what it did, or why it failed); below, the conflicts it
// met, both versions side by side. Read again every second while it runs.
import { Descriptions, Drawer, Typography } from 'antd';
import { formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import { useJournalEntry, type JournalEntry } from './api';
import ConflictList from './ConflictList';
import { countItems } from './countItems';
import { stoppedAtText, typeLabel } from './labels';
import StateTag from './StateTag';

const text = fr.synchronization;
const fields = text.fields;

/** `entry`: the row clicked, shown at once while its latest state is read. */
export default function EntryDrawer({ entry, onClose }: { entry: JournalEntry; onClose: () => void }) {
  const record = useJournalEntry(entry.synchronizationJournal_uuid);
  const shown = record.data ?? entry;
  return (
    <Drawer open size={720} title={text.detailsTitle(shown.synchronizationJournal_id)} onClose={onClose}>
      {/* Focusable, so that the keyboard scrolls the drawer's body (a run's conflicts make it long), which
          holds no field nor button. */}
      <div tabIndex={0} role="region" aria-label={text.detailsTitle(shown.synchronizationJournal_id)}>
        <Descriptions
          bordered
          column={1}
          styles={{ label: { width: 140 } }}
          items={[
            { key: 'id', label: fields.synchronizationJournal_id, children: shown.synchronizationJournal_id },
            {
              key: 'type',
              label: fields.synchronizationJournal_type,
              children: typeLabel(shown.synchronizationJournal_type),
            },
            {
              key: 'state',
              label: fields.synchronizationJournal_state,
              children: <StateTag state={shown.synchronizationJournal_state} />,
            },
            { key: 'user', label: fields.synchronizationJournal_user, children: shown.synchronizationJournal_user },
            {
              key: 'startedAt',
              label: fields.synchronizationJournal_startedAt,
              children: formatDateTime(shown.synchronizationJournal_startedAt),
            },
            { key: 'stoppedAt', label: fields.synchronizationJournal_stoppedAt, children: stoppedAtText(shown) },
            ...countItems(shown),
            {
              key: 'message',
              label: fields.synchronizationJournal_message,
              children: (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="sync-message">
                  {shown.synchronizationJournal_message}
                </Typography.Paragraph>
              ),
            },
            {
              key: 'uuid',
              label: fields.synchronizationJournal_uuid,
              children: <Typography.Text code>{shown.synchronizationJournal_uuid}</Typography.Text>,
            },
          ]}
        />
        <ConflictList uuid={shown.synchronizationJournal_uuid} count={shown.synchronizationJournal_conflicts ?? 0} />
      </div>
    </Drawer>
  );
}
