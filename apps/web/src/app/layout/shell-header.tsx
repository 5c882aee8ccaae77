import type { AdminUser } from '@lantern/contracts';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/logo';
import { AccountMenu } from './account-menu';
import { MobileNav } from './mobile-nav';

type ShellHeaderProps = { user: AdminUser; onSignOut: () => void; isSigningOut: boolean };

export function ShellHeader({ user, onSignOut, isSigningOut }: ShellHeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6 lg:px-8">
      <MobileNav />
      <LogoMark className="size-8 lg:hidden" />
      <p className="min-w-0 flex-1 truncate text-sm text-slate-600">
        Welcome, <span className="font-semibold text-slate-900">{user.name}</span>
      </p>
      <AccountMenu user={user} onSignOut={onSignOut} />
      <Button variant="secondary" size="sm" onClick={onSignOut} isLoading={isSigningOut}>
        {!isSigningOut && <LogOut className="size-4" aria-hidden="true" />}
        Sign Out
      </Button>
    </header>
  );
}
