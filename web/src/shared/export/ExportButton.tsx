// « Exporter » above a list: a menu of the two formats (CSV, Excel .xlsx), each starting on the server an
// export of every row the list's filters keep, in its sort. The job then shows in the header's tray, which
// follows it and offers its file. Disabled, with a tooltip saying why, while the list is empty (or while
// the screen shows something the export would not give back, `disabledReason`).
import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { useState } from 'react';
import { notifySuccess } from '../feedback/feedback';
import { fr } from '../locale/fr';
import { EXPORT_FORMATS, listLabel, type ExportFilters, type ExportFormat, type ExportList } from './job';
import { exportStore } from './store';

interface Props {
  list: ExportList;
  /** What the list's own call sends (`exportQuery(list.params, memberListFilters(list.params))`). */
  filters: ExportFilters;
  /** The list shows no row: nothing to export. */
  empty: boolean;
  /** Why the export is not offered now, besides an empty list. */
  disabledReason?: string;
}

const items: MenuProps['items'] = EXPORT_FORMATS.map((format) => ({ key: format, label: fr.exports[format] }));

export default function ExportButton({ list, filters, empty, disabledReason }: Props) {
  const [starting, setStarting] = useState(false);
  const reason = disabledReason ?? (empty ? fr.exports.empty : undefined);

  async function start(format: ExportFormat) {
    setStarting(true);
    try {
      await exportStore.start(list, format, filters);
      notifySuccess(fr.exports.started(listLabel(list)));
    } catch {
      // The failed call showed the server's message.
    } finally {
      setStarting(false);
    }
  }

  const button = (
    <Button
      icon={<ExportOutlined />}
      loading={starting}
      disabled={reason !== undefined}
      // A disabled button fires no mouse event: the span around it shows the tooltip.
      style={reason !== undefined ? { pointerEvents: 'none' } : undefined}
    >
      {fr.exports.button} <DownOutlined />
    </Button>
  );

  if (reason !== undefined) {
    return (
      <Tooltip title={reason}>
        <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{button}</span>
      </Tooltip>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      disabled={starting}
      menu={{ items, onClick: ({ key }) => void start(key as ExportFormat) }}
    >
      {button}
    </Dropdown>
  );
}
