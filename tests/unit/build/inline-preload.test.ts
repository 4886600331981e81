// The preload script runs inline in index.html (build/route-preload-plugin.ts), allowed by the
// server's CSP through its hash alone (server/lib/inline-script-hashes.ts).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlinePreloadScript } from '../../../build/route-preload-plugin';
import { inlineScriptHashes } from '../../../server/lib/inline-script-hashes';

const chunk = (code: string, more: { imports?: string[]; exports?: string[] } = {}) => ({
  code,
  imports: more.imports ?? [],
  exports: more.exports ?? [],
  fileName: 'assets/preload-route-1.js',
});
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the inline preload script', () => {
  it('when the built script is inlined, then it runs strict in a function of its own, without its source-map line', () => {
    const out = inlinePreloadScript(
      chunk('var e=1;window.x=e;\n//# sourceMappingURL=preload-route-1.js.map\n'),
    );
    expect(out).toBe('(()=>{"use strict";var e=1;window.x=e;})()');
    // Its top-level names do not become the page's globals.
    const page: Record<string, unknown> = {};
    new Function('window', out)(page);
    expect(page).toEqual({ x: 1 });
    expect('e' in globalThis).toBe(false);
  });

  it('when the script imports or exports, or holds text that would end the element, then the build stops', () => {
    expect(() => inlinePreloadScript(chunk('x', { imports: ['assets/a.js'] }))).toThrow(/cannot run inline/);
    expect(() => inlinePreloadScript(chunk('x', { exports: ['a'] }))).toThrow(/cannot run inline/);
    expect(() => inlinePreloadScript(chunk('let s="</SCRIPT>"'))).toThrow(/end an inline script/);
    expect(() => inlinePreloadScript(chunk('let s="<!--"'))).toThrow(/end an inline script/);
  });

  it('when the page is read, then each inline script has its hash and neither JSON data nor a script file needs one', () => {
    const html = [
      '<head><script type="application/json" id="route-files">{"a":1}</script>',
      '<script>(()=>{"use strict";go()})()</script>',
      '<script type="module" crossorigin src="/assets/react-1.js"></script>',
      '<script>second()</script></head>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([sha('(()=>{"use strict";go()})()'), sha('second()')]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });
});
