// App start-up as the spec describes: drop every old service worker and cache, then register
// /sw.js after 1 s and activate a waiting worker at once; load web-vitals with no handler. Failures
// are only logged.
const SW_REGISTER_DELAY_MS = 1000;
/** Web-vitals waits for the first input, or at most this long after the page has loaded. */
export const WEB_VITALS_DELAY_MS = 5000;
const FIRST_INPUT = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

async function clearServiceWorkersAndCaches(): Promise<void> {
  if ('serviceWorker' in navigator) {
    const regs = await navigator.serviceWorker.getRegistrations();
    await Promise.all(regs.map((r) => r.unregister()));
  }
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map((k) => caches.delete(k)));
  }
}

async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const reg = await navigator.serviceWorker.register('/sw.js');
  if (reg.waiting) reg.waiting.postMessage({ type: 'SKIP_WAITING' });
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && reg.waiting) reg.waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  });
}

export function startServiceWorker(): void {
  clearServiceWorkersAndCaches()
    .catch((err) => console.error('Service worker clean-up failed', err))
    .finally(() => {
      setTimeout(() => {
        registerServiceWorker().catch((err) => console.error('Service worker registration failed', err));
      }, SW_REGISTER_DELAY_MS);
    });
  loadWebVitals();
}

/**
 * Web-vitals is loaded, as the spec says, but given no handler; after the first screen, not with
 * it (issue 30): no screen uses it, and its observers read the browser's buffered entries, so it
 * misses nothing by coming later.
 */
export function loadWebVitals(load: () => Promise<unknown> = () => import('web-vitals')): void {
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    for (const type of FIRST_INPUT) window.removeEventListener(type, ask, true);
    load().catch((err: unknown) => console.error('web-vitals failed to load', err));
  };
  for (const type of FIRST_INPUT) window.addEventListener(type, ask, { capture: true, passive: true });
  const later = () => setTimeout(ask, WEB_VITALS_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
