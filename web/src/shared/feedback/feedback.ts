// Notices shown outside any component (failed calls, an expired session). They go through the antd
// hook instances once the app shell is mounted, so that they follow the theme and the French locale;
// before that (and in unit tests) the static antd functions do the same job.
import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { DEFAULT_NOTICE_SECONDS, ERROR_NOTICE_SECONDS } from '../constants';
import { fr } from '../locale/fr';

interface FeedbackApi {
  notification: Pick<NotificationInstance, 'error' | 'warning'>;
  message: Pick<MessageInstance, 'success'>;
}

staticNotification.config({ duration: DEFAULT_NOTICE_SECONDS });
staticMessage.config({ duration: DEFAULT_NOTICE_SECONDS });

let current: FeedbackApi = {
  notification: staticNotification,
  message: staticMessage,
};

/** Called by the app shell with its hook instances. */
export function bindFeedback(api: FeedbackApi): void {
  current = api;
}

/** A red notice that stays 8 seconds: what every failed call shows, with the call's trace reference
 * when the server gave one (what a user quotes when reporting it). */
export function notifyError(text: string, reference?: string): void {
  const description = reference ? fr.errors.reference(reference) : undefined;
  current.notification.error({ title: text, description, duration: ERROR_NOTICE_SECONDS });
}

/** A short confirmation (the server's message after a write). */
export function notifySuccess(text: string): void {
  current.message.success(text);
}

/** An orange notice that stays 8 seconds (the session expired and the user must sign in again). */
export function notifyWarning(text: string): void {
  current.notification.warning({ title: text, duration: ERROR_NOTICE_SECONDS });
}
