// « Restaurer la version N »: what the record would get back (each field whose value at that version
// differs from the record now, « actuel → restauré »), the required reason, and the restore itself. The
// server's refusal shows as on every form: its notice, and its field messages under their fields.
import { Form, Input, Typography } from 'antd';
import { notifySuccess } from '../../shared/feedback/feedback';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { fr } from '../../shared/locale/fr';
import { useRestoreVersion, useWholeHistory } from './api';
import { byLabelOrder, fieldLabel, isTechnicalField, valueText, type FieldLabels, type ValueNames } from './display';
import { restorePreview } from './state';

const text = fr.history;
const REASON_MAX = 500;

interface Props {
  entity: string;
  id: number;
  version: number;
  labels: FieldLabels;
  valueNames?: ValueNames;
  /** The record as the API reads it now; without it, its latest version. */
  current?: Readonly<Record<string, unknown>>;
  onRestored?: (newVersion: number) => unknown;
  onClose: () => void;
}

interface RestoreValues {
  reason: string;
}

export default function RestoreVersionModal(props: Props) {
  const { entity, id, version, labels, valueNames, current, onRestored, onClose } = props;
  // The preview folds every version from the first, some of which may not be on screen yet.
  const whole = useWholeHistory(entity, id);
  const restore = useRestoreVersion(entity, id);
  const order = byLabelOrder(labels);
  const changes = whole.data
    ? restorePreview(whole.data, version, current, (field) => !isTechnicalField(entity, field)).sort((a, b) =>
        order(a.field, b.field),
      )
    : [];

  async function submit({ reason }: RestoreValues) {
    const answer = await restore.mutateAsync({ version, reason: reason.trim() });
    notifySuccess(text.restored(version));
    await onRestored?.(answer.data.history_version);
  }

  return (
    <RecordFormModal<RestoreValues>
      title={text.restoreTitle(version)}
      loading={whole.isPending}
      failed={whole.isError}
      initialValues={{ reason: '' }}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={text.restoreSubmit}
    >
      {changes.length === 0 ? (
        <Typography.Paragraph>{text.previewNone}</Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{text.preview}</Typography.Paragraph>
          <ul style={{ marginTop: 0, paddingInlineStart: 20 }}>
            {changes.map((change) => (
              <li key={change.field}>
                {fieldLabel(change.field, labels)} : {valueText(change.field, change.current, valueNames)} →{' '}
                {valueText(change.field, change.restored, valueNames)}
              </li>
            ))}
          </ul>
        </>
      )}
      <Form.Item
        name="reason"
        label={text.reasonLabel}
        rules={[
          { required: true, whitespace: true, message: text.reasonRequired },
          { max: REASON_MAX, message: text.reasonTooLong },
        ]}
      >
        <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
      </Form.Item>
    </RecordFormModal>
  );
}
