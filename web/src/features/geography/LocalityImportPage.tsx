// /localities/import: pick a spreadsheet, read it in the browser, match its columns to the seven fields,
// preview the rows and their problems, send them in one call (the server applies all or nothing), and
// show what was added.
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Select, Space, Spin, Statistic, Table, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { fr } from '../../shared/locale/fr';
import { autoMap, findProblems, IMPORT_FIELDS, toRows, type ImportField, type Mapping } from './importRows';
import { downloadTemplate, readSheet } from './spreadsheet';

const PREVIEW = 100;
type Counts = { regionAdded: number; departmentAdded: number; subprefectureAdded: number; localityAdded: number };

export default function LocalityImportPage() {
  const t = fr.geography.import;
  const queryClient = useQueryClient();
  const [file, setFile] = useState<string | null>(null);
  const [sheet, setSheet] = useState<unknown[][]>([]);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [sending, setSending] = useState(false);
  const [counts, setCounts] = useState<Counts | null>(null);

  const rows = useMemo(() => (mapping ? toRows(sheet, mapping) : []), [sheet, mapping]);
  const problems = useMemo(() => findProblems(rows), [rows]);
  const headers = (sheet[0] ?? []).map((h, i) => ({ value: i, label: String(h || `${t.column} ${i + 1}`) }));

  async function pick(picked: File) {
    setCounts(null);
    setUnreadable(false);
    setFile(picked.name);
    try {
      const read = await readSheet(picked);
      setSheet(read);
      setMapping(autoMap(read[0] ?? []));
    } catch {
      setSheet([]);
      setMapping(null);
      setUnreadable(true);
    }
    return false;
  }

  async function send() {
    setSending(true);
    try {
      const answer = await request(api.POST('/locality/post_locality-import', { body: rows.map((r) => r.row) }));
      setCounts(answer);
      await queryClient.invalidateQueries({ queryKey: ['geography'] });
    } catch {
      // The notice shows the server's message, which names the faulty rows.
    } finally {
      setSending(false);
    }
  }

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>{t.intro}</Typography.Text>
        <Button icon={<DownloadOutlined />} onClick={downloadTemplate}>
          {t.template}
        </Button>
      </Space>
      <Upload.Dragger accept=".xlsx,.xls,.csv" multiple={false} showUploadList={false} beforeUpload={pick} disabled={sending}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{file ?? t.pick}</p>
        <p className="ant-upload-hint">{t.pickHint}</p>
      </Upload.Dragger>
      {unreadable && <Alert type="error" showIcon message={t.unreadable} />}

      {mapping && (
        <Card title={t.mapping} size="small">
          <Row gutter={[16, 8]}>
            {IMPORT_FIELDS.map((field: ImportField) => (
              <Col xs={24} md={12} lg={6} key={field}>
                <Typography.Text strong>{t.columns[field]}</Typography.Text>
                <Select<number | null>
                  aria-label={t.columns[field]}
                  style={{ width: '100%' }}
                  value={mapping[field]}
                  allowClear
                  placeholder={t.noColumn}
                  options={headers}
                  onChange={(value) => setMapping({ ...mapping, [field]: value ?? null })}
                />
              </Col>
            ))}
          </Row>
        </Card>
      )}

      {mapping && (
        <>
          {problems.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              message={t.problems(problems.length)}
              description={
                <ul style={{ margin: 0, maxHeight: 200, overflow: 'auto' }}>
                  {problems.slice(0, 50).map((p) => (
                    <li key={`${p.line}-${p.message}`}>{t.line(p.line, p.message)}</li>
                  ))}
                </ul>
              }
            />
          ) : (
            <Alert type="success" showIcon message={t.ready(rows.length)} />
          )}
          <Table
            size="small"
            rowKey="line"
            dataSource={rows.slice(0, PREVIEW).map((r) => ({ line: r.line, ...r.row }))}
            columns={[{ title: t.lineColumn, dataIndex: 'line', width: 80 }, ...IMPORT_FIELDS.map((f) => ({ title: t.columns[f], dataIndex: f }))]}
            pagination={false}
            scroll={{ x: 1100, y: 320 }}
            title={() => t.preview(Math.min(PREVIEW, rows.length), rows.length)}
          />
          <Space>
            <Button type="primary" onClick={send} disabled={rows.length === 0 || problems.length > 0} loading={sending}>
              {t.send(rows.length)}
            </Button>
            {sending && <Spin size="small" />}
            {sending && <Typography.Text>{t.sending}</Typography.Text>}
          </Space>
        </>
      )}

      {counts && (
        <Card title={t.done}>
          <Row gutter={16}>
            <Col span={6}>
              <Statistic title={t.added.regions} value={counts.regionAdded} />
            </Col>
            <Col span={6}>
              <Statistic title={t.added.departments} value={counts.departmentAdded} />
            </Col>
            <Col span={6}>
              <Statistic title={t.added.subprefectures} value={counts.subprefectureAdded} />
            </Col>
            <Col span={6}>
              <Statistic title={t.added.localities} value={counts.localityAdded} />
            </Col>
          </Row>
        </Card>
      )}
    </Space>
  );
}
