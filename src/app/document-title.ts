// Each route names itself; the page puts "<title> · Budget Quest" in the tab once it shows.
import { useEffect, type ReactNode } from 'react';

export const APP_NAME = 'Budget Quest';

export const documentTitle = (title: string) => `${title} · ${APP_NAME}`;

/** Titles the document while `children` (a route's page) is shown. */
export function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return children;
}
