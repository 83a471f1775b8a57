import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appReady } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first paint waits for the language's strings, so no English flashes before French.
void appReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
