import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { buildMenu, type Resolution } from '../../domain';
import { useAccount } from '../../lib/account';
import type { AccountCreated } from '../../features/partner/accounts/api';
import { accountCreated } from '../../features/partner/accounts/messages';
import { PurchaseProvider } from '../../components/purchase/PurchaseContext';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { SMALL_SCREEN_QUERY, useMediaQuery, useMinimisedMenu } from './hooks';
import { useFavicon } from './useFavicon';

// Only an account with a splash screen loads it.
const SplashScreen = lazy(() => import('./SplashScreen').then((m) => ({ default: m.SplashScreen })));

export function Shell({ resolution, children }: { resolution: Resolution; children: ReactNode }) {
  const { account, switchAccount, enterPartnerPortal, reload } = useAccount();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = useMemo(() => buildMenu(account), [account]);
  const temporary = useMediaQuery(SMALL_SCREEN_QUERY);
  const [minimised, setMinimised] = useMinimisedMenu();
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => setDrawerOpen(false), [pathname, temporary]);
  useFavicon(account.faviconUrl);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const toggleMenu = () => (temporary ? setDrawerOpen(!drawerOpen) : setMinimised(!minimised));
  const onSwitchAccount = async (customerId: number, customerName: string) => {
    // Home drawn with the new account: the page left behind is never guarded with it first.
    await switchAccount(customerId, customerName, () => navigate('/'));
  };

  const onEnterPartnerPortal = async () => {
    await enterPartnerPortal();
    navigate('/');
  };

  // A client account created from the account menu's '+': the selector lists it, and the
  // partner's accounts page says so.
  const onAccountCreated = (created: AccountCreated) => {
    void reload();
    navigate('/partner/accounts', { state: { notice: accountCreated(created) } });
  };

  const minimisedNow = minimised && !temporary;
  return (
    <PurchaseProvider>
      <div className={`shell${minimisedNow ? ' shell-minimised' : ''}${temporary ? ' shell-temporary' : ''}`}>
        <TopBar
          account={account}
          menuExpanded={temporary ? drawerOpen : !minimised}
          onToggleMenu={toggleMenu}
          onSwitchAccount={onSwitchAccount}
          onEnterPartnerPortal={onEnterPartnerPortal}
          onAccountCreated={onAccountCreated}
        />
        <SideMenu
          menu={menu}
          activeParent={resolution.menuParent}
          activePath={resolution.menuPath}
          minimised={minimised}
          onToggleMinimised={() => setMinimised(!minimised)}
          temporary={temporary}
          drawerOpen={drawerOpen}
          onCloseDrawer={closeDrawer}
        />
        <main className="shell-main">{children}</main>
        {account.splashScreen && (
          <Suspense fallback={null}>
            <SplashScreen splash={account.splashScreen} />
          </Suspense>
        )}
      </div>
    </PurchaseProvider>
  );
}
