import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session.ts';

/** Anonymous visitors see the tutorial and login only (spec document 1, section 6). */
export function RequireAuth() {
  const { loggedIn } = useSession();
  const location = useLocation();
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
