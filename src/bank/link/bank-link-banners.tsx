// Status banners while a bank connects: processing bank authentication, retrieving account
// information, and a dismissible error.
import { useAtomValue } from 'jotai';
import { useBankLink } from './use-bank-link';
import { redirectProcessingAtom } from './link-state';

export function BankLinkBanners() {
  const { state, dismissError } = useBankLink();
  const redirecting = useAtomValue(redirectProcessingAtom);
  const processing = state.phase === 'processing' || redirecting;
  return (
    <div className="bank-banners">
      {processing && (
        <div className="banner banner-info" role="status">
          <span className="spinner spinner-sm" aria-hidden="true" /> Processing bank authentication…
        </div>
      )}
      {state.phase === 'retrieving' && (
        <div className="banner banner-info" role="status">
          <span className="spinner spinner-sm" aria-hidden="true" /> Retrieving account information…
        </div>
      )}
      {state.error && (
        <div className="banner banner-error" role="alert">
          <span aria-hidden="true">⚠️</span>
          <p>{state.error}</p>
          <button type="button" className="icon-btn" aria-label="Dismiss error" onClick={dismissError}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
