import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/useSession.ts';

interface FromState {
  from?: string;
}

function Checking() {
  return (
    <Center h="100vh">
      <Loader aria-label="loading" />
    </Center>
  );
}

/** Authenticated pages: guests go to the login page, which sends them back after logging in. */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return <Checking />;
  if (status === 'guest') {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search } satisfies FromState} />;
  }
  return <Outlet />;
}

/** Guest pages: a logged-in user is sent on to where they were going, or home. */
export function GuestOnly() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return <Checking />;
  if (status === 'authenticated') {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={from && from !== '/logout' ? from : '/'} replace />;
  }
  return <Outlet />;
}
