// A record's history, newest first: each version told in French (see VersionDetails), 50 at a time with
// « Voir plus », the check of its chain, and the restore of an earlier version for the roles that may
// (the History area's write). Generic: the entity and its fields' labels come from the screen that shows it.
import { Button, Empty, Space, Spin, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useRight } from '../../app/useRight';
import { fr } from '../../shared/locale/fr';
import { useHistory } from './api';
import { entryKind, type FieldLabels, type ValueNames } from './display';
import IntegrityCheck from './IntegrityCheck';
import RestoreVersionModal from './RestoreVersionModal';
import VersionDetails from './VersionDetails';

const text = fr.history;

interface Props {
  /** The history's name of the entity: `member`… */
  entity: string;
  id: number;
  /** Field -> French label, in the order the lines are shown. */
  labels: FieldLabels;
  /** Field -> value -> French name, for coded values. */
  valueNames?: ValueNames;
  /** The record as the API reads it now, compared with the version to restore; without it, its latest version. */
  current?: Readonly<Record<string, unknown>>;
  /** After a restore (the new version's number): the screen reloads the record. */
  onRestored?: (newVersion: number) => unknown;
  /** Asked before the restore's dialog opens: the screen may first ask about what is being typed. */
  beforeRestore?: (open: () => void) => void;
}

export default function HistoryTimeline({ entity, id, labels, valueNames, current, onRestored, beforeRestore }: Props) {
  const history = useHistory(entity, id);
  const restoreRight = useRight('history', 'write');
  const [restoring, setRestoring] = useState<number | null>(null);

  if (history.isPending) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <Spin />
      </div>
    );
  }
  // A failed read already showed its notice.
  const pages = history.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.data);
  const total = pages[0]?.total ?? 0;
  const latest = Math.max(...entries.map((entry) => entry.history_version));

  function askRestore(version: number) {
    const open = () => setRestoring(version);
    if (beforeRestore) beforeRestore(open);
    else open();
  }

  const mayRestore = (version: number, deletion: boolean) => restoreRight.allowed && version !== latest && !deletion;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <IntegrityCheck entity={entity} id={id} />
      {entries.length === 0 ? (
        <Empty description={text.none} />
      ) : (
        <Timeline
          items={entries.map((entry) => ({
            key: entry.history_version,
            className: 'history-version',
            color: entry.history_source === 'restore' ? 'green' : 'blue',
            content: (
              <VersionDetails
                entry={entry}
                labels={labels}
                valueNames={valueNames}
                onRestore={
                  mayRestore(entry.history_version, entryKind(entry) === 'deletion')
                    ? () => askRestore(entry.history_version)
                    : undefined
                }
              />
            ),
          }))}
        />
      )}
      {entries.length < total && (
        <Space wrap>
          <Typography.Text>{text.shown(entries.length, total)}</Typography.Text>
          <Button
            onClick={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
            disabled={!history.hasNextPage}
          >
            {text.more}
          </Button>
        </Space>
      )}
      {restoring !== null && (
        <RestoreVersionModal
          entity={entity}
          id={id}
          version={restoring}
          labels={labels}
          valueNames={valueNames}
          current={current}
          onRestored={onRestored}
          onClose={() => setRestoring(null)}
        />
      )}
    </Space>
  );
}
