// The one place that decides what a failed call does: every call goes through `request`, which returns
// the answer when its status is "ok" and otherwise shows the server's French message for 8 seconds,
// signs out on a 401 (the notice gives the call's trace reference), and throws an ApiError (with the field messages of a 400) for the caller.
import { frShell as fr } from '../locale/frShell';
import { notifyError } from '../feedback/feedback';
import { TRACE_ID_HEADER } from './trace';

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when no answer came (network down, unreadable answer). */
    readonly status: number,
    /** Field name -> French message, for invalid input. */
    readonly fields?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

interface Envelope {
  status?: string;
  message?: string;
  fields?: Record<string, string>;
}

export interface RequestOptions {
  /** The caller shows the outcome itself: no notice, and no sign-out on 401 (sign-in, session calls). */
  quiet?: boolean;
  /** The call answers a file (a PDF, a photo; `parseAs: 'blob'`): a 200 is the file, not the envelope. */
  file?: boolean;
}

type FetchResult = { data?: unknown; error?: unknown; response: Response };

let unauthorizedHandler: () => void = () => {};

/** The session module says here how to end a session that the server no longer accepts. */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

export async function request<R extends FetchResult>(
  call: Promise<R>,
  options: RequestOptions = {},
): Promise<NonNullable<R['data']>> {
  let result: R;
  try {
    result = await call;
  } catch (cause) {
    const message = cause instanceof SyntaxError ? fr.errors.badAnswer : fr.errors.network;
    const error = new ApiError(message, 0, undefined, { cause });
    if (!options.quiet) notifyError(message);
    throw error;
  }

  const { data, error, response } = result;
  const body = (error ?? data) as Envelope | string | undefined;
  const envelope: Envelope = typeof body === 'object' && body !== null ? body : {};
  if (response.ok && (options.file || envelope.status === 'ok')) return data as NonNullable<R['data']>;

  const message = envelope.message || `${fr.errors.unexpected} (HTTP ${response.status})`;
  if (!options.quiet) {
    const reference = response.headers.get(TRACE_ID_HEADER);
    if (reference) notifyError(message, reference);
    else notifyError(message);
    if (response.status === 401) unauthorizedHandler();
  }
  throw new ApiError(message, response.status, envelope.fields);
}
