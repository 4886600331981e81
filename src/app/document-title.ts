// Each route names itself in its `handle`; the layout puts "<title> · Budget Quest" in the tab.
import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

export const APP_NAME = 'Budget Quest';

interface TitleHandle {
  title: string;
}

export const titled = (title: string): TitleHandle => ({ title });

export const documentTitle = (title: string) => `${title} · ${APP_NAME}`;

/** Sets the document title from the deepest matched route that has one. */
export function useRouteTitle(): void {
  const matches = useMatches();
  const title = matches
    .map((m) => (m.handle as TitleHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    // With no titled match the error page names itself; leave its title alone.
    if (title) document.title = documentTitle(title);
  }, [title]);
}
