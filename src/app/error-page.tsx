// The router's fallback page, with a way back (Home, or Sign in when signed out); a failed code
// chunk gets a reload button instead of a blank page. `RouteErrorBoundary` shows it for whatever a
// route throws, and clears it when the visitor goes elsewhere.
import { Component, useEffect, type ReactNode } from 'react';
import { Link } from '@/components/link';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/shell-atoms';
import { ROUTES } from '@/lib/routes';
import { ChunkLoadError } from './lazy-page';
import { documentTitle } from './document-title';

/** What an address that matches no route shows (as React Router's own fallback says it). */
export const NOT_FOUND = { status: 404, statusText: 'Not Found' } as const;

const isStatus = (e: unknown): e is { status: number; statusText: string } =>
  typeof e === 'object' && e !== null && 'status' in e && 'statusText' in e;

export function ErrorPage({ error }: { error: unknown }) {
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
  const detail = isStatus(error)
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

interface BoundaryProps {
  /** The address: a new one clears a shown error, as leaving a broken page should. */
  resetKey: string;
  children: ReactNode;
}

export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed', error);
  }

  override render() {
    return this.state.error === null ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}
