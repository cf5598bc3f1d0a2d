// Edits one login parameter with the input of its type (a number, a text, a date, yes or no); a parameter
// the product does not know yet is named and typed here too. Built on the shared record form, so a changed
// form asks before it closes and the server's field messages show on their fields.
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import DateField from '../../shared/form/DateField';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { asRule, required } from '../../shared/form/rules';
import { fr } from '../../shared/locale/fr';
import { useSaveLoginParam } from './api';
import {
  KIND_OPTIONS,
  kindOf,
  toLoginParam,
  valueOf,
  type KnownParam,
  type LoginParam,
  type ParamKind,
} from './loginParams';

const text = fr.tools.params;

export type ParamTarget = { known: KnownParam; current: LoginParam | null } | { known: null; current: null };

interface Values {
  name: string;
  kind: ParamKind;
  value?: string | number | boolean | Dayjs | null;
}

export default function ParamFormModal({ target, onClose }: { target: ParamTarget; onClose: () => void }) {
  const save = useSaveLoginParam();
  const known = target.known;
  const kind = known?.kind ?? kindOf(target.current);
  const stored = valueOf(target.current, kind);
  const initialValues: Values = {
    name: known?.name ?? '',
    kind,
    value: kind === 'date' && typeof stored === 'string' ? dayjs(stored) : stored,
  };
  return (
    <RecordFormModal<Values>
      title={known ? text.editTitle(known.label) : text.otherTitle}
      loading={false}
      failed={false}
      initialValues={initialValues}
      onSubmit={(values) => {
        const value = dayjs.isDayjs(values.value) ? values.value.format('YYYY-MM-DD') : values.value;
        return save.mutateAsync(toLoginParam(values.name, values.kind, value));
      }}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Form.Item name="name" label={text.name} rules={[asRule(required(text.nameRequired))]} required>
            <Input disabled={!!known} autoComplete="off" />
          </Form.Item>
          <Form.Item name="kind" label={text.kind} required>
            <Select options={KIND_OPTIONS} disabled={!!known} onChange={() => form.setFieldValue('value', null)} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(before: Values, after: Values) => before.kind !== after.kind}>
            {() => <ValueItem kind={form.getFieldValue('kind') as ParamKind} known={known} />}
          </Form.Item>
        </>
      )}
    </RecordFormModal>
  );
}

function ValueItem({ kind, known }: { kind: ParamKind; known: KnownParam | null }) {
  const common = { name: 'value', label: text.value, extra: known?.help };
  switch (kind) {
    case 'int':
      return (
        <Form.Item {...common} rules={[{ required: true, message: text.valueRequired }]} required>
          <InputNumber min={known?.min} max={known?.max} precision={0} style={{ width: 200 }} />
        </Form.Item>
      );
    case 'date':
      return (
        <Form.Item {...common} rules={[{ required: true, message: text.valueRequired }]} required>
          <DateField />
        </Form.Item>
      );
    case 'bool':
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch checkedChildren={text.yes} unCheckedChildren={text.no} />
        </Form.Item>
      );
    default:
      return (
        <Form.Item {...common} rules={[asRule(required(text.valueRequired))]} required>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
        </Form.Item>
      );
  }
}
