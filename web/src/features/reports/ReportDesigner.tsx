// One template in the @pdfme designer, over the whole window: its page in millimetres and its elements
// (text, image, QR code, bar code, shapes) placed with the mouse; any field the type prints inserted in
// one click by its French name, in free space (a text, the card's QR code, the photo), and the elements
// of the page named in French beside their fields' names; « Enregistrer une version » with its notes
// (each save a new version; an element bound to no field is refused first, in French); an
// « Aperçu » made in the browser with the template's preview data or a chosen member's record
// (@pdfme/generator, loaded then); the
// history of versions, any of which is restored as a new version. Unsaved changes ask « Abandonner les
// modifications ? » before the drawer closes, the page changes or the tab closes (useUnsavedGuard).
// This module, with @pdfme, is a chunk of its own: the list loads it when a template is opened.
import { EyeOutlined, HistoryOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Designer } from '@pdfme/ui';
import { Alert, Button, Drawer, Form, Input, Modal, Select, Space, Spin, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PRIMARY_COLOR } from '../../shared/constants';
import { useUnsavedGuard } from '../../shared/form/useUnsavedGuard';
import { UnsavedDialog } from '../../shared/form/UnsavedDialog';
import { fr } from '../../shared/locale/fr';
import { fetchReportJson, useReport, useSaveReportJson } from './api';
import { reportsText } from './fr';
import { FIELD_LABEL_ATTRIBUTE, labelDesignerFields, nameDesignerControls } from './designerA11y';
import { qrDefaults, reportPlugins, textDefaults } from './plugins';
import PreviewDialog from './PreviewDialog';
import {
  addField,
  fieldLabel,
  parsePreviewData,
  parseTemplate,
  printableFields,
  templateJson,
  unboundElement,
  type ReportTemplate,
} from './template';
import VersionHistory from './VersionHistory';

const text = reportsText.designer;

export default function ReportDesigner({ reportId, onClose }: { reportId: number; onClose: () => void }) {
  const report = useReport(reportId);
  const record = report.data;
  const container = useRef<HTMLDivElement | null>(null);
  const designer = useRef<Designer | null>(null);
  // The JSON of the version shown, as the designer holds it: what « changed » is measured against.
  const baseline = useRef<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [version, setVersion] = useState(0);
  const [unreadable, setUnreadable] = useState(false);
  const [asking, setAsking] = useState(false);
  // Why the template shown would be refused (an element bound to no field), said when saving.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<ReportTemplate | null>(null);
  const [history, setHistory] = useState(false);
  const save = useSaveReportJson();

  const current = useCallback(() => (designer.current ? templateJson(designer.current.getTemplate()) : null), []);
  const isDirty = useCallback(() => {
    const now = current();
    return now !== null && baseline.current !== null && now !== baseline.current;
  }, [current]);
  const { requestClose, dialog } = useUnsavedGuard(isDirty);
  const close = () => requestClose(onClose);

  // A template that cannot be read (deleted meanwhile): the notice said why, the drawer closes.
  useEffect(() => {
    if (report.isError) onClose();
  }, [report.isError, onClose]);

  // The designer is made once the template is read, and destroyed with the drawer; only once the drawer
  // has slid in, as it measures its room when it starts.
  const [opened, setOpened] = useState(false);
  const loaded = record !== undefined && opened;
  useEffect(() => {
    if (!loaded || !record || !container.current || designer.current) return;
    const { template, readable } = parseTemplate(record.report_json, record.report_type);
    setUnreadable(!readable);
    const made = new Designer({
      domContainer: container.current,
      template,
      plugins: reportPlugins,
      options: {
        lang: 'fr',
        sidebarOpen: true,
        zoomLevel: record.report_type === 'card' ? 2 : 1,
        // The designer's own Ant Design, in the product's green; its style variables under a key of their
        // own, not the product's (both React roots would name them alike, the designer's winning).
        theme: { cssVar: { key: 'pdfme-designer' }, token: { colorPrimary: PRIMARY_COLOR } },
      },
    });
    const stopNaming = nameDesignerControls(container.current);
    const type = record.report_type;
    const stopLabelling = labelDesignerFields(container.current, (name) => fieldLabel(type, name));
    designer.current = made;
    baseline.current = templateJson(made.getTemplate());
    setVersion(record.report_version);
    made.onChangeTemplate(() => setDirty(isDirty()));
    return () => {
      stopNaming();
      stopLabelling();
      made.destroy();
      designer.current = null;
    };
    // Made once per template read; a later read (after a save) does not replace what is being drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  /** Shows `template` as the version `saved` just written. */
  function showSaved(template: ReportTemplate | null, saved: number) {
    if (template && designer.current) designer.current.updateTemplate(template);
    baseline.current = current();
    setVersion(saved);
    setDirty(false);
  }

  async function saveVersion(notes: string, template?: ReportTemplate) {
    const shown = template ?? (designer.current?.getTemplate() as ReportTemplate | undefined);
    if (!shown) return;
    const answer = await save.mutateAsync({
      report_id: reportId,
      report_json: templateJson(shown),
      report_versionNotes: notes.trim(),
    });
    showSaved(template ?? null, answer.version);
  }

  async function restore(n: number) {
    const old = await fetchReportJson(reportId, n);
    const { template } = parseTemplate(old.report_json, record?.report_type ?? '');
    await saveVersion(text.restoreNotes(n), template);
  }

  const previewData = record?.report_previewData;
  const data = useMemo(() => parsePreviewData(previewData), [previewData]);
  // Every field the type prints, by its French name: the usual ones first, whether or not the preview
  // data has a value for them.
  const type = record?.report_type ?? '';
  const fields = useMemo(() => printableFields(type), [type]);
  const fieldOptions = useMemo(
    () =>
      [true, false]
        .map((usual) => ({
          label: usual ? text.fieldGroups.usual : text.fieldGroups.other,
          // The option's title (its tooltip) is the field's name, which an element bound to it takes.
          options: fields
            .filter((printable) => printable.usual === usual)
            .map((printable) => ({ value: printable.field, label: printable.label, title: printable.field })),
        }))
        .filter((group) => group.options.length > 0),
    [fields],
  );
  function insertField(field: string) {
    const shown = designer.current?.getTemplate() as ReportTemplate | undefined;
    if (!designer.current || !shown) return;
    const sample = data[field] ?? '';
    designer.current.updateTemplate(addField(shown, type, field, sample, { text: textDefaults, qrcode: qrDefaults }));
    setDirty(isDirty());
  }
  /** Asks for the version's notes, unless the template would be refused: then says why, in French. */
  function askToSave() {
    const shown = designer.current?.getTemplate() as ReportTemplate | undefined;
    setRefusal(shown ? unboundElement(shown, type) : null);
    setAsking(true);
  }

  const title = record ? reportsText.designer.title(record.report_name) : reportsText.designer.loading;
  return (
    <Drawer
      open
      size="100%"
      title={title}
      onClose={close}
      afterOpenChange={(open) => setOpened(open)}
      destroyOnHidden
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      extra={
        <Space wrap>
          {dirty ? (
            <Tag color="orange">{text.unsaved}</Tag>
          ) : (
            version > 0 && <Tag color="green">{text.upToDate(version)}</Tag>
          )}
          <Tooltip title={text.insertFieldHelp}>
            <Select<string>
              aria-label={text.insertField}
              placeholder={
                <span>
                  <PlusOutlined /> {text.insertField}
                </span>
              }
              style={{ width: 260 }}
              // A few dozen fields, all in the list (not only those scrolled to), in a tall list.
              virtual={false}
              listHeight={420}
              value={null}
              options={fieldOptions}
              onChange={insertField}
              disabled={!record || fields.length === 0}
              showSearch={{ optionFilterProp: ['label', 'value'] }}
            />
          </Tooltip>
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)} disabled={!record}>
            {text.history}
          </Button>
          <Button
            icon={<EyeOutlined />}
            onClick={() => setPreviewing((designer.current?.getTemplate() as ReportTemplate | undefined) ?? null)}
            disabled={!record}
          >
            {text.preview}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} onClick={askToSave} disabled={!record}>
            {text.saveVersion}
          </Button>
        </Space>
      }
    >
      {unreadable && <Alert type="warning" showIcon title={text.badTemplate} banner />}
      {!record && (
        <div style={{ display: 'grid', placeItems: 'center', flex: 1 }}>
          <Spin description={text.loading}>
            <div style={{ width: 200, height: 80 }} />
          </Spin>
        </div>
      )}
      {/* The field's French name before its name, in the designer's list of elements. */}
      <style>{`[${FIELD_LABEL_ATTRIBUTE}]::before { content: attr(${FIELD_LABEL_ATTRIBUTE}) " · "; font-weight: 600; }`}</style>
      <div ref={container} style={{ flex: 1, minHeight: 0, width: '100%' }} />
      {asking && (
        <SaveVersionDialog
          refusal={refusal}
          onSave={async (notes) => {
            await saveVersion(notes);
            setAsking(false);
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      {previewing && (
        <PreviewDialog
          template={previewing}
          data={data}
          name={record?.report_name ?? ''}
          type={record?.report_type ?? ''}
          onClose={() => setPreviewing(null)}
        />
      )}
      {history && (
        <VersionHistory reportId={reportId} current={version} onRestore={restore} onClose={() => setHistory(false)} />
      )}
      <UnsavedDialog {...dialog} />
    </Drawer>
  );
}

/**
 * Asks what the version changes, then saves it; a refusal keeps the dialog open. `refusal`: why the
 * server would refuse the template (an element bound to no field), said instead of saving.
 */
function SaveVersionDialog({
  refusal,
  onSave,
  onCancel,
}: {
  refusal: string | null;
  onSave: (notes: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ notes: string }>();
  const [busy, setBusy] = useState(false);
  async function submit({ notes }: { notes: string }) {
    setBusy(true);
    try {
      await onSave(notes);
    } catch {
      // The notice said why; the notes stay.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open title={text.saveTitle} onCancel={onCancel} footer={null} destroyOnHidden width={520}>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} disabled={busy || !!refusal}>
        <Form.Item
          name="notes"
          label={text.notes}
          required
          rules={[{ required: true, whitespace: true, message: reportsText.rules.notesRequired }]}
        >
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={500}
            placeholder={text.notesPlaceholder}
          />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onCancel} disabled={false}>
            {fr.records.cancel}
          </Button>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!!refusal}>
            {fr.records.save}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
