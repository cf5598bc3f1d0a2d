// "Importer un relevé": an operator's statement read in the browser (.xlsx or .csv), its columns matched to
// the transaction number, date, amount and payer's phone, the rows previewed with their problems (sending
// waits until there are none and the operator is chosen), sent in parts to a job that checks and records
// them all or none (its progress shown: a national operator's month is 200,000 rows), then the server's
// counts, or its faults on the file's lines.
import { Alert, Button, Card, Modal, Progress, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../shared/api/request';
import ColumnMapping from '../../shared/import/ColumnMapping';
import ImportCounts from '../../shared/import/ImportCounts';
import ImportPreview from '../../shared/import/ImportPreview';
import ImportProblems from '../../shared/import/ImportProblems';
import SheetPicker from '../../shared/import/SheetPicker';
import { useSheetImport } from '../../shared/import/useSheetImport';
import { fr } from '../../shared/locale/fr';
import { useOperators } from './api';
import { operatorOptions } from './operators';
import { StatementRefused, useImportStatement, type StatementProgress, type StatementResult } from './statementApi';
import {
  findStatementProblems,
  mapStatement,
  STATEMENT_FIELDS,
  statementProblems,
  statementRows,
  toStatementBody,
} from './statementRows';

const t = fr.transactions.statement;
const s = fr.sheetImport;

export default function StatementImportModal({ onClose }: { onClose: () => void }) {
  const operators = useOperators();
  const [progress, setProgress] = useState<StatementProgress | null>(null);
  const save = useImportStatement(setProgress);
  const [operator, setOperator] = useState<string | null>(null);
  const [result, setResult] = useState<StatementResult | null>(null);
  const { sheet, mapping, rows, problems, refusal, setRefusal, reset, read, remap } = useSheetImport(
    statementRows,
    mapStatement,
    findStatementProblems,
  );

  function picked() {
    setResult(null);
    reset();
  }

  async function send() {
    if (!operator) return;
    setResult(null);
    setRefusal(null);
    try {
      setResult((await save.mutateAsync(toStatementBody(operator, rows))).data);
    } catch (error) {
      // A refused statement: its faulty lines stay shown here while the file is fixed. A call's failure
      // already gave its red notice.
      if (error instanceof StatementRefused) {
        const faults = statementProblems(error.message, rows);
        setRefusal({ message: faults.length > 0 ? t.refused : error.message, problems: faults });
      } else if (error instanceof ApiError) {
        const message = error.fields?.rows ?? error.message;
        const faults = statementProblems(message, rows);
        setRefusal({ message: faults.length > 0 ? t.refused : message, problems: faults });
      }
    }
  }

  return (
    <Modal
      open
      title={t.title}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      width={1100}
      footer={<Button onClick={onClose}>{fr.records.close}</Button>}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t.intro}</Typography.Paragraph>
        <Space wrap>
          <Typography.Text strong>{t.operator}</Typography.Text>
          <Select<string | null>
            aria-label={t.operator}
            value={operator}
            onChange={(value) => setOperator(value ?? null)}
            options={operatorOptions(operators.data ?? [])}
            loading={operators.isPending}
            placeholder={fr.transactions.operatorPlaceholder}
            style={{ width: 240 }}
          />
        </Space>
        <SheetPicker disabled={save.isPending} onPick={picked} onRead={read} />

        {mapping && (
          <>
            <ColumnMapping
              fields={STATEMENT_FIELDS}
              labels={t.columns}
              headers={sheet[0] ?? []}
              mapping={mapping}
              onChange={remap}
            />
            {problems.length > 0 ? (
              <ImportProblems type="warning" title={s.problems(problems.length)} problems={problems} />
            ) : (
              <Alert type="success" showIcon title={s.ready(rows.length)} />
            )}
            {!operator && <Alert type="info" showIcon title={t.operatorRequired} />}
            <ImportPreview fields={STATEMENT_FIELDS} labels={t.columns} rows={rows} problems={problems} width={1000} />
            <Button
              type="primary"
              onClick={() => void send()}
              disabled={!operator || rows.length === 0 || problems.length > 0}
              loading={save.isPending}
            >
              {s.send(rows.length)}
            </Button>
          </>
        )}

        {save.isPending && progress && (
          <Card size="small" role="status">
            <Typography.Text>{t.progress[progress.phase](progress.done, progress.total)}</Typography.Text>
            <Progress percent={Math.floor((progress.done / Math.max(1, progress.total)) * 100)} />
          </Card>
        )}
        {refusal && <ImportProblems type="error" title={refusal.message} problems={refusal.problems} />}
        {result && (
          <ImportCounts
            items={[
              { title: t.matched, value: result.matched },
              { title: t.known, value: result.known },
              { title: t.unmatched, value: result.unmatched },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
