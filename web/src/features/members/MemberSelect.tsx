// A member chosen by typing part of a name, number or contact (the server searches; 20 at a time).
// `mainOnly` offers only main members, for the family link.
import type { CSSProperties } from 'react';
import RemoteSelect, { type Option } from '../../shared/form/RemoteSelect';
import { searchMembers } from './api';
import { memberLabel } from './family';

interface Props {
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** How to name the current member before the list loads. */
  known?: Option | null;
  mainOnly?: boolean;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  style?: CSSProperties;
}

export default function MemberSelect({ mainOnly = false, ...props }: Props) {
  const load = async (search: string): Promise<Option[]> =>
    (await searchMembers(search))
      .filter((member) => !mainOnly || (!member.member_isSpouse && !member.member_isChild))
      .map((member) => ({ value: member.member_id!, label: memberLabel(member) }));
  return <RemoteSelect queryKey={['members', 'options', mainOnly]} load={load} lazy {...props} />;
}
