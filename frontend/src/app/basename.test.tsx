import { render, screen } from '@testing-library/react';
import { BrowserRouter, Link, useLocation } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { BASENAME, normaliseAppUrl } from './basename';

function Probe() {
  const { pathname } = useLocation();
  return (
    <>
      <output aria-label="path">{pathname}</output>
      <Link to="/">Home</Link>
      <Link to="/routing">Routing</Link>
    </>
  );
}

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  normaliseAppUrl();
  render(
    <BrowserRouter basename={BASENAME}>
      <Probe />
    </BrowserRouter>,
  );
}

describe('the /manage/ base path', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  test('home is written /manage/ and pages below it', () => {
    renderAt('/manage/routing?x=1');
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/routing');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/manage/');
    expect(screen.getByRole('link', { name: 'Routing' })).toHaveAttribute('href', '/manage/routing');
  });

  test('/manage without the slash becomes /manage/, keeping the query', () => {
    renderAt('/manage?a=1#top');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/manage/?a=1#top');
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent(/^\/$/);
  });
});
