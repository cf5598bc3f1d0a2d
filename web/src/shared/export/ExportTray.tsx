// The exports of the header: a button (a badge counts the jobs at work) that opens the signed-in account's
// export jobs started from this browser, newest first, each with its progress (rows written of the rows
// to write), its status, its file's size and « Télécharger » once done, or the reason it failed; an ended
// job can be taken out of the list. The tray follows the session's account (store.ts keeps each account's
// jobs apart and across reloads), and a notice says when a job ends, with its download.
import { CloseOutlined, CloudDownloadOutlined, DownloadOutlined } from '@ant-design/icons';
import { Badge, Button, notification, Popover, Progress, Space, Tag, theme, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ERROR_NOTICE_SECONDS } from '../constants';
import { formatDateTime } from '../format/date';
import { fr } from '../locale/fr';
import { useSession } from '../session/useSession';
import {
  errorText,
  isRunning,
  jobTitle,
  listLabel,
  percentDone,
  rowsText,
  sizeText,
  statusText,
  type ExportJob,
} from './job';
import { exportStore, runningCount, useExports, type ExportEntry } from './store';

const text = fr.exports;
/** The tags' colours: antd's named ones, whose text the theme keeps readable (READABLE_LIGHT_COLORS). */
const TAG_COLORS: Record<string, string> = {
  waiting: 'default',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** "24 %": French puts a (narrow no-break) space before the sign. */
const percentText = (percent?: number) => `${percent ?? 0}\u202f%`;

/**
 * The bar's look: moving while it runs, red once failed. A done job's bar is a full green one with its
 * "100 %" in the text's colour (antd's "success" writes it in a green too pale to read on white).
 */
function progressLook(job: ExportJob, doneColor: string) {
  if (job.export_status === 'done') return { status: 'normal' as const, strokeColor: doneColor };
  if (job.export_status === 'failed') return { status: 'exception' as const };
  return { status: job.export_status === 'running' ? ('active' as const) : ('normal' as const) };
}

/** Saves a done job's file; the button turns while it comes. */
function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const download = useCallback(async (id: string) => {
    setBusy(id);
    try {
      await exportStore.download(id);
    } catch {
      // The failed call showed its notice; a file gone says so in its entry.
    } finally {
      setBusy(null);
    }
  }, []);
  return { busy, download };
}

interface EntryProps {
  entry: ExportEntry;
  busy: boolean;
  onDownload: () => void;
  /** Drawn under the previous entry. */
  divided: boolean;
}

function Entry({ entry, busy, onDownload, divided }: EntryProps) {
  const { token } = theme.useToken();
  const { job } = entry;
  const title = jobTitle(entry.list, job?.export_format ?? '');
  const ended = entry.gone || (job !== undefined && !isRunning(job));
  const fileName = job?.export_fileName || title;
  return (
    <li
      data-testid="export-entry"
      style={{
        padding: '10px 0',
        borderTop: divided ? `1px solid ${token.colorBorderSecondary}` : undefined,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Typography.Text strong style={{ flex: 1, minWidth: 0 }}>
          {title}
        </Typography.Text>
        {job && !entry.gone && <Tag color={TAG_COLORS[job.export_status]}>{statusText(job.export_status)}</Tag>}
        {ended && (
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={text.removeLabel(title)}
            title={text.remove}
            onClick={() => exportStore.remove(entry.id)}
          />
        )}
      </div>
      {job && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {text.startedAt(formatDateTime(job.export_createdAt))}
        </Typography.Text>
      )}
      {entry.gone ? (
        <Typography.Text type="secondary">{text.gone}</Typography.Text>
      ) : job ? (
        <>
          <Progress
            percent={percentDone(job)}
            {...progressLook(job, token.colorSuccessText)}
            format={percentText}
            size="small"
            aria-label={text.progressLabel(title)}
          />
          <Space size={12} wrap>
            <Typography.Text>{rowsText(job)}</Typography.Text>
            {sizeText(job) && <Typography.Text type="secondary">{sizeText(job)}</Typography.Text>}
          </Space>
          {job.export_status === 'failed' && (
            <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }}>
              {errorText(job)}
            </Typography.Paragraph>
          )}
          {job.export_status === 'done' && (
            <div style={{ marginTop: 6 }}>
              <Button
                type="primary"
                size="small"
                icon={<DownloadOutlined />}
                loading={busy}
                aria-label={text.downloadLabel(fileName)}
                onClick={onDownload}
              >
                {text.download}
              </Button>
            </div>
          )}
        </>
      ) : (
        <Progress percent={0} format={percentText} size="small" aria-label={text.progressLabel(title)} />
      )}
    </li>
  );
}

export default function ExportTray() {
  const { user } = useSession();
  const account = user ? String(user.login_id) : null;
  useEffect(() => exportStore.setAccount(account), [account]);
  const entries = useExports();
  const running = runningCount(entries);
  const [open, setOpen] = useState(false);
  const { busy, download } = useDownload();
  const [notice, noticeHolder] = notification.useNotification();

  // An export that ends while followed here says so, wherever the user is.
  useEffect(
    () =>
      exportStore.onFinished(({ id, list, job }) => {
        const key = `export-${id}`;
        if (job.export_status === 'done') {
          notice.success({
            key,
            title: text.ready(listLabel(list)),
            description: text.readyDetail(job.export_fileName, sizeText(job)),
            actions: (
              <Button
                type="primary"
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => {
                  notice.destroy(key);
                  void download(id);
                }}
              >
                {text.download}
              </Button>
            ),
          });
        } else {
          notice.error({
            key,
            title: text.failedNotice(listLabel(list)),
            description: errorText(job),
            duration: ERROR_NOTICE_SECONDS,
          });
        }
      }),
    [notice, download],
  );

  if (!user) return null;

  const content = (
    <div style={{ width: 380, maxWidth: 'calc(100vw - 48px)' }} data-testid="export-tray">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {text.trayHelp}
      </Typography.Paragraph>
      {entries.length === 0 ? (
        <Typography.Paragraph style={{ margin: 0 }}>{text.none}</Typography.Paragraph>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 420, overflow: 'auto' }}>
          {entries.map((entry, i) => (
            <Entry
              key={entry.id}
              entry={entry}
              busy={busy === entry.id}
              divided={i > 0}
              onDownload={() => void download(entry.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <>
      {noticeHolder}
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        title={text.trayTitle}
        content={content}
      >
        <Badge count={running} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            icon={<CloudDownloadOutlined />}
            aria-label={text.trayLabel(running)}
            aria-expanded={open}
          >
            {text.tray}
          </Button>
        </Badge>
      </Popover>
    </>
  );
}
