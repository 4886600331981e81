// Every route path of the specification, in one place.
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
  games: '/games',
  categoryMatcher: '/games/category-matcher',
  breakout: '/games/breakout',
  helicopter: '/games/helicopter',
  game2048: '/games/2048',
  financialGuruArticle: '/quests/financial-guru-article',
  emergencyFundGoal: '/quests/emergency-fund-goal',
  testQuest: '/quests/test-quest',
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
