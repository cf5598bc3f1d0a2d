// A dashboard as the server answers it: a Metabase dashboard in a frame (its signed address expires within
// minutes), or the built-in dashboard's tables, each a card with its chart (@ant-design/charts), its
// table and its exports (CSV, .xlsx).
import { DownloadOutlined } from '@ant-design/icons';
import { Bar, Column, Pie } from '@ant-design/charts';
import { Button, Card, Col, Empty, Flex, Row, Space, Table, Typography } from 'antd';
import { formatCount } from '../../shared/format/count';
import { formatDateTime } from '../../shared/format/date';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import type { Dashboard, StatisticsRow, StatisticsTable } from './api';
import { downloadCsv, downloadXlsx } from './exportTable';
import { statisticsText as text } from './fr';

/** The tables whose labels are many or long: drawn as horizontal bars. */
const BARS = new Set(['members_by_region', 'members_by_department', 'members_by_age', 'cards_by_status']);
/** The tables of a few shares of a whole: drawn as a pie. */
const PIES = new Set(['members_by_gender', 'members_by_photo', 'payments_by_operator']);

const CHART_HEIGHT = 280;

function Chart({ table }: { table: StatisticsTable }) {
  const data = table.rows.map((row) => ({ label: row.label, value: row.value }));
  if (PIES.has(table.name)) {
    return (
      <Pie data={data.filter((row) => row.value > 0)} angleField="value" colorField="label" height={CHART_HEIGHT} />
    );
  }
  if (BARS.has(table.name)) {
    // The longest lists: as many bars as fit, each a line.
    const height = Math.max(CHART_HEIGHT, Math.min(24 * data.length + 40, 900));
    return <Bar data={data} xField="label" yField="value" height={height} />;
  }
  return <Column data={data} xField="label" yField="value" height={CHART_HEIGHT} />;
}

/** Beyond this many rows, a table scrolls within its card. */
const SCROLLED_ROWS = 12;

function TableCard({ table }: { table: StatisticsTable }) {
  const empty = table.rows.every((row) => row.value === 0);
  // A long table scrolls within its card: its rows are a named region the keyboard reaches (WCAG 2.1.1).
  const tableRef = useScrollRegion(text.tableRows(table.title));
  const exports = (
    <Space>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        aria-label={text.exportCsv(table.title)}
        onClick={() => downloadCsv(table)}
      >
        {text.csv}
      </Button>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        aria-label={text.exportXlsx(table.title)}
        onClick={() => void downloadXlsx(table)}
      >
        {text.xlsx}
      </Button>
    </Space>
  );
  return (
    <Card title={table.title} extra={exports} size="small" data-table={table.name}>
      {table.note && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {table.note}
        </Typography.Paragraph>
      )}
      {empty ? (
        <Empty description={text.empty} />
      ) : (
        <div role="img" aria-label={text.chart(table.title)}>
          <Chart table={table} />
        </div>
      )}
      <Table<StatisticsRow>
        ref={tableRef}
        size="small"
        rowKey={(row) => row.key || '-'}
        dataSource={table.rows}
        pagination={false}
        aria-label={text.table(table.title)}
        scroll={table.rows.length > SCROLLED_ROWS ? { y: 360 } : undefined}
        columns={[
          { title: table.labelTitle, dataIndex: 'label' },
          {
            title: table.valueTitle,
            dataIndex: 'value',
            align: 'right',
            width: 120,
            render: (value: number) => formatCount(value),
          },
        ]}
      />
    </Card>
  );
}

export default function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  if (dashboard.url) {
    return (
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{text.expiresAt(formatDateTime(dashboard.expiresAt))}</Typography.Text>
        <iframe
          src={dashboard.url}
          title={text.metabase(dashboard.title)}
          style={{ width: '100%', height: '75vh', border: 0 }}
        />
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      <Typography.Text strong>
        {text.total(dashboard.reportName, formatCount(dashboard.total), dashboard.total)}
      </Typography.Text>
      <Row gutter={[16, 16]}>
        {dashboard.tables.map((table) => (
          <Col key={table.name} xs={24} xl={12}>
            <TableCard table={table} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
