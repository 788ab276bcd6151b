import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { watchUncaughtErrors } from './lib/error-report';
import { startTheme } from './lib/theme';

// Before anything runs: an error no boundary catches, or a promise nobody awaited, reaches the main log too.
watchUncaughtErrors();
// Before the first render, so the page is never drawn in the other theme first.
startTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>
);
