// One version of a record in the timeline: its number (« Création », « Suppression »), when, by whom and from
// where, its reason, each changed field, and the button that restores it when it may be.
import { RollbackOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { formatMoment } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import { changeLines, entryKind, sourceText, type FieldLabels, type ValueNames } from './display';
import type { HistoryEntry } from './types';

const text = fr.history;

interface Props {
  entry: HistoryEntry;
  labels: FieldLabels;
  valueNames?: ValueNames;
  /** Shown only when this version may be restored; `undefined`: no button. */
  onRestore?: () => void;
}

export default function VersionDetails({ entry, labels, valueNames, onRestore }: Props) {
  const kind = entryKind(entry);
  const lines = changeLines(entry, labels, valueNames);
  const heading = [
    text.version(entry.history_version),
    kind === 'creation' ? text.creation : kind === 'deletion' ? text.deletion : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const origin = [formatMoment(entry.history_at), text.by(entry.history_loginName), sourceText(entry)].join(' · ');
  return (
    <div className="history-version-details">
      <Typography.Text strong>{heading}</Typography.Text>
      <div>
        <Typography.Text type="secondary">{origin}</Typography.Text>
      </div>
      {entry.history_reason && <div>{text.reason(entry.history_reason)}</div>}
      {lines.length > 0 && (
        <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
          {lines.map((line) => (
            <li key={line.field}>
              {line.label} : {line.values}
            </li>
          ))}
        </ul>
      )}
      {onRestore && (
        <Button size="small" icon={<RollbackOutlined />} onClick={onRestore} style={{ marginTop: 4 }}>
          {text.restore}
        </Button>
      )}
    </div>
  );
}
