// Deletes a payment as an auditor expects: the reason is required (5 characters at least); the server
// keeps the payment as cancelled (who, when, why), shown struck through in the lists.
import { Form, Input } from 'antd';
import { asRule, minLength } from '../../shared/form/rules';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { fr } from '../../shared/locale/fr';
import { useDeleteTransaction, type Transaction } from './api';

const text = fr.transactions;
const MIN_REASON = 5;

interface Values {
  reason?: string;
}

interface Props {
  transaction: Transaction;
  onClose: () => void;
}

export default function TransactionCancelModal({ transaction, onClose }: Props) {
  const remove = useDeleteTransaction();

  return (
    <RecordFormModal<Values>
      title={text.cancelTitle(transaction.transaction_number)}
      loading={false}
      failed={false}
      initialValues={{ reason: '' }}
      onSubmit={(values) =>
        remove.mutateAsync({ id: transaction.transaction_id!, reason: (values.reason ?? '').trim() })
      }
      onClose={onClose}
      submitLabel={fr.records.delete}
      danger
    >
      <p>{text.cancelHelp}</p>
      <Form.Item
        name="reason"
        label={text.cancelReason}
        rules={[asRule(minLength(MIN_REASON, text.cancelReasonRule))]}
        required
      >
        <Input.TextArea autoFocus rows={3} maxLength={500} placeholder={text.cancelReasonPlaceholder} />
      </Form.Item>
    </RecordFormModal>
  );
}
