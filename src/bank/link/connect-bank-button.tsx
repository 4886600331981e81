// The connect-bank button with its progress and error banners.
import { useBankLink } from './use-bank-link';
import type { OpenLinkOptions } from './open-link';
import { BankLinkBanners } from './bank-link-banners';

export function ConnectBankButton({
  label = 'Connect Bank Account',
  className = 'btn btn-primary',
  options,
  showBanners = true,
}: {
  label?: string;
  className?: string;
  options?: OpenLinkOptions;
  showBanners?: boolean;
}) {
  const { open, busy } = useBankLink();
  return (
    <>
      {/* aria-disabled rather than disabled: the button keeps focus while Link is open, so
          focus returns to it when Link closes instead of falling back to the page body. */}
      <button
        type="button"
        className={className}
        onClick={() => {
          if (!busy) void open(options);
        }}
        aria-disabled={busy}
        aria-busy={busy}
      >
        <span aria-hidden="true">🏦</span> {busy ? 'Connecting…' : label}
      </button>
      {showBanners && <BankLinkBanners />}
    </>
  );
}
