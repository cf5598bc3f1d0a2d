// The notice host: gives the code that runs outside components (failed calls, an expired session) notice
// functions that follow the theme and the locale. (antd's notification and message hooks rather than its
// `App`, which would also bring its modal code.) Mounted by App beside the router, so that a notice
// outlives the screen that raised it (an expired session shows its notice on the sign-in page), and
// loaded only once notices are wanted (shared/feedback/feedback.ts): not part of the first screen.
import { message, notification } from 'antd';
import { useEffect } from 'react';
import { DEFAULT_NOTICE_SECONDS } from '../shared/constants';
import { bindFeedback } from '../shared/feedback/feedback';
import Providers from './Providers';

/** Where notices start, in pixels from the top of the window: under the header. */
const NOTICES_TOP = 72;

function Holders() {
  // Below the header (antd's is 64 px high), so that a notice never covers what it points to there:
  // « Export lancé … Suivez-le dans « Exports » » over the « Exports » button, held while hovered.
  const [notificationApi, notificationHolder] = notification.useNotification({
    duration: DEFAULT_NOTICE_SECONDS,
    top: NOTICES_TOP,
  });
  const [messageApi, messageHolder] = message.useMessage({ duration: DEFAULT_NOTICE_SECONDS, top: NOTICES_TOP });
  useEffect(() => bindFeedback({ notification: notificationApi, message: messageApi }), [notificationApi, messageApi]);
  return (
    <>
      {notificationHolder}
      {messageHolder}
    </>
  );
}

export default function FeedbackBridge() {
  return (
    <Providers>
      <Holders />
    </Providers>
  );
}
