// The one cache of server data (TanStack Query). Only signed-in code imports this module, so the
// library loads with the signed-in layout and never on /login.
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { appStore } from './store';
import { tokenAtom } from './shell-atoms';

export const queryClient = new QueryClient({
  // SPEC 8: load errors other than 401 (which ends the session in api-client) are only logged.
  queryCache: new QueryCache({
    onError: (err, query) => console.error(`Could not load ${query.queryKey.join(' ')}`, err),
  }),
  defaultOptions: {
    // A page shows what the server said at once, as before: no silent retries, and no reloads
    // the user did not cause (focus, reconnect). Data is reloaded when a page mounts and when a
    // change invalidates it. An answer is fresh for a second: a page's sections mount right after
    // its lists have answered and read the same lists, which reloaded every one of them on every
    // visit (four requests more on Home, issue 30); a list that failed still reloads on mount.
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: 1_000 },
    mutations: { retry: false },
  },
});

// Server data belongs to one session: signing out, or in as someone else, drops all of it.
appStore.sub(tokenAtom, () => queryClient.clear());
