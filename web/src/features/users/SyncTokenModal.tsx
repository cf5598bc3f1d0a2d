// A sync login's token, shown the one time the server answers it (creation, renewal): copied onto the
// field laptop, never shown again (the server keeps only its hash).
import { Alert, Button, Modal, Typography } from 'antd';
import { fr } from '../../shared/locale/fr';

const text = fr.users.syncToken;

export interface ShownToken {
  name: string;
  token: string;
}

export default function SyncTokenModal({ shown, onClose }: { shown: ShownToken; onClose: () => void }) {
  return (
    <Modal
      open
      title={text.title(shown.name)}
      // Closed only on purpose: the token cannot be read again.
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {text.copied}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={text.copyNow} style={{ marginBottom: 16 }} />
      <Typography.Paragraph copyable={{ text: shown.token }} code style={{ wordBreak: 'break-all' }}>
        {shown.token}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{text.howTo}</Typography.Paragraph>
    </Modal>
  );
}
