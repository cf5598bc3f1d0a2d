// The first rows of the file as they will be sent, each with its spreadsheet line number and, in red,
// the problems found on that line.
import { Table, Typography } from 'antd';
import { useScrollRegion } from '../list/useScrollRegion';
import { fr } from '../locale/fr';
import type { Problem, SheetRow } from './columns';

/** Rows shown; the whole file is checked and sent all the same. */
const PREVIEW = 100;

interface Props<F extends string> {
  fields: readonly F[];
  labels: Record<F, string>;
  rows: readonly SheetRow<F>[];
  problems: readonly Problem[];
  /** The table's width (scrolled sideways when wider than the screen). */
  width?: number;
}

export default function ImportPreview<F extends string>({ fields, labels, rows, problems, width = 1400 }: Props<F>) {
  const t = fr.sheetImport;
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
        ...fields.map((f) => ({ title: labels[f], dataIndex: f })),
      ]}
      pagination={false}
      scroll={{ x: width, y: 320 }}
      title={() => t.preview(shown.length, rows.length)}
    />
  );
}
