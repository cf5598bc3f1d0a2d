// Corrects the identity printed on a card still waiting to be printed: names, birth date and place, city
// and phone (the member's record does not change). The server's field messages show under their fields.
import { Col, Form, Input, Row } from 'antd';
import DateField from '../../shared/form/DateField';
import { birthRange, dateRule } from '../../shared/form/dateText';
import { asRule, required } from '../../shared/form/rules';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { fr } from '../../shared/locale/fr';
import { useCorrectCard, type Card } from './cardApi';
import { toCardBody, toCardIdentityValues, type CardIdentityValues } from './cardIdentity';

const text = fr.cards;
const fields = text.fields;

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
        <Col xs={24} md={12}>
          <Form.Item
            name="card_lastname"
            label={fields.card_lastname}
            rules={[asRule(required(text.rules.lastnameRequired))]}
            required
          >
            <Input autoFocus autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="card_firstname"
            label={fields.card_firstname}
            rules={[asRule(required(text.rules.firstnameRequired))]}
            required
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="card_birthDate" label={fields.card_birthDate} rules={[dateRule]}>
            <DateField range={birthRange()} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="card_birthLocation" label={fields.card_birthLocation}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="card_city" label={fields.card_city}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="card_phoneNumber" label={fields.card_phoneNumber}>
            <Input autoComplete="off" inputMode="tel" />
          </Form.Item>
        </Col>
      </Row>
    </RecordFormModal>
  );
}
