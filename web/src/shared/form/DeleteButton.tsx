// The delete button of a form's footer: asks first (`title`), then runs `onConfirm`, whose promise keeps
// the confirmation's button loading. `label` names another irreversible action (cancel a card), and
// `keepLabel` the choice of not doing it.
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { fr } from '../locale/fr';

interface Props {
  title: string;
  onConfirm: () => Promise<void>;
  label?: string;
  keepLabel?: string;
}

export function DeleteButton({ title, onConfirm, label = fr.records.delete, keepLabel = fr.records.cancel }: Props) {
  return (
    <Popconfirm
      title={title}
      okText={label}
      cancelText={keepLabel}
      okButtonProps={{ danger: true }}
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd's Popconfirm awaits the promise (loading button), though typed void
      onConfirm={onConfirm}
    >
      <Button danger icon={<DeleteOutlined />}>
        {label}
      </Button>
    </Popconfirm>
  );
}
