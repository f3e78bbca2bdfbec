// First: it configures zod before any schema is built (lib/zod-setup.ts).
import '../../lib/zod-setup';
import '../complaints-page.css';
import './booking.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingPage } from './booking-page';

/** The entry of reservar.html: the booking page alone, none of the admin app. */
const container = document.getElementById('root');
if (!container) throw new Error('reservar.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BookingPage />
  </StrictMode>,
);
