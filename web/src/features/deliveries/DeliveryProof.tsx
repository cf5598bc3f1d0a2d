// The proof that a delivery reached its members (a photo or a PDF of the signed slip): seen in a new tab
// when there is one; sent, or replaced, by those who may write, on the central server.
import { EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography, Upload } from 'antd';
import { useCentralRight } from '../../app/useCentralRight';
import { notifyError } from '../../shared/feedback/feedback';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import { useOpenProof, useUploadProof, type Delivery } from './api';
import { checkProofFile, PROOF_ACCEPT } from './proofRules';

const text = fr.deliveries;

export default function DeliveryProof({ delivery }: { delivery: Delivery }) {
  const writeRight = useCentralRight('cards', 'write');
  const canWrite = writeRight.allowed;
  const upload = useUploadProof();
  const open = useOpenProof();
  const id = delivery.delivery_id!;
  const hasProof = delivery.delivery_hasProof;

  function send(file: File) {
    const fault = checkProofFile(file);
    if (fault) notifyError(fault);
    // A refusal already showed its notice.
    else upload.mutateAsync({ id, file }).catch(() => undefined);
    // Nothing is uploaded by antd: the file goes through the shared upload.
    return false;
  }

  return (
    <Card size="small" title={text.proof} style={{ marginBottom: 24 }}>
      <Space wrap>
        {hasProof ? (
          <Button icon={<EyeOutlined />} loading={open.isPending} onClick={() => open.mutate(id)}>
            {text.proofView}
          </Button>
        ) : (
          <Typography.Text type="secondary">{text.proofNone}</Typography.Text>
        )}
        {canWrite ? (
          <Upload accept={PROOF_ACCEPT} multiple={false} showUploadList={false} beforeUpload={send}>
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {hasProof ? text.proofReplace : text.proofUpload}
            </Button>
          </Upload>
        ) : (
          <Permitted right={writeRight}>
            <Button icon={<UploadOutlined />}>{hasProof ? text.proofReplace : text.proofUpload}</Button>
          </Permitted>
        )}
      </Space>
      {canWrite && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {text.proofHelp}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
