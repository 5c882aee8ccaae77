import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { TwoFactorPanel } from '@/features/auth/components/two-factor/two-factor-panel';
import { ClearAnalyticsPanel } from '@/features/widget/components/clear-analytics-panel';
import { WidgetSettingsPage } from '@/features/widget/components/widget-settings-page';

/** /widget: the widget's settings with its live preview, and the Account Security tab (2.4, 2.5). */
export default function WidgetSettingsRoute() {
  return (
    <WidgetSettingsPage
      security={
        <div className="space-y-6">
          <TwoFactorPanel />
          <ChangePasswordCard />
          <ClearAnalyticsPanel />
        </div>
      }
    />
  );
}
