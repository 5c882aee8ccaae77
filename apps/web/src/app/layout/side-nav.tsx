import { ExternalLink } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { adminAreas, navigationOrder, widgetDemoPath } from '../admin-areas';

/** The nine areas with their descriptions; NavLink marks the current one with aria-current="page". */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex flex-1 flex-col gap-6 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {navigationOrder.map((key) => {
          const { label, path, description, icon: Icon } = adminAreas[key];
          return (
            <li key={key}>
              <NavLink
                to={path}
                end={path === '/'}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'group flex gap-3 rounded-lg px-3 py-2.5 transition-colors',
                    isActive ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon
                      className={cn(
                        'mt-0.5 size-5 shrink-0',
                        isActive ? 'text-indigo-600' : 'text-slate-500 group-hover:text-slate-700',
                      )}
                      aria-hidden="true"
                    />
                    <span className="min-w-0">
                      <span className="block text-sm font-medium">{label}</span>
                      <span className={cn('block text-xs', isActive ? 'text-indigo-700' : 'text-slate-600')}>
                        {description}
                      </span>
                    </span>
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
      <div className="mt-auto border-t border-slate-200 pt-4">
        <a
          href={widgetDemoPath}
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          <ExternalLink className="size-5 text-slate-500" aria-hidden="true" />
          Widget Demo
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </nav>
  );
}
