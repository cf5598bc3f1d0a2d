// The first rows of the file as they will be sent, each with its spreadsheet line number and, in red,
// the problems found on that line.
import { Table, Typography } from 'antd';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { fr } from '../../shared/locale/fr';
import { IMPORT_FIELDS, type Problem, type SheetRow } from './importRows';

/** Rows shown; the whole file is checked and sent all the same. */
const PREVIEW = 100;

export default function ImportPreview({ rows, problems }: { rows: readonly SheetRow[]; problems: readonly Problem[] }) {
  const t = fr.geography.import;
  const tableRef = useScrollRegion(t.previewLabel);
  const byLine = new Map<number, string[]>();
  for (const p of problems) byLine.set(p.line, [...(byLine.get(p.line) ?? []), p.message]);
  const shown = rows
    .slice(0, PREVIEW)
    .map((r) => ({ line: r.line, ...r.row, problems: byLine.get(r.line)?.join(' ; ') }));

  return (
    <Table
      ref={tableRef}
      size="small"
      rowKey="line"
      dataSource={shown}
      columns={[
        { title: t.lineColumn, dataIndex: 'line', width: 80, fixed: 'left' },
        // Next to the line number, where it is seen without scrolling.
        {
          title: t.problemsColumn,
          dataIndex: 'problems',
          width: 280,
          render: (text?: string) => text && <Typography.Text type="danger">{text}</Typography.Text>,
        },
        ...IMPORT_FIELDS.map((f) => ({ title: t.columns[f], dataIndex: f })),
      ]}
      pagination={false}
      scroll={{ x: 1400, y: 320 }}
      title={() => t.preview(shown.length, rows.length)}
    />
  );
}
