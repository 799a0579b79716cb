import { createTheme, MantineProvider, Modal } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import 'dayjs/locale/pt';
import { i18n } from './i18n.ts';

/**
 * Dialogs fade in where they stay, not sliding 30 px down over 200 ms: while one slid in, a quick
 * click could press its button at one place and let go at another, and no click happened (the
 * confirm of a delete stayed open in a browser test under load).
 */
const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  components: { Modal: Modal.extend({ defaultProps: { transitionProps: { transition: 'fade' } } }) },
});

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** The calendars' month and day names in the console's language, weeks from Monday in Portuguese. */
function Dates({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const pt = current.language.startsWith('pt');
  return <DatesProvider settings={{ locale: pt ? 'pt' : 'en', firstDayOfWeek: pt ? 1 : 0 }}>{children}</DatesProvider>;
}

/** Mantine, its calendars in the console's language, toasts bottom right, modals, react-query and i18n. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Dates>
          <QueryClientProvider client={queryClient}>
            <ModalsProvider>
              <Notifications position="bottom-right" />
              {children}
            </ModalsProvider>
          </QueryClientProvider>
        </Dates>
      </MantineProvider>
    </I18nextProvider>
  );
}
