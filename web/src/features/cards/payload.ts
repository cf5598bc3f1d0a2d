// From the payment form's values to the body of post_transaction (no id: create), and back. The date
// travels as AAAA-MM-JJ, the amount as a number of francs CFA.
import dayjs, { type Dayjs } from 'dayjs';
import type { Transaction, TransactionInput } from './api';

export const API_DATE = 'YYYY-MM-DD';

/** What a payment is for when nothing else is said. */
export const DEFAULT_TYPE = 'carte';

export interface TransactionFormValues {
  transaction_date?: Dayjs | null;
  transaction_amount?: number | null;
  transaction_mobileOperator?: string | null;
  transaction_number?: string;
  transaction_memberId?: number | null;
  transaction_type?: string;
}

const trimmed = (value: string | null | undefined): string => (value ?? '').trim();

export function toTransactionBody(id: number | null, values: TransactionFormValues): TransactionInput {
  const date = values.transaction_date;
  const amount = values.transaction_amount;
  return {
    transaction_id: id,
    transaction_date: date && date.isValid() ? date.format(API_DATE) : '',
    transaction_amount: typeof amount === 'number' && Number.isFinite(amount) ? amount : null,
    transaction_mobileOperator: trimmed(values.transaction_mobileOperator),
    transaction_number: trimmed(values.transaction_number),
    transaction_memberId: values.transaction_memberId ?? null,
    transaction_type: trimmed(values.transaction_type) || DEFAULT_TYPE,
  };
}

/**
 * The form's values from a payment (editing), or a new payment's: today, the default type, and the
 * member when the form opens from a member's record.
 */
export function toTransactionValues(
  transaction: Transaction | undefined,
  memberId: number | null = null,
  today: Dayjs = dayjs(),
): TransactionFormValues {
  if (!transaction) {
    return {
      transaction_date: today.startOf('day'),
      transaction_amount: null,
      transaction_mobileOperator: null,
      transaction_number: '',
      transaction_memberId: memberId,
      transaction_type: DEFAULT_TYPE,
    };
  }
  const date = transaction.transaction_date ? dayjs(transaction.transaction_date) : null;
  return {
    transaction_date: date?.isValid() ? date : null,
    transaction_amount: transaction.transaction_amount,
    // An empty select shows its placeholder, not an empty choice.
    transaction_mobileOperator: transaction.transaction_mobileOperator || null,
    transaction_number: transaction.transaction_number,
    transaction_memberId: transaction.transaction_memberId,
    transaction_type: transaction.transaction_type || DEFAULT_TYPE,
  };
}
