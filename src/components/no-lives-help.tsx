// At 0 lives a game screen points the player to the quest that earns lives soonest, with a button
// to it (issue 25), instead of only the spec's refusal.
import { useAtomValue } from 'jotai';
import { Link } from '@/components/link';
import { livesKnownAtom, livesValueAtom, questStateValueAtom, startPageQuest } from '@/lib/progression';
import { ROUTES } from '@/lib/routes';
import { appStore } from '@/lib/store';
import { QUEST_REWARD_LIVES, isCompleted, soonestLivesQuest, type QuestId } from '@/domain/quests';

/** The Quests page's titles of the quests a player is pointed to (quest-catalog.ts). */
const TITLES: Partial<Record<QuestId, string>> = {
  'financial-guru': 'Financial Guru',
  'yearly-income': 'Yearly Income',
  'spending-guesstimate': 'Spending Guesstimate',
  'track-spending': 'Track Spending',
  'top-spending-category': 'Top Spending Category',
  'emergency-fund': 'Emergency Fund',
};

export function NoLivesHelp() {
  const lives = useAtomValue(livesValueAtom);
  const known = useAtomValue(livesKnownAtom);
  if (lives > 0 || !known) return null;
  const quest = soonestLivesQuest((id) => isCompleted(appStore.get(questStateValueAtom(id))));
  const title = quest ? TITLES[quest] : undefined;
  return (
    <section className="no-lives-help" aria-label="Earn lives">
      <p>
        {quest && title
          ? `Out of lives. The quickest way back: the ${title} quest earns ${QUEST_REWARD_LIVES[quest]} lives.`
          : 'Out of lives. Quests earn lives: the weekly check-in comes back every week.'}
      </p>
      <Link
        className="btn btn-primary btn-sm"
        to={quest === 'financial-guru' ? ROUTES.financialGuruArticle : ROUTES.quests}
        onClick={() => {
          if (quest === 'financial-guru') startPageQuest(quest);
        }}
      >
        {quest && title ? `Start ${title}` : 'Go to Quests'}
      </Link>
    </section>
  );
}
