// A member in a wide drawer: its record (the form), its photo, its family and its payments. "Nouvel
// adhérent" opens it empty. After a creation the drawer stays on the new member (for its photo, family and
// payments); a dependant made from the family tab opens in a drawer above this one and closes once saved.
// A changed record asks before the drawer closes. A new member can be saved with « Enregistrer et ajouter un
// membre de la famille »: a new form opens above, linked to the family's main member, and so on for the next.
// A role that may not change members sees the record read-only, its buttons disabled saying who may.
// Its history tab lists every version of the record; restoring one first asks about unsaved changes, then
// reloads the record into the form.
import { DeleteOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Space, Spin, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useRight } from '../../app/useRight';
import { showFieldErrors } from '../../shared/form/fieldErrors';
import { DeleteButton } from '../../shared/form/DeleteButton';
import { formChanged, useUnsavedGuard } from '../../shared/form/useUnsavedGuard';
import { UnsavedDialog } from '../../shared/form/UnsavedDialog';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import MemberTransactions from '../cards/MemberTransactions';
import HistoryTimeline from '../history/HistoryTimeline';
import { membersKey, useDeleteMember, useMember, useSaveMember, useUploadPhoto, type Member } from './api';
import { familyRoleOf, fullName, memberLabel } from './family';
import { MEMBER_HISTORY_LABELS, MEMBER_HISTORY_VALUES } from './historyLabels';
import MemberFamily from './MemberFamily';
import MemberForm from './MemberForm';
import {
  dependantOf,
  emptyMember,
  FAMILY_FIELD_ALIASES,
  nextOfFamily,
  toFormValues,
  toMemberBody,
  type MemberFormValues,
} from './memberPayload';

/** `family`: the next member of a family being registered (its role is chosen in the form). */
export type MemberTarget =
  { kind: 'create'; start?: Member; family?: boolean } | { kind: 'edit'; id: number; seed?: Member };

interface Props {
  target: MemberTarget;
  onClose: () => void;
  /** Opened from another member's family: closes once saved. */
  nested?: boolean;
  /** Nested: the member just saved, whose family goes on with a new form (the drawer below opens it). */
  onAddFamily?: (saved: Member) => void;
}

const text = fr.members;

function titleOf(target: MemberTarget, member: Member | undefined): string {
  if (target.kind === 'create') {
    if (target.family) return text.createFamilyTitle;
    const role = target.start ? familyRoleOf(target.start) : 'main';
    return role === 'spouse' ? text.createSpouseTitle : role === 'child' ? text.createChildTitle : text.createTitle;
  }
  if (!member) return text.loadingTitle;
  return member.member_idNumber ? `${fullName(member)} (${member.member_idNumber})` : fullName(member);
}

export default function MemberDrawer({ target, onClose, nested = false, onAddFamily }: Props) {
  const [current, setCurrent] = useState(target);
  const id = current.kind === 'edit' ? current.id : null;
  const record = useMember(id, current.kind === 'edit' ? current.seed : undefined);
  const writeRight = useRight('members', 'write');
  const deleteRight = useRight('members', 'delete');
  const canWrite = writeRight.allowed;
  const historyRight = useRight('history', 'read');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MemberFormValues>();
  const save = useSaveMember();
  const remove = useDeleteMember();
  const upload = useUploadPhoto();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Blob | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [other, setOther] = useState<MemberTarget | null>(null);
  // Each new form of a family being registered is a fresh drawer.
  const [otherKey, setOtherKey] = useState(0);
  // The form starts from this record once, and is not reset when it reloads.
  const [start] = useState<Member | undefined>(() =>
    current.kind === 'create' ? (current.start ?? emptyMember()) : undefined,
  );
  const member = current.kind === 'create' ? start : record.data;
  // What the form opened with (then what it saved, once a new member is created).
  const baseline = useRef<MemberFormValues | null>(null);
  useEffect(() => {
    if (member && !baseline.current) baseline.current = toFormValues(start ?? member);
  }, [member, start]);
  const isDirty = () =>
    canWrite && (pending !== null || (baseline.current !== null && formChanged(form, baseline.current)));
  const { requestClose, dialog } = useUnsavedGuard(isDirty);
  const cancel = () => requestClose(onClose);
  // A restore asked for while the form holds unsaved changes: it opens once they are abandoned.
  const [restoreAfterDiscard, setRestoreAfterDiscard] = useState<(() => void) | null>(null);
  // The form is drawn anew after a restore, so that its pickers start from the restored record.
  const [formKey, setFormKey] = useState(0);

  // A member that could not be read (deleted meanwhile): the notice said why.
  const unreadable = id !== null && record.isError && !record.data;
  useEffect(() => {
    if (unreadable) onClose();
  }, [unreadable, onClose]);

  async function sendPhoto(memberId: number, photo: Blob) {
    setProgress(0);
    try {
      await upload.mutateAsync({ memberId, photo, onProgress: setProgress });
      // The server marks a new photo as not checked.
      form.setFieldValue('member_photoChecked', false);
    } catch {
      // The notice already said why; the previous photo is kept.
    } finally {
      setProgress(null);
    }
  }

  function openFamilyForm(saved: Member) {
    setOtherKey((key) => key + 1);
    setOther({ kind: 'create', start: nextOfFamily(saved), family: true });
  }

  /** `goOn`: then a new form for the next member of the family. */
  async function submit(values: MemberFormValues, goOn = false) {
    if (!member) return;
    setBusy(true);
    try {
      const body = toMemberBody(member, values);
      const answer = await save.mutateAsync(body);
      if (current.kind === 'edit' || !answer.id) {
        onClose();
        return;
      }
      const created = answer.id;
      const saved = { ...body, member_id: created };
      try {
        // The photo goes first, so that the new member is read with it.
        if (pending) await sendPhoto(created, pending);
      } finally {
        setPending(null);
        // From now on the drawer edits the new member, so that a second save cannot create it twice.
        baseline.current = form.getFieldsValue(true) as MemberFormValues;
        if (nested) {
          onClose();
          if (goOn) onAddFamily?.(saved);
        } else {
          setCurrent({ kind: 'edit', id: created, seed: saved });
          if (goOn) openFamilyForm(saved);
        }
      }
    } catch (error) {
      showFieldErrors(form, error, FAMILY_FIELD_ALIASES);
    } finally {
      setBusy(false);
    }
  }

  function askBeforeRestore(open: () => void) {
    if (isDirty()) setRestoreAfterDiscard(() => open);
    else open();
  }

  function discardThenRestore() {
    const open = restoreAfterDiscard;
    setRestoreAfterDiscard(null);
    form.resetFields();
    setPending(null);
    open?.();
  }

  /** The record is read again and the form shows it: what it had typed was abandoned before the restore. */
  async function reloadRestored() {
    await queryClient.invalidateQueries({ queryKey: membersKey });
    const fresh = queryClient.getQueryData<Member>([...membersKey, 'one', id]);
    if (!fresh) return;
    const values = toFormValues(fresh);
    baseline.current = values;
    form.setFieldsValue(values);
    setFormKey((key) => key + 1);
  }

  async function removeMember() {
    if (id === null) return;
    try {
      await remove.mutateAsync(id);
      onClose();
    } catch {
      // Refused (a main member with dependants, a member farming parcels): the notice says why.
    }
  }

  const footer = (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <div>
        {id !== null &&
          (deleteRight.allowed ? (
            <DeleteButton title={text.confirmDelete} onConfirm={removeMember} />
          ) : (
            <Permitted right={deleteRight}>
              <Button danger icon={<DeleteOutlined />}>
                {fr.records.delete}
              </Button>
            </Permitted>
          ))}
      </div>
      <Space wrap>
        <Button onClick={cancel}>{canWrite ? fr.records.cancel : fr.records.close}</Button>
        {canWrite && current.kind === 'create' && (
          <Button
            icon={<UsergroupAddOutlined />}
            onClick={() =>
              void form.validateFields().then(
                (values) => submit(values, true),
                () => undefined,
              )
            }
            loading={busy}
            disabled={!member || progress !== null}
          >
            {text.saveAndAddFamily}
          </Button>
        )}
        <Permitted right={writeRight}>
          <Button type="primary" onClick={() => form.submit()} loading={busy} disabled={!member || progress !== null}>
            {fr.records.save}
          </Button>
        </Permitted>
      </Space>
    </div>
  );

  return (
    <Drawer
      open
      size={nested ? 1000 : 1100}
      title={titleOf(current, member)}
      onClose={cancel}
      footer={footer}
      destroyOnHidden
    >
      {!member ? (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          <Spin />
        </div>
      ) : (
        <Tabs
          items={[
            {
              key: 'record',
              label: text.tabs.record,
              children: (
                <MemberForm
                  key={formKey}
                  form={form}
                  member={member}
                  initialValues={toFormValues(start ?? member)}
                  disabled={busy || !canWrite}
                  canWrite={canWrite}
                  onFinish={(values) => void submit(values)}
                  photo={{
                    pending,
                    progress,
                    onPhoto: (photo) => (id !== null ? void sendPhoto(id, photo) : setPending(photo)),
                  }}
                />
              ),
            },
            {
              key: 'family',
              label: text.tabs.family,
              disabled: id === null,
              children: id !== null && (
                <MemberFamily
                  memberId={id}
                  writeRight={writeRight}
                  onAdd={(main, role) => setOther({ kind: 'create', start: dependantOf(main, role) })}
                  onOpen={(memberId) => setOther({ kind: 'edit', id: memberId })}
                />
              ),
            },
            {
              key: 'payments',
              label: text.tabs.payments,
              disabled: id === null,
              children: id !== null && <MemberTransactions member={{ value: id, label: memberLabel(member) }} />,
            },
            ...(historyRight.allowed
              ? [
                  {
                    key: 'history',
                    label: text.tabs.history,
                    disabled: id === null,
                    children: id !== null && (
                      <HistoryTimeline
                        entity="member"
                        id={id}
                        labels={MEMBER_HISTORY_LABELS}
                        valueNames={MEMBER_HISTORY_VALUES}
                        current={record.data}
                        beforeRestore={askBeforeRestore}
                        onRestored={reloadRestored}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {other && (
        <MemberDrawer
          key={otherKey}
          target={other}
          nested
          onClose={() => setOther(null)}
          onAddFamily={openFamilyForm}
        />
      )}
      <UnsavedDialog {...dialog} />
      <UnsavedDialog
        open={restoreAfterDiscard !== null}
        onKeep={() => setRestoreAfterDiscard(null)}
        onDiscard={discardThenRestore}
      />
    </Drawer>
  );
}
