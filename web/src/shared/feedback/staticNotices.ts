// antd's static notice functions: what shows a notice before the app shell has bound its themed ones
// (and in unit tests). A module of its own, loaded on first use, so the first screen does not download
// antd's notification and message code (see feedback.ts).
import { message, notification } from 'antd';
import { DEFAULT_NOTICE_SECONDS } from '../constants';

notification.config({ duration: DEFAULT_NOTICE_SECONDS });
message.config({ duration: DEFAULT_NOTICE_SECONDS });

export const staticNotices = { notification, message };
