import { describe, expect, it, vi } from 'vitest';
import { bindFeedback, notifyError, notifySuccess } from './feedback';

describe('notices', () => {
  it('shows a failed call as a red notice for 8 seconds with the server message', () => {
    const notification = { error: vi.fn(), warning: vi.fn() };
    const message = { success: vi.fn() };
    bindFeedback({ notification, message });
    notifyError('Identifiant déjà utilisé');
    expect(notification.error).toHaveBeenCalledWith({ title: 'Identifiant déjà utilisé', duration: 8 });
    notifySuccess('Utilisateur créé');
    expect(message.success).toHaveBeenCalledWith('Utilisateur créé');
  });
});
