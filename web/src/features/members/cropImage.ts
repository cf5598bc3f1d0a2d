// Turns the cropped part of an image (or a camera frame) into the JPEG that is uploaded. The server keeps
// at most 1,024 pixels a side, so a larger crop is scaled down here and travels smaller.
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MAX_PHOTO_SIDE = 1024;
const JPEG_QUALITY = 0.9;

/** The output size of a crop: its own, scaled down to fit `max` pixels a side. */
export function outputSize(
  area: Pick<CropArea, 'width' | 'height'>,
  max = MAX_PHOTO_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(area.width, area.height));
  return { width: Math.max(1, Math.round(area.width * scale)), height: Math.max(1, Math.round(area.height * scale)) };
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))), 'image/jpeg', JPEG_QUALITY),
  );
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image'));
    image.src = src;
  });
}

/** The part `area` (in the image's own pixels) of the image at `src`, as a JPEG. */
export async function cropToJpeg(src: string, area: CropArea): Promise<Blob> {
  const image = await loadImage(src);
  const size = outputSize(area);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  // A JPEG has no transparency: a transparent PNG shows on white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return canvasToJpeg(canvas);
}

/** The frame a <video> shows now, as a JPEG. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas'));
  context.drawImage(video, 0, 0);
  return canvasToJpeg(canvas);
}
