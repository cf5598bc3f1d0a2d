// Reprints a card: the reason is required; the card is cancelled with it and a new card, waiting to be
// printed, replaces it. `onReprinted` receives the new card's id (the drawer opens it).
import { Form, Input } from 'antd';
import { asRule, required } from '../../shared/form/rules';
import RecordFormModal from '../../shared/form/RecordFormModal';
import { fr } from '../../shared/locale/fr';
import { useReprintCard, type Card } from './cardApi';
import { toReprintBody } from './cardIdentity';

const text = fr.cards;

interface Values {
  reason?: string;
}

interface Props {
  card: Card;
  onReprinted: (id: number) => void;
  onClose: () => void;
}

export default function CardReprintModal({ card, onReprinted, onClose }: Props) {
  const reprint = useReprintCard();

  async function submit(values: Values) {
    const answer = await reprint.mutateAsync(toReprintBody(card.card_id!, values.reason));
    if (answer.id != null) onReprinted(answer.id);
  }

  return (
    <RecordFormModal<Values>
      title={text.reprintTitle(card.card_idNumber ?? '')}
      loading={false}
      failed={false}
      initialValues={{ reason: '' }}
      onSubmit={submit}
      onClose={onClose}
    >
      <p>{text.reprintHelp}</p>
      <Form.Item name="reason" label={text.reason} rules={[asRule(required(text.rules.reasonRequired))]} required>
        <Input.TextArea autoFocus rows={3} maxLength={500} placeholder={text.reasonPlaceholder} />
      </Form.Item>
    </RecordFormModal>
  );
}
