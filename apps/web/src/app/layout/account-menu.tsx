import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { AdminUser } from '@lantern/contracts';
import { ChevronDown, LogOut, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { accountSecurityPath } from '../admin-areas';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('') || '?';
}

const itemStyles =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none ' +
  'data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

export function AccountMenu({ user, onSignOut }: { user: AdminUser; onSignOut: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.name}`}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-slate-100 data-[state=open]:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white"
        >
          {initialsOf(user.name)}
        </span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="px-2.5 py-2">
            <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={itemStyles}>
            <Link to={accountSecurityPath}>
              <ShieldCheck className="size-4 text-slate-500" aria-hidden="true" />
              Account Security
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemStyles} onSelect={onSignOut}>
            <LogOut className="size-4 text-slate-500" aria-hidden="true" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
