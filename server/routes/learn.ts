// /api/learn: the Learn path (issue 34). The overview, a round of questions (lesson, Review,
// knowledge check) without its answers, and one answer at a time, marked by the server.
import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import { strictRouter } from './strict-router';
import { parseBody } from '../middleware/validate';
import { currentUser } from '../middleware/require-auth';
import type { AppServices } from '../services/app-services';
import { LESSONS } from '../services/learn-bank';
import { REVIEW_MAX } from '../../src/domain/learn';

const lessonIds = LESSONS.map((l) => l.id) as [string, ...string[]];

const startBody = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('lesson'),
      lessonId: z.enum(lessonIds, { error: 'Unknown lesson' }),
    }),
    z.strictObject({ kind: z.literal('review') }),
    z.strictObject({
      kind: z.literal('check'),
      stage: z.enum(['before', 'after'], { error: 'stage must be before or after' }),
    }),
  ],
  { error: 'kind must be lesson, review or check' },
);

const answerBody = z.strictObject({
  attemptId: z.uuid({ error: 'attemptId must be the id of an open round' }),
  question: z
    .number({ error: 'question must be a number' })
    .int('question must be a whole number')
    .min(0, 'question must be 0 or more')
    .max(REVIEW_MAX - 1, `question must be at most ${REVIEW_MAX - 1}`),
  choice: z
    .number({ error: 'choice must be a number' })
    .int('choice must be a whole number')
    .min(0, 'choice must be 0 or more')
    .max(3, 'choice must be at most 3'),
});

export function learnRoutes({ learn }: AppServices, signedIn: RequestHandler): Router {
  const r = strictRouter();
  r.use(signedIn);
  r.get('/', async (req, res) => {
    res.json(await learn.overview(currentUser(req).id));
  });
  r.post('/attempts', async (req, res) => {
    const body = parseBody(startBody, req.body, { kind: 'kind is required' });
    res.json(await learn.start(currentUser(req).id, body));
  });
  r.post('/answers', async (req, res) => {
    const body = parseBody(answerBody, req.body, {
      attemptId: 'attemptId is required',
      question: 'question is required',
      choice: 'choice is required',
    });
    res.json(await learn.answer(currentUser(req).id, body));
  });
  return r;
}
