import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { topBarIcons, type AccountState, type PartnerPortalIcon as PartnerPortalWay } from '../../domain';
import { Icon } from '../../components/Icon';
import { AccountMenu } from './AccountMenu';
import type { AccountCreated } from '../../features/partner/accounts/api';
import { swapReportVersion } from './api';

export interface TopBarProps {
  account: AccountState;
  menuExpanded: boolean;
  onToggleMenu: () => void;
  onSwitchAccount: (customerId: number, customerName: string) => Promise<void>;
  /** After the account menu's '+' created a client account. */
  onAccountCreated?: (created: AccountCreated) => void;
  onSwapReports?: () => Promise<void>;
  onEnterPartnerPortal?: () => Promise<void>;
}

/**
 * The logo, linking home; where there is no logo image, the customer's name in its place, else
 * beside it, so the bar always names the account open (said once: the image's text is it).
 */
function Logo({ account }: { account: AccountState }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = account.logoUrl;
  const showImage = !!url && failedUrl !== url;
  return (
    <>
      <Link to="/" className="top-bar-logo">
        {showImage ? (
          <img src={url} alt={account.customerName} onError={() => setFailedUrl(url)} />
        ) : (
          <span className="top-bar-logo-text">{account.customerName}</span>
        )}
      </Link>
      {showImage && (
        <span className="top-bar-customer" aria-hidden="true">
          {account.customerName}
        </span>
      )}
    </>
  );
}

function ReportsSwitch({ account, onSwap }: { account: AccountState; onSwap: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <label className="reports-switch">
      <input
        type="checkbox"
        role="switch"
        checked={account.showReports2023}
        disabled={busy}
        onChange={() => {
          setBusy(true);
          onSwap().catch(() => setBusy(false));
        }}
      />
      <span className="reports-switch-track" aria-hidden="true" />
      <span>New reports</span>
    </label>
  );
}

function PartnerPortalIcon({ way, onEnter }: { way: PartnerPortalWay; onEnter: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  if (way === 'link') {
    return (
      <Link to="/partner" className="icon-button" aria-label="Partner portal" title="Partner portal">
        <Icon name="partner" />
      </Link>
    );
  }
  // In a client account: going back to the portal means switching to the partner's own account.
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Partner portal"
      title="Partner portal"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        onEnter().finally(() => setBusy(false));
      }}
    >
      <Icon name="partner" />
    </button>
  );
}

// Only an account with live chat loads its panel.
const ChatPanel = lazy(() => import('./ChatPanel').then((m) => ({ default: m.ChatPanel })));

// The phone's button loads with the rest of the phone, after the first screen.
const PhoneButton = lazy(() => import('../../components/phone/PhoneHost').then((m) => ({ default: m.TopBarPhoneButton })));

export function TopBar({
  account,
  menuExpanded,
  onToggleMenu,
  onSwitchAccount,
  onAccountCreated,
  onSwapReports = () => swapReportVersion(),
  onEnterPartnerPortal = async () => {},
}: TopBarProps) {
  const style =
    account.topBar?.background || account.topBar?.text
      ? { background: account.topBar.background || undefined, color: account.topBar.text || undefined }
      : undefined;
  const icons = topBarIcons(account);
  return (
    <header className="top-bar" style={style}>
      <button
        type="button"
        className="icon-button"
        aria-label="Toggle menu"
        aria-expanded={menuExpanded}
        aria-controls="side-menu"
        onClick={onToggleMenu}
      >
        <Icon name="menu" />
      </button>
      <Logo key={account.customerId} account={account} />
      <span className="top-bar-spacer" />
      {icons.partnerPortal && <PartnerPortalIcon way={icons.partnerPortal} onEnter={onEnterPartnerPortal} />}
      {icons.technologyPartnerPortal && (
        <Link to="/technologypartner" className="icon-button" aria-label="Technology partner portal" title="Technology partner portal">
          <Icon name="techpartner" />
        </Link>
      )}
      {icons.reportsSwitch && <ReportsSwitch account={account} onSwap={onSwapReports} />}
      <Suspense fallback={null}>
        <PhoneButton />
      </Suspense>
      {icons.chat && (
        <Suspense fallback={null}>
          <ChatPanel url={account.liveChatUrl} />
        </Suspense>
      )}
      <AccountMenu account={account} onSwitchAccount={onSwitchAccount} onAccountCreated={onAccountCreated} />
    </header>
  );
}
