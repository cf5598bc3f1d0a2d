// The preview of a template as it stands in the designer (saved or not), filled with its preview data or,
// once chosen, with a real member's record or, for a card, the member's own card (its fields the template
// binds; the sample fills the rest): the
// PDF is made in the browser by @pdfme/generator (loaded only now), with a progress bar, then opened in a
// new tab or saved. The product's pages may not frame a document, so the PDF is not shown inside this one.
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { openFile, saveFile } from '../../shared/api/download';
import { fr } from '../../shared/locale/fr';
import { reportsText } from './fr';
import MemberPreviewPicker, { type PreviewSource } from './MemberPreviewPicker';
import { reportPlugins } from './plugins';
import { byteSize, fillsWithMember, previewInputs, type ReportTemplate } from './template';
import { useMemberPreview } from './useMemberPreview';

const text = reportsText.designer;

/** The PDF made for the inputs `of` (another input set is still being made). */
type Made =
  | { of: Record<string, string>[]; state: 'making'; percent: number }
  | { of: Record<string, string>[]; state: 'done'; pdf: Blob }
  | { of: Record<string, string>[]; state: 'failed'; why: string };

export default function PreviewDialog({
  template,
  data,
  name,
  type,
  onClose,
}: {
  template: ReportTemplate;
  data: Record<string, string>;
  name: string;
  /** The template's type: a member fills a card or a member's sheet, not a delivery slip. */
  type: string;
  onClose: () => void;
}) {
  const [source, setSource] = useState<PreviewSource>('sample');
  const [memberId, setMemberId] = useState<number | null>(null);
  const byMember = useMemberPreview(source === 'member' ? memberId : null, type, template);
  const memberData = byMember.state === 'ready' ? byMember.data : null;
  // The generator's inputs; none while the member is chosen or read.
  const inputs = useMemo(() => {
    if (source === 'sample') return previewInputs(template, data);
    return memberData ? previewInputs(template, { ...data, ...memberData }) : null;
  }, [source, template, data, memberData]);
  const [made, setMade] = useState<Made | null>(null);

  useEffect(() => {
    if (!inputs) return;
    let stopped = false;
    void (async () => {
      try {
        const { generate } = await import('@pdfme/generator');
        if (stopped) return;
        setMade({ of: inputs, state: 'making', percent: 40 });
        const bytes = await generate({ template, inputs, plugins: reportPlugins });
        if (!stopped) setMade({ of: inputs, state: 'done', pdf: new Blob([bytes], { type: 'application/pdf' }) });
      } catch (error) {
        if (!stopped)
          setMade({ of: inputs, state: 'failed', why: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      stopped = true;
    };
  }, [template, inputs]);

  // What is shown: the PDF of the inputs of now, or its making just begun.
  const shown: Made | null = !inputs ? null : made?.of === inputs ? made : { of: inputs, state: 'making', percent: 5 };
  const who = byMember.state === 'ready' ? byMember.label : '';
  const fileName = `${name || 'apercu'} - aperçu${who ? ` - ${who}` : ''}.pdf`;
  const pages = template.schemas.length;
  return (
    <Modal
      open
      title={source === 'member' ? text.previewMemberTitle : text.previewTitle}
      onCancel={onClose}
      destroyOnHidden
      width={520}
      footer={null}
    >
      {fillsWithMember(type) && (
        <MemberPreviewPicker
          source={source}
          onSource={setSource}
          memberId={memberId}
          onMember={setMemberId}
          preview={byMember}
          partly={type === 'card' && !(byMember.state === 'ready' && byMember.card)}
        />
      )}
      {shown?.state === 'making' && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>{text.previewing}</Typography.Text>
          <Progress percent={shown.percent} status="active" aria-label={text.previewing} />
        </Space>
      )}
      {shown?.state === 'failed' && <Alert type="error" showIcon title={text.previewFailed(shown.why)} />}
      {shown?.state === 'done' && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Progress percent={100} aria-label={text.previewReady(pages, byteSize(shown.pdf.size))} />
          <Typography.Text role="status">{text.previewReady(pages, byteSize(shown.pdf.size))}</Typography.Text>
          <Space wrap>
            <Button type="primary" icon={<ExportOutlined />} onClick={() => openFile(shown.pdf)}>
              {text.previewOpen}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => saveFile(shown.pdf, fileName)}>
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
