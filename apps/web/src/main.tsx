import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/layout/global.css';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.tsx';
import { appRoutes } from './app/navigation/appRoutes.tsx';
import { APP_BASE } from './app/navigation/base.ts';
import { autoLogin, onSessionCleared } from './app/session/sessionStore.ts';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000 } } });
onSessionCleared(() => queryClient.clear());
const router = createBrowserRouter(appRoutes(), { basename: APP_BASE });
void autoLogin();

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
