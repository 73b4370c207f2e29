import { createRoot } from 'react-dom/client';
import { App } from './app';
import { enforceForcedPassword } from './features/session/forced-password';

if (!enforceForcedPassword(window.location)) {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
}
