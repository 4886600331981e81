// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Celebration } from '@/features/expense/celebration';

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    onchange: null,
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Celebration', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout'],
    });
  });

  it('when motion is allowed, then XP and hearts count up from 0 after 1.2 s and reach the reward at 2.2 s', () => {
    mockReducedMotion(false);
    render(<Celebration xp={42} lives={3} />);
    expect(screen.getByText('+0 XP')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1200));
    expect(screen.getByText('+0 XP')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('+37 XP')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('+42 XP')).toBeInTheDocument();
    expect(screen.getByText('+3')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You earned 42 XP and 3 lives.');
  });

  it('when the user prefers reduced motion, then the reward shows at once', () => {
    mockReducedMotion(true);
    render(<Celebration xp={42} lives={1} />);
    expect(screen.getByText('+42 XP')).toBeInTheDocument();
    expect(screen.getByText('+1')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You earned 42 XP and 1 life.');
  });
});
