// Create or edit a payment: date, amount in francs CFA, operator (from the settings), the operator's
// number, the member who paid (given when the form opens from a member's record) and what it pays for.
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { asRule } from '../../shared/form/rules';
import DateField from '../../shared/form/DateField';
import { dateRule } from '../../shared/form/dateText';
import RecordFormModal from '../../shared/form/RecordFormModal';
import type { Option } from '../../shared/form/RemoteSelect';
import { fr } from '../../shared/locale/fr';
import { useMemberLabel } from '../members/api';
import MemberSelect from '../members/MemberSelect';
import { useOperators, usePaymentTypes, useSaveTransaction, useTransaction } from './api';
import { amountDigits, amountText } from './format';
import { operatorOptions } from './operators';
import { paymentTypeOptions } from './paymentTypes';
import { toTransactionBody, toTransactionValues, type TransactionFormValues } from './payload';
import { checkAmount, checkDate, checkMember, checkNumber, checkOperator } from './transactionRules';

export type TransactionFormTarget = { kind: 'create'; member?: Option } | { kind: 'edit'; id: number; number: string };

const text = fr.transactions;

export default function TransactionFormModal({
  target,
  onClose,
}: {
  target: TransactionFormTarget;
  onClose: () => void;
}) {
  const id = target.kind === 'edit' ? target.id : null;
  const preset = target.kind === 'create' ? target.member : undefined;
  const existing = useTransaction(id);
  const save = useSaveTransaction();
  const operators = useOperators();
  const types = usePaymentTypes();
  const record = existing.data;
  const memberId = record?.transaction_memberId ?? null;
  const memberName = useMemberLabel(memberId);
  const known: Option | null =
    preset ?? (memberId !== null ? { value: memberId, label: memberName.data ?? text.member(memberId) } : null);

  return (
    <RecordFormModal<TransactionFormValues>
      title={target.kind === 'edit' ? text.editTitle(target.number) : text.createTitle}
      loading={id !== null && existing.isPending}
      failed={id !== null && existing.isError}
      initialValues={toTransactionValues(record, preset?.value ?? null)}
      onSubmit={(values) => save.mutateAsync(toTransactionBody(id, values))}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="transaction_date"
            label={text.fields.transaction_date}
            rules={[dateRule, asRule((value) => checkDate(value))]}
            validateFirst
            required
          >
            <DateField />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="transaction_amount"
            label={text.fields.transaction_amount}
            rules={[asRule(checkAmount)]}
            required
          >
            <InputNumber
              autoFocus
              controls={false}
              inputMode="numeric"
              formatter={(value) => amountText(value)}
              parser={(value) => amountDigits(value)}
              suffix={text.currency}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="transaction_mobileOperator"
            label={text.fields.transaction_mobileOperator}
            rules={[asRule(checkOperator)]}
            required
          >
            <Select
              options={operatorOptions(operators.data ?? [], record?.transaction_mobileOperator)}
              loading={operators.isPending}
              placeholder={text.operatorPlaceholder}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="transaction_number"
            label={text.fields.transaction_number}
            rules={[asRule(checkNumber)]}
            extra={text.numberHelp}
            required
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="transaction_memberId"
        label={text.fields.transaction_memberId}
        rules={[asRule(checkMember)]}
        required
      >
        <MemberSelect
          aria-label={text.fields.transaction_memberId}
          placeholder={text.memberPlaceholder}
          known={known}
        />
      </Form.Item>
      <Form.Item name="transaction_type" label={text.fields.transaction_type} required>
        <Select
          options={paymentTypeOptions(types.data ?? [], record?.transaction_type)}
          loading={types.isPending}
          aria-label={text.fields.transaction_type}
        />
      </Form.Item>
    </RecordFormModal>
  );
}
