// The edit and delete buttons of a row; delete asks first. A refusal (409) shows in the shared notice
// (request.ts), so the failure is only swallowed here, never shown twice or hidden.
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import { ALLOWED, type Right } from '../../app/useRight';
import { fr } from '../locale/fr';
import Permitted from '../rights/Permitted';

export interface RowActionsProps {
  /** Names the row in the buttons' accessible names ("Modifier COOP-1"). */
  name: string;
  confirm: string;
  onEdit: () => void;
  /** Absent: no delete button (the role may change the row but not delete it). */
  onDelete?: () => Promise<unknown>;
  /** Instead of `onDelete`'s confirmation: a deletion that asks more (a reason) in a dialog of its own. */
  onDeleteAsk?: () => void;
  /** Not allowed: the edit button shows disabled, its tooltip saying who may. */
  editRight?: Right;
  /** Not allowed: a disabled delete button, its tooltip saying who may (instead of no button). */
  deleteRight?: Right;
}

export default function RowActions({
  name,
  confirm,
  onEdit,
  onDelete,
  onDeleteAsk,
  editRight = ALLOWED,
  deleteRight = ALLOWED,
}: RowActionsProps) {
  const deleteLabel = `${fr.records.delete} ${name}`;
  return (
    <Space>
      <Permitted right={editRight}>
        <Button icon={<EditOutlined />} aria-label={`${fr.records.edit} ${name}`} onClick={onEdit}>
          {fr.records.edit}
        </Button>
      </Permitted>
      {!deleteRight.allowed && (
        <Permitted right={deleteRight}>
          <Button danger icon={<DeleteOutlined />} aria-label={deleteLabel}>
            {fr.records.delete}
          </Button>
        </Permitted>
      )}
      {deleteRight.allowed && onDeleteAsk && (
        <Button danger icon={<DeleteOutlined />} aria-label={deleteLabel} onClick={onDeleteAsk}>
          {fr.records.delete}
        </Button>
      )}
      {deleteRight.allowed && onDelete && !onDeleteAsk && (
        <Popconfirm
          title={confirm}
          okText={fr.records.delete}
          cancelText={fr.records.cancel}
          okButtonProps={{ danger: true }}
          // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd's Popconfirm awaits the promise (loading button), though typed void
          onConfirm={() => onDelete().catch(() => undefined)}
        >
          <Button danger icon={<DeleteOutlined />} aria-label={deleteLabel}>
            {fr.records.delete}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
