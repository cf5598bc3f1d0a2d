// The columns of a list of runs, shared by the synchronisation screen's last runs and the journal: the
// journal's are sortable by the server, and each row opens its detail. The counts are those so far while a
// run goes on (the lists are read every second then).
import { Button, type TableProps } from 'antd';
import { formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import type { JournalEntry, JournalSortField } from './api';
import { COUNT_FIELDS, countLabel, countText, stoppedAtText, typeLabel } from './labels';
import StateTag from './StateTag';

const text = fr.synchronization;
const fields = text.fields;

type Sortable = (field: JournalSortField) => object;

export function journalColumns(
  onDetail: (entry: JournalEntry) => void,
  sortable: Sortable = (field) => ({ dataIndex: field }),
): NonNullable<TableProps<JournalEntry>['columns']> {
  return [
    { title: fields.synchronizationJournal_id, width: 80, ...sortable('synchronizationJournal_id') },
    {
      title: fields.synchronizationJournal_type,
      dataIndex: 'synchronizationJournal_type',
      width: 110,
      render: (type: string) => typeLabel(type),
    },
    {
      title: fields.synchronizationJournal_state,
      dataIndex: 'synchronizationJournal_state',
      width: 120,
      render: (state: string) => <StateTag state={state} />,
    },
    {
      title: fields.synchronizationJournal_startedAt,
      width: 160,
      ...sortable('synchronizationJournal_startedAt'),
      render: (value: string) => formatDateTime(value),
    },
    {
      title: fields.synchronizationJournal_stoppedAt,
      key: 'stoppedAt',
      width: 160,
      render: (_: unknown, entry: JournalEntry) => stoppedAtText(entry),
    },
    ...COUNT_FIELDS.map((field) => ({
      title: countLabel(field),
      dataIndex: field,
      width: 90,
      align: 'right' as const,
      render: (value: number | null | undefined) => countText(value),
    })),
    { title: fields.synchronizationJournal_user, dataIndex: 'synchronizationJournal_user', width: 140, ellipsis: true },
    {
      title: fields.synchronizationJournal_message,
      dataIndex: 'synchronizationJournal_message',
      ellipsis: true,
    },
    {
      title: fr.records.actions,
      key: 'actions',
      width: 100,
      render: (_: unknown, entry: JournalEntry) => (
        <Button
          size="small"
          onClick={() => onDetail(entry)}
          aria-label={text.detailsLabel(entry.synchronizationJournal_id)}
        >
          {text.details}
        </Button>
      ),
    },
  ];
}
