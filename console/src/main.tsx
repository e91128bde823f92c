import '@mantine/core/styles.css';
import { createTheme, MantineProvider, Modal, type CSSVariablesResolver } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ApiError } from './api/client';
import { router } from './routes';

/** The per-response nonce the service put in the page: the CSP allows styles only with it. */
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
// The dialogs' scroll lock writes a <style> element of its own through get-nonce.
setNonce(nonce);

const theme = createTheme({
  primaryColor: 'blue',
  // Shades that keep links and buttons above 4.5:1 contrast on both colour schemes.
  primaryShade: { light: 8, dark: 4 },
  defaultRadius: 'md',
  components: {
    // A dialog's close button is an icon: screen readers need its name.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});

/** Secondary text dark (or light) enough to read: at least 4.5:1 on either scheme's background. */
const readable: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    // Red fills (destructive actions) under white text, in both schemes.
    '--mantine-color-red-filled': t.colors.red[8],
    '--mantine-color-red-filled-hover': t.colors.red[9],
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1],
    // Links and outlines keep the light shade 4; filled controls under white text take shade 8.
    '--mantine-primary-color-filled': t.colors.blue[8],
    '--mantine-primary-color-filled-hover': t.colors.blue[9],
    '--mantine-color-blue-filled': t.colors.blue[8],
    '--mantine-color-blue-filled-hover': t.colors.blue[9],
    '--mantine-color-red-filled': t.colors.red[8],
    '--mantine-color-red-filled-hover': t.colors.red[9],
  },
});

const queries = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; anything else gets one more try.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
      refetchOnWindowFocus: false,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={readable}
      getStyleNonce={() => nonce}
    >
      <QueryClientProvider client={queries}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
