// The banks Link offers, with the ids Plaid's own sandbox uses for them.
export interface SandboxInstitution {
  institution_id: string;
  name: string;
  /** Brand colour for the logo badge in Link. */
  color: string;
  /** Logs in through a redirect to the bank (when the link token has a redirect_uri). */
  oauth: boolean;
}

export const INSTITUTIONS: readonly SandboxInstitution[] = [
  { institution_id: 'ins_109508', name: 'First Platypus Bank', color: '#0a5fb4', oauth: false },
  { institution_id: 'ins_109509', name: 'First Gingham Credit Union', color: '#2e7d32', oauth: false },
  { institution_id: 'ins_109510', name: 'Tattersall Federal Credit Union', color: '#6a1b9a', oauth: false },
  { institution_id: 'ins_109511', name: 'Tartan Bank', color: '#c62828', oauth: false },
  { institution_id: 'ins_109512', name: 'Houndstooth Bank', color: '#37474f', oauth: false },
  { institution_id: 'ins_127287', name: 'Platypus OAuth Bank', color: '#006570', oauth: true },
];

export const findInstitution = (id: string) => INSTITUTIONS.find((i) => i.institution_id === id);
