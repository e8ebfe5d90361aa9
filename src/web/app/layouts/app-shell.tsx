import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { PageLoadingScreen } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { BackToTop } from './back-to-top.tsx';
import { ScrollReset } from './scroll-reset.tsx';
import { BottomTabBar } from './bottom-tab-bar.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

// The menu (and the dialog code under it) downloads on the first tap, not with every page.
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu.tsx')).MobileMenu }));

/**
 * Marks the document once the page's code has taken over (hydrated, or rendered in the browser).
 * Before that a server-rendered page's buttons do nothing, so browser journeys wait for the mark.
 * It sits in the page's Suspense boundary, which hydrates as one piece after the page's chunk.
 */
function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}

export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [isMenuLoaded, setMenuLoaded] = useState(false);
  const isSignedIn = Boolean(useSession().data?.user);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {messages.nav.skipToContent}
      </a>
      <SiteHeader
        onOpenMenu={() => {
          setMenuLoaded(true);
          setMenuOpen(true);
        }}
        menuButtonRef={menuButtonRef}
      />
      {isMenuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} returnFocusRef={menuButtonRef} />
        </Suspense>
      ) : null}
      {/* At least a screen tall: the footer stays below the first screen whatever the page's height
          while it loads, so it never jumps into view and out again (CLS on a phone). */}
      <main id="main" className="min-h-dvh flex-1">
        {/* A page's code downloads on its first visit (the whole first page, on opening the site). */}
        <Suspense fallback={<PageLoadingScreen />}>
          <Outlet />
          <InteractiveMark />
        </Suspense>
      </main>
      <SiteFooter />
      <BottomTabBar isSignedIn={isSignedIn} />
      <BackToTop />
      <ScrollReset />
    </div>
  );
}
