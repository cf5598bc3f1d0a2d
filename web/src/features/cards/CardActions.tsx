// The footer of a card's drawer: "Annuler la carte" (administrators and managers, after confirmation) for
// a card no delivery holds; "Corriger" for a card waiting to be printed and "Réimprimer" for one already
// printed (those who may write); "Fermer".
import { EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { CARDS_CANCEL, CARDS_WRITE } from '../../app/access';
import { useCanAccess } from '../../app/useCanAccess';
import { DeleteButton } from '../../shared/form/DeleteButton';
import { fr } from '../../shared/locale/fr';
import { useCancelCard, type Card } from './cardApi';
import CardCorrectionModal from './CardCorrectionModal';
import CardReprintModal from './CardReprintModal';
import { isCancellable, isCorrectable, isReprintable } from './cardStatus';

const text = fr.cards;

interface Props {
  /** The card shown; null while it loads. */
  card: Card | null;
  /** Opens another card in the drawer (the new card of a reprint). */
  onOpen: (id: number) => void;
  onClose: () => void;
}

export default function CardActions({ card, onOpen, onClose }: Props) {
  const canWrite = useCanAccess(CARDS_WRITE);
  const canCancel = useCanAccess(CARDS_CANCEL);
  const cancel = useCancelCard();
  const [modal, setModal] = useState<'correct' | 'reprint' | null>(null);
  const closeModal = () => setModal(null);
  const status = card?.card_status;

  async function cancelCard() {
    if (!card?.card_id) return;
    try {
      await cancel.mutateAsync(card.card_id);
    } catch {
      // Refused (in a delivery meanwhile): the notice said why.
    }
  }

  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <div>
        {card && canCancel && isCancellable(status) && (
          <DeleteButton title={text.confirmCancel} label={text.cancel} keepLabel={text.keep} onConfirm={cancelCard} />
        )}
      </div>
      <Space>
        {card && canWrite && isCorrectable(status) && (
          <Button icon={<EditOutlined />} onClick={() => setModal('correct')}>
            {text.correct}
          </Button>
        )}
        {card && canWrite && isReprintable(status) && (
          <Button icon={<PrinterOutlined />} onClick={() => setModal('reprint')}>
            {text.reprint}
          </Button>
        )}
        <Button onClick={onClose}>{fr.records.close}</Button>
      </Space>
      {card && modal === 'correct' && <CardCorrectionModal card={card} onClose={closeModal} />}
      {card && modal === 'reprint' && <CardReprintModal card={card} onReprinted={onOpen} onClose={closeModal} />}
    </div>
  );
}
