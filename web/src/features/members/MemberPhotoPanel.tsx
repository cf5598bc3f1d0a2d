// The photo in the drawer: the current one (full size), or the one chosen for a member not saved yet;
// "Prendre une photo" (the computer's camera) and "Importer une photo" (a file), both cropped before
// they go; the upload's progress; the "Photo vérifiée" switch.
import { CameraOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Image, Progress, Space, Switch, Typography } from 'antd';
import { useRef, useState } from 'react';
import { notifyError } from '../../shared/feedback/feedback';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import { useRight } from '../../app/useRight';
import type { Member } from './api';
import CameraModal from './CameraModal';
import { CameraError, openCamera } from './camera';
import CropModal from './CropModal';
import { fullName } from './family';
import { useMemberPhoto } from './photoCache';
import { checkPhotoFile, PHOTO_TYPES } from './photoRules';
import { useObjectUrl } from './useObjectUrl';

interface Props {
  member: Member;
  /** A photo chosen before the member is saved; it goes with the first save. */
  pending: Blob | null;
  /** The upload's progress, 0 to 100; null when nothing is being sent. */
  progress: number | null;
  canWrite: boolean;
  onPhoto: (photo: Blob) => void;
}

const text = fr.members.photo;
/** The photo is part of the member's record: the Members area's right. */
const AREA = 'members';
const FRAME = { width: 180, height: 240 };

export default function MemberPhotoPanel({ member, pending, progress, canWrite, onPhoto }: Props) {
  const writeRight = useRight(AREA, 'write');
  const saved = useMemberPhoto(member.member_id !== null ? member : undefined, 'full');
  const pendingUrl = useObjectUrl(pending);
  const shown = pendingUrl ?? saved;
  const fileInput = useRef<HTMLInputElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [source, setSource] = useState<Blob | null>(null);
  const sourceUrl = useObjectUrl(source);

  async function takePhoto() {
    try {
      setStream(await openCamera());
    } catch (error) {
      notifyError(error instanceof CameraError ? error.message : text.noCamera);
    }
  }

  function pickFile(file: File | undefined) {
    if (!file) return;
    const fault = checkPhotoFile(file);
    if (fault) notifyError(fault);
    else setSource(file);
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, alignItems: 'flex-start' }}>
      <div
        style={{
          ...FRAME,
          display: 'grid',
          placeItems: 'center',
          borderRadius: 8,
          overflow: 'hidden',
          background: 'rgba(127, 127, 127, 0.12)',
        }}
      >
        {shown ? (
          <Image
            src={shown}
            alt={text.alt(fullName(member))}
            width={FRAME.width}
            height={FRAME.height}
            style={{ objectFit: 'cover' }}
          />
        ) : (
          <Space orientation="vertical" align="center">
            <UserOutlined style={{ fontSize: 48, opacity: 0.5 }} />
            <Typography.Text type="secondary">{text.none}</Typography.Text>
          </Space>
        )}
      </div>
      {pending && <Typography.Text type="secondary">{text.pending}</Typography.Text>}
      {progress !== null && (
        <Progress percent={progress} size="small" style={{ width: FRAME.width }} aria-label={text.uploading} />
      )}
      <Space orientation="vertical" style={{ width: FRAME.width }}>
        <Permitted right={writeRight} block>
          <Button block icon={<CameraOutlined />} onClick={() => void takePhoto()} disabled={progress !== null}>
            {text.take}
          </Button>
        </Permitted>
        <Permitted right={writeRight} block>
          <Button
            block
            icon={<UploadOutlined />}
            onClick={() => fileInput.current?.click()}
            disabled={progress !== null}
          >
            {text.import}
          </Button>
        </Permitted>
        {canWrite && (
          <input
            ref={fileInput}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            style={{ display: 'none' }}
            aria-label={text.import}
            onChange={(event) => {
              pickFile(event.target.files?.[0]);
              // The same file can be chosen again.
              event.target.value = '';
            }}
          />
        )}
      </Space>
      <Form.Item
        name="member_photoChecked"
        label={fr.members.fields.member_photoChecked}
        valuePropName="checked"
        style={{ marginBottom: 0 }}
      >
        <Switch />
      </Form.Item>
      {stream && (
        <CameraModal
          stream={stream}
          onCancel={() => setStream(null)}
          onCaptured={(frame) => {
            setStream(null);
            setSource(frame);
          }}
        />
      )}
      {sourceUrl && (
        <CropModal
          src={sourceUrl}
          onCancel={() => setSource(null)}
          onCropped={(photo) => {
            setSource(null);
            onPhoto(photo);
          }}
        />
      )}
    </div>
  );
}
