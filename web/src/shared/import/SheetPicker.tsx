// The file of an import: picked or dropped, read in the browser (.xlsx or .csv; nothing is uploaded by
// antd), its rows handed to the screen, or why it could not be read shown here.
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Upload } from 'antd';
import { useState } from 'react';
import { fr } from '../locale/fr';
import Busy from './Busy';
import { LegacyXlsError, readSheet } from './spreadsheet';

interface Props {
  disabled?: boolean;
  /** A file was picked: what the screen showed of the previous one goes. */
  onPick: () => void;
  /** The rows of the picked file (the header first); `null` when it could not be read. */
  onRead: (sheet: unknown[][] | null) => void;
}

export default function SheetPicker({ disabled = false, onPick, onRead }: Props) {
  const t = fr.sheetImport;
  const [file, setFile] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  /** Why the picked file could not be read, or null. */
  const [unreadable, setUnreadable] = useState<string | null>(null);

  async function pick(picked: File) {
    onPick();
    setUnreadable(null);
    setFile(picked.name);
    setReading(true);
    try {
      onRead(await readSheet(picked));
    } catch (error) {
      onRead(null);
      setUnreadable(error instanceof LegacyXlsError ? t.legacyXls : t.unreadable);
    } finally {
      setReading(false);
    }
    // Nothing is uploaded by antd: the file is only read here.
    return false;
  }

  return (
    <>
      <Upload.Dragger
        accept=".xlsx,.csv"
        multiple={false}
        showUploadList={false}
        beforeUpload={pick}
        disabled={disabled || reading}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{file ?? t.pick}</p>
        <p className="ant-upload-hint">{t.pickHint}</p>
      </Upload.Dragger>
      {reading && <Busy text={t.reading} />}
      {unreadable && <Alert type="error" showIcon title={unreadable} />}
    </>
  );
}
