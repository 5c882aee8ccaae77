import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { Logo } from '@/components/ui/logo';
import { useLogout } from '@/features/auth/api/logout';
import { TOAST_DURATION_MS } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { NavigationProgress } from '../layout/navigation-progress';
import { ShellHeader } from '../layout/shell-header';
import { SideNav } from '../layout/side-nav';

/** The admin shell: fixed side navigation on desktop, a drawer below 1024 px, the header, and the page. */
export default function AdminLayout() {
  const session = useSession();
  const logout = useLogout();

  // The guard above renders this only with a session; the check keeps the types honest.
  if (!session) return null;

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <NavigationProgress />
      {/* Toasts belong to the shell (the login screen has none), keeping sonner out of the first bundle;
          they sit at the bottom so they never cover Sign Out or a page's header buttons. */}
      <Toaster
        position="bottom-right"
        visibleToasts={20}
        duration={TOAST_DURATION_MS.error}
        offset={{ bottom: 24, right: 24 }}
        mobileOffset={{ bottom: 16, right: 16, left: 16 }}
        richColors
        closeButton
      />
      <aside className="fixed inset-y-0 left-0 z-20 hidden w-72 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="flex h-16 items-center border-b border-slate-200 px-6">
          <Logo />
        </div>
        <SideNav />
      </aside>
      <div className="lg:pl-72">
        <ShellHeader user={session.user} onSignOut={() => logout.mutate()} isSigningOut={logout.isPending} />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
