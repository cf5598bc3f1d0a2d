// « Colonnes »: a button opening the list's columns, each ticked when shown; a tick shows it, an untick
// hides it (useColumnChooser remembers the choice).
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { fr } from '../locale/fr';

interface ChooserProps {
  options: { id: string; title: ReactNode; shown: boolean }[];
  onToggle: (id: string, show: boolean) => void;
}

export default function ColumnChooser({ options, onToggle }: ChooserProps) {
  const titleId = useId();
  const content = (
    <div role="group" aria-labelledby={titleId}>
      <Typography.Text id={titleId} type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {fr.columns.help}
      </Typography.Text>
      <Space orientation="vertical" size={4}>
        {options.map((option) => (
          <Checkbox
            key={option.id}
            checked={option.shown}
            onChange={(event) => onToggle(option.id, event.target.checked)}
          >
            {option.title}
          </Checkbox>
        ))}
      </Space>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button icon={<SettingOutlined />}>{fr.columns.chooser}</Button>
    </Popover>
  );
}
