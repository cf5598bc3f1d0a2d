// Which spreadsheet column holds each field of an import: matched from the header names, changed here.
import { Card, Col, Row, Select, Typography } from 'antd';
import { toText } from '../format/text';
import { fr } from '../locale/fr';
import type { Mapping } from './columns';

interface Props<F extends string> {
  /** The import's fields, in the order shown. */
  fields: readonly F[];
  /** Each field's name on screen. */
  labels: Record<F, string>;
  /** The spreadsheet's header line. */
  headers: readonly unknown[];
  mapping: Mapping<F>;
  onChange: (mapping: Mapping<F>) => void;
}

export default function ColumnMapping<F extends string>({ fields, labels, headers, mapping, onChange }: Props<F>) {
  const t = fr.sheetImport;
  // A column without a header is named by its position.
  const options = headers.map((h, i) => ({ value: i, label: toText(h).trim() || `${t.column} ${i + 1}` }));
  return (
    <Card title={t.mapping} size="small">
      <Row gutter={[16, 8]}>
        {fields.map((field) => (
          <Col xs={24} md={12} lg={6} key={field}>
            <Typography.Text strong>{labels[field]}</Typography.Text>
            <Select<number | null>
              aria-label={labels[field]}
              style={{ width: '100%' }}
              value={mapping[field]}
              allowClear
              placeholder={t.noColumn}
              options={options}
              onChange={(value) => onChange({ ...mapping, [field]: value ?? null })}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
