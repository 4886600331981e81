// The Learn path (issue 34): the knowledge check, ten short lessons unlocked one after another and
// the daily Review. `?lesson=<id>`, `?review=today` and `?check=before|after` open a round.
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import type { RoundRequest } from '@/lib/learn';
import { LearnPath } from './learn-path';
import { Round } from './round';
import './learn.css';

function requestOf(params: URLSearchParams): RoundRequest | null {
  const lesson = params.get('lesson');
  if (lesson) return { kind: 'lesson', lessonId: lesson };
  if (params.get('review')) return { kind: 'review' };
  const check = params.get('check');
  if (check === 'before' || check === 'after') return { kind: 'check', stage: check };
  return null;
}

export function Page() {
  const [params] = useSearchParams();
  const request = requestOf(params);
  if (request) return <Round key={params.toString()} request={request} />;
  return (
    <main className="page learn-page">
      <PageHeader title="Learn" />
      <LearnPath />
    </main>
  );
}
