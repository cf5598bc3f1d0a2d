// The columns of the failed photos: the member (a link to it in the members list), the attempts, the last
// error in full, when it last failed (and first, when earlier), when the next run tries again, and the
// retry. Sortable by the server on the member's id, the attempts and the last failure.
import { Space, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { formatCount } from '../../shared/format/count';
import { formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import type { PhotoFailure, PhotoFailureSortField } from './photoFailures';
import { firstFailedText, memberName, memberPath, nextAttempt } from './photoFailureText';
import RetryPhotoButton from './RetryPhotoButton';

const text = fr.tools.photoFailures;

type Sortable = (field: PhotoFailureSortField) => object;

/** `now`: the time the next attempts are counted from (the list's last read). */
export function photoFailureColumns(sortable: Sortable, now: Date): NonNullable<TableProps<PhotoFailure>['columns']> {
  return [
    {
      title: text.member,
      width: 210,
      ...sortable('member_id'),
      render: (_: unknown, failure: PhotoFailure) => (
        <Space orientation="vertical" size={0}>
          <Link
            to={memberPath(failure.member_idNumber)}
            title={text.memberLink(memberName(failure), failure.member_idNumber)}
          >
            {memberName(failure)}
          </Link>
          <Typography.Text type="secondary">{failure.member_idNumber}</Typography.Text>
        </Space>
      ),
    },
    {
      title: text.attempts,
      width: 115,
      align: 'right',
      ...sortable('attempts'),
      render: (attempts: number) => formatCount(attempts),
    },
    {
      title: text.lastError,
      dataIndex: 'lastError',
      render: (error: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{error}</span>,
    },
    {
      title: text.lastFailedAt,
      width: 170,
      ...sortable('lastFailedAt'),
      render: (lastFailedAt: string, failure: PhotoFailure) => {
        const first = firstFailedText(failure);
        return (
          <Space orientation="vertical" size={0}>
            <span>{formatDateTime(lastFailedAt)}</span>
            {first && <Typography.Text type="secondary">{first}</Typography.Text>}
          </Space>
        );
      },
    },
    {
      title: text.nextAttemptAt,
      dataIndex: 'nextAttemptAt',
      width: 190,
      render: (nextAttemptAt: string) => {
        const { when, wait } = nextAttempt(nextAttemptAt, now);
        return (
          <Space orientation="vertical" size={0}>
            <span>{when}</span>
            {wait && <Typography.Text type="secondary">{wait}</Typography.Text>}
          </Space>
        );
      },
    },
    {
      title: fr.records.actions,
      key: 'actions',
      width: 125,
      render: (_: unknown, failure: PhotoFailure) => <RetryPhotoButton failure={failure} />,
    },
  ];
}
