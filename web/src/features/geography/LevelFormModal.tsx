// Create or edit a level: its code (regions, departments, sub-prefectures), its name and, picked level
// by level, its parent. The checks mirror the server's (required, 50 characters for a code, 200 for a
// name); the server's own field messages (400) show on their fields all the same.
import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useWrite } from '../../shared/api/useWrite';
import { asRule, required } from '../../shared/form/rules';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { fr } from '../../shared/locale/fr';
import { toBody, type Level, type Row } from './levels';
import ParentSelects from './ParentSelects';

const CODE_MAX = 50;
const NAME_MAX = 200;

export type LevelFormTarget = { kind: 'create' } | { kind: 'edit'; id: number; name: string };

export default function LevelFormModal({
  level,
  target,
  onClose,
}: {
  level: Level;
  target: LevelFormTarget;
  onClose: () => void;
}) {
  const id = target.kind === 'edit' ? target.id : null;
  const existing = useQuery({
    queryKey: ['geography', level.key, 'one', id],
    queryFn: () => level.get(id!),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const save = useWrite([['geography']], (values: Row) => level.save(toBody(level, id, values)));
  const record = existing.data;
  const t = fr.geography;

  return (
    <RecordFormModal<Row>
      title={target.kind === 'edit' ? level.texts.editTitle(target.name) : level.texts.createTitle}
      loading={id !== null && existing.isPending}
      failed={id !== null && existing.isError}
      initialValues={record ?? {}}
      onSubmit={(values) => save.mutateAsync(values)}
      onClose={onClose}
    >
      {level.codeField && (
        <Form.Item
          name={level.codeField}
          label={t.fields.code}
          rules={[asRule(required(t.rules.codeRequired))]}
          required
        >
          <Input autoComplete="off" autoFocus maxLength={CODE_MAX} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
      )}
      <Form.Item name={level.nameField} label={t.fields.name} rules={[asRule(required(t.rules.nameRequired))]} required>
        <Input autoComplete="off" autoFocus={!level.codeField} maxLength={NAME_MAX} />
      </Form.Item>
      <ParentSelects levelKey={level.key} parents={level.parents} record={record} />
    </RecordFormModal>
  );
}
