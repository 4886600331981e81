// Raises plaidRedirect when the app opens from a bank-link redirect, and shows the 10 s
// 'processing' banner for it.
import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { emit, on } from '@/lib/events';
import { isPlaidRedirect, REDIRECT_BANNER_MS } from '@/components/bank-link/redirect';
import { redirectProcessingAtom } from '@/components/bank-link/link-state';
import { hasPendingLinkSession, useBankLink } from '@/components/bank-link/use-bank-link';
import { getToken } from '@/lib/api-client';

export function usePlaidRedirect(): void {
  const setProcessing = useSetAtom(redirectProcessingAtom);
  const { open } = useBankLink();
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
      // Resume the Link session the bank's OAuth page sent the user back to.
      if (getToken() && hasPendingLinkSession()) void open({ receivedRedirectUri: url });
    }
    return () => {
      off();
      window.clearTimeout(timer);
    };
  }, [setProcessing, open]);
}
