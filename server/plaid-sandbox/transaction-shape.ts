// Plaid's Transaction shape: every field the SDK's type (and Plaid's OpenAPI) requires, from
// a compact description of what happened.
import {
  TransactionPaymentChannelEnum,
  TransactionTransactionTypeEnum,
  type AccountBase,
  type CounterpartyType,
  type Location,
  type Transaction,
} from 'plaid';
import { CATEGORIES, categorize, type CategoryKey, type Channel } from './catalog';

export interface TxSpec {
  id: string;
  account: AccountBase;
  /** Plaid's sign: positive is money out of the account. */
  amount: number;
  /** When it was authorized; it posts at `postedAt` when that is later. */
  at: number;
  postedAt?: number;
  name: string;
  merchantName: string | null;
  website: string | null;
  category: CategoryKey;
  channel: Channel;
  counterparty: CounterpartyType | null;
  pending?: boolean;
  pendingTransactionId?: string;
}

export const cents = (n: number) => Math.round(n * 100) / 100;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const NO_LOCATION: Location = {
  address: null,
  city: null,
  region: null,
  postal_code: null,
  country: null,
  lat: null,
  lon: null,
  store_number: null,
};

const CHANNEL: Record<Channel, TransactionPaymentChannelEnum> = {
  online: TransactionPaymentChannelEnum.Online,
  'in store': TransactionPaymentChannelEnum.InStore,
  other: TransactionPaymentChannelEnum.Other,
};
const KIND: Record<Channel, TransactionTransactionTypeEnum> = {
  online: TransactionTransactionTypeEnum.Digital,
  'in store': TransactionTransactionTypeEnum.Place,
  other: TransactionTransactionTypeEnum.Special,
};

/** `location` is where an in-store purchase happened; null for anything else. */
export function toTransaction(s: TxSpec, location: Location | null): Transaction {
  const c = CATEGORIES[s.category];
  const posted = s.postedAt ?? s.at;
  return {
    transaction_id: s.id,
    account_id: s.account.account_id,
    amount: cents(s.amount),
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    category: [...c.legacy],
    category_id: c.legacyId,
    check_number: null,
    date: isoDate(posted),
    datetime: isoTime(posted),
    authorized_date: isoDate(s.at),
    authorized_datetime: isoTime(s.at),
    location: location ?? { ...NO_LOCATION },
    name: s.name,
    merchant_name: s.merchantName,
    merchant_entity_id: null,
    logo_url: null,
    website: s.website,
    original_description: s.name.toUpperCase(),
    payment_meta: paymentMeta(),
    pending: s.pending ?? false,
    pending_transaction_id: s.pendingTransactionId ?? null,
    account_owner: null,
    payment_channel: CHANNEL[s.channel],
    transaction_type: KIND[s.channel],
    personal_finance_category: { primary: c.primary, detailed: c.detailed, confidence_level: 'VERY_HIGH' },
    personal_finance_category_icon_url: `https://plaid-category-icons.plaid.com/PFC_${c.primary}.png`,
    transaction_code: null,
    counterparties:
      s.counterparty && s.merchantName
        ? [
            {
              name: s.merchantName,
              type: s.counterparty,
              website: s.website,
              logo_url: null,
              entity_id: null,
              confidence_level: 'VERY_HIGH',
            },
          ]
        : [],
  };
}

const paymentMeta = () => ({
  reference_number: null,
  ppd_id: null,
  payee: null,
  by_order_of: null,
  payer: null,
  payment_method: null,
  payment_processor: null,
  reason: null,
});

export interface CustomTransactionInput {
  transaction_id: string;
  date_transacted: string;
  date_posted: string;
  amount: number;
  description: string;
  iso_currency_code: string;
}

/** A transaction added through /sandbox/transactions/create, in Plaid's shape. */
export function customTransaction(t: CustomTransactionInput, accountId: string): Transaction {
  const c = CATEGORIES[categorize(t.description, t.amount)];
  return {
    transaction_id: t.transaction_id,
    account_id: accountId,
    amount: cents(t.amount),
    iso_currency_code: t.iso_currency_code,
    unofficial_currency_code: null,
    category: [...c.legacy],
    category_id: c.legacyId,
    check_number: null,
    date: t.date_posted,
    datetime: null,
    authorized_date: t.date_transacted,
    authorized_datetime: null,
    location: { ...NO_LOCATION },
    name: t.description,
    merchant_name: null,
    merchant_entity_id: null,
    logo_url: null,
    website: null,
    original_description: t.description,
    payment_meta: paymentMeta(),
    pending: false,
    pending_transaction_id: null,
    account_owner: null,
    payment_channel: TransactionPaymentChannelEnum.Other,
    transaction_type: TransactionTransactionTypeEnum.Special,
    personal_finance_category: { primary: c.primary, detailed: c.detailed, confidence_level: 'MEDIUM' },
    personal_finance_category_icon_url: `https://plaid-category-icons.plaid.com/PFC_${c.primary}.png`,
    transaction_code: null,
    counterparties: [],
  };
}
