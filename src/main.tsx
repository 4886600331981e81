import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { appStore } from '@/lib/store';
import { App } from '@/app/app';
import { firstRenderReady } from '@/app/first-render';
import { startServiceWorker } from '@/app/startup';

// The first render is a transition, which React splits into short tasks instead of one long one
// (Total Blocking Time, issue 33); the static shell in #root stays on screen until it commits. For
// a signed-in page it starts once that page's code is here (app/first-render.ts).
const root = createRoot(document.getElementById('root')!);
void firstRenderReady().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={appStore}>
          <App />
        </Provider>
      </StrictMode>,
    ),
  ),
);

startServiceWorker();
