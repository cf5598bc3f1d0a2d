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
  /** The words alone, as links, for a list with many columns (a narrower column). */
  compact?: boolean;
}

const COMPACT_STYLE = { paddingInline: 0 } as const;

export default function RowActions({
  name,
  confirm,
  onEdit,
  onDelete,
  onDeleteAsk,
  editRight = ALLOWED,
  deleteRight = ALLOWED,
  compact = false,
}: RowActionsProps) {
  const deleteLabel = `${fr.records.delete} ${name}`;
  // Compact: « Modifier » and « Supprimer » as links, without icons or padding, side by side.
  const look = compact ? ({ type: 'link', size: 'small', style: COMPACT_STYLE } as const) : {};
  const editIcon = compact ? undefined : <EditOutlined />;
  const deleteIcon = compact ? undefined : <DeleteOutlined />;
  return (
    <Space size={compact ? 12 : undefined}>
      <Permitted right={editRight}>
        <Button {...look} icon={editIcon} aria-label={`${fr.records.edit} ${name}`} onClick={onEdit}>
          {fr.records.edit}
        </Button>
      </Permitted>
      {!deleteRight.allowed && (
        <Permitted right={deleteRight}>
          <Button {...look} danger icon={deleteIcon} aria-label={deleteLabel}>
            {fr.records.delete}
          </Button>
        </Permitted>
      )}
      {deleteRight.allowed && onDeleteAsk && (
        <Button {...look} danger icon={deleteIcon} aria-label={deleteLabel} onClick={onDeleteAsk}>
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
          <Button {...look} danger icon={deleteIcon} aria-label={deleteLabel}>
            {fr.records.delete}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
