/**
 * The app's base path. With the trailing slash the router writes home as /manage/ (the address
 * the server serves the app at) rather than /manage.
 */
export const BASENAME = '/manage/';

/** The router cannot match /manage without the slash: rewrite it in place before it starts. */
export function normaliseAppUrl(win: Window = window): void {
  const { pathname, search, hash } = win.location;
  if (pathname === BASENAME.slice(0, -1)) win.history.replaceState(win.history.state, '', `${BASENAME}${search}${hash}`);
}
