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
