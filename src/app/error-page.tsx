// The router's fallback page; a failed code chunk gets a reload button instead of a blank page.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { ChunkLoadError } from './lazy-page';

export function ErrorPage() {
  const error = useRouteError();
  const isChunk =
    error instanceof ChunkLoadError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed|ChunkLoadError/i.test(error.message));
  if (isChunk) {
    return (
      <main className="page page-narrow error-page" role="alert">
        <h1>This page could not be loaded</h1>
        <p>Check your internet connection, then reload to try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    );
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="page page-narrow error-page">
      <h1>Unexpected Application Error!</h1>
      {detail && <p className="muted">{detail}</p>}
      <Link className="btn btn-primary" to="/">
        Go to Quests
      </Link>
    </main>
  );
}
