// The app's link to one of its own routes. React Router's <Link> carries framework-mode machinery
// this app never uses (route prefetching through its manifest, route discovery, view transitions,
// masked URLs); since React's chunk loads on every screen, that code was sent to every first visit,
// the sign-in screen's included (issue 30). This one does what the app's links do: an <a> with
// the route's real href (so opening it in a new tab, copying it and a screen reader's link list
// work), and a plain click navigates in the app, replacing the entry when it points where the
// user already is, as React Router's does.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLocation, useNavigate, useResolvedPath, type To } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replaces the current history entry instead of adding one (always so when `to` is where the user is). */
  replace?: boolean;
}

/** Whether a click is the browser's own (new tab, new window, download, not the main button). */
export function browserHandlesClick(
  event: MouseEvent<HTMLAnchorElement>,
  target: string | undefined,
): boolean {
  return (
    event.button !== 0 ||
    (target !== undefined && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  );
}

export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  const location = useLocation();
  const path = useResolvedPath(to);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || browserHandlesClick(event, target)) return;
    event.preventDefault();
    const here =
      location.pathname === path.pathname && location.search === path.search && location.hash === path.hash;
    void navigate(to, { replace: replace ?? here });
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}
