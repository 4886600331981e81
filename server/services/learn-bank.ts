// The Learn path's content and its question bank, answers included (issue 34). It lives on the
// server only: the browser gets a question's prompt and choices, and its answer only once it has
// answered. Sources for each lesson are named in docs/decisions.md ("Learn (issue 34)").
import type { LessonCard } from '../../src/domain/learn';
import type { BuiltQuestion } from '../../src/domain/learn-personal';

export interface BankQuestion {
  id: string;
  prompt: string;
  choices: string[];
  /** Index of the right choice as written here (choices of four are then rotated per question). */
  answer: number;
  explanation: string;
  /** Asked from the player's own money when their data allows (this question is the fallback). */
  personal?: 'merchant' | 'wants-share';
}

export interface Lesson {
  id: string;
  title: string;
  summary: string;
  cards: LessonCard[];
  questions: BankQuestion[];
}

const NEED_WANT = ['Need', 'Want'];
const BUCKETS = ['Needs', 'Wants', 'Savings'];

export const LESSONS: readonly Lesson[] = [
  {
    id: 'the-method',
    title: 'The 50/30/20 Budgeting Method',
    summary: 'Three buckets for your after-tax income.',
    cards: [
      {
        heading: 'Three buckets',
        text: 'The 50/30/20 rule splits your income into three buckets: 50% for Needs, 30% for Wants and 20% for Savings. Three numbers replace a spreadsheet of categories.',
      },
      {
        heading: 'After-tax income is the base',
        text: 'The split is of your after-tax income: what reaches your account once taxes are taken. You can only budget money you actually receive, so the take-home figure is the honest base.',
      },
      {
        heading: 'An example: $3,000 a month',
        text: 'Take home $3,000 a month and the rule gives $1,500 for Needs, $900 for Wants and $600 for Savings. If a bucket runs over, you know which one to look at.',
      },
      {
        heading: 'Where the rule comes from',
        text: 'Elizabeth Warren, now a U.S. senator, and her daughter Amelia Warren Tyagi made the rule popular in their 2005 book All Your Worth. It is a target to steer by, not a law.',
      },
    ],
    questions: [
      {
        id: 'method-base',
        prompt: 'Which income does the 50/30/20 rule split?',
        choices: [
          'Your pay before tax',
          'Your after-tax (take-home) income',
          'What is left after bills',
          'Your savings balance',
        ],
        answer: 1,
        explanation: 'The rule splits after-tax income: the money you actually take home.',
      },
      {
        id: 'method-wants',
        prompt: 'You take home $3,000 a month. How much goes to Wants?',
        choices: ['$600', '$900', '$1,500', '$300'],
        answer: 1,
        explanation: 'Wants get 30%: 30% of $3,000 is $900.',
      },
      {
        id: 'method-savings',
        prompt: 'Which share is for Savings and extra debt payments?',
        choices: ['50%', '30%', '20%', '10%'],
        answer: 2,
        explanation: 'Savings, including payments beyond a debt’s minimum, get 20%.',
      },
    ],
  },
  {
    id: 'needs-wants',
    title: 'Needs versus Wants',
    summary: 'What you must pay, and what you choose.',
    cards: [
      {
        heading: 'A Need is what you must pay',
        text: 'Needs are what you must pay to live and work: rent, groceries, utilities, insurance, getting to work, minimum debt payments. Skipping one would hurt you or break a contract.',
      },
      {
        heading: 'A Want is what you choose',
        text: 'Wants make life enjoyable but could be cut: dining out, streaming, hobbies, new clothes you do not need, trips. Wants are not bad; they just come after Needs.',
      },
      {
        heading: 'Groceries versus restaurants',
        text: 'Food is a Need, but how you buy it decides. Groceries you cook are a Need; the restaurant meal, takeaway or coffee out is a Want.',
      },
      {
        heading: 'The edge cases',
        text: 'A basic phone plan you need for work is a Need; the upgrade to the newest phone is a Want. A gym is usually a Want: a run in the park is free.',
      },
    ],
    questions: [
      {
        id: 'needs-phone',
        prompt: 'A basic phone plan you need to reach work: Need or Want?',
        choices: NEED_WANT,
        answer: 0,
        explanation:
          'A basic plan you need for work is a Need; upgrading to the newest phone would be a Want.',
      },
      {
        id: 'needs-gym',
        prompt: 'A $45 gym membership, when running outside is free: Need or Want?',
        choices: NEED_WANT,
        answer: 1,
        explanation: 'A gym is a Want: exercise matters, but free ways to do it exist.',
      },
      {
        id: 'needs-food',
        prompt: 'Groceries for the week, or dinner at a restaurant: which is the Need?',
        choices: ['The groceries', 'The restaurant dinner'],
        answer: 0,
        explanation: 'Groceries are the Need; the restaurant meal is a Want.',
        personal: 'merchant',
      },
    ],
  },
  {
    id: 'debt',
    title: 'Debt payments',
    summary: 'Minimums are Needs, extra is Savings.',
    cards: [
      {
        heading: 'The minimum is a Need',
        text: 'The minimum payment on a card or loan is a Need: missing it brings late fees, more interest and a worse credit record.',
      },
      {
        heading: 'Extra payments are Savings',
        text: 'Anything you pay above the minimum counts in the 20% Savings bucket. Paying debt down early saves the interest you would pay later, so it works like saving.',
      },
      {
        heading: 'Start with the costliest debt',
        text: 'Put extra payments on the debt with the highest interest rate first (often a credit card), and keep paying every minimum on time.',
      },
    ],
    questions: [
      {
        id: 'debt-minimum',
        prompt: 'Your card’s minimum payment is $35. Which bucket is it in?',
        choices: BUCKETS,
        answer: 0,
        explanation: 'A minimum payment is a Need: missing it costs fees and hurts your credit.',
      },
      {
        id: 'debt-extra',
        prompt: 'You pay $100 more than the minimum to clear the card sooner. Which bucket?',
        choices: BUCKETS,
        answer: 2,
        explanation: 'Payments above the minimum count as Savings: they cut the interest you would pay.',
      },
      {
        id: 'debt-why',
        prompt: 'Why pay more than the minimum when you can?',
        choices: [
          'It cuts the interest you pay',
          'It raises your credit limit',
          'It lowers your rent',
          'It changes nothing',
        ],
        answer: 0,
        explanation: 'A smaller balance sooner means less interest charged on it.',
      },
    ],
  },
  {
    id: 'pay-yourself-first',
    title: 'Pay yourself first',
    summary: 'Save on payday, not with what is left.',
    cards: [
      {
        heading: 'Save first, spend after',
        text: 'Paying yourself first means moving your savings out on payday, before any spending. What is left at the end of a month is usually nothing.',
      },
      {
        heading: 'Make it automatic',
        text: 'Set an automatic transfer to a savings account for the day your pay arrives. A saving you never have to decide on is a saving that happens.',
      },
      {
        heading: 'Start small if you must',
        text: 'If 20% is too much today, start with 5% and raise it each time your pay rises. The habit matters more than the first amount.',
      },
    ],
    questions: [
      {
        id: 'pyf-when',
        prompt: 'When is the best time to move your savings?',
        choices: [
          'On payday, before spending',
          'At the end of the month, whatever is left',
          'Only when you get a bonus',
          'When you remember',
        ],
        answer: 0,
        explanation: 'Saving on payday, before spending, is what paying yourself first means.',
      },
      {
        id: 'pyf-auto',
        prompt: 'What makes paying yourself first easiest?',
        choices: [
          'An automatic transfer on payday',
          'Deciding again every month',
          'Keeping savings in your wallet',
          'Waiting for a raise',
        ],
        answer: 0,
        explanation: 'An automatic transfer takes the decision (and the temptation) away.',
      },
      {
        id: 'pyf-amount',
        prompt: 'You take home $2,000. Paying yourself 20% first means moving:',
        choices: ['$200', '$400', '$600', '$1,000'],
        answer: 1,
        explanation: '20% of $2,000 is $400.',
      },
    ],
  },
  {
    id: 'emergency-fund',
    title: 'The emergency fund',
    summary: '3, 6 or 12 months of expenses, kept ready.',
    cards: [
      {
        heading: 'Money for the unexpected',
        text: 'An emergency fund pays for a lost job, a car repair or a doctor’s bill without a loan or a credit card. It is the first thing your Savings bucket builds.',
      },
      {
        heading: '3, 6 or 12 months',
        text: 'Aim for 3 months of expenses with a steady job and no one depending on you, 6 months with a family or less steady work, and 12 months with irregular income.',
      },
      {
        heading: 'Start with a small goal',
        text: 'Consumer-finance agencies suggest starting small: even $500 covers many surprises. Then keep adding on each payday.',
      },
      {
        heading: 'Keep it ready, keep it apart',
        text: 'Keep the fund in a savings account you can reach in a day or two, apart from everyday money, so it is not spent by accident.',
        link: { to: '/quests/emergency-fund-goal', label: 'Set your emergency fund goal' },
      },
    ],
    questions: [
      {
        id: 'ef-size',
        prompt: 'With a steady job and no dependants, a good emergency fund target is:',
        choices: ['3 months of expenses', '1 week of pay', 'One month’s rent', '$50'],
        answer: 0,
        explanation: '3 months of expenses is the usual target for a steady job; 6 or 12 with more risk.',
      },
      {
        id: 'ef-twelve',
        prompt: 'Who should aim for 12 months of expenses?',
        choices: [
          'Someone whose income is irregular',
          'Everyone under 25',
          'Nobody',
          'Someone who just got a raise',
        ],
        answer: 0,
        explanation: 'Irregular income means longer gaps to bridge, so a bigger fund.',
      },
      {
        id: 'ef-where',
        prompt: 'Where should an emergency fund be kept?',
        choices: [
          'A savings account you can reach quickly',
          'Shares that may fall in value',
          'In a gift card',
          'Lent to a friend',
        ],
        answer: 0,
        explanation: 'It must be safe and quick to reach: a separate savings account.',
      },
    ],
  },
  {
    id: 'irregular-income',
    title: 'Irregular income',
    summary: 'Budget on your lowest normal month.',
    cards: [
      {
        heading: 'When pay goes up and down',
        text: 'Gig work, tips, commission and seasonal jobs pay differently each month. The 50/30/20 split still works: it just needs a steady base.',
      },
      {
        heading: 'Budget on a low month',
        text: 'Use your lowest normal month of the last year as the income your Needs and Wants are planned on. A better month is a bonus, not a plan.',
      },
      {
        heading: 'Smooth it with a buffer',
        text: 'In a good month, put the extra into a buffer account, then pay yourself a steady amount from it. One month of expenses in the buffer evens out the gaps.',
      },
    ],
    questions: [
      {
        id: 'irr-base',
        prompt: 'With irregular pay, which income should your budget be built on?',
        choices: [
          'Your lowest normal month',
          'Your best month ever',
          'The month you hope for',
          'Next year’s pay',
        ],
        answer: 0,
        explanation: 'Planning on a low month means Needs are covered even when pay dips.',
      },
      {
        id: 'irr-extra',
        prompt: 'A good month brings $600 more than your base. What does the method suggest?',
        choices: [
          'Save it or add it to your buffer',
          'Spend it all on Wants',
          'Skip next month’s rent',
          'Lend it out',
        ],
        answer: 0,
        explanation: 'Extra in a good month fills the buffer for the lean months.',
      },
      {
        id: 'irr-buffer',
        prompt: 'What helps most when your pay swings from month to month?',
        choices: [
          'A buffer of one month’s expenses',
          'A higher credit limit',
          'More subscriptions',
          'Paying bills late',
        ],
        answer: 0,
        explanation: 'A buffer lets you pay yourself the same each month.',
      },
    ],
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions',
    summary: 'Small monthly charges add up.',
    cards: [
      {
        heading: 'Small charges, big totals',
        text: 'Streaming, music, apps and boxes cost a little each month, but they add up: three $12.99 subscriptions are $467.64 a year.',
      },
      {
        heading: 'Most are Wants',
        text: 'Entertainment subscriptions are Wants. A subscription you need for work or school, like required software, can be a Need.',
      },
      {
        heading: 'Audit every few months',
        text: 'Read a month of your transactions, list every repeating charge and cancel what you did not use last month. Free trials that turn paid are the usual surprise.',
      },
    ],
    questions: [
      {
        id: 'sub-bucket',
        prompt: 'A music streaming subscription is usually which bucket?',
        choices: BUCKETS,
        answer: 1,
        explanation: 'Entertainment subscriptions are Wants.',
      },
      {
        id: 'sub-year',
        prompt: 'What do three $12.99 monthly subscriptions cost in a year?',
        choices: ['$155.88', '$467.64', '$38.97', '$311.76'],
        answer: 1,
        explanation: '3 × $12.99 × 12 months = $467.64.',
      },
      {
        id: 'sub-find',
        prompt: 'What is the surest way to find subscriptions you forgot?',
        choices: [
          'Read a month of your transactions',
          'Wait for a reminder e-mail',
          'Cancel your bank card',
          'Ignore small amounts',
        ],
        answer: 0,
        explanation: 'Every repeating charge shows in your transactions.',
      },
    ],
  },
  {
    id: 'your-view',
    title: 'Reading your 50/30/20 view',
    summary: 'What Home’s breakdown tells you.',
    cards: [
      {
        heading: 'Shares of your income',
        text: 'Home’s 50/30/20 analysis shows each bucket as a share of your income: the income you stated, or what your bank received when you stated none.',
      },
      {
        heading: 'Left and to go',
        text: '“Wants: $412.00 left of $1,200.00” means you can spend $412 more on Wants this period. “Savings: $650.00 to go of $800.00” means $650 more to save.',
      },
      {
        heading: 'Sort what is unsorted',
        text: 'Unsorted money counts in your spending but in no bucket. Sort it with the Category Matcher or on Transactions so the view tells the truth.',
      },
    ],
    questions: [
      {
        id: 'view-base',
        prompt: 'On Home, what is each bucket’s share measured against?',
        choices: ['Your income', 'Your total spending', 'Your savings balance', 'Last year’s budget'],
        answer: 0,
        explanation: 'The method’s targets are shares of income, so the view measures against income.',
      },
      {
        id: 'view-left',
        prompt: 'Wants shows “$412.00 left of $1,200.00”. What does it mean?',
        choices: [
          'You can spend $412 more on Wants',
          'You overspent by $412',
          'You saved $412',
          'Your rent is $412',
        ],
        answer: 0,
        explanation: 'Left is the target minus what you spent: $1,200 − $788 = $412 still to spend.',
      },
      {
        id: 'view-share',
        prompt: 'Income $2,000, Wants $700. What share of income went to Wants?',
        choices: ['25%', '30%', '35%', '40%'],
        answer: 2,
        explanation: '$700 ÷ $2,000 = 35%, five points over the 30% target.',
        personal: 'wants-share',
      },
    ],
  },
  {
    id: 'fix-a-month',
    title: 'Fixing a month that went over',
    summary: 'What to do when a bucket runs over.',
    cards: [
      {
        heading: 'Find the bucket',
        text: 'When a month goes over, look at which bucket ran over. The view shows it: a Wants verdict of Needs attention, or Savings still to go.',
      },
      {
        heading: 'Trim Wants first',
        text: 'Wants are the fastest to change: fewer meals out, a paused subscription, a cheaper weekend. Cut where it hurts least, for one month, and see.',
      },
      {
        heading: 'When Needs are too big',
        text: 'If Needs take more than half for months, look at the big fixed costs: housing, transport, insurance, phone plan. Changing one saves every month after.',
      },
      {
        heading: 'One month is not failure',
        text: 'Every budget misses sometimes. Adjust the next month, keep paying yourself first, and count the months you hit the target.',
      },
    ],
    questions: [
      {
        id: 'fix-first',
        prompt: 'Wants went 10% over last month. What is the first fix?',
        choices: ['Trim Wants this month', 'Stop saving for good', 'Borrow to cover it', 'Ignore it'],
        answer: 0,
        explanation: 'Wants are the quickest bucket to trim.',
      },
      {
        id: 'fix-needs',
        prompt: 'Needs take 60% of your income month after month. What helps over time?',
        choices: [
          'Lower a big fixed cost, like rent or a phone plan',
          'Stop paying minimums',
          'Stop saving forever',
          'Nothing can help',
        ],
        answer: 0,
        explanation: 'Cutting one large fixed cost lowers every month that follows.',
      },
      {
        id: 'fix-failure',
        prompt: 'Is one month over budget a failure?',
        choices: [
          'No: adjust next month and keep going',
          'Yes: give up on budgeting',
          'Yes: the method does not work',
          'No: going over is the goal',
        ],
        answer: 0,
        explanation: 'Budgets miss sometimes; adjusting is how they work.',
      },
    ],
  },
  {
    id: 'keep-going',
    title: 'Making it stick',
    summary: 'A monthly check and growing with your pay.',
    cards: [
      {
        heading: 'A monthly check-in',
        text: 'Once a month, look at last month’s view: sort what is unsorted, see which bucket ran over and choose one thing to change.',
      },
      {
        heading: 'When your pay rises',
        text: 'When your take-home pay rises, keep the split: at least a fifth of the raise goes to Savings before your Wants grow into it.',
      },
      {
        heading: 'Plan for known big costs',
        text: 'A yearly bill is a monthly cost in disguise: a $600 yearly insurance bill is $50 a month to set aside, so it never surprises you.',
      },
    ],
    questions: [
      {
        id: 'keep-often',
        prompt: 'How often should you check your budget?',
        choices: ['Every month', 'Once a year', 'Never', 'Only in a crisis'],
        answer: 0,
        explanation: 'A monthly check catches problems while they are small.',
      },
      {
        id: 'keep-raise',
        prompt: 'Your take-home pay rises by $200 a month. Which follows the method?',
        choices: [
          'At least $40 more to Savings',
          'All $200 to Wants',
          'Save less than before',
          'Nothing changes',
        ],
        answer: 0,
        explanation: '20% of the $200 raise is $40 for Savings.',
      },
      {
        id: 'keep-yearly',
        prompt: 'A $600 bill comes once a year. How much should you set aside each month?',
        choices: ['$50', '$60', '$100', '$600'],
        answer: 0,
        explanation: '$600 ÷ 12 months = $50 a month.',
      },
    ],
  },
];

/** The knowledge check: the same 8 questions before the first lesson and after the last. */
export const CHECK_QUESTIONS: readonly BankQuestion[] = [
  {
    id: 'check-base',
    prompt: 'What does the 50/30/20 rule divide?',
    choices: ['After-tax income', 'Pay before tax', 'Your spending', 'Your debt'],
    answer: 0,
    explanation: 'It divides after-tax income: what you take home.',
  },
  {
    id: 'check-wants',
    prompt: 'What share does the rule give to Wants?',
    choices: ['20%', '30%', '50%', '10%'],
    answer: 1,
    explanation: 'Wants get 30%.',
  },
  {
    id: 'check-restaurant',
    prompt: 'Dinner at a restaurant is:',
    choices: BUCKETS,
    answer: 1,
    explanation: 'Eating out is a Want; groceries are the Need.',
  },
  {
    id: 'check-minimum',
    prompt: 'A loan’s minimum payment is:',
    choices: BUCKETS,
    answer: 0,
    explanation: 'Minimum debt payments are Needs; extra payments are Savings.',
  },
  {
    id: 'check-first',
    prompt: 'When should you move money to savings?',
    choices: ['On payday, first', 'At month’s end', 'After a bonus only', 'Never'],
    answer: 0,
    explanation: 'Pay yourself first: on payday, before spending.',
  },
  {
    id: 'check-fund',
    prompt: 'A usual emergency fund with a steady job covers:',
    choices: ['3 months of expenses', '1 week of pay', '10 years of rent', '$20'],
    answer: 0,
    explanation: '3 months of expenses (6 or 12 with less steady income).',
  },
  {
    id: 'check-irregular',
    prompt: 'With irregular pay, plan your budget on:',
    choices: ['Your lowest normal month', 'Your best month', 'An average you hope for', 'Next year'],
    answer: 0,
    explanation: 'A low month as the base keeps Needs covered.',
  },
  {
    id: 'check-subs',
    prompt: 'Three $10 monthly subscriptions cost a year:',
    choices: ['$360', '$120', '$30', '$300'],
    answer: 0,
    explanation: '3 × $10 × 12 = $360.',
  },
];

const byId = new Map<string, BankQuestion>();
for (const q of [...LESSONS.flatMap((l) => l.questions), ...CHECK_QUESTIONS]) byId.set(q.id, q);

export const lessonById = (id: string): Lesson | undefined => LESSONS.find((l) => l.id === id);
export const questionById = (id: string): BankQuestion | undefined => byId.get(id);
/** The lesson a question belongs to (null for the knowledge check's). */
export const lessonOfQuestion = (id: string): Lesson | null =>
  LESSONS.find((l) => l.questions.some((q) => q.id === id)) ?? null;

/**
 * A bank question ready to ask: a question of four choices has them rotated by a number drawn
 * from its id, so the right answer is not always in the same place (two- and three-choice
 * questions keep their natural order: Need, Want; Needs, Wants, Savings).
 */
export function arranged(q: BankQuestion): BuiltQuestion {
  const base = { id: q.id, prompt: q.prompt, explanation: q.explanation, personal: false };
  if (q.choices.length < 4) return { ...base, choices: [...q.choices], answer: q.answer };
  let h = 0;
  for (const ch of q.id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const shift = h % q.choices.length;
  const choices = q.choices.map((_, i) => q.choices[(i + shift) % q.choices.length]!);
  return { ...base, choices, answer: (q.answer - shift + q.choices.length) % q.choices.length };
}
