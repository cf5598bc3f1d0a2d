// The preview of a template as it stands in the designer (saved or not), filled with its preview data: the
// PDF is made in the browser by @pdfme/generator (loaded only now), with a progress bar, then opened in a
// new tab or saved. The product's pages may not frame a document, so the PDF is not shown inside this one.
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { openFile, saveFile } from '../../shared/api/download';
import { fr } from '../../shared/locale/fr';
import { reportsText } from './fr';
import { reportPlugins } from './plugins';
import { byteSize, previewInputs, type ReportTemplate } from './template';

const text = reportsText.designer;

type Made = { state: 'making'; percent: number } | { state: 'done'; pdf: Blob } | { state: 'failed'; why: string };

export default function PreviewDialog({
  template,
  data,
  name,
  onClose,
}: {
  template: ReportTemplate;
  data: Record<string, string>;
  name: string;
  onClose: () => void;
}) {
  const [made, setMade] = useState<Made>({ state: 'making', percent: 5 });

  useEffect(() => {
    let stopped = false;
    void (async () => {
      try {
        const { generate } = await import('@pdfme/generator');
        if (stopped) return;
        setMade({ state: 'making', percent: 40 });
        const bytes = await generate({
          template: template,
          inputs: previewInputs(template, data),
          plugins: reportPlugins,
        });
        if (!stopped) setMade({ state: 'done', pdf: new Blob([bytes], { type: 'application/pdf' }) });
      } catch (error) {
        if (!stopped) setMade({ state: 'failed', why: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      stopped = true;
    };
  }, [template, data]);

  const pages = template.schemas.length;
  return (
    <Modal open title={text.previewTitle} onCancel={onClose} destroyOnHidden width={520} footer={null}>
      {made.state === 'making' && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>{text.previewing}</Typography.Text>
          <Progress percent={made.percent} status="active" aria-label={text.previewing} />
        </Space>
      )}
      {made.state === 'failed' && <Alert type="error" showIcon title={text.previewFailed(made.why)} />}
      {made.state === 'done' && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Progress percent={100} aria-label={text.previewReady(pages, byteSize(made.pdf.size))} />
          <Typography.Text role="status">{text.previewReady(pages, byteSize(made.pdf.size))}</Typography.Text>
          <Space wrap>
            <Button type="primary" icon={<ExportOutlined />} onClick={() => openFile(made.pdf)}>
              {text.previewOpen}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => saveFile(made.pdf, `${name || 'apercu'} - aperçu.pdf`)}>
              {text.previewDownload}
            </Button>
          </Space>
        </Space>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
        <Button onClick={onClose}>{fr.records.close}</Button>
      </div>
    </Modal>
  );
}
