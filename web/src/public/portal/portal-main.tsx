// First: it configures zod before any schema is built (lib/zod-setup.ts).
import '../../lib/zod-setup';
import '../complaints-page.css';
import '../booking/booking.css';
import './portal.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalPage } from './portal-page';
import { takeLinkToken } from './session';

/** The entry of mi-cuenta.html, the client's own page: none of the admin app. */
const container = document.getElementById('root');
if (!container) throw new Error('mi-cuenta.html has no #root element');

// Read once, before React runs: the token is single use and leaves the address at once.
const linkToken = takeLinkToken();

createRoot(container).render(
  <StrictMode>
    <PortalPage linkToken={linkToken} />
  </StrictMode>,
);
