// A multipart upload (a member's photo) with its progress, which fetch cannot report: XMLHttpRequest,
// answered in openapi-fetch's shape ({ data | error, response }) so that `request` treats it as any call
// (the server's message on failure, sign-out on 401).
import { authorizedHeaders } from './client';

export interface UploadResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** POSTs `form` to `url` (under /api); `onProgress` receives the share sent so far, 0 to 100. */
export function postForm<T>(
  url: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<UploadResult<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(authorizedHeaders({ Accept: 'application/json' })))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onabort = () => reject(new TypeError('aborted'));
    xhr.onload = () => {
      const response = new Response(xhr.responseText, {
        status: xhr.status,
        headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
      });
      try {
        const body: unknown = JSON.parse(xhr.responseText);
        resolve(response.ok ? { data: body as T, response } : { error: body, response });
      } catch (cause) {
        // `request` reads a SyntaxError as an unreadable answer.
        reject(cause instanceof Error ? cause : new SyntaxError(String(cause)));
      }
    };
    xhr.send(form);
  });
}
