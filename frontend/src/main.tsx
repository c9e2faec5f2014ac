import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { BASENAME, normaliseAppUrl } from './app/basename';
import { showStoredFavicon } from './app/shell/useFavicon';
import './styles.css';

normaliseAppUrl();
showStoredFavicon();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename={BASENAME}>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
