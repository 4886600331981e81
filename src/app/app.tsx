import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Notifier } from '@/components/notifier';
import { createAppRouter } from './router';
import { useSessionStart } from './use-session-start';
import { usePlaidRedirect } from './use-plaid-redirect';

export function App() {
  const [router] = useState(createAppRouter);
  useSessionStart();
  usePlaidRedirect();
  // The notifier subscribes in a child effect, so it is listening before the session start-up
  // (this component's effects) can announce an achievement.
  return (
    <>
      <RouterProvider router={router} />
      <Notifier />
    </>
  );
}
