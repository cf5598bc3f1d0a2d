// A payment's type as its label in the settings' list (« Carte de membre » for `carte`); a free-text value
// written before the list existed is shown as it is.
import { usePaymentTypes } from './api';
import { paymentTypeLabel } from './paymentTypes';

export default function PaymentTypeLabel({ value }: { value: string }) {
  const types = usePaymentTypes();
  const label = paymentTypeLabel(types.data ?? [], value);
  // Cut short in a narrow column: the tooltip gives it whole.
  return <span title={label}>{label}</span>;
}
