// Assigns a payment of a statement to the member who paid, picked as in the payment form; it then counts
// as that member's payment.
import { Descriptions, Form } from 'antd';
import { asRule } from '../../shared/form/rules';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { formatDate } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import MemberSelect from '../members/MemberSelect';
import { formatAmount } from './format';
import { useAssignUnmatched, type UnmatchedPayment } from './statementApi';
import { checkMember } from './transactionRules';

const text = fr.transactions;

interface Values {
  member_id?: number | null;
}

export default function UnmatchedAssignModal({ payment, onClose }: { payment: UnmatchedPayment; onClose: () => void }) {
  const assign = useAssignUnmatched();
  return (
    <RecordFormModal<Values>
      title={text.unmatched.assignTitle(payment.transaction_number)}
      loading={false}
      failed={false}
      initialValues={{ member_id: null }}
      onSubmit={(values) =>
        assign.mutateAsync({ unmatched_id: payment.unmatched_id, member_id: values.member_id ?? 0 })
      }
      onClose={onClose}
    >
      <Descriptions
        bordered
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'date', label: text.fields.transaction_date, children: formatDate(payment.transaction_date) },
          { key: 'amount', label: text.fields.transaction_amount, children: formatAmount(payment.transaction_amount) },
          {
            key: 'operator',
            label: text.fields.transaction_mobileOperator,
            children: payment.transaction_mobileOperator,
          },
          { key: 'phone', label: text.unmatched.phone, children: payment.phone_number },
        ]}
      />
      <Form.Item name="member_id" label={text.fields.transaction_memberId} rules={[asRule(checkMember)]} required>
        <MemberSelect aria-label={text.fields.transaction_memberId} placeholder={text.memberPlaceholder} />
      </Form.Item>
    </RecordFormModal>
  );
}
