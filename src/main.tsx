import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { appStore } from '@/lib/store';
import { App } from '@/app/app';
import { startServiceWorker } from '@/app/startup';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={appStore}>
      <App />
    </Provider>
  </StrictMode>,
);

startServiceWorker();
