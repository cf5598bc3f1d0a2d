// Create or edit a cooperative: code, name, locality (level by level), contact; its member count is shown.
import { Form, Input, Typography } from 'antd';
import { asRule, required } from '../../shared/form/rules';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { formatCount } from '../../shared/format/count';
import { fr } from '../../shared/locale/fr';
import LocalityPicker from '../members/LocalityPicker';
import { startingPlace } from '../members/place';
import { useCooperative, useSaveCooperative } from './api';
import { toCooperativeBody, toCooperativeValues, type CooperativeFormValues } from './payload';

export type CooperativeFormTarget = { kind: 'create' } | { kind: 'edit'; id: number; code: string };

const text = fr.cooperatives;

export default function CooperativeFormModal({
  target,
  onClose,
}: {
  target: CooperativeFormTarget;
  onClose: () => void;
}) {
  const id = target.kind === 'edit' ? target.id : null;
  const existing = useCooperative(id);
  const save = useSaveCooperative();
  const record = existing.data;

  return (
    <RecordFormModal<CooperativeFormValues>
      title={target.kind === 'edit' ? text.editTitle(target.code) : text.createTitle}
      loading={id !== null && existing.isPending}
      failed={id !== null && existing.isError}
      initialValues={toCooperativeValues(record)}
      onSubmit={(values) => save.mutateAsync(toCooperativeBody(id, values))}
      onClose={onClose}
    >
      <Form.Item
        name="cooperative_code"
        label={text.fields.cooperative_code}
        rules={[asRule(required(text.rules.codeRequired))]}
        required
      >
        <Input autoComplete="off" autoFocus style={{ textTransform: 'uppercase' }} />
      </Form.Item>
      <Form.Item
        name="cooperative_name"
        label={text.fields.cooperative_name}
        rules={[asRule(required(text.rules.nameRequired))]}
        required
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="cooperative_localityId" label={text.fields.cooperative_localityId}>
        <LocalityPicker place={record ? startingPlace(record, record.cooperative_localityId) : undefined} />
      </Form.Item>
      <Form.Item name="cooperative_contact" label={text.fields.cooperative_contact}>
        <Input autoComplete="off" />
      </Form.Item>
      {record && (
        <Form.Item label={text.fields.cooperative_memberCount}>
          <Typography.Text>{formatCount(record.cooperative_memberCount)}</Typography.Text>
        </Form.Item>
      )}
    </RecordFormModal>
  );
}
