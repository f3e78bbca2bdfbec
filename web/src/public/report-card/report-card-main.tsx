// First: it configures zod before any schema is built (lib/zod-setup.ts).
import '../../lib/zod-setup';
import '../complaints-page.css';
import '../booking/booking.css';
import './report-card.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ReportCardPage, tokenOf } from './report-card-page';

/** The entry of ficha.html, the page of a visit's report card `/ficha/<token>`. */
const container = document.getElementById('root');
if (!container) throw new Error('ficha.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ReportCardPage token={tokenOf(window.location.pathname)} />
  </StrictMode>,
);
