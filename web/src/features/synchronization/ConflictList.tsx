// The conflicts of a run, in its detail: for each member met in two versions, its name and number, and the
// version kept beside the version dropped, with when and by whom each was made and the fields that differ
// (their values highlighted).
import { Alert, Card, Space, Spin, Table, Typography } from 'antd';
import { formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import { useRunConflicts, type RunConflict } from './api';
import { conflictMember, diffVersions, parseVersion, valueText, type SyncedVersion } from './conflicts';

const text = fr.synchronization.conflicts;
const memberFields = fr.members.fields;

interface Row {
  key: string;
  label: string;
  kept: string;
  lost: string;
  /** A differing field's value, highlighted; the versions' time and author are not. */
  differs: boolean;
}

function side(version: SyncedVersion | null, field: 'updatedAt' | 'updatedByUser'): string {
  if (!version) return text.unreadable;
  return field === 'updatedAt' ? formatDateTime(version.updatedAt) : valueText(field, version.updatedByUser);
}

function Value({ value, differs }: { value: string; differs: boolean }) {
  return differs ? <Typography.Text mark>{value}</Typography.Text> : <>{value}</>;
}

function ConflictCard({ conflict }: { conflict: RunConflict }) {
  const kept = parseVersion(conflict.kept);
  const lost = parseVersion(conflict.lost);
  const member = conflictMember(kept, lost);
  const differences = diffVersions(kept, lost);
  const rows: Row[] = [
    {
      key: 'updatedAt',
      label: memberFields.updatedAt,
      kept: side(kept, 'updatedAt'),
      lost: side(lost, 'updatedAt'),
      differs: false,
    },
    {
      key: 'updatedByUser',
      label: memberFields.updatedByUser,
      kept: side(kept, 'updatedByUser'),
      lost: side(lost, 'updatedByUser'),
      differs: false,
    },
    ...differences.map((difference) => ({
      key: difference.field,
      label: difference.label,
      kept: difference.kept,
      lost: difference.lost,
      differs: true,
    })),
  ];
  return (
    <Card
      size="small"
      data-testid="sync-conflict"
      title={
        <Typography.Title level={4} style={{ fontSize: 14, margin: 0 }}>
          {member.name}
          {member.idNumber && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginInlineStart: 8 }}>
              {text.idNumber(member.idNumber)}
            </Typography.Text>
          )}
        </Typography.Title>
      }
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{text.at(formatDateTime(conflict.at))}</Typography.Text>
        <Table<Row>
          size="small"
          bordered
          pagination={false}
          rowKey="key"
          dataSource={rows}
          columns={[
            { title: text.field, dataIndex: 'label', width: 180 },
            {
              title: text.kept,
              dataIndex: 'kept',
              render: (value: string, row) => <Value value={value} differs={row.differs} />,
            },
            {
              title: text.lost,
              dataIndex: 'lost',
              render: (value: string, row) => <Value value={value} differs={row.differs} />,
            },
          ]}
        />
        {differences.length === 0 && <Typography.Text type="secondary">{text.sameFields}</Typography.Text>}
      </Space>
    </Card>
  );
}

/** `count`: the conflicts the run's entry counts so far; nothing is shown (nor asked) while it is 0. */
export default function ConflictList({ uuid, count }: { uuid: string; count: number }) {
  const conflicts = useRunConflicts(uuid, count);
  if (count <= 0) return null;
  const list = conflicts.data ?? [];
  return (
    <section aria-labelledby="sync-conflicts" style={{ marginTop: 24 }} data-testid="sync-conflicts">
      <Typography.Title level={3} id="sync-conflicts" style={{ fontSize: 16 }}>
        {text.title(count)}
      </Typography.Title>
      {conflicts.isPending ? (
        <Space>
          <Spin size="small" />
          <Typography.Text>{text.loading}</Typography.Text>
        </Space>
      ) : conflicts.isError ? null : list.length === 0 ? (
        <Alert type="info" showIcon title={text.none} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {list.map((conflict, index) => (
            <ConflictCard key={`${conflict.member_uuid}-${index}`} conflict={conflict} />
          ))}
        </Space>
      )}
    </section>
  );
}
