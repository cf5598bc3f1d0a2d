// A payment's type as its label in the settings' list (« Carte de membre » for `carte`); a free-text value
// written before the list existed is shown as it is.
import { usePaymentTypes } from './api';
import { paymentTypeLabel } from './paymentTypes';

export default function PaymentTypeLabel({ value }: { value: string }) {
  const types = usePaymentTypes();
  return <>{paymentTypeLabel(types.data ?? [], value)}</>;
}
