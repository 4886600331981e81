import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyRoute, loadRouteModule } from '@/app/lazy-page';

const page = (text: string) => ({ Page: () => <p>{text}</p> });

function renderNow(Page: React.ComponentType): string {
  return renderToString(
    <Suspense fallback={<p>loading</p>}>
      <Page />
    </Suspense>,
  );
}

describe('route modules', () => {
  it('when a module is asked for twice, then it is loaded once and both get the same promise', async () => {
    const load = vi.fn(() => Promise.resolve(page('once')));
    const first = loadRouteModule(load);
    expect(loadRouteModule(load)).toBe(first);
    await first;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when a load fails, then the next ask tries again', async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof page>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(page('back'));
    await expect(loadRouteModule(load)).rejects.toThrow('offline');
    await expect(loadRouteModule(load)).resolves.toHaveProperty('Page');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when its module has arrived, then a lazy route renders in the first pass; before, it suspends', async () => {
    const load = () => Promise.resolve(page('Sign in here'));
    expect(renderNow(lazyRoute(load, 'Page'))).toContain('loading');
    await loadRouteModule(load);
    await Promise.resolve();
    const html = renderNow(lazyRoute(load, 'Page'));
    expect(html).toContain('Sign in here');
    expect(html).not.toContain('loading');
  });
});
