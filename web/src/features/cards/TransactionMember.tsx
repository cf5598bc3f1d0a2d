// The member who paid, named in a row: read for the rows on screen only (the virtual table draws no
// other), and named by its id until then or if it cannot be read.
import { fr } from '../../shared/locale/fr';
import { useMemberLabel } from '../members/api';

export default function TransactionMember({ id }: { id: number | null }) {
  const label = useMemberLabel(id);
  if (id === null) return null;
  const name = label.data ?? fr.transactions.member(id);
  // Cut short in a narrow column: the tooltip gives it whole.
  return <span title={name}>{name}</span>;
}
