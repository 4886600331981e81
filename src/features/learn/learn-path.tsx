// The path itself: the knowledge checks, today's Review and the lessons in order.
import { Link } from '@/components/link';
import { useLearnOverview } from '@/lib/learn';
import {
  checkResultText,
  LESSON_REWARD,
  REVIEW_REWARD,
  type LearnOverview,
  type LessonSummary,
} from '@/domain/learn';
import { rewardPromise } from '@/domain/reward-text';
import { formatDate } from '@/domain/format';
import { REVIEW_LINK, checkLink, lessonLink } from './links';

export function LearnPath() {
  const overview = useLearnOverview();
  if (overview.isPending)
    return (
      <p className="muted" role="status">
        Loading your lessons…
      </p>
    );
  if (overview.isError)
    return (
      <div className="card" role="alert">
        <p>Your lessons could not be loaded. Check your connection and try again.</p>
        <button type="button" className="btn" onClick={() => void overview.refetch()}>
          Try again
        </button>
      </div>
    );
  const o = overview.data;
  return (
    <>
      <p className="learn-intro">
        Short lessons on the 50/30/20 method. Answer all three questions of a lesson right to earn{' '}
        {rewardPromise(LESSON_REWARD)} (once per lesson); questions you miss come back in a daily Review.
      </p>
      <CheckCard overview={o} />
      <ReviewCard review={o.review} />
      <section aria-labelledby="lessons-title">
        <h2 id="lessons-title" className="learn-section-title">
          Lessons
        </h2>
        <ol className="learn-path">
          {o.lessons.map((l, i) => (
            <LessonItem key={l.id} lesson={l} before={o.lessons[i - 1] ?? null} />
          ))}
        </ol>
      </section>
    </>
  );
}

function CheckCard({ overview: { check } }: { overview: LearnOverview }) {
  const result = checkResultText(check.before, check.after, check.total);
  if (check.next === null)
    return result ? (
      <section className="card learn-card" aria-labelledby="check-title">
        <h2 id="check-title">Knowledge check</h2>
        <p>{result}</p>
      </section>
    ) : null;
  const first = check.next === 'before';
  return (
    <section className="card learn-card learn-card-accent" aria-labelledby="check-title">
      <h2 id="check-title">{first ? 'Start with a knowledge check' : 'Final knowledge check'}</h2>
      <p>
        {first
          ? `${check.total} quick questions to see what you know now. It pays nothing and opens lesson 1.`
          : `You finished every lesson. Take the same ${check.total} questions again to see what you learned.`}
      </p>
      {result && <p className="muted">{result}</p>}
      <Link className="btn btn-primary" to={checkLink(check.next)}>
        {first ? 'Take the knowledge check' : 'Take the final check'}
      </Link>
    </section>
  );
}

function ReviewCard({ review }: { review: LearnOverview['review'] }) {
  if (review.due > 0)
    return (
      <section className="card learn-card learn-card-accent" aria-labelledby="review-title">
        <h2 id="review-title">Daily Review</h2>
        <p>
          {review.due} {review.due === 1 ? 'question' : 'questions'} you missed before.{' '}
          {review.paidToday
            ? 'Today’s Review reward was paid already.'
            : `All right earns ${REVIEW_REWARD.xp} XP, once a day.`}
        </p>
        <Link className="btn btn-primary" to={REVIEW_LINK}>
          Start Review
        </Link>
      </section>
    );
  if (!review.nextDue) return null;
  return (
    <section className="card learn-card" aria-labelledby="review-title">
      <h2 id="review-title">Daily Review</h2>
      <p>Nothing to review today. Next Review: {formatDate(review.nextDue)}.</p>
    </section>
  );
}

function LessonItem({ lesson, before }: { lesson: LessonSummary; before: LessonSummary | null }) {
  const titleId = `lesson-${lesson.id}-title`;
  return (
    <li className={`learn-lesson is-${lesson.status}`} aria-labelledby={titleId}>
      <span className="learn-lesson-number" aria-hidden="true">
        {lesson.status === 'finished' ? '\u2713' : lesson.number}
      </span>
      <div className="learn-lesson-body">
        <h3 id={titleId}>
          <span className="visually-hidden">Lesson {lesson.number}: </span>
          {lesson.title}
        </h3>
        <p className="muted">{lesson.summary}</p>
        <p className="learn-lesson-status">
          {lesson.status === 'locked'
            ? before
              ? `Locked: finish lesson ${before.number} first.`
              : 'Locked: take the knowledge check first.'
            : lesson.status === 'open'
              ? 'Open'
              : lesson.perfect
                ? 'Finished, all right'
                : 'Finished: answer all three right to earn its reward'}
        </p>
      </div>
      {lesson.status !== 'locked' && (
        <Link className={`btn ${lesson.status === 'open' ? 'btn-primary' : ''}`} to={lessonLink(lesson.id)}>
          {lesson.status === 'open' ? 'Start' : 'Again'}
          <span className="visually-hidden"> lesson {lesson.number}</span>
        </Link>
      )}
    </li>
  );
}
