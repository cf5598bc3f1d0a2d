// Below a list read by keyset pages (useKeysetList): its total, and a small spinner while the next rows load.
import { Space, Spin } from 'antd';
import { fr } from '../locale/fr';

export default function KeysetFooter({ total, loadingMore }: { total: string; loadingMore: boolean }) {
  return (
    <Space size={12} aria-live="polite">
      <span>{total}</span>
      {loadingMore && (
        <span>
          <Spin size="small" /> {fr.records.loadingMore}
        </span>
      )}
    </Space>
  );
}
