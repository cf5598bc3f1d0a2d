// What an import did, as the server counted it: one figure per kind of row, written as a French reader
// writes counts (12 000).
import { Card, Col, Row, Statistic } from 'antd';
import { formatCount } from '../format/count';
import { fr } from '../locale/fr';

export default function ImportCounts({ items }: { items: readonly { title: string; value: number }[] }) {
  return (
    <Card title={fr.sheetImport.done}>
      <Row gutter={[16, 16]}>
        {items.map(({ title, value }) => (
          <Col xs={12} md={6} key={title}>
            <Statistic title={title} value={value} formatter={(shown) => formatCount(Number(shown))} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
