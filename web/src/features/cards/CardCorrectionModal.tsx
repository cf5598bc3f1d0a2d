// Corrects the identity printed on a card still waiting to be printed: its identity block (names, birth
// date and place, city, ...: shared/identity.ts) and phone (the member's record does not change). The server's field messages show under their fields.
import { Col, Form, Input, Row } from 'antd';
import DateField from '../../shared/form/DateField';
import { birthRange, dateRule } from '../../shared/form/dateText';
import { asRule, required } from '../../shared/form/rules';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { IDENTITY_FIELDS, type IdentityField } from '../../shared/identity';
import { fr } from '../../shared/locale/fr';
import { useCorrectCard, type Card } from './cardApi';
import { toCardBody, toCardIdentityValues, type CardIdentityValues } from './cardIdentity';

const text = fr.cards;
const fields = text.fields;

/** The names are required; the birth date is typed as people write it; the other fields are texts. */
const REQUIRED: Partial<Record<IdentityField, string>> = {
  lastname: text.rules.lastnameRequired,
  firstname: text.rules.firstnameRequired,
};

/** One field of the identity block (shared/identity.ts) as the card prints it. */
function IdentityItem({ field, autoFocus }: { field: IdentityField; autoFocus: boolean }) {
  const requiredMessage = REQUIRED[field];
  return (
    <Form.Item
      name={`card_${field}`}
      label={fields[`card_${field}`]}
      rules={field === 'birthDate' ? [dateRule] : requiredMessage ? [asRule(required(requiredMessage))] : undefined}
      required={!!requiredMessage}
    >
      {field === 'birthDate' ? <DateField range={birthRange()} /> : <Input autoComplete="off" autoFocus={autoFocus} />}
    </Form.Item>
  );
}

export default function CardCorrectionModal({ card, onClose }: { card: Card; onClose: () => void }) {
  const correct = useCorrectCard();
  return (
    <RecordFormModal<CardIdentityValues>
      title={text.correctTitle(card.card_idNumber ?? '')}
      loading={false}
      failed={false}
      initialValues={toCardIdentityValues(card)}
      onSubmit={(values) => correct.mutateAsync(toCardBody(card.card_id!, values))}
      onClose={onClose}
    >
      <p>{text.correctHelp}</p>
      <Row gutter={16}>
        {IDENTITY_FIELDS.map((field, i) => (
          <Col xs={24} md={12} key={field}>
            <IdentityItem field={field} autoFocus={i === 0} />
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="card_phoneNumber" label={fields.card_phoneNumber}>
            <Input autoComplete="off" inputMode="tel" />
          </Form.Item>
        </Col>
      </Row>
    </RecordFormModal>
  );
}
