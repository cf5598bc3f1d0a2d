// « Vérifier l'intégrité »: asks the server whether the chain of a record's versions is whole, and says so
// (in red from the first altered version).
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { fr } from '../../shared/locale/fr';
import { useVerifyHistory } from './api';

const text = fr.history;

export default function IntegrityCheck({ entity, id }: { entity: string; id: number }) {
  const verify = useVerifyHistory(entity, id);
  const result = verify.data;
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Button
        type="link"
        icon={<SafetyCertificateOutlined />}
        onClick={() => verify.mutate()}
        loading={verify.isPending}
        style={{ paddingInline: 0 }}
      >
        {text.verify}
      </Button>
      {result && (
        <Alert
          showIcon
          type={result.history_intact ? 'success' : 'error'}
          title={
            result.history_intact ? text.intact(result.history_entries) : text.broken(result.history_brokenVersion)
          }
        />
      )}
    </Space>
  );
}
