// The computer's camera, asked for only when the user wants to take a photo. Every way it can be missing
// or refused ends in a French message.
import { fr } from '../../shared/locale/fr';

export class CameraError extends Error {}

/** The message for an error of getUserMedia (by the DOMException's name). */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return fr.members.photo.cameraRefused;
    case 'NotReadableError':
    case 'AbortError':
      return fr.members.photo.cameraBusy;
    default:
      return fr.members.photo.noCamera;
  }
}

/** Opens the camera, or throws a CameraError saying in French why it cannot. */
export async function openCamera(): Promise<MediaStream> {
  const media = globalThis.navigator?.mediaDevices;
  // No API at all: an old browser, or a page not served over HTTPS.
  if (!media?.getUserMedia) throw new CameraError(fr.members.photo.noCamera);
  // Listing the devices needs no permission: without a camera, say so rather than ask for one.
  const devices = await media.enumerateDevices().catch(() => null);
  if (devices && !devices.some((device) => device.kind === 'videoinput'))
    throw new CameraError(fr.members.photo.noCamera);
  try {
    return await media.getUserMedia({
      video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } },
      audio: false,
    });
  } catch (error) {
    throw new CameraError(cameraErrorMessage(error), { cause: error });
  }
}

export function stopCamera(stream: MediaStream): void {
  stream.getTracks().forEach((track) => track.stop());
}
