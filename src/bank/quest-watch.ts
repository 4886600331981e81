// Runs the 24-hour quests' bank check when one ends: at once for a quest that ended while the app
// was closed, otherwise by a timer set for the next end. Mounted once in the signed-in frame, so
// the check happens whatever page is open. It reads the bank through the bank module: the
// accounts through their query options, the sync through syncBank.
import { isLinkedAccount } from '@/domain/accounts';
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { queryClient } from '@/lib/query-client';
import { questStateValueAtom, questTimerValueAtom } from '@/lib/progression';
import { checkExpiredQuests, nextQuestEnd, type BankReader } from '@/lib/quests';
import { refreshProgress } from '@/lib/progress-sync/restore';
import { accountsQuery } from './queries';
import { syncBank } from './sync';

/** The bank as the check reads it: the shared query cache, after a fresh sync. */
export const cacheBankReader: BankReader = {
  hasBank: async () => (await queryClient.fetchQuery(accountsQuery())).some(isLinkedAccount),
  sync: () => syncBank({ linked: true }),
  progress: refreshProgress,
};

// setTimeout's longest delay; a later end is re-armed when this one fires.
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Checks the quests that have ended (the Quests page's 'Check Now' retry). */
export const checkQuestsNow = () => void checkExpiredQuests(cacheBankReader);

/** Checks ended quests now and arms a timer for the next end. */
export function useQuestExpiryWatcher(): void {
  // Re-arms whenever a quest starts, stops or completes.
  const states = [
    useAtomValue(questStateValueAtom('eating-out')),
    useAtomValue(questStateValueAtom('savings')),
  ];
  const timers = [
    useAtomValue(questTimerValueAtom('eating-out')),
    useAtomValue(questTimerValueAtom('savings')),
  ];
  const key = JSON.stringify([states, timers]);
  useEffect(() => {
    checkQuestsNow();
    const end = nextQuestEnd(Date.now());
    if (end === null) return;
    // A little after the end, so the quest reads as over when the timer fires.
    const t = setTimeout(checkQuestsNow, Math.min(MAX_DELAY_MS, Math.max(0, end - Date.now() + 50)));
    return () => clearTimeout(t);
  }, [key]);
}
