// Notices shown outside any component (failed calls, an expired session). They go through the antd
// hook instances of the notice host (app/FeedbackBridge.tsx, themed, in French), which the app mounts
// beside the router only once notices are wanted: when the screens' layout opens, or at the first notice
// (a notice asked for before then waits for it). Without a host (unit tests) antd's static functions do
// the same job. Neither is imported here: the first screen, the sign-in page, downloads no antd
// (docs/performance.md, « First screen »).
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { ERROR_NOTICE_SECONDS } from '../constants';
import { frShell as fr } from '../locale/frShell';

interface FeedbackApi {
  notification: Pick<NotificationInstance, 'error' | 'warning'>;
  message: Pick<MessageInstance, 'success'>;
}

let current: FeedbackApi | undefined;
let staticApi: Promise<FeedbackApi> | undefined;
// Notices asked for while the host loads.
const waiting: ((api: FeedbackApi) => void)[] = [];
let hostWanted = false;
const hostListeners = new Set<() => void>();

/** The app's notice host (App.tsx) follows whether it is wanted yet. */
export function subscribeNoticeHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

export function noticeHostWanted(): boolean {
  return hostWanted;
}

/** Asks the app to load its notice host (the screens' layout does, so that notices show at once). */
export function wantNotices(): void {
  if (hostWanted) return;
  hostWanted = true;
  hostListeners.forEach((listener) => listener());
}

/** Shows a notice with the bound instances; else waits for the app's host, or (no host) uses antd's static functions. */
function show(notice: (api: FeedbackApi) => void): void {
  if (current) {
    notice(current);
    return;
  }
  if (hostListeners.size > 0) {
    waiting.push(notice);
    wantNotices();
    return;
  }
  staticApi ??= import('./staticNotices').then((module) => module.staticNotices);
  void staticApi.then((api) => notice(current ?? api));
}

/** Called by the notice host with its hook instances; returns the unbinding, for when the host goes. */
export function bindFeedback(api: FeedbackApi): () => void {
  current = api;
  waiting.splice(0).forEach((notice) => notice(api));
  return () => {
    if (current === api) current = undefined;
  };
}

/** A red notice that stays 8 seconds: what every failed call shows, with the call's trace reference
 * when the server gave one (what a user quotes when reporting it). */
export function notifyError(text: string, reference?: string): void {
  const description = reference ? fr.errors.reference(reference) : undefined;
  show((api) => api.notification.error({ title: text, description, duration: ERROR_NOTICE_SECONDS }));
}

/** A short confirmation (the server's message after a write). */
export function notifySuccess(text: string): void {
  show((api) => {
    api.message.success(text);
  });
}

/** An orange notice that stays 8 seconds (the session expired and the user must sign in again). */
export function notifyWarning(text: string): void {
  show((api) => api.notification.warning({ title: text, duration: ERROR_NOTICE_SECONDS }));
}
