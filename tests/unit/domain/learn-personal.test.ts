import { describe, expect, it } from 'vitest';
import {
  classifyMerchant,
  merchantQuestion,
  shareChoices,
  wantsShareQuestion,
  type LearnTx,
} from '@/domain/learn-personal';

const tx = (over: Partial<LearnTx> & Pick<LearnTx, 'id' | 'name' | 'amount' | 'date'>): LearnTx => ({
  categories: [],
  pfc: null,
  label: null,
  ...over,
});

const NOW = new Date('2025-03-15T12:00:00Z');

describe('Need or Want? for one of the player’s merchants', () => {
  it('when the latest clear-cut expense is a restaurant, then it asks about it and the answer is Want', () => {
    const q = merchantQuestion(
      [
        tx({
          id: '1',
          name: 'Safeway',
          amount: 62.1,
          date: '2025-03-10',
          categories: ['Shops', 'Supermarkets and Groceries'],
        }),
        tx({
          id: '2',
          name: 'CHIPOTLE 1234',
          merchant: 'Chipotle',
          amount: 14.2,
          date: '2025-03-12',
          categories: ['Food and Drink', 'Restaurants'],
        }),
        tx({
          id: '3',
          name: 'Shell',
          amount: 40,
          date: '2025-03-14',
          categories: ['Travel', 'Gas Stations'],
        }),
      ],
      'needs-food',
    );
    expect(q).toMatchObject({
      id: 'needs-food',
      prompt: 'Was your $14.20 at Chipotle a Need or a Want?',
      choices: ['Need', 'Want'],
      answer: 1,
      personal: true,
    });
    expect(q!.explanation).toMatch(/^Eating out is a Want/);
  });

  it('when the latest clear-cut expense is groceries or rent, then the answer is Need', () => {
    const groceries = merchantQuestion(
      [
        tx({
          id: '1',
          name: 'Whole Foods Market',
          amount: 80,
          date: '2025-03-10',
          categories: ['Shops', 'Supermarkets and Groceries'],
        }),
      ],
      'x',
    );
    expect(groceries).toMatchObject({
      answer: 0,
      prompt: 'Was your $80.00 at Whole Foods Market a Need or a Want?',
    });
    const rent = merchantQuestion(
      [
        tx({
          id: '1',
          name: 'Oak Properties Rent',
          amount: 1200,
          date: '2025-03-01',
          pfc: 'RENT_AND_UTILITIES',
        }),
      ],
      'x',
    );
    expect(rent!.answer).toBe(0);
  });

  it('when rows are pending, income, own transfers or ambiguous, then they are not asked about', () => {
    const rows = [
      tx({ id: 'p', name: 'Harbor Grill', amount: 30, date: '2025-03-14', pending: true }),
      tx({ id: 'i', name: 'ACME PAYROLL', amount: -2000, date: '2025-03-13' }),
      tx({ id: 'g', name: 'Shell', amount: 40, date: '2025-03-12', categories: ['Travel', 'Gas Stations'] }),
      tx({
        id: 'o',
        name: 'Transfer to savings',
        amount: 50,
        date: '2025-03-11',
        pfc: 'TRANSFER_OUT',
        accountId: 'chk',
      }),
      tx({
        id: 'n',
        name: 'Transfer from checking',
        amount: -50,
        date: '2025-03-11',
        pfc: 'TRANSFER_IN',
        accountId: 'sav',
      }),
    ];
    expect(merchantQuestion(rows, 'x')).toBeNull();
  });

  it('when a manual expense is named after a cafe or a streaming service, then its name decides', () => {
    expect(
      classifyMerchant(tx({ id: 'm', name: 'Blue Door Cafe', amount: 5, date: '2025-03-01' }))?.group,
    ).toBe('Want');
    expect(classifyMerchant(tx({ id: 'm', name: 'Netflix', amount: 15.49, date: '2025-03-01' }))?.group).toBe(
      'Want',
    );
    expect(
      classifyMerchant(tx({ id: 'm', name: 'Manual Expense', amount: 5, date: '2025-03-01' })),
    ).toBeNull();
  });
});

describe('the share of income that went to Wants last month', () => {
  const february = [
    tx({ id: 'pay', name: 'ACME PAYROLL', amount: -3000, date: '2025-02-01' }),
    tx({ id: 'rent', name: 'Rent', amount: 1200, date: '2025-02-02', label: 'Need' }),
    tx({ id: 'din', name: 'Harbor Grill', amount: 450, date: '2025-02-14', label: 'Want' }),
    tx({ id: 'gig', name: 'Concert', amount: 150, date: '2025-02-20', label: 'Want' }),
    tx({ id: 'mar', name: 'Bistro Verde', amount: 900, date: '2025-03-05', label: 'Want' }),
    tx({ id: 'jan', name: 'Bistro Verde', amount: 900, date: '2025-01-25', label: 'Want' }),
  ];

  it('when no income is stated, then the bank’s income last month is the base', () => {
    const q = wantsShareQuestion(february, null, NOW, 'UTC', 'view-share');
    // $600 of Wants in February against $3,000 received: 20%.
    expect(q).toMatchObject({
      prompt: 'What share of your income went to Wants last month?',
      choices: ['0%', '10%', '20%', '30%'],
      answer: 2,
      personal: true,
    });
    expect(q!.explanation).toBe(
      'Last month your Wants came to $600.00 of $3,000.00 (what your bank received): 20%. The method’s target is 30% at most.',
    );
  });

  it('when an income is stated, then it is the base, as on Home', () => {
    // $4,000 a month stated: $600 is 15%.
    const q = wantsShareQuestion(february, 4000 * 12 * 100, NOW, 'UTC', 'view-share');
    expect(q!.choices[q!.answer]).toBe('15%');
    expect(q!.explanation).toContain('(your stated income)');
  });

  it('when last month had no income or nothing sorted, then no personal question is built', () => {
    expect(
      wantsShareQuestion(
        february.filter((t) => t.id !== 'pay'),
        null,
        NOW,
        'UTC',
        'x',
      ),
    ).toBeNull();
    expect(wantsShareQuestion([february[0]!], null, NOW, 'UTC', 'x')).toBeNull();
  });

  it('when the share is small, then the choices stay at or above 0% and keep the right one', () => {
    expect(shareChoices(0)).toEqual({ choices: ['0%', '10%', '20%', '30%'], answer: 0 });
    expect(shareChoices(5)).toEqual({ choices: ['5%', '15%', '25%', '35%'], answer: 0 });
    expect(shareChoices(42)).toEqual({ choices: ['32%', '42%', '52%', '62%'], answer: 1 });
    expect(shareChoices(20)).toEqual({ choices: ['0%', '10%', '20%', '30%'], answer: 2 });
    expect(shareChoices(7).choices[shareChoices(7).answer]).toBe('7%');
  });
});
