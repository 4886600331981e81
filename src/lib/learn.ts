// The Learn path's server calls (issue 34) and its one query. Rounds are built and marked by the
// server; an answer that paid comes back with the server's progress, mirrored by the progression
// module like every other reward.
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryClient } from './query-client';
import { receiveReward } from './progression';
import { ROUTES } from './routes';
import type { AnswerVerdict, AttemptView, CheckStage, LearnOverview } from '@/domain/learn';
import type { ProgressState, RewardNotice } from '@/domain/progress-events';

export const LEARN_KEY = ['learn'] as const;
/** Today's Review (the Quests page's Review card opens it too). */
export const LEARN_REVIEW_LINK = `${ROUTES.learn}?review=today`;

export type RoundRequest =
  { kind: 'lesson'; lessonId: string } | { kind: 'review' } | { kind: 'check'; stage: CheckStage };

export interface MarkedAnswer extends AnswerVerdict {
  reward: RewardNotice | null;
  progress: ProgressState | null;
}

export const useLearnOverview = () =>
  useQuery({ queryKey: LEARN_KEY, queryFn: () => api.get<LearnOverview>('/learn'), staleTime: 0 });

/** Opens a round of questions (a lesson, today's Review or a knowledge check). */
export const startRound = (req: RoundRequest) => api.post<AttemptView>('/learn/attempts', req);

/**
 * Sends one answer and shows what it paid; when the round is over the path is reloaded (a lesson
 * unlocked, a Review done, a check scored).
 */
export async function answerQuestion(
  attemptId: string,
  question: number,
  choice: number,
): Promise<MarkedAnswer> {
  const marked = await api.post<MarkedAnswer>('/learn/answers', { attemptId, question, choice });
  if (marked.reward || marked.progress) receiveReward(marked);
  if (marked.done) void queryClient.invalidateQueries({ queryKey: LEARN_KEY });
  return marked;
}
