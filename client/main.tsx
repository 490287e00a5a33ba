import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { followTheme } from './session/preferences.ts';
import { restoreSession } from './session/session.ts';
import './styles.css';
import './ui/targets.css';

restoreSession(Date.now());
followTheme();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
