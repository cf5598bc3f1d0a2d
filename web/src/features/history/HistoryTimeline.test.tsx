import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HistoryTimeline from './HistoryTimeline';
import { MEMBER_HISTORY } from './testEntries';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The signed-in role may restore: the matrix itself is access.test.ts's subject.
vi.mock('../../app/useRight', () => ({ useRight: () => ({ allowed: true, reason: '' }) }));

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

async function mount(total = MEMBER_HISTORY.length) {
  const asked: Request[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    asked.push(new Request(input, init));
    return Promise.resolve(answer({ status: 'ok', data: MEMBER_HISTORY, total }));
  });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() => {
    root.render(
      <QueryClientProvider client={client}>
        <HistoryTimeline entity="member" id={7} labels={{ member_firstname: 'Prénoms' }} />
      </QueryClientProvider>,
    );
  });
  // Until the versions are drawn (the call, then antd's first paint).
  for (let tries = 0; tries < 100 && !container.querySelector('.history-version, .ant-empty'); tries++) {
    await act(() => new Promise((done) => setTimeout(done, 20)));
  }
  cleanups.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return { container, asked };
}

describe('HistoryTimeline', () => {
  it('reads the first 50 versions and tells each of them in French', async () => {
    const { container, asked } = await mount();
    const url = new URL(asked[0].url);
    expect(url.pathname + url.search).toBe('/api/history/get.history/member/7?_limit=50&_offset=0');
    // The history records the screens' changes as theirs.
    expect(asked[0].headers.get('X-Sesame-Source')).toBe('screen');
    const text = container.textContent ?? '';
    expect(text).toContain('Version 1 · Création');
    expect(text).toContain('Prénoms : Adjoua → Awa');
    expect(text).toContain('Photo : nouvelle photo (version 2)');
    expect(text).not.toContain('member_uuid');
    expect(text).not.toContain('Voir plus');
  });

  it('offers to restore every version but the latest', async () => {
    const { container } = await mount();
    const buttons = [...container.querySelectorAll('button')].filter(
      (b) => b.textContent === 'Restaurer cette version',
    );
    expect(buttons).toHaveLength(MEMBER_HISTORY.length - 1);
    const latest = container.querySelector('.history-version');
    expect(latest?.textContent).toContain('Version 4');
    expect(latest?.querySelector('button')).toBeNull();
  });

  it('offers the next versions when the server has more', async () => {
    const { container } = await mount(120);
    expect(container.textContent).toContain('4 versions sur 120');
    expect(container.textContent).toContain('Voir plus');
  });

  it('shows what a restore will change, and asks why before restoring', async () => {
    const { container, asked } = await mount();
    const creation = [...container.querySelectorAll('.history-version')].at(-1);
    act(() => creation?.querySelector('button')?.click());
    const dialog = await waitFor(() => document.querySelector('.ant-modal'));
    expect(dialog.textContent).toContain('Restaurer la version 1');
    await waitFor(() => (dialog.textContent?.includes('Prénoms : Aya → Adjoua') ? dialog : null));

    const submit = [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Restaurer');
    act(() => submit?.click());
    await waitFor(() => (dialog.textContent?.includes('Indiquez le motif de la restauration.') ? dialog : null));
    expect(asked.some((call) => call.url.includes('post.history_restore'))).toBe(false);
  });
});

/** What `find` answers once it answers something, within 2 s. */
async function waitFor<T>(find: () => T | null | undefined): Promise<T> {
  for (let tries = 0; tries < 100; tries++) {
    const found = find();
    if (found) return found;
    await act(() => new Promise((done) => setTimeout(done, 20)));
  }
  throw new Error('Not found within 2 s');
}
