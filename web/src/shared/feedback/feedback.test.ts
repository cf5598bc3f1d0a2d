import { describe, expect, it, vi } from 'vitest';
import { bindFeedback, notifyError, notifySuccess } from './feedback';

describe('notices', () => {
  it('shows a failed call as a red notice for 8 seconds with the server message', () => {
    const notification = { error: vi.fn(), warning: vi.fn() };
    const message = { success: vi.fn() };
    bindFeedback({ notification, message });
    notifyError('Identifiant déjà utilisé');
    expect(notification.error).toHaveBeenCalledWith({
      title: 'Identifiant déjà utilisé',
      description: undefined,
      duration: 8,
    });
    notifyError('Identifiant déjà utilisé', '4bf92f3577b34da6a3ce929d0e0e4736');
    expect(notification.error).toHaveBeenLastCalledWith({
      title: 'Identifiant déjà utilisé',
      description: 'Référence : 4bf92f3577b34da6a3ce929d0e0e4736',
      duration: 8,
    });
    notifySuccess('Utilisateur créé');
    expect(message.success).toHaveBeenCalledWith('Utilisateur créé');
  });
});

describe('notice host', () => {
  it('is asked for at the first notice, which waits for it; it unbinds when it goes', async () => {
    vi.resetModules();
    const feedback = await import('./feedback');
    const wanted = vi.fn();
    const unsubscribe = feedback.subscribeNoticeHost(wanted);
    expect(feedback.noticeHostWanted()).toBe(false);

    feedback.notifyWarning('Attention votre connexion a expiré, merci de vous reconnecter');
    expect(wanted).toHaveBeenCalledTimes(1);
    expect(feedback.noticeHostWanted()).toBe(true);

    const notification = { error: vi.fn(), warning: vi.fn() };
    const message = { success: vi.fn() };
    const unbind = feedback.bindFeedback({ notification, message });
    expect(notification.warning).toHaveBeenCalledWith({
      title: 'Attention votre connexion a expiré, merci de vous reconnecter',
      duration: 8,
    });
    feedback.notifySuccess('Enregistré');
    expect(message.success).toHaveBeenCalledWith('Enregistré');

    unbind();
    feedback.notifySuccess('Encore');
    expect(message.success).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
