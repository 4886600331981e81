// The Review's Leitner schedule (issue 34): a question missed in a lesson comes back after 1 day;
// answered right in a Review it moves to the next box and comes back after 3, then 7 days, then
// it is learned and leaves the schedule; missed again in a Review it starts over at box 1. Pure:
// days are 'YYYY-MM-DD' keys in the player's zone, passed in.
import { dayNumber } from './dates';
import { REVIEW_MAX } from './learn';

/** Days until the next Review of a card in box 1, 2 and 3. */
export const REVIEW_INTERVALS = [1, 3, 7] as const;

export interface ReviewEntry {
  /** 1, 2 or 3. */
  box: number;
  /** The day it is due, 'YYYY-MM-DD'. */
  due: string;
}
export type Schedule = Record<string, ReviewEntry>;

/** The day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const n = dayNumber(day);
  if (n === null) throw new Error(`Not a day: ${day}`);
  return new Date((n + days) * 86_400_000).toISOString().slice(0, 10);
}

const boxEntry = (box: number, today: string): ReviewEntry => ({
  box,
  due: addDays(today, REVIEW_INTERVALS[box - 1]!),
});

/** A question missed in a lesson: back to box 1, due tomorrow (a later miss restarts it). */
export function scheduleMissed(schedule: Schedule, id: string, today: string): Schedule {
  return { ...schedule, [id]: boxEntry(1, today) };
}

/** A Review's answer: right moves the card a box up (learned after box 3), wrong back to box 1. */
export function scheduleReviewed(schedule: Schedule, id: string, right: boolean, today: string): Schedule {
  const entry = schedule[id];
  if (!entry) return schedule;
  const next = { ...schedule };
  if (!right) next[id] = boxEntry(1, today);
  else if (entry.box >= REVIEW_INTERVALS.length) delete next[id];
  else next[id] = boxEntry(entry.box + 1, today);
  return next;
}

/** The questions due on `today` (oldest due first, then by id), at most REVIEW_MAX. */
export function dueQuestions(schedule: Schedule, today: string, max: number = REVIEW_MAX): string[] {
  return Object.entries(schedule)
    .filter(([, e]) => e.due <= today)
    .sort(([a, x], [b, y]) => (x.due === y.due ? a.localeCompare(b) : x.due.localeCompare(y.due)))
    .slice(0, max)
    .map(([id]) => id);
}

/** The first day any card is due, or null when the schedule is empty. */
export function nextDueDay(schedule: Schedule): string | null {
  const days = Object.values(schedule).map((e) => e.due);
  return days.length ? days.sort()[0]! : null;
}
