// A cooperative chosen by typing part of its code or name (the server searches).
import RemoteSelect, { type Option } from '../../shared/form/RemoteSelect';
import { cooperativeOptions } from './api';

interface Props {
  value?: number | null;
  onChange?: (id: number | null) => void;
  known?: Option | null;
  disabled?: boolean;
  'aria-label'?: string;
}

export default function CooperativeSelect(props: Props) {
  return (
    <RemoteSelect
      queryKey={['cooperatives', 'options']}
      load={cooperativeOptions}
      lazy
      style={{ width: '100%' }}
      {...props}
    />
  );
}
