// @vitest-environment jsdom
// Issue 28: the Subscription Check-up's card reads this month's check-up from the bills view: its
// status, how many subscriptions are reviewed, and a link to the view instead of a Start button.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { queryKeys } from '@/bank/queries';
import type { BillsView } from '@/domain/bills';
import { CheckupQuestCard } from '@/features/quests/checkup-quest-card';
import { QUEST_CARDS } from '@/features/quests/quest-catalog';

const card = QUEST_CARDS.find((c) => c.id === 'subscription-checkup')!;
const actions = { start() {}, stop() {}, checkNow() {} };

function show(checkup: BillsView['checkup']) {
  const client = new QueryClient();
  client.setQueryData<BillsView>(queryKeys.bills, { streams: [], updatedAt: null, checkup });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CheckupQuestCard card={card} actions={actions} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('article', { name: 'Subscription Check-up' });
}

afterEach(cleanup);

describe('the Subscription Check-up card', () => {
  it('when 2 of 4 subscriptions are reviewed, then it is in progress and links to the view', () => {
    const article = show({ due: 4, reviewed: 2, paidThisMonth: false });
    expect(article).toHaveTextContent('In progress');
    expect(article).toHaveTextContent('2 of 4 reviewed this month');
    expect(within(article).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(article).getByRole('link', { name: 'Review subscriptions' })).toHaveAttribute(
      'href',
      '/bills',
    );
    expect(within(article).queryByRole('button', { name: 'Start' })).toBeNull();
  });
  it("when this month's check-up is paid, then it shows completed", () => {
    const article = show({ due: 3, reviewed: 3, paidThisMonth: true });
    expect(article).toHaveTextContent('Completed');
  });
  it('when nothing is reviewed yet, then it is not started', () => {
    expect(show({ due: 3, reviewed: 0, paidThisMonth: false })).toHaveTextContent('Not started');
  });
});
