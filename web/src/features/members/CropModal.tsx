// The user frames the photo (3:4 portrait, as on the card) before it is sent; the crop becomes a JPEG.
import { Modal, Slider } from 'antd';
import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { notifyError } from '../../shared/feedback/feedback';
import { fr } from '../../shared/locale/fr';
import { cropToJpeg } from './cropImage';

export const PHOTO_ASPECT = 3 / 4;

interface Props {
  /** The image to crop (an object URL). */
  src: string;
  onCancel: () => void;
  onCropped: (photo: Blob) => void;
}

export default function CropModal({ src, onCancel, onCropped }: Props) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const text = fr.members.photo;

  async function confirm() {
    if (!area) return;
    setBusy(true);
    try {
      onCropped(await cropToJpeg(src, area));
    } catch {
      notifyError(text.unreadable);
      onCancel();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={text.cropTitle}
      okText={text.cropOk}
      cancelText={fr.records.cancel}
      onOk={() => void confirm()}
      onCancel={onCancel}
      okButtonProps={{ disabled: !area, loading: busy }}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
    >
      <div style={{ position: 'relative', height: 380, background: '#222', borderRadius: 8, overflow: 'hidden' }}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={PHOTO_ASPECT}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          mediaProps={{
            onError: () => {
              // A file that claims to be an image but is not one.
              notifyError(text.unreadable);
              onCancel();
            },
          }}
        />
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 12 }}>
        <span>{text.zoom}</span>
        <Slider
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={setZoom}
          style={{ flex: 1 }}
          ariaLabelForHandle={text.zoom}
        />
      </div>
      <p style={{ marginBottom: 0 }}>{text.cropHelp}</p>
    </Modal>
  );
}
