import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { Shell } from './shell/Shell';
import { RequireSession } from './shell/RequireSession';

/** Each page is its own chunk, loaded when first opened: the first load stays small. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  // Pages for people who are not signed in.
  { path: '/setup', lazy: page(() => import('./pages/auth/Setup')) },
  { path: '/sign-in', lazy: page(() => import('./pages/auth/SignIn')) },
  { path: '/sign-up', lazy: page(() => import('./pages/auth/SignUp')) },
  { path: '/forgot-password', lazy: page(() => import('./pages/auth/ForgotPassword')) },
  { path: '/reset-password', lazy: page(() => import('./pages/auth/ResetPassword')) },
  { path: '/verify-email', lazy: page(() => import('./pages/auth/VerifyEmail')) },
  {
    Component: RequireSession,
    children: [
      {
        Component: Shell,
        children: [
          { index: true, lazy: page(() => import('./pages/connect/Connect')) },
          { path: 'connect', lazy: page(() => import('./pages/connect/Connect')) },
          { path: 'catalogue', lazy: page(() => import('./pages/catalogue/Catalogue')) },
          { path: 'catalogue/registry', lazy: page(() => import('./pages/catalogue/Registry')) },
          { path: 'catalogue/:serverId', lazy: page(() => import('./pages/catalogue/Server')) },
          {
            path: 'installations',
            lazy: page(() => import('./pages/installations/Installations')),
          },
          {
            path: 'installations/:installationId',
            lazy: page(() => import('./pages/installations/Installation')),
          },
          { path: 'satellites', lazy: page(() => import('./pages/satellites/Satellites')) },
          {
            path: 'satellites/:satelliteId',
            lazy: page(() => import('./pages/satellites/Satellite')),
          },
          { path: 'activity', lazy: page(() => import('./pages/activity/Activity')) },
          { path: 'audit', lazy: page(() => import('./pages/audit/Audit')) },
          { path: 'settings', lazy: page(() => import('./pages/settings/Settings')) },
          { path: 'teams', lazy: page(() => import('./pages/teams/Teams')) },
          { path: 'teams/:teamId', lazy: page(() => import('./pages/teams/Team')) },
          { path: 'account', lazy: page(() => import('./pages/account/Account')) },
          { path: '*', lazy: page(() => import('./pages/NotFound')) },
        ],
      },
    ],
  },
]);
