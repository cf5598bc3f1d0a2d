// A run's three counts (members sent, members received, conflicts) as rows of a Descriptions: the current
// run's card and a run's detail show them, updated as the run goes on.
import type { DescriptionsProps } from 'antd';
import type { JournalEntry } from './api';
import { COUNT_FIELDS, countLabel, countText } from './labels';

type Counts = Partial<Pick<JournalEntry, (typeof COUNT_FIELDS)[number]>>;

/** The rows, each count marked `sync-count-sent`, `sync-count-received`, `sync-count-conflicts`. */
export function countItems(entry: Counts): NonNullable<DescriptionsProps['items']> {
  return COUNT_FIELDS.map((field) => ({
    key: field,
    label: countLabel(field),
    children: (
      <span data-testid={`sync-count-${field.replace('synchronizationJournal_', '')}`}>{countText(entry[field])}</span>
    ),
  }));
}
