// The app's preload helper: browser code that build/preload-helper-plugin.ts loads in the place of
// Vite's private module `\0vite/preload-helper.js` (issue 30). Vite wraps every dynamic
// import of the build as `__vitePreload(() => import(file), deps)`, where `deps` are the files
// (paths from the site's root) the imported chunk needs: its stylesheets, which must be applied
// before its page renders, and the chunks it imports, which are worth fetching at once. Vite's own
// helper does the same with more (relative bases, CSP nonces, legacy browsers, an event to
// swallow errors) and was 612 bytes of the sign-in screen's entry (brotli); this one is about 200.
//
// - A stylesheet gets a `<link rel="stylesheet">` unless one is in the document already, and the
//   import waits for it; if it fails, the link goes and the import fails (the route's loader
//   shows "This page could not be loaded"), so a later try fetches it again.
// - A chunk gets a `<link rel="modulepreload">` unless any link already names it (index.html's,
//   or app/preload-route.ts's); the import does not wait for it.

/** Each file's preload, by its path from the site's root, once per page. */
const seen = new Map<string, Promise<unknown> | undefined>();

function preloadFile(file: string): Promise<unknown> | undefined {
  const href = `/${file}`;
  const css = file.endsWith('.css');
  if (document.querySelector(`link[href="${href}"]${css ? '[rel=stylesheet]' : ''}`)) return undefined;
  const link = document.createElement('link');
  link.rel = css ? 'stylesheet' : 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
  if (!css) return undefined;
  return new Promise((resolve, reject) => {
    link.onload = resolve;
    link.onerror = () => {
      link.remove();
      seen.delete(file);
      reject(new Error(`Unable to preload CSS for ${href}`));
    };
  });
}

/** `load` (the dynamic import) once what it needs (`deps`, as Vite lists them) is there or on its way. */
export function __vitePreload<T>(load: () => Promise<T>, deps?: string[]): Promise<T> {
  return Promise.all(
    (deps ?? []).map((file) => {
      if (!seen.has(file)) seen.set(file, preloadFile(file));
      return seen.get(file);
    }),
  ).then(load);
}
