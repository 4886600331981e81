// The vocabulary of generated data: categories (Plaid's legacy taxonomy and its personal
// finance categories), merchants, and home towns.

export interface Category {
  legacy: string[];
  legacyId: string;
  primary: string;
  detailed: string;
}

const cat = (legacy: string[], legacyId: string, primary: string, detailed: string): Category => ({
  legacy,
  legacyId,
  primary,
  detailed: `${primary}_${detailed}`,
});

const EATING_OUT = ['Food and Drink', 'Restaurants'];

export const CATEGORIES = {
  payroll: cat(['Transfer', 'Payroll'], '21009000', 'INCOME', 'WAGES'),
  interest: cat(['Interest', 'Interest Earned'], '15001000', 'INCOME', 'INTEREST_EARNED'),
  otherIncome: cat(['Transfer', 'Credit'], '21005000', 'INCOME', 'OTHER_INCOME'),
  rent: cat(['Payment', 'Rent'], '16002000', 'RENT_AND_UTILITIES', 'RENT'),
  electric: cat(
    ['Service', 'Utilities', 'Electric'],
    '18068001',
    'RENT_AND_UTILITIES',
    'GAS_AND_ELECTRICITY',
  ),
  internet: cat(['Service', 'Internet Services'], '18031000', 'RENT_AND_UTILITIES', 'INTERNET_AND_CABLE'),
  phone: cat(['Service', 'Telecommunication Services'], '18063000', 'RENT_AND_UTILITIES', 'TELEPHONE'),
  groceries: cat(['Shops', 'Supermarkets and Groceries'], '19047000', 'FOOD_AND_DRINK', 'GROCERIES'),
  restaurant: cat(EATING_OUT, '13005000', 'FOOD_AND_DRINK', 'RESTAURANT'),
  coffee: cat(EATING_OUT, '13005000', 'FOOD_AND_DRINK', 'COFFEE'),
  fastFood: cat(EATING_OUT, '13005000', 'FOOD_AND_DRINK', 'FAST_FOOD'),
  streaming: cat(['Service', 'Subscription'], '18061000', 'ENTERTAINMENT', 'TV_AND_MOVIES'),
  music: cat(['Service', 'Subscription'], '18061000', 'ENTERTAINMENT', 'MUSIC_AND_AUDIO'),
  gym: cat(
    ['Recreation', 'Gyms and Fitness Centers'],
    '17018000',
    'PERSONAL_CARE',
    'GYMS_AND_FITNESS_CENTERS',
  ),
  gas: cat(['Travel', 'Gas Stations'], '22009000', 'TRANSPORTATION', 'GAS'),
  rideshare: cat(['Travel', 'Taxi'], '22016000', 'TRANSPORTATION', 'TAXIS_AND_RIDE_SHARES'),
  online: cat(['Shops', 'Digital Purchase'], '19013000', 'GENERAL_MERCHANDISE', 'ONLINE_MARKETPLACES'),
  superstore: cat(['Shops', 'Department Stores'], '19018000', 'GENERAL_MERCHANDISE', 'SUPERSTORES'),
  clothing: cat(
    ['Shops', 'Clothing and Accessories'],
    '19012000',
    'GENERAL_MERCHANDISE',
    'CLOTHING_AND_ACCESSORIES',
  ),
  otherShopping: cat(['Shops'], '19000000', 'GENERAL_MERCHANDISE', 'OTHER_GENERAL_MERCHANDISE'),
  transferOut: cat(['Transfer', 'Internal Account Transfer'], '21001000', 'TRANSFER_OUT', 'SAVINGS'),
  transferIn: cat(['Transfer', 'Internal Account Transfer'], '21001000', 'TRANSFER_IN', 'SAVINGS'),
  cardPayment: cat(['Payment', 'Credit Card'], '16001000', 'LOAN_PAYMENTS', 'CREDIT_CARD_PAYMENT'),
} satisfies Record<string, Category>;

export type CategoryKey = keyof typeof CATEGORIES;

export type Channel = 'online' | 'in store' | 'other';

export interface Merchant {
  /** Plaid's `name`: the cleaned-up description. */
  name: string;
  /** Plaid's `merchant_name`. */
  merchant: string;
  website: string | null;
  category: CategoryKey;
  channel: Channel;
  min: number;
  max: number;
}

const m = (
  name: string,
  merchant: string,
  website: string | null,
  category: CategoryKey,
  channel: Channel,
  min: number,
  max: number,
): Merchant => ({ name, merchant, website, category, channel, min, max });

// Eating-out names carry the words people (and the eating-out quest) recognise.
export const EATING_OUT_MERCHANTS: readonly Merchant[] = [
  m('Blue Door Cafe', 'Blue Door Cafe', null, 'coffee', 'in store', 4.25, 11.5),
  m('Starbucks Cafe', 'Starbucks', 'starbucks.com', 'coffee', 'in store', 3.95, 9.75),
  m("Tony's Pizza", "Tony's Pizza", null, 'restaurant', 'in store', 14, 38),
  m('Harbor Grill', 'Harbor Grill', null, 'restaurant', 'in store', 22, 68),
  m('Smash Burger Co', 'Smash Burger Co', null, 'fastFood', 'in store', 9, 19),
  m('Sunrise Diner', 'Sunrise Diner', null, 'restaurant', 'in store', 12, 29),
  m('The Red Lion Pub', 'The Red Lion Pub', null, 'restaurant', 'in store', 18, 56),
  m('Bistro Verde', 'Bistro Verde', null, 'restaurant', 'in store', 32, 84),
  m('Golden Dragon Restaurant', 'Golden Dragon', null, 'restaurant', 'in store', 16, 42),
];

export const GROCERS: readonly Merchant[] = [
  m('Whole Foods Market', 'Whole Foods Market', 'wholefoodsmarket.com', 'groceries', 'in store', 28, 165),
  m("Trader Joe's", "Trader Joe's", 'traderjoes.com', 'groceries', 'in store', 22, 120),
  m('Safeway', 'Safeway', 'safeway.com', 'groceries', 'in store', 18, 140),
  m('Kroger', 'Kroger', 'kroger.com', 'groceries', 'in store', 20, 150),
];

export const GAS_STATIONS: readonly Merchant[] = [
  m('Shell', 'Shell', 'shell.com', 'gas', 'in store', 28, 66),
  m('Chevron', 'Chevron', 'chevron.com', 'gas', 'in store', 30, 70),
  m('Exxon Mobil', 'ExxonMobil', 'exxonmobil.com', 'gas', 'in store', 26, 62),
];

export const SHOPS: readonly Merchant[] = [
  m('Amazon', 'Amazon', 'amazon.com', 'online', 'online', 9.99, 129),
  m('Target', 'Target', 'target.com', 'superstore', 'in store', 12, 110),
  m('Uniqlo', 'Uniqlo', 'uniqlo.com', 'clothing', 'in store', 19.9, 89.9),
  m('Best Buy', 'Best Buy', 'bestbuy.com', 'otherShopping', 'in store', 15, 199),
];

export const RIDES: readonly Merchant[] = [
  m('Uber', 'Uber', 'uber.com', 'rideshare', 'online', 8.5, 34),
  m('Lyft', 'Lyft', 'lyft.com', 'rideshare', 'online', 9, 31),
];

export const NETFLIX = m('Netflix', 'Netflix', 'netflix.com', 'streaming', 'online', 15.49, 15.49);
export const SPOTIFY = m('Spotify', 'Spotify', 'spotify.com', 'music', 'online', 11.99, 11.99);
export const GYM = m('Planet Fitness', 'Planet Fitness', 'planetfitness.com', 'gym', 'online', 24.99, 24.99);

export const EMPLOYERS = [
  { name: 'ACME CORP PAYROLL', merchant: 'Acme Corp' },
  { name: 'INITECH PAYROLL', merchant: 'Initech' },
  { name: 'GLOBEX CORP PAYROLL', merchant: 'Globex Corporation' },
  { name: 'UMBRELLA INC PAYROLL', merchant: 'Umbrella Inc' },
] as const;

export const LANDLORDS = [
  'Maple Court Apartments',
  'Oakwood Property Management',
  'Riverside Lofts',
] as const;

export const UTILITIES = {
  // A bill that varies month to month, within the band a recurring stream tolerates.
  electric: m('City Power & Light', 'City Power & Light', null, 'electric', 'online', 84, 112),
  internet: m('Comcast Xfinity', 'Xfinity', 'xfinity.com', 'internet', 'online', 65, 65),
  phone: m('Verizon Wireless', 'Verizon', 'verizon.com', 'phone', 'online', 45, 45),
} as const;

export const TOWNS = [
  { city: 'San Francisco', region: 'CA', postal: '94103', lat: 37.7749, lon: -122.4194 },
  { city: 'New York', region: 'NY', postal: '10011', lat: 40.7411, lon: -73.9897 },
  { city: 'Austin', region: 'TX', postal: '78701', lat: 30.2672, lon: -97.7431 },
  { city: 'Chicago', region: 'IL', postal: '60614', lat: 41.9227, lon: -87.6533 },
  { city: 'Seattle', region: 'WA', postal: '98109', lat: 47.6275, lon: -122.3462 },
  { city: 'Denver', region: 'CO', postal: '80205', lat: 39.7589, lon: -104.9666 },
] as const;

export const STREETS = [
  'Main',
  'Market',
  'Oak',
  'Pine',
  'Maple',
  'Cedar',
  'Elm',
  'Lake',
  'Hill',
  'Park',
] as const;

/** Best-effort category for a free-text description (custom sandbox transactions). */
export function categorize(description: string, amount: number): CategoryKey {
  const d = description.toLowerCase();
  const rules: [RegExp, CategoryKey][] = [
    [/payroll|salary|direct dep/, 'payroll'],
    [/interest/, 'interest'],
    [/transfer (to|into) sav/, 'transferOut'],
    [/transfer from/, 'transferIn'],
    [/rent\b/, 'rent'],
    [/cafe|coffee|starbucks/, 'coffee'],
    [/burger|mcdonald|taco bell|wendy/, 'fastFood'],
    [/pizza|grill|diner|pub\b|bistro|restaurant|sushi|taqueria|\bbar\b/, 'restaurant'],
    [/whole foods|trader joe|grocer|safeway|kroger|supermarket/, 'groceries'],
    [/netflix|hulu|disney\+/, 'streaming'],
    [/spotify|apple music/, 'music'],
    [/\bgym\b|fitness/, 'gym'],
    [/shell|chevron|exxon|gas station/, 'gas'],
    [/uber|lyft|taxi/, 'rideshare'],
    [/amazon/, 'online'],
    [/target|walmart|costco/, 'superstore'],
    [/electric|power|utility|water/, 'electric'],
    [/credit card|autopay|payment thank you/, 'cardPayment'],
  ];
  for (const [re, key] of rules) if (re.test(d)) return key;
  return amount < 0 ? 'otherIncome' : 'otherShopping';
}
