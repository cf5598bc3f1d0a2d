// Which spreadsheet column holds each of the seven fields: matched from the header names, changed here.
import { Card, Col, Row, Select, Typography } from 'antd';
import { toText } from '../../shared/format/text';
import { fr } from '../../shared/locale/fr';
import { IMPORT_FIELDS, type Mapping } from './importRows';

interface Props {
  /** The spreadsheet's header line. */
  headers: readonly unknown[];
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
}

export default function ColumnMapping({ headers, mapping, onChange }: Props) {
  const t = fr.geography.import;
  // A column without a header is named by its position.
  const options = headers.map((h, i) => ({ value: i, label: toText(h).trim() || `${t.column} ${i + 1}` }));
  return (
    <Card title={t.mapping} size="small">
      <Row gutter={[16, 8]}>
        {IMPORT_FIELDS.map((field) => (
          <Col xs={24} md={12} lg={6} key={field}>
            <Typography.Text strong>{t.columns[field]}</Typography.Text>
            <Select<number | null>
              aria-label={t.columns[field]}
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
