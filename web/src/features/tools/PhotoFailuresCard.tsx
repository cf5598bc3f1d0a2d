// The tools page's way to the failed photos: what the list is, how many there are now (on a field laptop),
// and the link.
import { CameraOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { formatCount } from '../../shared/format/count';
import { fr } from '../../shared/locale/fr';
import { useRunningEnv } from '../about/api';
import { PHOTO_FAILURE_DEFAULTS, usePhotoFailureList } from './photoFailures';

const text = fr.tools.photoFailures;
// One row is enough to be answered the total.
const COUNT_ONLY = { ...PHOTO_FAILURE_DEFAULTS, pageSize: 1 };

const PHOTO_FAILURES_PATH = '/tools/photo_sync_failed';

export default function PhotoFailuresCard() {
  // Only a field laptop sends photos: the central server has none to count. Quiet: the count is a hint,
  // the list itself says what went wrong.
  const env = useRunningEnv();
  const failures = usePhotoFailureList(COUNT_ONLY, { quiet: true, enabled: env.data === 'field' });
  const total = failures.data?.total;
  return (
    <Card
      title={
        <span>
          <CameraOutlined style={{ marginInlineEnd: 8 }} />
          {text.title}
        </span>
      }
      extra={<Link to={PHOTO_FAILURES_PATH}>{text.open}</Link>}
    >
      <Typography.Paragraph type="secondary">{text.help}</Typography.Paragraph>
      {total !== undefined && (
        <Typography.Text strong data-testid="photo-failure-count">
          {total === 0 ? text.none : text.count(formatCount(total), total)}
        </Typography.Text>
      )}
    </Card>
  );
}
