// A failed photo's « Réessayer »: sends it to the central server now, spinning until the list is read
// again; disabled, saying who may, for a role that may not use the tools.
import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRight } from '../../app/useRight';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import { useRetryPhoto, type PhotoFailure } from './photoFailures';
import { memberName } from './photoFailureText';

const text = fr.tools.photoFailures;

export default function RetryPhotoButton({ failure }: { failure: PhotoFailure }) {
  const retry = useRetryPhoto();
  const right = useRight('tools', 'write');
  return (
    <Permitted right={right}>
      <Button
        size="small"
        icon={<ReloadOutlined />}
        loading={retry.isPending}
        aria-label={text.retryLabel(memberName(failure), failure.member_idNumber)}
        onClick={() =>
          retry.mutate(failure.member_uuid, {
            // The notice said why; the list was read again.
            onError: () => {},
          })
        }
      >
        {text.retry}
      </Button>
    </Permitted>
  );
}
