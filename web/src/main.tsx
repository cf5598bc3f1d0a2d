import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { installPreloadErrorHandler } from './app/chunkReload';
import './app/global.css';

installPreloadErrorHandler();

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
