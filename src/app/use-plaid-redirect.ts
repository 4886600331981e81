// Raises plaidRedirect when the app opens from a bank-link redirect, shows the 10 s
// 'processing' banner for it, and resumes the Link session this tab left for the bank.
import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { emit, on } from '@/lib/events';
import { isPlaidRedirect, REDIRECT_BANNER_MS } from '@/bank/link/redirect';
import { redirectProcessingAtom } from '@/bank/link/link-state';
import { hasPendingLinkSession } from '@/bank/link/link-session';
import { getToken } from '@/lib/api-client';

export function usePlaidRedirect(): void {
  const setProcessing = useSetAtom(redirectProcessingAtom);
  useEffect(() => {
    let timer: number | undefined;
    const off = on('plaidRedirect', () => {
      setProcessing(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setProcessing(false), REDIRECT_BANNER_MS);
    });
    if (isPlaidRedirect(window.location.href)) {
      const url = window.location.href;
      emit('plaidRedirect', { url });
      // The Link flow (and the signed-in data it reloads) loads only when there is one to resume.
      if (getToken() && hasPendingLinkSession())
        void import('@/bank/link/open-link').then((m) => m.openBankLink({ receivedRedirectUri: url }));
    }
    return () => {
      off();
      window.clearTimeout(timer);
    };
  }, [setProcessing]);
}
