import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Logo } from '@/components/ui/logo';
import { SideNav } from './side-nav';

/** Below the desktop breakpoint the side navigation becomes a drawer behind a menu button. */
export function MobileNav() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger
        aria-label="Open navigation"
        className="-ml-2 flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <Menu className="size-5" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none lg:hidden"
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title asChild>
              <div>
                <Logo />
                <span className="sr-only">Navigation</span>
              </div>
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close navigation"
              className="flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <SideNav onNavigate={() => setIsOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
