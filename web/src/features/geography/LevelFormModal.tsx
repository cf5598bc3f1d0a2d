// Create or edit a level: its code (regions, departments, sub-prefectures), its name and its parent.
import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useWrite } from '../../shared/api/useWrite';
import RemoteSelect from '../../shared/form/RemoteSelect';
import { asRule, required, type Check } from '../../shared/form/rules';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { fr } from '../../shared/locale/fr';
import { toBody, type Level, type Row } from './levels';

/** A parent chosen in the select. */
const chosen = (message: string): Check => (value) => (typeof value === 'number' && value > 0 ? null : message);

export type LevelFormTarget = { kind: 'create' } | { kind: 'edit'; id: number; name: string };

export default function LevelFormModal({ level, target, onClose }: { level: Level; target: LevelFormTarget; onClose: () => void }) {
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
        <Form.Item name={level.codeField} label={t.fields.code} rules={[asRule(required(t.rules.codeRequired))]} required>
          <Input autoComplete="off" autoFocus style={{ textTransform: 'uppercase' }} />
        </Form.Item>
      )}
      <Form.Item name={level.nameField} label={t.fields.name} rules={[asRule(required(t.rules.nameRequired))]} required>
        <Input autoComplete="off" autoFocus={!level.codeField} />
      </Form.Item>
      {level.parent && (
        <Form.Item name={level.parent.field} label={level.parent.label} rules={[asRule(chosen(t.rules.parentRequired))]} required>
          <RemoteSelect
            queryKey={['geography', level.key, 'parent']}
            load={level.parent.options}
            known={record ? level.parent.known(record) : null}
            placeholder={level.parent.label}
            aria-label={level.parent.label}
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
    </RecordFormModal>
  );
}
