import { Outlet, useLocation } from 'react-router-dom';
import { BackToTop } from './BackToTop';
import { Header } from './Header';
import { createContext, lazy, Suspense, useContext, useEffect, useState } from 'react';

interface SidebarToggle {
  open: boolean;
  setOpen(open: boolean): void;
}
// The footer is the public pages' (the manage pages hide it): its chunk loads with the first page that shows it.
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

const SidebarContext = createContext<SidebarToggle>({ open: false, setOpen: () => undefined });
export const useSidebarToggle = () => useContext(SidebarContext);

/** Header, page, footer; the footer is hidden on the selector and the manage pages. */
export function PublicLayout() {
  const { pathname, hash } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  // A new page starts at its top, as a full page load would (in-page #anchors keep their place).
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  const hideFooter = pathname === '/selector' || pathname.startsWith('/manage');
  return (
    <SidebarContext.Provider value={{ open: sidebarOpen, setOpen: setSidebarOpen }}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-brand focus:px-3 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <Header onToggleSidebar={() => setSidebarOpen(!sidebarOpen)} />
      <main id="main" className="min-h-[calc(100vh-4rem)]">
        <Outlet />
      </main>
      {!hideFooter && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <BackToTop />
    </SidebarContext.Provider>
  );
}
