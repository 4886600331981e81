// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from 'jotai';
import { InstructionCard } from '@/components/instruction-card';
import { PieChart } from '@/components/budget/pie-chart';
import { PieDrawing, polarPoint, sliceShapes } from '@/components/budget/pie-drawing';
import { stubLargestPaintReports } from '../../support/largest-paint-reports';
import { BudgetAnalysisTable } from '@/components/budget/budget-analysis-table';
import { BudgetDisplay } from '@/components/budget/budget-display';
import { SpendingIndicator } from '@/components/budget/spending-indicator';
import { budgetView, periodMoney, viewSlices } from '@/domain/budget-view';

afterEach(cleanup);

const jan = { start: '2025-01-01', end: '2025-01-31' };
const summary = periodMoney(
  [
    { amount: 60, date: '2025-01-02', label: 'Need' },
    { amount: 25, date: '2025-01-03', label: 'Want' },
    { amount: 15, date: '2025-01-04', label: 'Savings' },
  ],
  jan,
);

describe('InstructionCard', () => {
  const renderCard = (props: Partial<Parameters<typeof InstructionCard>[0]> = {}) => {
    const store = createStore();
    render(
      <Provider store={store}>
        <InstructionCard
          storageKey="test_instructions_dismissed"
          title="How Quests Work"
          paragraphs={['Play.']}
          {...props}
        />
      </Provider>,
    );
  };
  it('when Got It is pressed, then the card goes and the dismissal is stored under its key', async () => {
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Got It' }));
    expect(screen.queryByRole('heading', { name: 'How Quests Work' })).not.toBeInTheDocument();
    expect(localStorage.getItem('test_instructions_dismissed')).toBe('true');
  });
  it('when its key is already stored, then it does not show', () => {
    localStorage.setItem('test_instructions_dismissed', 'true');
    renderCard();
    expect(screen.queryByRole('heading', { name: 'How Quests Work' })).not.toBeInTheDocument();
  });
  it('when a first-time user must act first, then the button reads Complete Action First and is disabled', () => {
    renderCard({
      isFirstTimeUser: true,
      persistUntilAction: true,
      actionRequired: 'Connect your bank.',
      firstTimeText: 'Welcome!',
    });
    expect(screen.getByRole('button', { name: 'Complete Action First' })).toBeDisabled();
    expect(screen.getByText('Action Required:')).toBeInTheDocument();
    expect(screen.getByText('Welcome!')).toBeInTheDocument();
  });
  it('when a returning user sees a persist-until-action card, then it can be dismissed', () => {
    renderCard({ isFirstTimeUser: false, persistUntilAction: true, firstTimeText: 'Welcome!' });
    expect(screen.getByRole('button', { name: 'Got It' })).toBeEnabled();
    expect(screen.queryByText('Welcome!')).not.toBeInTheDocument();
  });
});

describe('PieChart', () => {
  it('when there are no slices, then it says No data available', () => {
    render(<PieChart slices={[]} title="Spending breakdown" />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
  });
  it('when there are slices, then a text table gives each amount and share', () => {
    render(<PieChart slices={viewSlices(summary)} title="Spending breakdown" />);
    const table = screen.getByRole('table', { name: 'Spending breakdown' });
    const needs = within(table).getByRole('row', { name: /Needs/ });
    expect(needs).toHaveTextContent('$60.00');
    expect(needs).toHaveTextContent('60%');
    expect(within(table).getByRole('row', { name: /Savings/ })).toHaveTextContent('15%');
  });
  it("when there are slices, then the drawing (Recharts' sector shape) is not loaded until the browser reports the page shown", async () => {
    const paints = stubLargestPaintReports();
    try {
      // A first visit: no test before this one has had the drawing arrive (once it has, it is used
      // at once).
      const { container } = render(<PieChart slices={viewSlices(summary)} title="Spending breakdown" />);
      await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
      expect(container.querySelector('.pie-place')).not.toBeNull();
      expect(container.querySelector('.pie-chart svg')).toBeNull();
      act(() => paints.report([performance.now()]));
      await waitFor(() => expect(container.querySelector('.pie-chart svg')).not.toBeNull());
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('when there are slices, then the drawing loads in its held place', async () => {
    const { container } = render(<PieChart slices={viewSlices(summary)} title="Spending breakdown" />);
    // jsdom reports no paint: the drawing comes after CONTENT_SHOWN_WAIT_MS (once, in a first visit).
    await waitFor(() => expect(container.querySelector('.pie-chart svg')).not.toBeNull(), {
      timeout: 3000,
    });
    expect(container.querySelector('.pie-place')).toBeNull();
  });
  it("when slices are drawn, then each takes its share of the disc in order from three o'clock, counter-clockwise", () => {
    const shapes = sliceShapes([
      { label: 'Needs', value: 50, color: '#a', percent: 50 },
      { label: 'Wants', value: 30, color: '#b', percent: 30 },
      { label: 'Savings', value: 20, color: '#c', percent: 20 },
    ]);
    expect(shapes.map((s) => [s.slice.label, s.startAngle, s.endAngle])).toEqual([
      ['Needs', 0, 180],
      ['Wants', 180, 288],
      ['Savings', 288, 360],
    ]);
    // Angles as Recharts counts them: 90 degrees is straight up (y grows downwards on screen).
    const up = polarPoint(140, 100, 90);
    expect(up.x).toBeCloseTo(140);
    expect(up.y).toBeCloseTo(40);
    expect(polarPoint(140, 100, 0)).toEqual({ x: 240, y: 140 });
  });
  it('when drawn, then every slice is a sector of the disc with its colour, and each share of 4% or more is labelled inside it', () => {
    const slices = [
      { label: 'Needs', value: 97, color: '#b197fc', percent: 97 },
      { label: 'Savings', value: 3, color: '#28a745', percent: 3 },
    ];
    const { container } = render(<PieDrawing slices={slices} size={280} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 280 280');
    const sectors = [...svg.querySelectorAll('path')];
    expect(sectors.map((p) => p.getAttribute('fill'))).toEqual(['#b197fc', '#28a745']);
    // Both arcs have the disc's radius (size / 2 - 8) and meet at the centre.
    for (const p of sectors) {
      expect(p.getAttribute('d')).toMatch(/A 132,132,0/);
      expect(p.getAttribute('d')).toMatch(/L 140,140 Z/);
    }
    // 3% has no room for its label; 97%'s sits inside its slice, left of the centre.
    const labels = [...svg.querySelectorAll('text.pie-label')];
    expect(labels.map((t) => t.textContent)).toEqual(['97%']);
    expect(Number(labels[0]!.getAttribute('x'))).toBeLessThan(140);
  });
  it('when a single group is drawn, then it is a full disc without a seam, labelled in the middle', () => {
    const { container } = render(
      <PieDrawing slices={[{ label: 'Needs', value: 12.5, color: '#b197fc', percent: 100 }]} size={200} />,
    );
    const [sector] = [...container.querySelectorAll('path')];
    expect(sector!.getAttribute('stroke')).toBe('none');
    const label = container.querySelector('text.pie-label')!;
    expect(label.textContent).toBe('100%');
    expect([label.getAttribute('x'), label.getAttribute('y')]).toEqual(['100', '100']);
  });
  it('when drawn, then nothing inside its hidden drawing can be reached by Tab', () => {
    const { container } = render(<PieDrawing slices={viewSlices(summary)} size={200} />);
    const hidden = container.querySelector('[aria-hidden="true"]')!;
    expect(hidden.querySelector('svg')).not.toBeNull();
    const tabbable = [...hidden.querySelectorAll('*')].filter((el) => {
      const t = el.getAttribute('tabindex');
      return (t !== null && Number(t) >= 0) || el.matches('a[href], button, input, select, textarea');
    });
    expect(tabbable).toEqual([]);
  });
});

describe('BudgetAnalysisTable', () => {
  const money = periodMoney(
    [
      { amount: 2100, date: '2025-01-02', label: 'Need' },
      { amount: 788, date: '2025-01-03', label: 'Want' },
      { amount: 150, date: '2025-01-04', label: 'Savings' },
    ],
    jan,
  );
  it('when measured against $4,000 of income, then shares, verdicts and dollars left follow SPEC 5', () => {
    render(<BudgetAnalysisTable view={budgetView(money, 'this-month', jan, 4_800_000)} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Category',
      'Budget Variance',
      'Target',
    ]);
    const wants = screen.getByRole('row', { name: /Wants/ });
    expect(wants).toHaveTextContent('$788.00, 20% of income');
    expect(wants).toHaveTextContent('\u221210%');
    expect(wants).toHaveTextContent('Good');
    const savings = screen.getByRole('row', { name: /Savings/ });
    expect(savings).toHaveTextContent('Needs attention');
    expect(
      within(savings)
        .getByText(/Needs attention/)
        .closest('td'),
    ).toHaveClass('verdict-bad');
    expect(screen.getByRole('row', { name: /^Needs/ })).toHaveTextContent('Above target');
    expect(screen.getByText('Wants: $412.00 left of $1,200.00')).toBeInTheDocument();
    expect(screen.getByText('Needs: $100.00 over $2,000.00')).toBeInTheDocument();
    expect(screen.getByText('Savings: $650.00 to go of $800.00')).toBeInTheDocument();
  });
  it('when no income is known, then the shares are named shares of sorted spending', () => {
    render(<BudgetAnalysisTable view={budgetView(money, 'this-month', jan, null)} />);
    expect(screen.getByRole('row', { name: /Wants/ })).toHaveTextContent('of sorted spending');
    expect(screen.queryByText(/left of/)).not.toBeInTheDocument();
  });
  it('when there are no rows, then it says No data available', () => {
    render(<BudgetAnalysisTable view={budgetView(periodMoney([], jan), 'this-month', jan, null)} />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
  });
});

describe('BudgetDisplay', () => {
  it('when the income is $4,000, then it shows the heading, the basis and the three amounts', () => {
    render(<BudgetDisplay monthlyIncome={4000} />);
    expect(screen.getByRole('heading', { name: 'Your 50/30/20 Budget' })).toBeInTheDocument();
    expect(screen.getByText('Based on $4,000.00 monthly income')).toBeInTheDocument();
    expect(screen.getByText('$2,000.00')).toBeInTheDocument();
    expect(screen.getByText('$1,200.00')).toBeInTheDocument();
    expect(screen.getByText('$800.00')).toBeInTheDocument();
    expect(screen.getByText('rent, groceries, utilities, minimum debt payments')).toBeInTheDocument();
  });
});

describe('SpendingIndicator', () => {
  it.each([
    [1000.01, 'red', 'Spending is above your income'],
    [800.01, 'orange', 'Less than 20% of your income is left'],
    [800, 'green', 'On track: at least 20% of your income is left'],
  ])('when %s dollars are spent of 1,000, then it is %s with a text label', (spent, level, text) => {
    const { container } = render(<SpendingIndicator spending={spent} income={1000} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('data-level', level);
  });
});
