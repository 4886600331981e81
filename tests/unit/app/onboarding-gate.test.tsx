// @vitest-environment jsdom
// The onboarding tour's gate: it opens 500 ms (SPEC 9) after a new user's Quests page is there,
// and never on another page.
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { Suspense, type ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OnboardingGate } from '@/app/onboarding-gate';
import { lazyRoute } from '@/app/lazy-page';
import { onboardingRequiredAtom } from '@/lib/atoms';
import { reloadPersistedAtoms } from '@/lib/persisted-atom';
import { appStore } from '@/lib/store';

const TOUR = { name: 'Welcome to Budget Quest!' };

beforeAll(async () => {
  // The dialog's chunk, loaded before the clock is faked so the lazy component resolves at once.
  await import('@/features/onboarding/onboarding-dialog');
});
beforeEach(() => {
  vi.useFakeTimers();
  localStorage.setItem('token', 'tok');
  reloadPersistedAtoms(appStore);
  appStore.set(onboardingRequiredAtom, true);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function openAt(path: string, page?: ComponentType) {
  const Page = page;
  await act(async () => {
    render(
      <Provider store={appStore}>
        <MemoryRouter initialEntries={[path]}>
          {Page && (
            <Suspense fallback={null}>
              <Page />
            </Suspense>
          )}
          <OnboardingGate />
        </MemoryRouter>
      </Provider>,
    );
  });
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('the onboarding gate', () => {
  it.each(['/', '/quests'])(
    'when a new user is on %s, then the tour opens at 500 ms and not before',
    async (path) => {
      await openAt(path);
      await advance(499);
      expect(screen.queryByRole('dialog', TOUR)).toBeNull();
      await advance(1);
      expect(screen.getByRole('dialog', TOUR)).toBeTruthy();
    },
  );

  it('when the new user is on Home, then the tour does not open', async () => {
    await openAt('/home');
    await advance(5000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when onboarding was completed on this browser, then the tour does not open', async () => {
    localStorage.setItem('onboarding_completed', 'true');
    reloadPersistedAtoms(appStore);
    await openAt('/');
    await advance(5000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("when the Quests page's code is still loading, then the tour waits for it and opens 500 ms after", async () => {
    let arrive!: (m: { Page: ComponentType }) => void;
    const Page = lazyRoute(() => new Promise<{ Page: ComponentType }>((r) => (arrive = r)), 'Page');
    await openAt('/', Page);
    await advance(3000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => arrive({ Page: () => <h1>Quests</h1> }));
    expect(screen.getByRole('heading', { name: 'Quests' })).toBeTruthy();
    await advance(499);
    expect(screen.queryByRole('dialog', TOUR)).toBeNull();
    await advance(1);
    expect(screen.getByRole('dialog', TOUR)).toBeTruthy();
  });
});
