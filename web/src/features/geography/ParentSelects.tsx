// The cascade of a level's form: region, then department, then sub-prefecture, each select listing only
// what lies under the choice above it (searched by the server). A new choice empties the selects below,
// which stay disabled until the one above is chosen.
import { Form } from 'antd';
import RemoteSelect from '../../shared/form/RemoteSelect';
import { asRule, type Check } from '../../shared/form/rules';
import type { ParentPick, Row } from './levels';

/** A level picked in its select. */
const chosen =
  (message: string): Check =>
  (value) =>
    typeof value === 'number' && value > 0 ? null : message;

interface Props {
  levelKey: string;
  parents: readonly ParentPick[];
  /** The record being edited; absent when creating. */
  record?: Row;
}

export default function ParentSelects({ levelKey, parents, record }: Props) {
  const form = Form.useFormInstance<Row>();
  const watched = Form.useWatch(
    (all: Row) => parents.map((p) => (all[p.field] as number | null | undefined) ?? null),
    form,
  );
  // Before the first watch (the first render of an edit), the form already holds the record's choices.
  const values = watched ?? parents.map((p) => (form.getFieldValue(p.field) as number | null | undefined) ?? null);

  return parents.map((parent, i) => {
    const within = i > 0 ? (values[i - 1] ?? null) : null;
    const below = parents.slice(i + 1).map((p) => p.field);
    // The record's choice names the value while its option loads, as long as it is still the value.
    const recorded = record ? parent.known(record) : null;
    return (
      <Form.Item
        key={parent.field}
        name={parent.field}
        label={parent.label}
        rules={[asRule(chosen(parent.required))]}
        required
      >
        <RemoteSelect
          queryKey={['geography', levelKey, 'pick', parent.field, within]}
          load={(search) => parent.options(search, within)}
          known={recorded && recorded.value === values[i] ? recorded : null}
          disabled={i > 0 && within === null ? true : undefined}
          onChange={() => form.setFieldsValue(Object.fromEntries(below.map((field) => [field, null])))}
          placeholder={parent.label}
          aria-label={parent.label}
          style={{ width: '100%' }}
        />
      </Form.Item>
    );
  });
}
