// Every route path of the specification, in one place (the games' own routes are declared with
// the games, in domain/games.ts).
export const ROUTES = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  accountDeletion: '/account-deletion',
  quests: '/',
  questsAlias: '/quests',
  home: '/home',
  transactions: '/transactions',
  /** Bills and subscriptions (issue 28): the recurring streams and the Subscription check-up. */
  bills: '/bills',
  /** The game catalogue; each game's own route is in domain/games.ts. */
  games: '/games',
  financialGuruArticle: '/quests/financial-guru-article',
  emergencyFundGoal: '/quests/emergency-fund-goal',
  testQuest: '/quests/test-quest',
  /** The Learn path (issue 34): ?lesson=<id>, ?review=today or ?check=before|after open a round. */
  learn: '/learn',
  profile: '/profile',
  devAdmin: '/dev-admin',
} as const;

/** Pages without the floating Add Expense button. */
export const NO_EXPENSE_BUTTON: readonly string[] = [
  ROUTES.login,
  ROUTES.register,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
];
