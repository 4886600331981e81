// The way into Learn from Home (issue 34), beside the 50/30/20 view it teaches to read.
import { Link } from '@/components/link';
import { ROUTES } from '@/lib/routes';

export function LearnLink() {
  return (
    <section className="card" aria-labelledby="learn-link-title">
      <div className="card-head">
        <h2 id="learn-link-title">Learn the 50/30/20 method</h2>
        <Link className="btn btn-sm" to={ROUTES.learn}>
          Open Learn
        </Link>
      </div>
      <p className="muted">Ten short lessons, with questions about your own money.</p>
    </section>
  );
}
