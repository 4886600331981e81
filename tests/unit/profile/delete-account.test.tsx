// @vitest-environment jsdom
// Deleting the account in the browser leaves nothing of it on the device (issue 23.6): every key
// the app keeps in local storage goes, best scores and the progress queue included.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { DeleteAccountCard } from '@/features/profile/delete-account-card';
import { appStore } from '@/lib/store';
import { tokenAtom } from '@/lib/shell-atoms';
import { xpValueAtom } from '@/lib/progression';

vi.mock('@/features/profile/api', () => ({ deleteAccount: vi.fn(async () => undefined) }));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('Delete Account', () => {
  it('when the account is deleted, then all of the app local storage is cleared', async () => {
    const kept: Record<string, string> = {
      token: 'header.eyJzdWIiOiI3In0.sig',
      user_xp: '420',
      userLives: '4',
      onboarding_completed: 'true',
      helicopter_best_score: '31',
      game2048_best_score: '2048',
      progress_outbox: JSON.stringify([{ owner: '7', event: { id: 'e1', kind: 'award' } }]),
      quest_savings: JSON.stringify({ isStarted: true, timeRemaining: 500 }),
      quest_timer_savings: '1715000000000',
      budget_income: '3000',
      category_matcher_results: JSON.stringify({ p1: 'Need' }),
    };
    for (const [k, v] of Object.entries(kept)) localStorage.setItem(k, v);
    expect(appStore.get(xpValueAtom)).toBe(420);

    render(
      <MemoryRouter>
        <DeleteAccountCard />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(appStore.get(tokenAtom)).toBeNull();
    expect(appStore.get(xpValueAtom)).toBe(0);
  });
});
