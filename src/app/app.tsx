import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './router';
import { RouteErrorBoundary } from './error-page';
import { ScrollManager } from './scroll-manager';
import { SessionSlot } from './session-slot';

export function App() {
  return (
    <HashRouter>
      {/* The signed-in session's runtime: progress sync, notices, progress moments (its own chunk).
          First, so its effects run before a page's that mounts in the same render (session-slot.tsx). */}
      <SessionSlot />
      <ScrollManager />
      {/* The layout itself failing still leaves a page with a way back. */}
      <RouteErrorBoundary resetKey="app">
        <AppRoutes />
      </RouteErrorBoundary>
    </HashRouter>
  );
}
