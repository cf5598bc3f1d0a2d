// Files the server answers (fetched with the token, which a plain link could not send), handed to the
// browser: saved under a name (a PDF to print), or shown in a new tab (a proof, a document).

/** How long an object URL outlives its use: the new tab or the download has read it by then. */
const KEEP_MS = 60_000;

function objectUrl(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), KEEP_MS);
  return url;
}

/** Saves `blob` as the file `name` (the browser's download). */
export function saveFile(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = objectUrl(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Shows `blob` in a new tab. */
export function openFile(blob: Blob): void {
  window.open(objectUrl(blob), '_blank', 'noopener');
}
