// The create-or-edit modal of a simple record (a cooperative, a parcel): the record is read afresh
// before editing, the form's fields come from the screen, and the server's field messages (400) show on
// their fields. The screens give only their fields, initial values and the write. A changed form asks
// before it closes (useUnsavedGuard).
import { Button, Form, Modal, Spin, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { fr } from '../locale/fr';
import { showFieldErrors } from './fieldErrors';
import { formChanged, useUnsavedGuard } from './useUnsavedGuard';
import { UnsavedDialog } from './UnsavedDialog';

interface Props<V> {
  title: string;
  /** The record is being read (editing). */
  loading: boolean;
  /** The record could not be read (deleted meanwhile): the notice said why, the modal closes. */
  failed: boolean;
  initialValues: Partial<V>;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  /** The form's fields; a function receives the form, for fields that depend on each other. */
  children: ReactNode | ((form: FormInstance<V>) => ReactNode);
  /** The submit button's text (« Enregistrer » by default) and whether it destroys something. */
  submitLabel?: string;
  danger?: boolean;
}

export default function RecordFormModal<V extends object>({
  title,
  loading,
  failed,
  initialValues,
  onSubmit,
  onClose,
  children,
  submitLabel = fr.records.save,
  danger = false,
}: Props<V>) {
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const { requestClose, dialog } = useUnsavedGuard(() => !loading && formChanged(form, initialValues));
  const cancel = () => requestClose(onClose);
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  async function submit(values: V) {
    setBusy(true);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={title} onCancel={cancel} footer={null} destroyOnHidden width={640}>
      {loading ? (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          <Spin />
        </div>
      ) : (
        <Form<V>
          form={form}
          layout="vertical"
          onFinish={(values) => void submit(values)}
          disabled={busy}
          initialValues={initialValues}
        >
          {typeof children === 'function' ? children(form) : children}
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button onClick={cancel} disabled={false}>
              {fr.records.cancel}
            </Button>
            <Button type="primary" danger={danger} htmlType="submit" loading={busy}>
              {submitLabel}
            </Button>
          </div>
        </Form>
      )}
      <UnsavedDialog {...dialog} />
    </Modal>
  );
}
