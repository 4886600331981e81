import { describe, expect, it } from 'vitest';
import { countUpAt } from '@/domain/count-up';

describe('countUpAt', () => {
  it('when still inside the 1.2 s delay, then it shows 0', () => {
    expect(countUpAt(60, 0)).toBe(0);
    expect(countUpAt(60, 1200)).toBe(0);
  });
  it('when half of the 1 s count has passed, then it eases out past half the target', () => {
    expect(countUpAt(60, 1700)).toBe(53); // 60 * (1 - 0.5^3) = 52.5
  });
  it('when 2.2 s have passed, then it shows the target and keeps it', () => {
    expect(countUpAt(60, 2200)).toBe(60);
    expect(countUpAt(60, 9999)).toBe(60);
  });
});
