// The two local-storage keys the signed-out screens read (the token, and whether someone has
// signed in on this browser before), apart from the app's whole table in storage-keys.ts, which
// names them from here: the entry that a signed-out visitor loads carries these two and not the
// table of every other key, which the signed-in pages bring (issue 30).
export const TOKEN_KEY = 'token';
// Not in the spec: someone has signed in on this browser before (issue 25), so the sign-in
// screen says "Welcome back" to them and not to a first-time visitor. Logout keeps it.
export const HAS_SIGNED_IN_KEY = 'has_signed_in';
