// A list's filter from the address (a home figure opens its list with one), shown above the list as a tag
// whose cross removes it.
import { FilterOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { fr } from '../locale/fr';

interface Props {
  /** What the filter keeps, in French (« Inscrits depuis le 25/11/2026 »); empty: no filter, nothing shown. */
  label: string;
  onRemove: () => void;
}

export default function UrlFilterTag({ label, onRemove }: Props) {
  if (!label) return null;
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 12 }}>
      <Typography.Text type="secondary">{fr.urlFilters.label}</Typography.Text>
      <Tag
        icon={<FilterOutlined />}
        color="blue"
        closable={{ 'aria-label': fr.urlFilters.remove(label) }}
        onClose={(event) => {
          // The list removes the tag itself, once the address no longer holds the filter.
          event.preventDefault();
          onRemove();
        }}
      >
        {label}
      </Tag>
    </div>
  );
}
