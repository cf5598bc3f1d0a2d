// /localities/import: pick a spreadsheet, read it in the browser, match its columns to the seven fields,
// preview the rows and their problems (sending waits until there are none), send them in one call (the
// server applies all or nothing), and show what was added, or the lines the server refused.
import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useCentralRight } from '../../app/useCentralRight';
import { api } from '../../shared/api/client';
import { ApiError, request } from '../../shared/api/request';
import Busy from '../../shared/import/Busy';
import ColumnMapping from '../../shared/import/ColumnMapping';
import ImportPreview from '../../shared/import/ImportPreview';
import ImportProblems from '../../shared/import/ImportProblems';
import SheetPicker from '../../shared/import/SheetPicker';
import { useSheetImport } from '../../shared/import/useSheetImport';
import { fr } from '../../shared/locale/fr';
import ImportCounts, { type Counts } from './ImportCounts';
import {
  autoMap,
  findProblems,
  IMPORT_FIELDS,
  refusalProblems,
  toPayload,
  toRows,
  type ImportField,
} from './importRows';
import { downloadTemplate } from './spreadsheet';

const labels = fr.geography.import.columns as Record<ImportField, string>;

export default function LocalityImportPage() {
  const t = fr.geography.import;
  const s = fr.sheetImport;
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [counts, setCounts] = useState<Counts | null>(null);
  const right = useCentralRight('geography', 'write');
  const { sheet, mapping, rows, problems, refusal, setRefusal, reset, read, remap } = useSheetImport(
    toRows,
    autoMap,
    findProblems,
  );

  function picked() {
    setCounts(null);
    reset();
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
      {!right.allowed && <Alert type="info" showIcon title={right.reason} />}
      <SheetPicker disabled={sending || !right.allowed} onPick={picked} onRead={read} />

      {mapping && (
        <>
          <ColumnMapping
            fields={IMPORT_FIELDS}
            labels={labels}
            headers={sheet[0] ?? []}
            mapping={mapping}
            onChange={remap}
          />
          {problems.length > 0 ? (
            <ImportProblems type="warning" title={s.problems(problems.length)} problems={problems} />
          ) : (
            <Alert type="success" showIcon title={s.ready(rows.length)} />
          )}
          <ImportPreview fields={IMPORT_FIELDS} labels={labels} rows={rows} problems={problems} />
          <Button
            type="primary"
            onClick={() => void send()}
            disabled={rows.length === 0 || problems.length > 0 || !right.allowed}
            loading={sending}
          >
            {s.send(rows.length)}
          </Button>
        </>
      )}

      {sending && <Busy text={s.sending(rows.length)} />}
      {refusal && <ImportProblems type="error" title={refusal.message} problems={refusal.problems} />}
      {counts && <ImportCounts counts={counts} />}
    </Space>
  );
}
