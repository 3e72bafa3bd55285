import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
// tokens, base and shared components first: every feature's stylesheet comes after them
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import './shared/styles/components.css';
import { App } from './app/app.js';
import { applyStoredTheme } from './shared/theme/theme.js';
import { queryClient } from './shared/api/use-resource.js';

applyStoredTheme();
// the card stack opened at /pocket itself (its service worker answers there offline) shows the card stack
if (location.pathname.startsWith('/pocket') && !location.hash) history.replaceState(null, '', '/pocket/#/pocket');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
