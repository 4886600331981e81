import { describe, expect, it } from 'vitest';
import { scrollAction } from '@/app/scroll-manager';

describe('scrollAction', () => {
  it('when a link opens another page, then it opens at the top', () => {
    expect(scrollAction('PUSH', true, 1200)).toEqual({ kind: 'top' });
    expect(scrollAction('REPLACE', true, undefined)).toEqual({ kind: 'top' });
  });

  it('when Back or Forward returns to an entry, then its saved position comes back', () => {
    expect(scrollAction('POP', true, 1500)).toEqual({ kind: 'restore', y: 1500 });
    expect(scrollAction('POP', false, 0)).toEqual({ kind: 'restore', y: 0 });
  });

  it('when Back reaches an entry with no saved position (before a reload), then it opens at the top', () => {
    expect(scrollAction('POP', true, undefined)).toEqual({ kind: 'top' });
  });

  it('when only the query changes (a filter typed on Transactions), then the position stays', () => {
    expect(scrollAction('REPLACE', false, undefined)).toEqual({ kind: 'keep' });
    expect(scrollAction('PUSH', false, undefined)).toEqual({ kind: 'keep' });
  });
});
