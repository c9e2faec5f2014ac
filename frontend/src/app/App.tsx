import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { resolveRoute } from '../domain';
import { AccountProvider, useAccountLoader } from '../lib/account';
import { SnackbarProvider } from '../components/Snackbar';
import { PhoneProvider } from '../components/phone/PhoneProvider';
import { AppRoutes } from './AppRoutes';
import { SectionLoading } from '../components/SectionLoading';
import { SectionPage } from './sections';

function Unauthorised() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const page = resolveRoute('/unauthorised', {});
  useEffect(() => {
    if (pathname !== page.path) navigate(page.path, { replace: true });
  }, [navigate, pathname, page.path]);
  return (
    <main className="bare-page">
      <SectionPage section={page.section} title={page.title ?? ''} />
    </main>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="bare-page">
      <div role="alert" className="chunk-error">
        <h1>Something went wrong</h1>
        <p>Your account could not be loaded. Please try again.</p>
        <button type="button" className="button button-primary" onClick={onRetry}>
          Retry
        </button>
      </div>
    </main>
  );
}

export function App() {
  const [load, setLoad, reload] = useAccountLoader();
  switch (load.status) {
    case 'loading':
      return (
        <main className="bare-page">
          <SectionLoading />
        </main>
      );
    case 'failed':
      return (
        <LoadFailed
          onRetry={() => {
            setLoad({ status: 'loading' });
            void reload();
          }}
        />
      );
    case 'unauthorised':
      return <Unauthorised />;
    case 'ready':
      return (
        <AccountProvider
          account={load.account}
          setAccount={(account) => setLoad({ status: 'ready', account })}
          reload={reload}
        >
          <SnackbarProvider>
            <PhoneProvider>
              <AppRoutes account={load.account} />
            </PhoneProvider>
          </SnackbarProvider>
        </AccountProvider>
      );
  }
}
