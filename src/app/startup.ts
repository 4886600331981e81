// App start-up as the spec describes: drop every old service worker and cache, then register
// /sw.js after 1 s and activate a waiting worker at once. Failures are only logged.
const SW_REGISTER_DELAY_MS = 1000;

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
  // Web-vitals is loaded, as the spec says, but given no handler.
  import('web-vitals').catch((err) => console.error('web-vitals failed to load', err));
}
