// A synchronisation run's state as a coloured tag, in French.
import { Tag } from 'antd';
import { stateColor, stateLabel } from './labels';

export default function StateTag({ state }: { state: string | null | undefined }) {
  if (!state) return null;
  return <Tag color={stateColor(state)}>{stateLabel(state)}</Tag>;
}
