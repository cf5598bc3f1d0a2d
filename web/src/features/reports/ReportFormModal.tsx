// A new template: its name, its type (fixed once created: a card page or an A4 page) and a description;
// the server starts it from a blank page of its type and a sample record of that type.
import { Form, Input, Select } from 'antd';
import { asRule, required } from '../../shared/form/rules';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { useSaveReport } from './api';
import { reportsText } from './fr';
import { typeOptions, type ReportType } from './template';

const text = reportsText;

interface Values {
  report_name: string;
  report_type: ReportType;
  report_description?: string;
}

export default function ReportFormModal({
  initialType,
  onCreated,
  onClose,
}: {
  /** The type the list shows, chosen already. */
  initialType?: ReportType;
  /** The new template's id, once saved. */
  onCreated: (id: number) => void;
  onClose: () => void;
}) {
  const save = useSaveReport();
  return (
    <RecordFormModal<Values>
      title={text.createTitle}
      loading={false}
      failed={false}
      initialValues={{ report_type: initialType }}
      onSubmit={async (values) => {
        const answer = await save.mutateAsync({
          report_id: null,
          report_name: values.report_name.trim(),
          report_type: values.report_type,
          report_description: values.report_description?.trim() ?? '',
          report_isDefault: null,
          report_json: '',
          report_previewData: null,
          report_versionNotes: '',
        });
        if (answer.id) onCreated(answer.id);
      }}
      onClose={onClose}
    >
      <Form.Item
        name="report_name"
        label={text.fields.report_name}
        rules={[asRule(required(text.rules.nameRequired))]}
        required
      >
        <Input autoComplete="off" autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item
        name="report_type"
        label={text.fields.report_type}
        rules={[{ required: true, message: text.rules.typeRequired }]}
        extra={text.typeHelp}
        required
      >
        <Select<ReportType> options={typeOptions()} aria-label={text.fields.report_type} />
      </Form.Item>
      <Form.Item name="report_description" label={text.fields.report_description}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
      </Form.Item>
    </RecordFormModal>
  );
}
