import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useCallback, useEffect } from 'react';
import { Navigate, Outlet, type RouteObject, useNavigate } from 'react-router-dom';
import { AuthProvider, useAuth } from './auth/AuthProvider';
import { takeRedirect } from './auth/redirect-memory';
import { RequireAuth } from './auth/RequireAuth';
import { Spinner } from './components/Spinner';
import { PublicLayout } from './layouts/PublicLayout';

// Every page is its own chunk: public pages never load the form engine (RJSF, Ajv), which only
// manage pages import.
function page(load: () => Promise<{ default: ComponentType<any> }>, props: Record<string, unknown> = {}) {
  const Page: LazyExoticComponent<ComponentType<any>> = lazy(load);
  return (
    <Suspense fallback={<Spinner />}>
      <Page {...props} />
    </Suspense>
  );
}
const comingSoon = (title: string) => page(() => import('./pages/ComingSoon'), { title });
const ManageLayout = lazy(() => import('./layouts/ManageLayout').then((m) => ({ default: m.ManageLayout })));

/** After sign-in, the path remembered by the login guard is used once (spec 1:2.3). */
function Root() {
  const navigate = useNavigate();
  const onLoggedOut = useCallback(() => navigate('/login', { replace: true }), [navigate]);
  return (
    <AuthProvider onLoggedOut={onLoggedOut}>
      <RedirectAfterLogin />
      <Outlet />
    </AuthProvider>
  );
}

function RedirectAfterLogin() {
  const { status } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (status !== 'authenticated') return;
    const path = takeRedirect();
    if (path) navigate(path, { replace: true });
  }, [status, navigate]);
  return null;
}

const protectedPage = (element: React.ReactNode) => <RequireAuth>{element}</RequireAuth>;

/** Manage screens by path; each later release replaces its "Coming Soon". */
const MANAGE_PAGES: RouteObject[] = [
  { path: 'dashboard', element: comingSoon('Dashboard') },
  { path: 'basic', element: page(() => import('./pages/manage/BasicSettings')) },
  { path: 'reactionroles', element: comingSoon('Reaction Roles') },
  { path: 'welcome', element: comingSoon('Welcome Configuration') },
  { path: 'personalizer', element: comingSoon('Bot Personalizer') },
  { path: 'moderation', element: comingSoon('Moderation') },
  { path: 'antinuke', element: comingSoon('Antinuke Configuration') },
  { path: 'tickets', element: comingSoon('Ticket Management') },
  { path: 'tickets/general', element: comingSoon('Ticket settings') },
  { path: 'tickets/category', element: comingSoon('Ticket categories') },
  { path: 'tickets/panel', element: comingSoon('Ticket panels') },
  { path: 'tickets/limits', element: comingSoon('Ticket limits') },
  { path: 'tickets/transcript', element: comingSoon('Ticket transcripts') },
  { path: 'progression', element: comingSoon('Levels') },
  { path: 'joindms', element: comingSoon('Join DMs') },
  { path: 'embeds', element: comingSoon('Embeds Configuration') },
];

/** Public pages by path (spec 1:2.1 and part 2). */
const PUBLIC_PAGES: RouteObject[] = [
  { index: true, element: comingSoon('Home') },
  { path: 'login', element: page(() => import('./pages/Login')) },
  { path: 'dev', element: comingSoon('Developer') },
  { path: 'premium', element: comingSoon('Premium') },
  { path: 'premium/:planType/:period/process', element: comingSoon('Order summary') },
  { path: 'premium/payment/success', element: comingSoon('Payment Successful') },
  { path: 'premium/payment/failed', element: comingSoon('Payment Failed') },
  { path: 'premium/payment/pending', element: comingSoon('Payment Processing') },
  { path: 'features', element: comingSoon('Features') },
  { path: 'docs', element: comingSoon('Documentation') },
  { path: 'terms', element: comingSoon('Terms of Service') },
  { path: 'privacy', element: comingSoon('Privacy Policy') },
  { path: 'cookies', element: comingSoon('Cookie Policy') },
  { path: 'cookie-policy', element: comingSoon('Cookie Policy') },
  { path: 'contact', element: comingSoon('Contact') },
  { path: 'faq', element: comingSoon('FAQ') },
  { path: 'pricing', element: comingSoon('Pricing') },
  { path: 'shipping', element: comingSoon('Shipping Policy') },
  { path: 'refund', element: comingSoon('Refund Policy') },
  // The spec's footer spells the refund link with a trailing space; such a link still arrives.
  { path: 'refund%20', element: <Navigate to="/refund" replace /> },
  { path: 'invite', element: comingSoon('Invite') },
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      // The plan page has no common layout (spec 1:2.1).
      { path: 'plans/:planType', element: comingSoon('Plan') },
      {
        element: <PublicLayout />,
        children: [
          ...PUBLIC_PAGES,
          { path: 'selector', element: protectedPage(page(() => import('./pages/Selector'))) },
          {
            path: 'manage',
            element: protectedPage(
              <Suspense fallback={<Spinner label="Loading server information..." />}>
                <ManageLayout />
              </Suspense>,
            ),
          },
          {
            path: 'manage/:guildId',
            element: protectedPage(
              <Suspense fallback={<Spinner label="Loading server information..." />}>
                <ManageLayout />
              </Suspense>,
            ),
            children: [
              { index: true, element: <Navigate to="basic" replace /> },
              ...MANAGE_PAGES,
              { path: '*', element: page(() => import('./pages/NotFound')) },
            ],
          },
          { path: '*', element: page(() => import('./pages/NotFound')) },
        ],
      },
    ],
  },
];
