// Create or edit a user in a modal form. The server's field messages (400) show on their fields; a changed
// form asks before it closes.
import { Button, Form, Input, Modal, Select, Spin, Typography, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../shared/api/request';
import { formChanged, useUnsavedGuard } from '../../shared/form/useUnsavedGuard';
import { UnsavedDialog } from '../../shared/form/UnsavedDialog';
import { fr } from '../../shared/locale/fr';
import { ROLE_OPTIONS } from '../../shared/roles';
import { useCreateUser, useUpdateUser, useUser, type User } from './api';
import type { ShownToken } from './SyncTokenModal';
import { toNewUser, toUserPatch } from './payload';
import { asRule, checkLoginName, checkPassword, checkProvider, checkRole, type UserFormValues } from './userRules';

export type UserFormTarget = { kind: 'create' } | { kind: 'edit'; id: number; name: string };

interface Props {
  target: UserFormTarget;
  onClose: () => void;
  /** A new sync login's token, to show once. */
  onSyncToken: (shown: ShownToken) => void;
}

export default function UserFormModal({ target, onClose, onSyncToken }: Props) {
  const creating = target.kind === 'create';
  const existing = useUser(target.kind === 'edit' ? target.id : null);
  const loading = !creating && existing.isPending;
  // Editing a user that could not be read (deleted meanwhile): the error notice said why.
  const unreadable = !creating && existing.isError;
  useEffect(() => {
    if (unreadable) onClose();
  }, [unreadable, onClose]);
  const [form] = Form.useForm<UserFormValues>();
  const user = creating ? undefined : existing.data;
  const { requestClose, dialog } = useUnsavedGuard(() => !loading && formChanged(form, initialValuesOf(user)));
  const cancel = () => requestClose(onClose);

  return (
    <Modal
      open
      title={creating ? fr.users.createTitle : fr.users.editTitle(target.name)}
      onCancel={cancel}
      footer={null}
      destroyOnHidden
    >
      {loading ? (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          <Spin />
        </div>
      ) : (
        <UserForm form={form} user={user} onDone={onClose} onCancel={cancel} onSyncToken={onSyncToken} />
      )}
      <UnsavedDialog {...dialog} />
    </Modal>
  );
}

function initialValuesOf(user: User | undefined): UserFormValues {
  return {
    login_name: user?.login_name ?? '',
    login_password: '',
    login_role: user?.login_role,
    login_provider: user?.login_provider ?? '',
  };
}

function UserForm({
  form,
  user,
  onDone,
  onCancel,
  onSyncToken,
}: {
  form: FormInstance<UserFormValues>;
  user?: User;
  onDone: () => void;
  onCancel: () => void;
  onSyncToken: (shown: ShownToken) => void;
}) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const [busy, setBusy] = useState(false);
  const creating = !user;
  // A sync login has no password (its token is its credential) and keeps its role for life.
  const syncRole = Form.useWatch('login_role', form) === 'sync';
  const wasSync = user?.login_role === 'sync';
  const roleOptions = creating ? ROLE_OPTIONS : ROLE_OPTIONS.filter((o) => (o.value === 'sync') === wasSync);

  async function submit(values: UserFormValues) {
    setBusy(true);
    try {
      if (user) await update.mutateAsync(toUserPatch(user.login_id, values));
      else {
        const answer = await create.mutateAsync(toNewUser(values));
        if (answer.login_syncToken)
          onSyncToken({ name: values.login_name?.trim() ?? '', token: answer.login_syncToken });
      }
      onDone();
    } catch (error) {
      // The notice already shows the message; put each field's message under its field too.
      if (error instanceof ApiError && error.fields) {
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof UserFormValues,
            errors: [message],
          })),
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      disabled={busy}
      initialValues={initialValuesOf(user)}
    >
      <Form.Item name="login_name" label={fr.users.fields.login_name} rules={[asRule(checkLoginName)]} required>
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="login_role"
        label={fr.users.fields.login_role}
        rules={[asRule(checkRole)]}
        required
        extra={wasSync ? fr.users.syncToken.roleFixed : undefined}
      >
        <Select options={roleOptions} disabled={wasSync} />
      </Form.Item>
      {syncRole ? (
        <Typography.Paragraph type="secondary">{fr.users.syncToken.noPassword}</Typography.Paragraph>
      ) : (
        <Form.Item
          name="login_password"
          label={fr.users.fields.login_password}
          rules={[asRule(checkPassword(creating))]}
          required={creating}
          extra={creating ? fr.users.passwordRule : fr.users.passwordRuleOnEdit}
        >
          <Input.Password autoComplete="new-password" placeholder={creating ? undefined : fr.users.passwordKeep} />
        </Form.Item>
      )}
      <Form.Item
        name="login_provider"
        label={fr.users.fields.login_provider}
        rules={[asRule(checkProvider)]}
        extra={fr.users.providerHelp}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onCancel} disabled={false}>
          {fr.users.cancel}
        </Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {fr.users.save}
        </Button>
      </div>
    </Form>
  );
}
