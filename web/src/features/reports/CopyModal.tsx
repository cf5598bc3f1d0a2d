// A copy of a template under a new name (« Copie de … » proposed): its current version becomes the copy's
// first; the copy is not its type's default.
import { Form, Input } from 'antd';
import { asRule, required } from '../../shared/form/rules';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { useCopyReport, type Report } from './api';
import { reportsText } from './fr';

const text = reportsText;

export default function CopyModal({ source, onClose }: { source: Report; onClose: () => void }) {
  const copy = useCopyReport();
  return (
    <RecordFormModal<{ report_name: string }>
      title={text.copyTitle(source.report_name)}
      loading={false}
      failed={false}
      initialValues={{ report_name: text.copyOf(source.report_name) }}
      onSubmit={(values) => copy.mutateAsync({ report_id: source.report_id!, report_name: values.report_name.trim() })}
      onClose={onClose}
      submitLabel={text.copy}
    >
      <Form.Item
        name="report_name"
        label={text.copyName}
        rules={[asRule(required(text.rules.copyNameRequired))]}
        required
      >
        <Input autoComplete="off" autoFocus maxLength={100} />
      </Form.Item>
    </RecordFormModal>
  );
}
