// One card in a drawer: the identity printed on it, its status and dates (why and when it was cancelled),
// the card it replaces, the photo it was made with and its QR code; its actions in the footer.
import { Button, Descriptions, Drawer, Empty, Spin } from 'antd';
import { useEffect } from 'react';
import { formatDate, formatDateTime } from '../../shared/format/date';
import { IDENTITY_FIELDS } from '../../shared/identity';
import { fr } from '../../shared/locale/fr';
import { useObjectUrl } from '../members/useObjectUrl';
import CardActions from './CardActions';
import { useCard, useCardPhoto, type Card } from './cardApi';
import CardQrCode from './CardQrCode';
import CardStatusTag from './CardStatusTag';

const text = fr.cards;

function CardPhoto({ card }: { card: Card }) {
  const blob = useCardPhoto(card.card_photoFilePath);
  const url = useObjectUrl(blob);
  const name = [card.card_firstname, card.card_lastname].filter(Boolean).join(' ');
  if (!card.card_photoFilePath) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.noPhoto} />;
  if (!url) return <Spin />;
  return (
    <img src={url} alt={text.photoAlt(name)} style={{ width: 180, height: 180, objectFit: 'cover', borderRadius: 8 }} />
  );
}

/** In the text's colour, underlined, as the list's links. */
const LINK_STYLE = { padding: 0, height: 'auto', color: 'inherit', textDecoration: 'underline' } as const;

/** "remplace la carte n° SES…", which opens it. */
function ReplacedCard({ id, onOpen }: { id: number; onOpen: (id: number) => void }) {
  const replaced = useCard(id);
  const number = replaced.data?.card_idNumber || String(id);
  return (
    <Button type="link" style={LINK_STYLE} onClick={() => onOpen(id)}>
      {text.replaces(number)}
    </Button>
  );
}

interface Props {
  id: number;
  /** Opens another card in the drawer (the one a reprint replaces, or the reprint). */
  onOpen: (id: number) => void;
  onClose: () => void;
}

export default function CardDrawer({ id, onOpen, onClose }: Props) {
  const record = useCard(id);
  const card = record.data;
  const unreadable = record.isError && !card;
  useEffect(() => {
    // Deleted meanwhile: the notice said why.
    if (unreadable) onClose();
  }, [unreadable, onClose]);

  const fields = text.fields;
  return (
    <Drawer
      open
      size={760}
      title={card ? text.detailTitle(card.card_idNumber ?? '') : text.loadingTitle}
      onClose={onClose}
      footer={<CardActions card={card ?? null} onOpen={onOpen} onClose={onClose} />}
      destroyOnHidden
    >
      {!card ? (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          <Spin />
        </div>
      ) : (
        // Focusable, so that the keyboard scrolls the drawer's body, which holds no field nor button.
        <div tabIndex={0} role="region" aria-label={text.detailTitle(card.card_idNumber ?? '')}>
          <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'center', marginBottom: 24 }}>
            <CardPhoto card={card} />
            <CardQrCode text={card.card_qrcode ?? ''} number={card.card_idNumber ?? ''} />
          </div>
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'number', label: fields.card_idNumber, children: card.card_idNumber },
              { key: 'status', label: fields.card_status, children: <CardStatusTag status={card.card_status} /> },
              { key: 'member', label: fields.card_memberIdNumber, children: card.card_memberIdNumber },
              ...IDENTITY_FIELDS.map((field) => ({
                key: field,
                label: fields[`card_${field}`],
                children: field === 'birthDate' ? formatDate(card.card_birthDate) : card[`card_${field}`],
              })),
              { key: 'phone', label: fields.card_phoneNumber, children: card.card_phoneNumber },
              {
                key: 'membership',
                label: fields.card_membershipStartDate,
                children: formatDate(card.card_membershipStartDate),
              },
              { key: 'expiration', label: fields.card_expirationDate, children: formatDate(card.card_expirationDate) },
              { key: 'printed', label: fields.card_printedAt, children: formatDateTime(card.card_printedAt) },
              { key: 'delivered', label: fields.card_deliveredAt, children: formatDateTime(card.card_deliveredAt) },
              { key: 'created', label: fields.card_createdAt, children: formatDateTime(card.card_createdAt) },
              { key: 'createdBy', label: fields.card_createdByUser, children: card.card_createdByUser },
              ...(card.card_replacesCardId != null
                ? [
                    {
                      key: 'replaces',
                      label: fields.card_replacesCardId,
                      children: <ReplacedCard id={card.card_replacesCardId} onOpen={onOpen} />,
                    },
                  ]
                : []),
              ...(card.card_cancelledAt || card.card_cancelledReason
                ? [
                    {
                      key: 'cancelled',
                      label: fields.card_cancelledAt,
                      children: formatDateTime(card.card_cancelledAt),
                    },
                    { key: 'reason', label: fields.card_cancelledReason, children: card.card_cancelledReason },
                  ]
                : []),
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
