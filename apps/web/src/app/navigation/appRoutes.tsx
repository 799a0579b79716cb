import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from '#src/components/RouteError.tsx';
import { ForgotPasswordPage } from '#src/features/auth/ForgotPasswordPage.tsx';
import { LoginPage } from '#src/features/auth/LoginPage.tsx';
import { LogoutPage } from '#src/features/auth/LogoutPage.tsx';
import { ResetPasswordPage } from '#src/features/auth/ResetPasswordPage.tsx';
import { DriverApp } from '#src/features/driver/DriverApp.tsx';
import { AppLayout } from '../layout/AppLayout.tsx';
import { HomeRoute } from './HomeRoute.tsx';
import { ScreenGuard } from './ScreenGuard.tsx';
import { ScreenPage } from './ScreenPage.tsx';
import { GuestOnly, RequireAuth } from './SessionGates.tsx';
import { SCREENS, type ScreenDef } from './screens.ts';

function screenRoutes(def: ScreenDef): RouteObject[] {
  if (def.path === '/') {
    return [
      {
        index: true,
        element: (
          <HomeRoute>
            <ScreenPage def={def} />
          </HomeRoute>
        ),
      },
    ];
  }
  const path = def.path.slice(1);
  return [
    {
      path,
      element: (
        <ScreenGuard def={def}>
          <ScreenPage def={def} />
        </ScreenGuard>
      ),
    },
    ...(def.subRoutes ?? []).map((sub) => ({
      path: `${path}/${sub.path}`,
      element: (
        <ScreenGuard def={def} sub={sub}>
          <ScreenPage def={def} sub={sub} />
        </ScreenGuard>
      ),
    })),
    // An unknown sub-path of a list redirects to the list (spec section 2).
    { path: `${path}/*`, element: <Navigate to={def.path} replace /> },
  ];
}

/** Every route of spec section 2, relative to the /admin base path. */
export function appRoutes(): RouteObject[] {
  return [{ errorElement: <RouteError />, children: routeTree() }];
}

function routeTree(): RouteObject[] {
  return [
    // the driver app: its own sign-in and page, outside the console (docs/live.md)
    { path: 'driver', element: <DriverApp /> },
    {
      element: <GuestOnly />,
      children: [
        { path: 'login', element: <LoginPage /> },
        { path: 'forgot_password', element: <ForgotPasswordPage /> },
        { path: 'resetpw', element: <ResetPasswordPage /> },
      ],
    },
    {
      element: <RequireAuth />,
      children: [
        { path: 'logout', element: <LogoutPage /> },
        {
          element: <AppLayout />,
          children: [
            ...Object.values(SCREENS).flatMap(screenRoutes),
            { path: 'create-job', element: <Navigate to="/jobs/create" replace /> },
            { path: 'quick-job', element: <Navigate to="/jobs/quick" replace /> },
          ],
        },
      ],
    },
    // The catch-all login page for guests; logged-in users go home.
    { element: <GuestOnly />, children: [{ path: '*', element: <LoginPage /> }] },
  ];
}
