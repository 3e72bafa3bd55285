import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/app.js';
import './app/styles.css';
import { applyStoredTheme } from './shared/theme/theme.js';
import { queryClient } from './shared/api/use-resource.js';

applyStoredTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
