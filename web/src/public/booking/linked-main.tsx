// First: it configures zod before any schema is built (lib/zod-setup.ts).
import '../../lib/zod-setup';
import '../complaints-page.css';
import './booking.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LinkedPage, tokenOf } from './linked-page';

/** The entry of cita.html, the page of a personal link `/c/<token>`. */
const container = document.getElementById('root');
if (!container) throw new Error('cita.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <LinkedPage token={tokenOf(window.location.pathname)} />
  </StrictMode>,
);
