// A card's status as a coloured tag, in French.
import { Tag } from 'antd';
import { statusColor, statusLabel } from './cardStatus';

export default function CardStatusTag({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return <Tag color={statusColor(status)}>{statusLabel(status)}</Tag>;
}
