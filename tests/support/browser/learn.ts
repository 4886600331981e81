// Brings a test's player along the Learn path through the API, as their earlier visits would have:
// the knowledge check and the first lessons, every answer right (read from the lesson bank).
import { expect, type APIRequestContext } from '@playwright/test';
import { CHECK_QUESTIONS, LESSONS } from '../../../server/services/learn-bank';
import type { AttemptView, CheckStage } from '../../../src/domain/learn';

type RoundRequestBody = { kind: 'lesson'; lessonId: string } | { kind: 'check'; stage: CheckStage };

const BANK = [...LESSONS.flatMap((l) => l.questions), ...CHECK_QUESTIONS];

async function playRound(request: APIRequestContext, token: string, body: RoundRequestBody): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const opened = await request.post('/api/learn/attempts', { data: body, headers });
  expect(opened.status()).toBe(200);
  const round = (await opened.json()) as AttemptView;
  for (const [i, q] of round.questions.entries()) {
    const bank = BANK.find((b) => b.prompt === q.prompt);
    const choice = bank ? q.choices.indexOf(bank.choices[bank.answer]!) : 0;
    const res = await request.post('/api/learn/answers', {
      data: { attemptId: round.attemptId, question: i, choice },
      headers,
    });
    expect(res.status()).toBe(200);
  }
}

/** Takes the first knowledge check and finishes the first `lessons` lessons. */
export async function learnViaApi(request: APIRequestContext, token: string, lessons: number): Promise<void> {
  await playRound(request, token, { kind: 'check', stage: 'before' });
  for (const lesson of LESSONS.slice(0, lessons))
    await playRound(request, token, { kind: 'lesson', lessonId: lesson.id });
}
