import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { watchUncaughtErrors } from './lib/error-report';

// Before anything runs: an error no boundary catches, or a promise nobody awaited, reaches the main log too.
watchUncaughtErrors();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>
);
