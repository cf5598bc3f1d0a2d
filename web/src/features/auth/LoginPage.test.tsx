// The sign-in page in plain HTML (issue 53): its labels, messages, states and focus, as the antd form had them.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, type SignInResult } from '../../shared/session/session';
import { fieldError } from './credentials';
import LoginPage from './LoginPage';

vi.mock('../../shared/session/session', () => ({ signIn: vi.fn() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function mount(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>Ailleurs</p> },
    ],
    { initialEntries: [path] },
  );
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<RouterProvider router={router} />));
  cleanups.push(() => {
    act(() => root.unmount());
    container.remove();
  });

  /** The control a label names, as the browser tests find it (getByLabel). */
  const byLabel = (text: string) => {
    const label = [...container.querySelectorAll('label')].find((element) => element.textContent === text);
    return container.querySelector<HTMLInputElement>(`[id="${label?.htmlFor}"]`)!;
  };
  const button = () =>
    [...container.querySelectorAll('button')].find((element) => element.textContent === 'Se connecter')!;
  const type = (text: string, value: string) =>
    act(() => {
      const input = byLabel(text);
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const submit = async () => {
    await act(() => {
      button().click();
      return Promise.resolve();
    });
  };
  const alerts = () => [...container.querySelectorAll('[role="alert"]')].map((element) => element.textContent);
  return { router, container, byLabel, button, type, submit, alerts };
}

describe('sign-in rules', () => {
  it('asks for an identifier that is not only spaces, and for a password', () => {
    expect(fieldError('login', '')).toBe('Saisissez votre identifiant');
    expect(fieldError('login', '   ')).toBe('Saisissez votre identifiant');
    expect(fieldError('login', ' admin ')).toBeUndefined();
    expect(fieldError('password', '')).toBe('Saisissez votre mot de passe');
    expect(fieldError('password', ' ')).toBeUndefined();
  });
});

describe('sign-in page', () => {
  it('shows its texts and labelled fields, the identifier focused', () => {
    const page = mount();
    expect(page.container.querySelector('h2')?.textContent).toBe('Connexion');
    expect(page.container.textContent).toContain('Connectez-vous pour accéder au back-office.');
    const login = page.byLabel('Identifiant');
    const password = page.byLabel('Mot de passe');
    expect(login.autocomplete).toBe('username');
    expect(password.autocomplete).toBe('current-password');
    expect(password.type).toBe('password');
    expect(document.activeElement).toBe(login);
    expect(page.button().type).toBe('submit');
  });

  it('says what is missing, on submission and as a field changes, without calling the server', async () => {
    const page = mount();
    await page.submit();
    expect(page.alerts()).toEqual(['', 'Saisissez votre identifiant', 'Saisissez votre mot de passe']);
    expect(page.byLabel('Identifiant').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(page.byLabel('Identifiant'));
    expect(signIn).not.toHaveBeenCalled();

    page.type('Identifiant', 'admin');
    expect(page.alerts()).toEqual(['', 'Saisissez votre mot de passe']);
    expect(page.byLabel('Identifiant').hasAttribute('aria-invalid')).toBe(false);
    page.type('Identifiant', '  ');
    expect(page.alerts()).toEqual(['', 'Saisissez votre identifiant', 'Saisissez votre mot de passe']);
  });

  it('disables the form while signing in, then shows the refusal and goes back to the password', async () => {
    let answer: (result: SignInResult) => void = () => {};
    vi.mocked(signIn).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const page = mount();
    page.type('Identifiant', ' admin ');
    page.type('Mot de passe', 'not-the-password');
    await page.submit();
    expect(signIn).toHaveBeenCalledWith('admin', 'not-the-password');
    expect(page.byLabel('Identifiant').disabled).toBe(true);
    expect(page.byLabel('Mot de passe').disabled).toBe(true);
    expect(page.button().disabled).toBe(true);

    await act(() => {
      answer({ ok: false, message: 'Identifiant ou mot de passe incorrect' });
      return Promise.resolve();
    });
    expect(page.alerts()).toEqual(['Identifiant ou mot de passe incorrect']);
    expect(page.button().disabled).toBe(false);
    expect(document.activeElement).toBe(page.byLabel('Mot de passe'));
    expect(page.router.state.location.pathname).toBe('/login');
  });

  it('goes to the screen the user asked for once signed in', async () => {
    vi.mocked(signIn).mockResolvedValue({
      ok: true,
      user: { login_id: 1, login_name: 'admin', login_role: 'admin' },
    });
    const page = mount('/login?redirect=%2Fmembers%3Fq%3Dkoua');
    page.type('Identifiant', 'admin');
    page.type('Mot de passe', 'secret');
    await page.submit();
    expect(page.router.state.location.pathname + page.router.state.location.search).toBe('/members?q=koua');
  });

  it('shows the password on demand, with a toggle that does not take the field’s name', () => {
    const page = mount();
    const toggle = page.container.querySelector<HTMLButtonElement>('button[aria-pressed]')!;
    expect(toggle.getAttribute('aria-label')).toBe('Afficher les caractères saisis');
    expect(toggle.getAttribute('aria-label')!.toLowerCase()).not.toContain('mot de passe');
    act(() => toggle.click());
    expect(page.byLabel('Mot de passe').type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});
