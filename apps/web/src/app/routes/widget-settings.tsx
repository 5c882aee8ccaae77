import {
  Bot,
  Brush,
  Database,
  Palette,
  School,
  ShieldCheck,
  SlidersHorizontal,
  type LucideIcon,
} from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { NotBuiltYet } from '@/components/ui/not-built-yet';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { TwoFactorPanel } from '@/features/auth/components/two-factor/two-factor-panel';

type WidgetTab = { value: string; label: string; icon: LucideIcon };

// Spec 2.4's tabs, in order. The ?tab= value makes each one linkable (the account menu opens "security").
const tabs: WidgetTab[] = [
  { value: 'branding', label: 'School Branding', icon: School },
  { value: 'personality', label: 'Chatbot Personality', icon: Bot },
  { value: 'visual', label: 'Visual Design', icon: Brush },
  { value: 'behavior', label: 'Behavior', icon: SlidersHorizontal },
  { value: 'themes', label: 'Themes', icon: Palette },
  { value: 'security', label: 'Account Security', icon: ShieldCheck },
];
const defaultTab = 'branding';

function AccountSecurity() {
  return (
    <div className="space-y-6">
      <TwoFactorPanel />
      <ChangePasswordCard />
      <Card aria-labelledby="production-data-title">
        <CardHeader
          icon={<Database className="size-5" aria-hidden="true" />}
          title={<span id="production-data-title">Production Data Management</span>}
          description="Clearing analytics data (visitors, conversations, downloads) before going live."
        />
        <CardContent>
          <p className="text-sm text-slate-600">This area is not built yet.</p>
        </CardContent>
      </Card>
    </div>
  );
}

export default function WidgetSettingsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeTab = tabs.find((tab) => tab.value === requested)?.value ?? defaultTab;

  function selectTab(value: string) {
    // Replace, not push: switching tabs should not fill the Back button's history.
    setSearchParams(value === defaultTab ? {} : { tab: value }, { replace: true });
  }

  return (
    <>
      <title>Widget Settings · Lantern Admin</title>
      <PageHeader title="Widget Settings" description="Customize chat widget" />
      <Tabs value={activeTab} onValueChange={selectTab}>
        <TabsList aria-label="Widget settings sections">
          {tabs.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, label }) => (
          <TabsContent key={value} value={value}>
            {value === 'security' ? (
              <AccountSecurity />
            ) : (
              <NotBuiltYet>{`${label} settings will appear here once they are ready.`}</NotBuiltYet>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
