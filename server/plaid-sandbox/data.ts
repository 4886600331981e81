// Generates an Item's accounts and transactions. Pure and deterministic: the same seed (the
// item_id) and creation time always give the same data. History reaches back from the creation
// time; the clock only decides how much of the (equally deterministic) future has happened.
import {
  AccountHolderCategory,
  AccountSubtype,
  AccountType,
  CounterpartyType,
  type AccountBase,
  type Location,
  type Transaction,
} from 'plaid';
import {
  EATING_OUT_MERCHANTS,
  EMPLOYERS,
  GAS_STATIONS,
  GROCERS,
  GYM,
  LANDLORDS,
  NETFLIX,
  RIDES,
  SHOPS,
  SPOTIFY,
  STREETS,
  TOWNS,
  UTILITIES,
  type CategoryKey,
  type Merchant,
} from './catalog';
import { seededRng, stableId, type Rng } from './ids';
import { cents, toTransaction, type TxSpec } from './transaction-shape';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the initial history reaches (the spec asks for at least 90 days). */
export const HISTORY_DAYS = 100;
/** No snapshot reaches further back than this, however old the Item (Plaid keeps 24 months). */
export const MAX_HISTORY_DAYS = 730;

export interface GenerateOptions {
  seed: string;
  createdAt: number;
  /** Transactions dated after this have not happened yet (epoch ms, >= createdAt). */
  until: number;
  /** Leaves out transactions before this (epoch ms); never reaches back past MAX_HISTORY_DAYS. */
  since?: number;
  /** 0 = the initial history; 1 = pending posted, one modified, one removed, two late arrivals. */
  version: number;
  /** The accounts chosen in Link; all when omitted. */
  accountIds?: readonly string[] | null;
}

interface Profile {
  checking: AccountBase;
  savings: AccountBase;
  card: AccountBase | null;
  employer: (typeof EMPLOYERS)[number];
  pay: number;
  payAnchor: number;
  rent: number;
  landlord: string;
  town: (typeof TOWNS)[number];
  netflixDay: number;
  spotifyDay: number;
  gymDay: number;
}

const dayOf = (ms: number) => Math.floor(ms / DAY);

/** Where an Item's history starts when the data reaches `until`: bounded whatever the dates. */
export const historyStart = (createdAt: number, until: number) =>
  Math.max(dayOf(createdAt) - HISTORY_DAYS, dayOf(Math.max(until, createdAt)) - MAX_HISTORY_DAYS) * DAY;
const mask = (rng: Rng) => String(rng.int(0, 9999)).padStart(4, '0');

function account(seed: string, kind: string, fields: Omit<AccountBase, 'account_id'>): AccountBase {
  return { account_id: stableId(seed, 'account', kind), ...fields };
}

function profileOf(seed: string): Profile {
  const r = seededRng(`${seed}|profile`);
  const balances = (current: number, available: number | null, limit: number | null) => ({
    current,
    available,
    limit,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
  });
  const checkingBalance = r.amount(1200, 4800);
  const checking = account(seed, 'checking', {
    balances: balances(checkingBalance, cents(checkingBalance - r.amount(0, 120)), null),
    mask: mask(r),
    name: 'Everyday Checking',
    official_name: 'Everyday Checking Account',
    type: AccountType.Depository,
    subtype: AccountSubtype.Checking,
    holder_category: AccountHolderCategory.Personal,
  });
  const savingsBalance = r.amount(2500, 15000);
  const savings = account(seed, 'savings', {
    balances: balances(savingsBalance, savingsBalance, null),
    mask: mask(r),
    name: 'High Yield Savings',
    official_name: 'High Yield Savings 4.00% APY',
    type: AccountType.Depository,
    subtype: AccountSubtype.Savings,
    holder_category: AccountHolderCategory.Personal,
  });
  const limit = r.pick([5000, 7500, 10000]);
  const owed = r.amount(250, 1900);
  const card = r.chance(0.7)
    ? account(seed, 'card', {
        balances: balances(owed, cents(limit - owed), limit),
        mask: mask(r),
        name: 'Cash Back Credit Card',
        official_name: 'Cash Back Rewards Visa Signature',
        type: AccountType.Credit,
        subtype: AccountSubtype.CreditCard,
        holder_category: AccountHolderCategory.Personal,
      })
    : null;
  return {
    checking,
    savings,
    card,
    employer: r.pick(EMPLOYERS),
    pay: r.amount(1650, 2900),
    payAnchor: r.int(0, 13),
    rent: r.int(24, 44) * 50,
    landlord: r.pick(LANDLORDS),
    town: r.pick(TOWNS),
    netflixDay: r.int(2, 27),
    spotifyDay: r.int(2, 27),
    // Drawn last, and spent last in a day, so the gym (issue 28) left every older draw as it was.
    gymDay: r.int(2, 27),
  };
}

/** The Item's accounts as Plaid lists them (all of them; Link may choose fewer). */
export function generateAccounts(seed: string): AccountBase[] {
  const p = profileOf(seed);
  return [p.checking, p.savings, ...(p.card ? [p.card] : [])];
}

function merchantSpec(m: Merchant, account: AccountBase, amount: number, at: number, id: string): TxSpec {
  return {
    id,
    account,
    amount,
    at,
    name: m.name,
    merchantName: m.merchant,
    website: m.website,
    category: m.category,
    channel: m.channel,
    counterparty: CounterpartyType.Merchant,
  };
}

function ownTransfer(
  id: string,
  account: AccountBase,
  amount: number,
  at: number,
  name: string,
  category: CategoryKey,
): TxSpec {
  return {
    id,
    account,
    amount,
    at,
    name,
    merchantName: null,
    website: null,
    category,
    channel: 'other',
    counterparty: null,
  };
}

/** One day of the recurring schedule, generated whole so ids never depend on the horizon. */
function dayEvents(p: Profile, seed: string, day: number): TxSpec[] {
  const r = seededRng(`${seed}|day|${day}`);
  const start = day * DAY;
  const dom = new Date(start).getUTCDate();
  const out: TxSpec[] = [];
  const nextId = () => stableId(seed, 'tx', day, out.length);
  // US daytime, expressed in UTC hours.
  const time = (from: number, to: number) => start + Math.floor((from + r.next() * (to - from)) * HOUR);
  const spend = (m: Merchant, account: AccountBase, from: number, to: number) =>
    out.push(merchantSpec(m, account, r.amount(m.min, m.max), time(from, to), nextId()));
  const cardOr = (share: number) => (p.card && r.chance(share) ? p.card : p.checking);

  if ((((day - p.payAnchor) % 14) + 14) % 14 === 0) {
    out.push({
      ...ownTransfer(nextId(), p.checking, -p.pay, time(10, 12), p.employer.name, 'payroll'),
      merchantName: p.employer.merchant,
      counterparty: CounterpartyType.IncomeSource,
    });
  }
  if (dom === 1) {
    const landlord: Merchant = {
      name: `${p.landlord} Rent`,
      merchant: p.landlord,
      website: null,
      category: 'rent',
      channel: 'online',
      min: p.rent,
      max: p.rent,
    };
    spend(landlord, p.checking, 13, 15);
  }
  if (dom === 15) spend(UTILITIES.electric, p.checking, 14, 20);
  if (dom === 20) spend(UTILITIES.internet, cardOr(1), 14, 20);
  if (dom === 12) spend(UTILITIES.phone, cardOr(1), 14, 20);
  if (dom === p.netflixDay) spend(NETFLIX, cardOr(1), 8, 12);
  if (dom === p.spotifyDay) spend(SPOTIFY, cardOr(1), 8, 12);
  if (dom === 5) {
    const amount = r.int(10, 30) * 10;
    const at = time(15, 22);
    out.push(ownTransfer(nextId(), p.checking, amount, at, 'Transfer to Savings', 'transferOut'));
    out.push(ownTransfer(nextId(), p.savings, -amount, at, 'Transfer from Checking', 'transferIn'));
  }
  if (dom === 25 && p.card) {
    const amount = r.amount(350, 950);
    const at = time(12, 16);
    out.push(ownTransfer(nextId(), p.checking, amount, at, 'Credit Card Autopay', 'cardPayment'));
    out.push(ownTransfer(nextId(), p.card, -amount, at, 'Payment Thank You', 'cardPayment'));
  }
  if (dom === 28)
    out.push(
      ownTransfer(nextId(), p.savings, -r.amount(0.8, 6.5), time(8, 10), 'Interest Payment', 'interest'),
    );
  if (r.chance(0.32)) spend(r.pick(GROCERS), cardOr(0.7), 16, 26);
  if (r.chance(0.5)) spend(r.pick(EATING_OUT_MERCHANTS), cardOr(0.7), 15, 20);
  if (r.chance(0.18)) spend(r.pick(EATING_OUT_MERCHANTS), cardOr(0.7), 23, 28);
  if (r.chance(0.12)) spend(r.pick(GAS_STATIONS), cardOr(0.6), 13, 25);
  if (r.chance(0.16)) spend(r.pick(SHOPS), cardOr(0.8), 15, 28);
  if (r.chance(0.07)) spend(r.pick(RIDES), cardOr(0.8), 22, 30);
  if (dom === p.gymDay) spend(GYM, p.checking, 6, 9);
  return out;
}

/** The special cases hung on the creation time: the fresh transfer and the pending set. */
function creationOverlays(p: Profile, seed: string, createdAt: number, chosen: (a: AccountBase) => boolean) {
  const r = seededRng(`${seed}|creation`);
  // Spending lands on a chosen account when there is one, so every Item shows these cases.
  const spendable = (a: AccountBase) =>
    chosen(a) ? a : ([p.card, p.checking].find((x) => x && chosen(x)) ?? a);
  // The savings quest looks for a transfer of at least $5 in the last 24 hours.
  const transferAt = createdAt - Math.floor(r.amount(1, 8) * HOUR);
  const transferAmount = r.int(5, 20) * 5;
  const transfer = [
    ownTransfer(
      stableId(seed, 'fresh-transfer', 'out'),
      p.checking,
      transferAmount,
      transferAt,
      'Transfer to Savings',
      'transferOut',
    ),
    ownTransfer(
      stableId(seed, 'fresh-transfer', 'in'),
      p.savings,
      -transferAmount,
      transferAt,
      'Transfer from Checking',
      'transferIn',
    ),
  ];
  const kinds = [EATING_OUT_MERCHANTS, GROCERS, GAS_STATIONS, EATING_OUT_MERCHANTS, RIDES];
  const pendingCount = r.int(2, 4);
  const pending: TxSpec[] = [];
  const posted: TxSpec[] = [];
  for (let i = 0; i < pendingCount; i++) {
    const m = r.pick(kinds[i]);
    const at = createdAt - Math.floor(r.amount(0.5, 30) * HOUR);
    const acct = spendable(p.card && r.chance(0.7) ? p.card : p.checking);
    const amount = r.amount(m.min, m.max);
    const spec = merchantSpec(m, acct, amount, at, stableId(seed, 'pending', i));
    pending.push({ ...spec, pending: true });
    // Restaurants settle with the tip added, as real card authorisations do.
    const settled = m.category === 'restaurant' ? cents(amount * 1.18) : amount;
    posted.push({
      ...spec,
      id: stableId(seed, 'posted', i),
      amount: settled,
      // Settles a day later, but never after the history it belongs to.
      postedAt: Math.min(at + DAY, createdAt),
      pendingTransactionId: spec.id,
    });
  }
  const late = [r.pick(RIDES), r.pick(EATING_OUT_MERCHANTS)].map((m, i) =>
    merchantSpec(
      m,
      spendable(p.card ?? p.checking),
      r.amount(m.min, m.max),
      createdAt - Math.floor(r.amount(2, 20) * HOUR),
      stableId(seed, 'late', i),
    ),
  );
  return { transfer, pending, posted, late, tip: r.amount(2, 9) };
}

const EATING_OUT: CategoryKey[] = ['restaurant', 'coffee', 'fastFood'];
const SHOPPING: CategoryKey[] = ['online', 'superstore', 'clothing', 'otherShopping', 'groceries'];

/** The Item's transactions as of `until` at data `version` (unsorted). */
export function generateTransactions(o: GenerateOptions): Transaction[] {
  const p = profileOf(o.seed);
  const chosenAccount = (a: AccountBase) => !o.accountIds || o.accountIds.includes(a.account_id);
  const chosen = (s: TxSpec) => chosenAccount(s.account);
  const until = Math.max(o.until, o.createdAt);
  // At most MAX_HISTORY_DAYS + 1 days are generated, whatever `until` and `since` say.
  const start = Math.max(historyStart(o.createdAt, until), o.since ?? -Infinity);
  let specs: TxSpec[] = [];
  for (let day = dayOf(start); day <= dayOf(until); day++) specs.push(...dayEvents(p, o.seed, day));
  specs = specs.filter((s) => s.at <= until && chosen(s));

  const extra = creationOverlays(p, o.seed, o.createdAt, chosenAccount);
  specs.push(...extra.transfer.filter(chosen));
  if (o.version < 1) {
    specs.push(...extra.pending.filter(chosen));
  } else {
    specs.push(...extra.posted.filter(chosen), ...extra.late.filter(chosen));
    // Older posted transactions are the ones a bank corrects or reverses.
    const settled = specs
      .filter((s) => s.at <= o.createdAt - 2 * DAY && s.at >= o.createdAt - 30 * DAY)
      .sort((a, b) => b.at - a.at);
    const modified = settled.find((s) => EATING_OUT.includes(s.category));
    const removed = settled.find((s) => SHOPPING.includes(s.category) && s !== modified);
    if (modified) modified.amount = cents(modified.amount + extra.tip);
    if (removed) specs = specs.filter((s) => s !== removed);
  }
  return specs
    .filter((s) => s.at >= start)
    .map((s) =>
      toTransaction(
        s,
        s.channel === 'in store' && s.merchantName ? storeLocation(p, o.seed, s.merchantName) : null,
      ),
    );
}

function storeLocation(p: Profile, seed: string, merchant: string): Location {
  const r = seededRng(`${seed}|store|${merchant}`);
  return {
    address: `${r.int(100, 4999)} ${r.pick(STREETS)} St`,
    city: p.town.city,
    region: p.town.region,
    postal_code: p.town.postal,
    country: 'US',
    lat: Math.round((p.town.lat + (r.next() - 0.5) * 0.06) * 1e4) / 1e4,
    lon: Math.round((p.town.lon + (r.next() - 0.5) * 0.06) * 1e4) / 1e4,
    store_number: String(r.int(100, 9999)),
  };
}
