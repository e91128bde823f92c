import { Navigate, Outlet, useLocation } from 'react-router';
import { SessionProvider, useMe } from '../session';
import { ErrorNotice, Loading } from '../ui/feedback';

/** The signed-in part of the console: without a session, the sign-in page (and back after). */
export function RequireSession() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <Loading what="your account" />;
  if (me.error) return <ErrorNotice error={me.error} title="The service did not answer" />;
  if (!me.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <SessionProvider me={me.data}>
      <Outlet />
    </SessionProvider>
  );
}
