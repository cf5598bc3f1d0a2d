// The dialog of a print run (useCardPrinting): while the cards are gathered and their PDF comes, what is
// done so far (cards found, bytes received) and « Annuler », which stops it; once the PDF is saved, the
// question whether the cards came out well, whose « Oui » marks exactly them printed.
import { Button, Modal, Progress, Spin, Typography } from 'antd';
import { formatCount } from '../../shared/format/count';
import { fr } from '../../shared/locale/fr';
import { confirmQuestion, receivedText } from './printing';
import type { CardPrinting } from './useCardPrinting';

const text = fr.cards.print;

export default function CardPrintDialog({ printing }: { printing: CardPrinting }) {
  const { state } = printing;
  if (state.phase === 'idle') return null;

  if (state.phase === 'confirm') {
    const n = state.ids.length;
    return (
      <Modal
        open
        title={confirmQuestion(n)}
        onCancel={printing.later}
        maskClosable={false}
        destroyOnHidden
        footer={[
          <Button key="later" onClick={printing.later} disabled={printing.marking}>
            {text.later}
          </Button>,
          <Button key="yes" type="primary" loading={printing.marking} onClick={() => void printing.confirm()}>
            {text.yes(n)}
          </Button>,
        ]}
      >
        <p>{text.confirmHelp(state.file)}</p>
      </Modal>
    );
  }

  const collecting = state.phase === 'collecting';
  const percent = collecting && state.total > 0 ? Math.min(100, Math.floor((state.found / state.total) * 100)) : null;
  return (
    <Modal
      open
      title={text.title}
      onCancel={printing.cancel}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button key="cancel" onClick={printing.cancel}>
          {text.cancel}
        </Button>
      }
    >
      <div role="status" aria-live="polite" style={{ display: 'flex', gap: 16, alignItems: 'center', minHeight: 64 }}>
        <Spin />
        <div>
          {collecting ? (
            <>
              <div>{text.collecting}</div>
              <Typography.Text type="secondary">{text.found(formatCount(state.found), state.found)}</Typography.Text>
            </>
          ) : (
            <>
              <div>{text.downloading(formatCount(state.count), state.count)}</div>
              <Typography.Text type="secondary">{receivedText(state.bytes)}</Typography.Text>
            </>
          )}
        </div>
      </div>
      {percent !== null && <Progress percent={percent} aria-label={text.collecting} />}
    </Modal>
  );
}
