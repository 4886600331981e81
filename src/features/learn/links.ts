// Where each round of the Learn path opens.
import { ROUTES } from '@/lib/routes';
import type { CheckStage } from '@/domain/learn';

export const lessonLink = (id: string) => `${ROUTES.learn}?lesson=${encodeURIComponent(id)}`;
export { LEARN_REVIEW_LINK as REVIEW_LINK } from '@/lib/learn';
export const checkLink = (stage: CheckStage) => `${ROUTES.learn}?check=${stage}`;
