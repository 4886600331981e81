// Route guards: sign-in for protected routes and the XP gates of the locked games.
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { tokenAtom, xpAtom } from '@/lib/atoms';

export function RequireAuth() {
  const token = useAtomValue(tokenAtom);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Sends a signed-in user without `minXp` XP to the game catalogue. */
export function RequireXp({ minXp, children }: { minXp: number; children: ReactNode }) {
  const xp = useAtomValue(xpAtom);
  if (xp < minXp) return <Navigate to="/games" replace />;
  return <>{children}</>;
}
