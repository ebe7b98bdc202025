import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installIdentity } from './features/identity/install';
import { initI18n } from './shared/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Sign-in state is restored (stored token, SessionId cookie, else a guest token) while the page renders.
void installIdentity();

// The interface renders only once translations are ready (practice-portal.md §2.15: "app initialised").
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
