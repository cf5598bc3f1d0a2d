// The question « Abandonner les modifications ? » of a changed form (see useUnsavedGuard), and the guard of
// the page's navigation and of the tab's closing, mounted once in the layout.
import { Button, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { fr } from '../locale/fr';
import { anyFormDirty } from './unsaved';

const text = fr.unsaved;

/** The question itself. Its own Escape means « Continuer la saisie ». */
export function UnsavedDialog({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    // The keys pressed in the question stay in it: its Escape must not reach the form's modal too.
    <div onKeyDown={(event) => event.stopPropagation()} style={{ display: 'contents' }}>
      <Modal
        open={open}
        title={text.title}
        onCancel={onKeep}
        zIndex={2000}
        width={440}
        destroyOnHidden
        footer={
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button onClick={onKeep} autoFocus>
              {text.keep}
            </Button>
            <Button type="primary" danger onClick={onDiscard}>
              {text.discard}
            </Button>
          </div>
        }
      >
        <Typography.Paragraph style={{ marginBottom: 0 }}>{text.body}</Typography.Paragraph>
      </Modal>
    </div>
  );
}

/** Mounted once in the layout: a changed form asks before the page changes, and before the tab closes. */
export function UnsavedNavigationGuard({ loginPath }: { loginPath: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== loginPath && anyFormDirty(),
  );
  useEffect(() => {
    function ask(event: BeforeUnloadEvent) {
      if (!anyFormDirty()) return;
      event.preventDefault();
      // Older browsers show their prompt only when a text is returned.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  return (
    <UnsavedDialog
      open={blocker.state === 'blocked'}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}
