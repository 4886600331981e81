// A route of one page: its lazy page component, titled. Used by the app's routes (router.tsx) and
// by the signed-in routes (signed-in-routes.tsx, their own chunk).
import type { ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { lazyRoute } from './lazy-page';
import { Titled } from './document-title';

export type PageModule = () => Promise<{ Page: ComponentType }>;

/** One lazy component per page module, made once (a module shared by two paths loads once). */
const components = new Map<PageModule, ComponentType>();
function pageOf(load: PageModule): ComponentType {
  let c = components.get(load);
  if (!c) components.set(load, (c = lazyRoute(load, 'Page')));
  return c;
}

export function pageRoute(path: string, title: string, load: PageModule) {
  const Page = pageOf(load);
  return (
    <Route
      key={path}
      path={path}
      element={
        <Titled title={title}>
          <Page />
        </Titled>
      }
    />
  );
}
