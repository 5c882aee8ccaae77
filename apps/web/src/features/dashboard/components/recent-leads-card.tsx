import type { Dashboard } from '@lantern/contracts';
import { ChevronRight, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardHeader } from '@/components/ui/card';
import { ScoreBadge } from '@/components/ui/score-badge';
import { Skeleton } from '@/components/ui/skeleton';

type RecentLead = Dashboard['recentLeads'][number];

// The skeleton leaves out the link: nothing inside an aria-hidden block may take focus.
const header = (hasLink: boolean) => (
  <CardHeader
    icon={<Clock className="size-5" aria-hidden="true" />}
    title={<span id="recent-leads-title">Recent Leads</span>}
    description="The newest families to get in touch"
    actions={
      hasLink ? (
        <Link
          to="/leads"
          className="text-sm font-medium text-indigo-700 hover:text-indigo-800 hover:underline"
        >
          View all
        </Link>
      ) : undefined
    }
  />
);

export function RecentLeadsCard({ leads }: { leads: RecentLead[] }) {
  return (
    <Card aria-labelledby="recent-leads-title">
      {header(true)}
      {leads.length === 0 ? (
        <p className="px-6 py-10 text-center text-sm text-slate-600">No leads yet</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <li key={lead.id}>
              <Link
                to={`/leads?lead=${encodeURIComponent(lead.id)}`}
                className="group flex items-center gap-4 px-6 py-3.5 hover:bg-slate-50 focus-visible:outline-offset-[-2px]"
                title={`Open the profile of ${lead.parent_name}`}
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {lead.child_name || 'Unknown'}
                  </p>
                  <p className="truncate text-sm text-slate-600">{lead.email}</p>
                </div>
                <ScoreBadge score={lead.lead_score} />
                <ChevronRight
                  className="size-4 shrink-0 text-slate-400 group-hover:text-slate-600"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function RecentLeadsSkeleton() {
  return (
    <Card aria-hidden="true">
      {header(false)}
      <ul className="divide-y divide-slate-100">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="flex items-center gap-4 px-6 py-3.5">
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-36" />
              <Skeleton className="h-4 w-56" />
            </div>
            <Skeleton className="h-5 w-10 rounded-full" />
          </li>
        ))}
      </ul>
    </Card>
  );
}
