import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';
import { useSessionStart } from './use-session-start';
import { usePlaidRedirect } from './use-plaid-redirect';

export function App() {
  const [router] = useState(createAppRouter);
  useSessionStart();
  usePlaidRedirect();
  return <RouterProvider router={router} />;
}
