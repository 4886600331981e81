// This page's content arrives with its own issue; until then it shows its title in the layout.
import { PageHeader } from '@/components/page-header';

export function Page() {
  return (
    <main className="page">
      <PageHeader title="2048" />
    </main>
  );
}
