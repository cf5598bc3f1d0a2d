// A template's versions, newest first: number, notes, when; any but the current one is restored after
// confirmation (its JSON saved again as a new version, noted « Restauration de la version N »).
import { Button, Drawer, Popconfirm, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import { useReportVersions, type ReportVersion } from './api';
import { reportsText } from './fr';

const text = reportsText.designer;

export default function VersionHistory({
  reportId,
  current,
  onRestore,
  onClose,
}: {
  reportId: number;
  /** The version the designer shows (saved last). */
  current: number;
  onRestore: (version: number) => Promise<void>;
  onClose: () => void;
}) {
  const versions = useReportVersions(reportId);
  const [restoring, setRestoring] = useState<number | null>(null);

  async function restore(version: number) {
    setRestoring(version);
    try {
      await onRestore(version);
    } catch {
      // The notice said why.
    } finally {
      setRestoring(null);
    }
  }

  const columns: NonNullable<TableProps<ReportVersion>['columns']> = [
    {
      title: reportsText.fields.report_version,
      dataIndex: 'report_version',
      width: 150,
      render: (version: number, row) => (
        <>
          {text.versionLabel(version)}
          {(row.report_isCurrent || version === current) && (
            <div>
              <Tag color="green">{text.current}</Tag>
            </div>
          )}
        </>
      ),
    },
    {
      title: text.notes,
      dataIndex: 'report_versionNotes',
      render: (notes: string) => notes || text.noNotes,
    },
    {
      title: reportsText.fields.report_updatedAt,
      dataIndex: 'report_updatedAt',
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: fr.records.actions,
      key: 'restore',
      width: 130,
      render: (_: unknown, row) =>
        !row.report_isCurrent && (
          <Popconfirm
            title={text.restoreConfirm(row.report_version)}
            okText={text.restore}
            cancelText={fr.records.cancel}
            // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd's Popconfirm awaits the promise (loading button), though typed void
            onConfirm={() => restore(row.report_version)}
          >
            <Button
              aria-label={text.restoreLabel(row.report_version)}
              loading={restoring === row.report_version}
              disabled={restoring !== null && restoring !== row.report_version}
            >
              {text.restore}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Drawer open size={720} title={text.historyTitle} onClose={onClose}>
      <Table<ReportVersion>
        rowKey="report_version"
        size="small"
        aria-label={text.historyTitle}
        columns={columns}
        dataSource={versions.data?.data ?? []}
        loading={versions.isFetching && !versions.data}
        pagination={false}
      />
    </Drawer>
  );
}
