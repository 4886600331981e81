// @vitest-environment jsdom
// Snackbars: a notice leaves after 8 s, but not while the pointer is over it or focus is inside
// it (WCAG 2.2.1); it then gets the time it had left. Errors stay until dismissed.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_DISMISS_MS, Notifier } from '@/components/notifier';
import { notify } from '@/lib/events';

beforeEach(() => {
  vi.useFakeTimers();
  render(<Notifier />);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const show = (message: string, tone: 'info' | 'success' | 'error' = 'success') =>
  act(() => notify(message, tone));
const notice = (text: string) => screen.queryByText(text);

describe('snackbars', () => {
  it('when nothing touches a notice, then it leaves after 8 s and not before', () => {
    show('Streak Starter unlocked');
    advance(AUTO_DISMISS_MS - 1);
    expect(notice('Streak Starter unlocked')).not.toBeNull();
    advance(1);
    expect(notice('Streak Starter unlocked')).toBeNull();
  });

  it('when the pointer rests on it, then it stays; after the pointer leaves it gets the time it had left', () => {
    show('Level up');
    advance(3000);
    const toast = screen.getByText('Level up').closest('[role="alert"]')!;
    fireEvent.pointerEnter(toast);
    advance(AUTO_DISMISS_MS * 3);
    expect(notice('Level up')).not.toBeNull();
    fireEvent.pointerLeave(toast);
    advance(AUTO_DISMISS_MS - 3000 - 1);
    expect(notice('Level up')).not.toBeNull();
    advance(1);
    expect(notice('Level up')).toBeNull();
  });

  it('when focus is inside it, then it stays until focus leaves', () => {
    show('Saved');
    const dismiss = screen.getByRole('button', { name: 'Dismiss notification' });
    act(() => dismiss.focus());
    advance(AUTO_DISMISS_MS * 2);
    expect(notice('Saved')).not.toBeNull();
    act(() => dismiss.blur());
    advance(AUTO_DISMISS_MS);
    expect(notice('Saved')).toBeNull();
  });

  it('when both pointer and focus pause it, then it waits for both to leave', () => {
    show('Both');
    const toast = screen.getByText('Both').closest('[role="alert"]')!;
    const dismiss = screen.getByRole('button', { name: 'Dismiss notification' });
    fireEvent.pointerEnter(toast);
    act(() => dismiss.focus());
    fireEvent.pointerLeave(toast);
    advance(AUTO_DISMISS_MS * 2);
    expect(notice('Both')).not.toBeNull();
    act(() => dismiss.blur());
    advance(AUTO_DISMISS_MS);
    expect(notice('Both')).toBeNull();
  });

  it('when the notice is an error, then it stays until dismissed, assertively', () => {
    show('Failed to delete account. Please try again.', 'error');
    advance(AUTO_DISMISS_MS * 10);
    const toast = screen.getByText('Failed to delete account. Please try again.').closest('[role="alert"]')!;
    expect(toast.getAttribute('aria-live')).toBe('assertive');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(notice('Failed to delete account. Please try again.')).toBeNull();
  });

  it('when two notices stack, then each keeps its own clock', () => {
    show('First');
    advance(4000);
    show('Second');
    advance(4000);
    expect(notice('First')).toBeNull();
    expect(notice('Second')).not.toBeNull();
    advance(4000);
    expect(notice('Second')).toBeNull();
  });
});
