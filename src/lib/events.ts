// App-wide event names and a tiny typed bus on `window`, shared by React, Phaser scenes and tests.
import type { AchievementId } from '@/domain/achievements';
import type { Level } from '@/domain/levels';
import type { ProgressReason } from '@/domain/progression';
import type { ProgressState } from '@/domain/progress-events';

const APP_EVENTS = {
  transactionsUpdated: 'transactionsUpdated',
  manualTransactionAdded: 'manualTransactionAdded',
  plaidRedirect: 'plaidRedirect',
  notify: 'budgetquest:notify',
  // Progression moments, announced by lib/progression.ts (the only writer of XP and lives).
  xpChanged: 'budgetquest:xp-changed',
  levelReached: 'budgetquest:level-reached',
  achievementUnlocked: 'budgetquest:achievement-unlocked',
  // The server took a batch of progress events (lib/progress-sync/sender.ts) and answered its state.
  progressSaved: 'budgetquest:progress-saved',
} as const;

export interface AppEventDetail {
  transactionsUpdated: undefined;
  manualTransactionAdded: { id?: number } | undefined;
  /** The URL the app was opened with. */
  plaidRedirect: { url: string };
  notify: { message: string; tone?: 'info' | 'success' | 'error' };
  /** `delta` is what actually changed (XP never drops below 0). */
  xpChanged: { delta: number; total: number; reason: ProgressReason };
  levelReached: { level: Level };
  achievementUnlocked: { id: AchievementId; xp: number };
  /** `delta` is what actually changed (lives stay within 0..5). */
  progressSaved: { state: ProgressState };
}
type Name = keyof typeof APP_EVENTS;

export function emit<N extends Name>(name: N, detail: AppEventDetail[N]): void {
  window.dispatchEvent(new CustomEvent(APP_EVENTS[name], { detail }));
}

/** Subscribes and returns the unsubscribe function (which passes the same handler). */
export function on<N extends Name>(name: N, handler: (detail: AppEventDetail[N]) => void): () => void {
  const listener = (e: Event) => handler((e as CustomEvent<AppEventDetail[N]>).detail);
  window.addEventListener(APP_EVENTS[name], listener);
  return () => window.removeEventListener(APP_EVENTS[name], listener);
}

/** Shows a notice in the app shell; the spec's "alert" texts go through here. */
export function notify(message: string, tone: AppEventDetail['notify']['tone'] = 'info'): void {
  emit('notify', { message, tone });
}
