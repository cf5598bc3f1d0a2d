// The footer of a card's drawer: "Annuler la carte" (administrators and managers, after confirmation) for
// a card no delivery holds; for those who may write, "Corriger" for a card waiting to be printed,
// "Imprimer cette carte (PDF)" for any card neither cancelled nor revoked (a printed one as a copy, its
// status unchanged; a waiting one then offered to be marked printed) and "Réimprimer" for one already
// printed (a new card replaces it: not a print); "Fermer". On a field laptop the cards are the central
// server's: printing stays, the rest shows disabled, saying so.
import { DeleteOutlined, EditOutlined, PrinterOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useCentralRight } from '../../app/useCentralRight';
import { useRight } from '../../app/useRight';
import { DeleteButton } from '../../shared/form/DeleteButton';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import { useCancelCard, type Card } from './cardApi';
import CardCorrectionModal from './CardCorrectionModal';
import CardPrintDialog from './CardPrintDialog';
import CardReprintModal from './CardReprintModal';
import { isCancellable, isCorrectable, isPending, isReprintable } from './cardStatus';
import { cardFileName, isPrintable } from './printing';
import { useCardPrinting } from './useCardPrinting';

const text = fr.cards;

interface Props {
  /** The card shown; null while it loads. */
  card: Card | null;
  /** Opens another card in the drawer (the new card of a reprint). */
  onOpen: (id: number) => void;
  onClose: () => void;
}

export default function CardActions({ card, onOpen, onClose }: Props) {
  const writeRight = useCentralRight('cards', 'write');
  const cancelRight = useCentralRight('cardCancellation', 'delete');
  // Printing a PDF changes nothing: a field laptop prints too (useCardPrinting asks no marking there).
  const printRight = useRight('cards', 'write');
  const cancel = useCancelCard();
  const printing = useCardPrinting();
  const [modal, setModal] = useState<'correct' | 'reprint' | null>(null);
  const closeModal = () => setModal(null);
  const status = card?.card_status;

  function printCard() {
    if (!card?.card_id) return;
    const id = card.card_id;
    // A printed card is printed again as a copy: no question, its status stays.
    printing.printIds([id], { toMark: isPending(status) ? [id] : [], fileName: cardFileName(card.card_idNumber) });
  }

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
        {card &&
          isCancellable(status) &&
          (cancelRight.allowed ? (
            <DeleteButton title={text.confirmCancel} label={text.cancel} keepLabel={text.keep} onConfirm={cancelCard} />
          ) : (
            <Permitted right={cancelRight}>
              <Button danger icon={<DeleteOutlined />}>
                {text.cancel}
              </Button>
            </Permitted>
          ))}
      </div>
      <Space>
        {card && isCorrectable(status) && (
          <Permitted right={writeRight}>
            <Button icon={<EditOutlined />} onClick={() => setModal('correct')}>
              {text.correct}
            </Button>
          </Permitted>
        )}
        {card && isPrintable(status) && (
          <Permitted right={printRight}>
            <Button icon={<PrinterOutlined />} loading={printing.state.phase === 'downloading'} onClick={printCard}>
              {text.print.one}
            </Button>
          </Permitted>
        )}
        {card &&
          isReprintable(status) &&
          (writeRight.allowed ? (
            <Tooltip title={text.reprintTooltip}>
              <Button icon={<SwapOutlined />} onClick={() => setModal('reprint')}>
                {text.reprint}
              </Button>
            </Tooltip>
          ) : (
            <Permitted right={writeRight}>
              <Button icon={<SwapOutlined />}>{text.reprint}</Button>
            </Permitted>
          ))}
        <Button onClick={onClose}>{fr.records.close}</Button>
      </Space>
      {card && modal === 'correct' && <CardCorrectionModal card={card} onClose={closeModal} />}
      {card && modal === 'reprint' && <CardReprintModal card={card} onReprinted={onOpen} onClose={closeModal} />}
      <CardPrintDialog printing={printing} />
    </div>
  );
}
