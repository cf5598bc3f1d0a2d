// The computer's camera, asked for only when the user opens this dialog: frames are drawn on a canvas
// five times a second and searched for a QR code (jsQR); the first one found is handed over and the
// camera is closed. A French message says why when there is no camera or it is refused.
import { Alert, Modal, Typography } from 'antd';
import jsQR from 'jsqr';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { readerTexts } from './texts';

const texts = readerTexts.camera;
/** Frames are searched at most this large (their longer side), to spare the processor. */
const MAX_SIDE = 960;
const SCAN_INTERVAL_MS = 200;

/** The French message of a refused getUserMedia. */
function cameraError(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return texts.none;
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return texts.denied;
    case 'NotReadableError':
    case 'TrackStartError':
      return texts.busy;
    default:
      return texts.failed;
  }
}

interface Props {
  onDetected: (text: string) => void;
  onClose: () => void;
}

export default function CameraScanner({ onDetected, onClose }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // Outside a secure context (plain http to another machine) browsers give no camera at all.
  const [error, setError] = useState<string | null>(() =>
    typeof navigator.mediaDevices?.getUserMedia === 'function' ? null : texts.unavailable,
  );
  const [started, setStarted] = useState(false);
  const detected = useEffectEvent((text: string) => onDetected(text));
  const unavailable = error === texts.unavailable;

  useEffect(() => {
    if (unavailable) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };

    const scan = () => {
      if (stopped) return;
      const video = videoRef.current;
      if (video && context && video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
        const width = Math.round(video.videoWidth * scale);
        const height = Math.round(video.videoHeight * scale);
        canvas.width = width;
        canvas.height = height;
        context.drawImage(video, 0, 0, width, height);
        const code = jsQR(context.getImageData(0, 0, width, height).data, width, height, {
          inversionAttempts: 'dontInvert',
        });
        if (code?.data) {
          stop();
          detected(code.data);
          return;
        }
      }
      timer = window.setTimeout(scan, SCAN_INTERVAL_MS);
    };

    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (failure) {
        if (!stopped) setError(cameraError(failure));
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) {
        stop();
        return;
      }
      video.srcObject = stream;
      try {
        await video.play();
      } catch {
        // Autoplay of a muted video is allowed; a refusal still leaves frames to read.
      }
      setStarted(true);
      scan();
    })();

    return stop;
  }, [unavailable]);

  return (
    <Modal
      open
      title={texts.title}
      onCancel={onClose}
      footer={null}
      cancelText={texts.close}
      destroyOnHidden
      width={720}
    >
      {error ? (
        <Alert type="error" showIcon title={error} />
      ) : (
        <>
          <Typography.Paragraph>{started ? texts.hint : texts.starting}</Typography.Paragraph>
          <video
            ref={videoRef}
            aria-label={texts.video}
            muted
            playsInline
            style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 8 }}
          />
        </>
      )}
    </Modal>
  );
}
