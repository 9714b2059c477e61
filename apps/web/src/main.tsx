import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, preload } from './app/router.tsx';
import { registerOfflineSupport } from './lib/offline-support.ts';
import './styles.css';

// Zod's fast path compiles parsers with `new Function`, which our CSP (script-src 'self') forbids; even its probe
// is reported as a CSP violation. Zod reads this object when it loads, with the first page that validates.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };
preload(window.location.pathname);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
registerOfflineSupport();
