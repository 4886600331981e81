// Client-side checks of the auth forms, returning the spec's exact texts (SPEC 5), or null.
//
// Order, first failure wins, so the user fixes one thing at a time from the top of the form:
//   register: required -> email format -> email max -> password min -> password max -> match
//   reset:    token -> password min -> password max -> match (same order as register)
//   login:    required -> email max -> password max (no format rule: the server decides)
// Emails are checked trimmed; passwords exactly as typed (spaces are allowed characters).

export const PASSWORD_MIN = 6;
/** RFC 5321 limit on a forward path. */
export const EMAIL_MAX = 254;
/** Generous, but stops megabyte pastes reaching the password hasher. */
export const PASSWORD_MAX = 1024;

export const MESSAGES = {
  allRequired: 'All fields are required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordMismatch: 'Passwords do not match',
  invalidEmail: 'Please enter a valid email address',
  loginRequired: 'Please enter both email and password',
  missingResetToken: 'Invalid or missing reset token',
  emailTooLong: `Email must be ${EMAIL_MAX} characters or fewer`,
  passwordTooLong: `Password must be ${PASSWORD_MAX} characters or fewer`,
} as const;

// One @, something on both sides, a dot in the domain, no spaces: what "looks like an address" means.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_RE.test(email.trim());
}

function passwordRules(password: string, confirm: string): string | null {
  if (password.length < PASSWORD_MIN) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX) return MESSAGES.passwordTooLong;
  if (password !== confirm) return MESSAGES.passwordMismatch;
  return null;
}

export interface RegisterInput {
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateRegister({ email, password, confirmPassword }: RegisterInput): string | null {
  if (email.trim() === '' || password === '' || confirmPassword === '') return MESSAGES.allRequired;
  if (!isValidEmail(email)) return MESSAGES.invalidEmail;
  if (email.trim().length > EMAIL_MAX) return MESSAGES.emailTooLong;
  return passwordRules(password, confirmPassword);
}

export function validateLogin({ email, password }: { email: string; password: string }): string | null {
  if (email.trim() === '' || password === '') return MESSAGES.loginRequired;
  if (email.trim().length > EMAIL_MAX) return MESSAGES.emailTooLong;
  if (password.length > PASSWORD_MAX) return MESSAGES.passwordTooLong;
  return null;
}

export interface ResetPasswordInput {
  token: string | null | undefined;
  password: string;
  confirmPassword: string;
}

export function validateResetPassword({
  token,
  password,
  confirmPassword,
}: ResetPasswordInput): string | null {
  if (!token || token.trim() === '') return MESSAGES.missingResetToken;
  return passwordRules(password, confirmPassword);
}

/** The auth forms' fields, named as the forms name their values. */
export type AuthField = 'email' | 'password' | 'confirmPassword';

/** Server texts (DECISIONS) that are about one field. */
const SERVER_FIELD_TEXTS: Record<string, AuthField> = {
  'An account with this email already exists': 'email',
  'Email must be text': 'email',
  'Password must be text': 'password',
};

/**
 * The fields an auth error is about, so a form marks only those (first one first). "Required"
 * errors point at the fields that are empty; an error about no single field (a wrong password,
 * the network) points at none and is shown for the whole form.
 */
export function fieldsAtFault(message: string, values: Partial<Record<AuthField, string>>): AuthField[] {
  const present = (Object.keys(values) as AuthField[]).filter((f) => values[f] !== undefined);
  switch (message) {
    case MESSAGES.allRequired:
    case MESSAGES.loginRequired:
      return present.filter((f) => (f === 'email' ? values[f]!.trim() : values[f]) === '');
    case MESSAGES.invalidEmail:
    case MESSAGES.emailTooLong:
      return present.filter((f) => f === 'email');
    case MESSAGES.passwordTooShort:
    case MESSAGES.passwordTooLong:
      return present.filter((f) => f === 'password');
    case MESSAGES.passwordMismatch:
      return present.filter((f) => f === 'confirmPassword');
    default: {
      const field = SERVER_FIELD_TEXTS[message];
      return field && present.includes(field) ? [field] : [];
    }
  }
}
