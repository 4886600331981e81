// The router's fallback page, with a way back (Home, or Sign in when signed out); a failed code
// chunk gets a reload button instead of a blank page.
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/atoms';
import { ROUTES } from '@/lib/routes';
import { ChunkLoadError } from './lazy-page';
import { documentTitle } from './document-title';

export function ErrorPage() {
  const error = useRouteError();
  const signedIn = Boolean(useAtomValue(tokenAtom));
  useEffect(() => {
    document.title = documentTitle('Error');
  }, []);
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
      <p>The page you tried to open is not available.</p>
      {/* A way back that works whether or not the visitor is signed in. */}
      {signedIn ? (
        <Link className="btn btn-primary" to={ROUTES.home}>
          Go to Home
        </Link>
      ) : (
        <Link className="btn btn-primary" to={ROUTES.login}>
          Sign in
        </Link>
      )}
    </main>
  );
}
