// Above a list: the free-text search, the list's own filters, and the "new" button for those who may write.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { ReactNode } from 'react';
import { ALLOWED, type Right } from '../../app/useRight';
import Permitted from '../rights/Permitted';

interface Props {
  searchLabel: string;
  onSearch: (text: string) => void;
  /** Extra filters, between the search and the button. */
  children?: ReactNode;
  addLabel: string;
  /** Absent: no button. */
  onAdd?: () => void;
  /** Not allowed: the button shows disabled, its tooltip saying who may. */
  addRight?: Right;
}

export default function ListToolbar({ searchLabel, onSearch, children, addLabel, onAdd, addRight }: Props) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, marginBottom: 16, flexWrap: 'wrap' }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', flex: 1, alignItems: 'center' }}>
        <Input.Search
          allowClear
          placeholder={searchLabel}
          aria-label={searchLabel}
          style={{ width: 340 }}
          onSearch={(text) => onSearch(text.trim())}
        />
        {children}
      </div>
      {onAdd && (
        <Permitted right={addRight ?? ALLOWED}>
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Permitted>
      )}
    </div>
  );
}
