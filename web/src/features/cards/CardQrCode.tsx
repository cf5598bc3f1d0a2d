// A card's QR code, drawn from its signed text as an image (a data: URL, which the
// Content-Security-Policy allows), as it is printed on the card.
import { useQuery } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { fr } from '../../shared/locale/fr';

const SIZE = 240;

export default function CardQrCode({ text, number }: { text: string; number: string }) {
  const image = useQuery({
    queryKey: ['cardQrCode', text],
    queryFn: () => QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: SIZE }),
    enabled: text !== '',
    staleTime: Infinity,
  });
  if (text === '') return <Typography.Text type="secondary">{fr.cards.noQr}</Typography.Text>;
  if (!image.data) return <Spin />;
  return <img src={image.data} alt={fr.cards.qrAlt(number)} width={SIZE} height={SIZE} />;
}
