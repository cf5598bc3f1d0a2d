// The delete button of a form's footer: asks first (`title`), then runs `onConfirm`, whose promise keeps
// the confirmation's button loading.
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { fr } from '../locale/fr';

export function DeleteButton({ title, onConfirm }: { title: string; onConfirm: () => Promise<void> }) {
  return (
    <Popconfirm
      title={title}
      okText={fr.records.delete}
      cancelText={fr.records.cancel}
      okButtonProps={{ danger: true }}
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd's Popconfirm awaits the promise (loading button), though typed void
      onConfirm={onConfirm}
    >
      <Button danger icon={<DeleteOutlined />}>
        {fr.records.delete}
      </Button>
    </Popconfirm>
  );
}
