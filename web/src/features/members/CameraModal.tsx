// The camera's picture, live; "Capturer" keeps the current frame. The camera is released when the
// dialog closes.
import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { fr } from '../../shared/locale/fr';
import { stopCamera } from './camera';
import { captureFrame } from './cropImage';

interface Props {
  stream: MediaStream;
  onCancel: () => void;
  onCaptured: (frame: Blob) => void;
}

export default function CameraModal({ stream, onCancel, onCaptured }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const text = fr.members.photo;

  useEffect(() => {
    const element = video.current;
    if (element) {
      element.srcObject = stream;
      void element.play().catch(() => undefined);
    }
    return () => stopCamera(stream);
  }, [stream]);

  async function capture() {
    if (video.current && video.current.videoWidth > 0) onCaptured(await captureFrame(video.current));
  }

  return (
    <Modal
      open
      title={text.cameraTitle}
      okText={text.capture}
      cancelText={fr.records.cancel}
      onOk={() => void capture()}
      onCancel={onCancel}
      mask={{ closable: false }}
      destroyOnHidden
      width={720}
    >
      <video
        ref={video}
        autoPlay
        playsInline
        muted
        style={{ width: '100%', background: '#000', borderRadius: 8 }}
        aria-label={text.cameraTitle}
      />
    </Modal>
  );
}
