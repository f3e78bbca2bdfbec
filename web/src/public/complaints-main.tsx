// First: it configures zod before any schema is built (lib/zod-setup.ts).
import '../lib/zod-setup';
import './complaints-page.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ComplaintsPage } from './complaints-page';

/** The entry of libro-reclamaciones.html: the public page alone, none of the admin app. */
const container = document.getElementById('root');
if (!container) throw new Error('libro-reclamaciones.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ComplaintsPage />
  </StrictMode>,
);
