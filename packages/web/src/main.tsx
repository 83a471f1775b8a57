import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appReady } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first paint waits for the language's strings, so no English flashes before French. The
// first render is a transition: React renders it in slices that leave the browser free between
// them, instead of one long task (Lighthouse's total blocking time, bench/README.md "The web
// app in Chromium"); what it shows is the same.
void appReady.then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
