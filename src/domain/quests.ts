// The nine quests and what completing one pays in lives (DECISIONS.md: the lives reading of
// SPEC 9); every completion also pays QUEST_COMPLETION_XP.
export const QUEST_REWARD_LIVES = {
  'eating-out': 3,
  savings: 3,
  'emergency-fund': 10,
  'weekly-check-in': 7,
  'financial-guru': 5,
  'track-spending': 3,
  'top-spending-category': 4,
  'yearly-income': 5,
  'spending-guesstimate': 3,
} as const;
export type QuestId = keyof typeof QUEST_REWARD_LIVES;
