// First: it configures zod before any schema is built.
import './lib/zod-setup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppThemeProvider } from './app/app-theme-provider';
import { exposeToAutomation } from './app/automation';
import { lazyNamed } from './app/route-entries';
import { createAppRouter } from './app/router';
import { ShellSettingsProvider } from './app/shell-settings';
import { isBusy, isClientError } from './lib/api';
import { getCredential, subscribeCredential } from './lib/session';
import { appEntries, ForcedPasswordChange } from './routes';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will answer the same again, and a 401 has already ended the session; a 429 ends
      // when the previous report of the same user does (one at a time, http/heavy-work.ts).
      retry: (failures, error) =>
        isBusy(error) ? failures < 4 : !isClientError(error) && failures < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

// Whoever signs in next must not see the previous user's cached data.
subscribeCredential(() => {
  if (getCredential() === null) queryClient.clear();
});

// Its own chunk, loaded with the signed-in shell: the login page does not pay for it.
const NavbarSearch = lazyNamed(() => import('./features/search'), 'NavbarSearch');

const router = createAppRouter(appEntries, {
  passwordChange: ForcedPasswordChange,
  navbarSearch: NavbarSearch,
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ShellSettingsProvider>
          <AppThemeProvider>
            <RouterProvider router={router} />
          </AppThemeProvider>
        </ShellSettingsProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
render();
exposeToAutomation({ container, root, render, queryClient, router });
