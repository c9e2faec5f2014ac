import { useEffect, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { pageTitle, resolveRoute, routeTable, type AccountState } from '../domain';
import { SectionLoading } from '../components/SectionLoading';
import { SectionPage } from './sections';
import { Shell } from './shell/Shell';

/** The domain's `{id}` parameters in react-router's `:id` form. */
export function toRouterPath(pattern: string): string {
  return pattern.replace(/\{([^}]+)\}/g, ':$1');
}

/** The path as the domain sees it: decoded (parameter names may hold spaces), no trailing slash. */
function domainPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // A malformed escape: let the domain judge the raw path.
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

const UNAUTHORISED = '/unauthorised';

const routes = routeTable().map((route) => (
  <Route
    key={route.pattern}
    path={toRouterPath(route.pattern)}
    element={
      route.title && !route.external && !route.redirect ? (
        <SectionPage section={route.section} title={route.title} />
      ) : null
    }
  />
));

/**
 * Every navigation goes through the domain's resolveRoute: guards and redirects decide where
 * the user lands, then the page title is set from that route.
 */
export function AppRoutes({ account }: { account: AccountState }) {
  const location = useLocation();
  const path = domainPath(location.pathname);
  const resolution = useMemo(() => resolveRoute(path, account), [path, account]);

  useEffect(() => {
    document.title = pageTitle(account.productName, resolution.title);
  }, [account.productName, resolution.title]);

  useEffect(() => {
    if (resolution.external) window.location.assign(resolution.path);
  }, [resolution]);

  if (resolution.external) return <SectionLoading />;
  // A redirect keeps the query (/adwords?connected=1 lands on /googleads?connected=1) unless it
  // brings its own (a page without its add-on lands on /subscription?scope=…); the unauthorised
  // page is told which page was refused, to say why.
  if (resolution.path !== path) {
    const [pathname, own] = resolution.path.split('?', 2);
    return (
      <Navigate
        to={{ pathname, search: own === undefined ? location.search : `?${own}` }}
        state={resolution.path === UNAUTHORISED ? { from: path } : undefined}
        replace
      />
    );
  }

  return (
    <Shell resolution={resolution}>
      <Routes>
        {routes}
        {/* A path the table does not know shows the page the domain resolved it to (home) in place. */}
        <Route
          path="*"
          element={
            resolution.title ? (
              <SectionPage section={resolution.section} title={resolution.title} />
            ) : null
          }
        />
      </Routes>
    </Shell>
  );
}
