// What an import added, level by level (the server's four counts).
import { Card, Col, Row, Statistic } from 'antd';
import { fr } from '../../shared/locale/fr';

export interface Counts {
  regionAdded: number;
  departmentAdded: number;
  subprefectureAdded: number;
  localityAdded: number;
}

export default function ImportCounts({ counts }: { counts: Counts }) {
  const t = fr.geography.import;
  const items: [string, number][] = [
    [t.added.regions, counts.regionAdded],
    [t.added.departments, counts.departmentAdded],
    [t.added.subprefectures, counts.subprefectureAdded],
    [t.added.localities, counts.localityAdded],
  ];
  return (
    <Card title={t.done}>
      <Row gutter={[16, 16]}>
        {items.map(([title, value]) => (
          <Col xs={12} md={6} key={title}>
            <Statistic title={title} value={value} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
