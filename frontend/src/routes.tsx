import { sectionPages } from '@guildhall/generated/section-pages';
import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useCallback, useEffect } from 'react';
import { Navigate, Outlet, type RouteObject, useNavigate } from 'react-router-dom';
import { AuthProvider, useAuth } from './auth/AuthProvider';
import { takeRedirect } from './auth/redirect-memory';
import { RequireAuth } from './auth/RequireAuth';
import { Spinner } from './components/Spinner';
import { PublicLayout } from './layouts/PublicLayout';
import { loadSectionModule } from './form/section-module';
import { MANAGE_PAGES, type ManagePage, sectionPageModule } from './manage-paths';
import { PUBLIC_PAGE_MODULES, PUBLIC_PATHS, type PublicPath } from './public-paths';

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
const ManageLayout = lazy(() => import('./layouts/ManageLayout').then((m) => ({ default: m.ManageLayout })));

/** After sign-in, the path remembered by the login guard is used once. */
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

// One lazy import per file, exactly what `() => import('./pages/manage/Dashboard')` would be: one chunk per page.
// SectionHeader is the pages' header, not a page: no lazy import makes it a chunk of its own.
const managePageLoaders = import.meta.glob<{ default: ComponentType<any> }>(['./pages/manage/*.tsx', '!./pages/manage/SectionHeader.tsx']);
function managePageLoader(module: string) {
  const load = managePageLoaders[`./${module}.tsx`];
  if (!load) throw new Error(`manage-paths.ts names the page ${module}, and src/${module}.tsx is not one`);
  return load;
}

/**
 * Every section of schemas/sections.json at its path: its own page if manage-paths.ts names one, else the generic one
 * (its title, description and generated form). The section's generated module (schema, validator...) is fetched beside
 * the page's chunk, not after it; the page shows its header meanwhile, and its form once the module is there.
 */
const SECTION_PAGES: RouteObject[] = Object.values(sectionPages).map(({ name, path }) => {
  const load = managePageLoader(sectionPageModule(name));
  return {
    path,
    element: page(
      () => {
        loadSectionModule(name).catch(() => {}); // a failure shows where the page asks for the module
        return load();
      },
      { section: name },
    ),
  };
});

/** The other manage screens by path (manage-paths.ts). */
const OTHER_MANAGE_PAGES: RouteObject[] = Object.entries<ManagePage>(MANAGE_PAGES).map(([path, entry]) => ({
  path,
  element: page(managePageLoader(entry.module), entry.props ?? {}),
}));

/** Public pages by path: the table is public-paths.ts. */
// One lazy import per file, exactly what `() => import('./pages/public/Home')` would be: one chunk per page.
const pageLoaders = import.meta.glob<{ default: ComponentType<any> }>(['./pages/public/*.tsx', './pages/Login.tsx', './pages/Logout.tsx']);
function publicRoute(path: PublicPath): RouteObject {
  const module = PUBLIC_PAGE_MODULES[path];
  const load = pageLoaders[`./${module}.tsx`];
  if (!load) throw new Error(`public-paths.ts gives ${path} the page ${module}, and src/${module}.tsx is not one`);
  return path === '/' ? { index: true, element: page(load) } : { path, element: page(load) };
}
// The plan page has no common layout.
const WITHOUT_LAYOUT: PublicPath[] = ['plans/:planType'];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      ...WITHOUT_LAYOUT.map(publicRoute),
      {
        element: <PublicLayout />,
        children: [
          ...PUBLIC_PATHS.filter((path) => !WITHOUT_LAYOUT.includes(path)).map(publicRoute),
          // The spec's footer spells the refund link with a trailing space; such a link still arrives (as /refund%20,
          // which the router decodes before matching).
          { path: 'refund ', element: <Navigate to="/refund" replace /> },
          { path: 'selector', element: protectedPage(page(() => import('./pages/Selector'))) },
          // Named by the payment result pages, though not in the spec's route table: the dashboard is the server
          // picker, and support is the contact page.
          { path: 'dashboard', element: protectedPage(<Navigate to="/selector" replace />) },
          { path: 'support', element: <Navigate to="/contact" replace /> },
          // What the bot posted in the Discord sandbox; the page says so when the sandbox is off. (/sandbox itself is
          // the backend's mount of the sandbox, never served as the app.)
          { path: 'sandbox-viewer', element: page(() => import('./pages/sandbox/SandboxViewer')) },
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
              { index: true, element: <Navigate to={sectionPages.basic.path} replace /> },
              ...SECTION_PAGES,
              ...OTHER_MANAGE_PAGES,
              { path: '*', element: page(() => import('./pages/NotFound')) },
            ],
          },
          { path: '*', element: page(() => import('./pages/NotFound')) },
        ],
      },
    ],
  },
];
