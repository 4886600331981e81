import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './router';
import { RouteErrorBoundary } from './error-page';
import { ScrollManager } from './scroll-manager';
import { SessionSlot } from './session-slot';

export function App() {
  return (
    <HashRouter>
      <ScrollManager />
      {/* The layout itself failing still leaves a page with a way back. */}
      <RouteErrorBoundary resetKey="app">
        <AppRoutes />
      </RouteErrorBoundary>
      {/* The signed-in session's runtime: progress sync, notices, progress moments (its own chunk). */}
      <SessionSlot />
    </HashRouter>
  );
}
