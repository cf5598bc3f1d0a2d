// « Colonnes »: a button opening the list's columns, each ticked when shown; a tick shows it, an untick
// hides it (useColumnChooser remembers the choice). Compact (a toolbar already full), the button is its
// icon alone, named « Colonnes » and saying so in its tooltip.
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Tooltip, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { fr } from '../locale/fr';

interface ChooserProps {
  options: { id: string; title: ReactNode; shown: boolean }[];
  onToggle: (id: string, show: boolean) => void;
  compact?: boolean;
}

export default function ColumnChooser({ options, onToggle, compact = false }: ChooserProps) {
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
      {compact ? (
        <Tooltip title={fr.columns.chooser}>
          <Button icon={<SettingOutlined />} aria-label={fr.columns.chooser} />
        </Tooltip>
      ) : (
        <Button icon={<SettingOutlined />}>{fr.columns.chooser}</Button>
      )}
    </Popover>
  );
}
