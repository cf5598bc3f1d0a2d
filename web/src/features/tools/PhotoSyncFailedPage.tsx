// On a field laptop, the members' photos that failed to go to the central server: for each, its member,
// the attempts, the last error, when it last failed and when the next run tries it again, and « Réessayer »
// to send it now. Paged and sorted by the server; a photo sent leaves the list.
import { Alert, Empty, Space, Table, Typography } from 'antd';
import { formatCount } from '../../shared/format/count';
import { useServerList } from '../../shared/list/useServerList';
import { fr } from '../../shared/locale/fr';
import { useRunningEnv } from '../about/api';
import { photoFailureColumns } from './photoFailureColumns';
import {
  PHOTO_FAILURE_DEFAULTS,
  PHOTO_FAILURE_SORTABLE,
  usePhotoFailureList,
  type PhotoFailure,
  type PhotoFailureListParams,
  type PhotoFailureSortField,
} from './photoFailures';

const PAGE_SIZES = [20, 50, 100];
const text = fr.tools.photoFailures;

export default function PhotoSyncFailedPage() {
  const env = useRunningEnv();
  const list = useServerList<PhotoFailure, PhotoFailureSortField, PhotoFailureListParams>(
    PHOTO_FAILURE_DEFAULTS,
    PHOTO_FAILURE_SORTABLE,
  );
  const answer = usePhotoFailureList(list.params);
  const total = answer.data?.total ?? 0;
  // The next attempts are counted from the list's last read, so that a row says the same between reads.
  const readAt = new Date(answer.dataUpdatedAt);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {text.intro}
      </Typography.Paragraph>
      {env.data === 'central' && <Alert type="info" showIcon title={text.centralHelp} />}
      <Table<PhotoFailure>
        rowKey="member_uuid"
        size="small"
        columns={photoFailureColumns(list.sortable, readAt)}
        dataSource={answer.data?.data ?? []}
        loading={answer.isFetching && !answer.data}
        onChange={list.onChange}
        pagination={list.pagination(total, () => text.count(formatCount(total), total), PAGE_SIZES)}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.none} /> }}
      />
    </Space>
  );
}
