// /localities/import: pick a spreadsheet, read it in the browser, match its columns to the seven fields,
// preview the rows and their problems (sending waits until there are none), send them in one call (the
// server applies all or nothing), and show what was added, or the lines the server refused.
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Spin, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../shared/api/client';
import { ApiError, request } from '../../shared/api/request';
import { fr } from '../../shared/locale/fr';
import ColumnMapping from './ColumnMapping';
import ImportCounts, { type Counts } from './ImportCounts';
import ImportPreview from './ImportPreview';
import ImportProblems from './ImportProblems';
import { autoMap, findProblems, refusalProblems, toPayload, toRows, type Mapping, type Problem } from './importRows';
import { downloadTemplate, LegacyXlsError, readSheet } from './spreadsheet';

/** The server's refusal: its message, and its faulty rows as spreadsheet lines. */
interface Refusal {
  message: string;
  problems: Problem[];
}

export default function LocalityImportPage() {
  const t = fr.geography.import;
  const queryClient = useQueryClient();
  const [file, setFile] = useState<string | null>(null);
  const [sheet, setSheet] = useState<unknown[][]>([]);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [reading, setReading] = useState(false);
  /** Why the picked file could not be read, or null. */
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const rows = useMemo(() => (mapping ? toRows(sheet, mapping) : []), [sheet, mapping]);
  const problems = useMemo(() => findProblems(rows), [rows]);

  async function pick(picked: File) {
    setCounts(null);
    setRefusal(null);
    setUnreadable(null);
    setFile(picked.name);
    setReading(true);
    try {
      const read = await readSheet(picked);
      setSheet(read);
      setMapping(autoMap(read[0] ?? []));
    } catch (error) {
      setSheet([]);
      setMapping(null);
      setUnreadable(error instanceof LegacyXlsError ? t.legacyXls : t.unreadable);
    } finally {
      setReading(false);
    }
    // Nothing is uploaded by antd: the file is only read here.
    return false;
  }

  function remap(next: Mapping) {
    setMapping(next);
    setRefusal(null);
  }

  async function send() {
    setSending(true);
    setCounts(null);
    setRefusal(null);
    try {
      setCounts(await request(api.POST('/locality/post_locality-import', { body: toPayload(rows) })));
      await queryClient.invalidateQueries({ queryKey: ['geography'] });
    } catch (error) {
      // The red notice already gave the message; the faulty lines stay shown here while the file is fixed.
      if (error instanceof ApiError)
        setRefusal({ message: error.message, problems: refusalProblems(error.fields, rows) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>{t.intro}</Typography.Text>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
          {t.template}
        </Button>
      </Space>
      <Upload.Dragger
        accept=".xlsx,.csv"
        multiple={false}
        showUploadList={false}
        beforeUpload={pick}
        disabled={sending || reading}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{file ?? t.pick}</p>
        <p className="ant-upload-hint">{t.pickHint}</p>
      </Upload.Dragger>
      {reading && <Busy text={t.reading} />}
      {unreadable && <Alert type="error" showIcon title={unreadable} />}

      {mapping && !reading && (
        <>
          <ColumnMapping headers={sheet[0] ?? []} mapping={mapping} onChange={remap} />
          {problems.length > 0 ? (
            <ImportProblems type="warning" title={t.problems(problems.length)} problems={problems} />
          ) : (
            <Alert type="success" showIcon title={t.ready(rows.length)} />
          )}
          <ImportPreview rows={rows} problems={problems} />
          <Button
            type="primary"
            onClick={() => void send()}
            disabled={rows.length === 0 || problems.length > 0}
            loading={sending}
          >
            {t.send(rows.length)}
          </Button>
        </>
      )}

      {sending && <Busy text={t.sending(rows.length)} />}
      {refusal && <ImportProblems type="error" title={refusal.message} problems={refusal.problems} />}
      {counts && <ImportCounts counts={counts} />}
    </Space>
  );
}

/** A wait that may last (a large file read, or checked and saved by the server), said in words. */
function Busy({ text }: { text: string }) {
  return (
    <Card size="small" role="status">
      <Space>
        <Spin />
        <Typography.Text>{text}</Typography.Text>
      </Space>
    </Card>
  );
}
