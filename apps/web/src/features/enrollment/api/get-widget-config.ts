import { ENROLL_DEFAULT_BRANDING, widgetConfigSchema, type WidgetConfig } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const widgetConfigKeys = { all: ['widget-config'] as const };

/** A slow server must not keep parents from the form: after this the default branding is used. */
const CONFIG_TIMEOUT_MS = 4000;

export const DEFAULT_WIDGET_CONFIG: WidgetConfig = { ...ENROLL_DEFAULT_BRANDING, analytics: null };

/** GET /widget/config: the school's public branding (no token). */
export async function getWidgetConfig({ signal }: { signal?: AbortSignal } = {}): Promise<WidgetConfig> {
  const timeout = AbortSignal.timeout(CONFIG_TIMEOUT_MS);
  const config = await api.get<unknown>('/widget/config', {
    anonymous: true,
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  return widgetConfigSchema.parse(config);
}

/** The branding to draw with: the school's, or silently the defaults when it cannot be had (spec 8). */
export function useWidgetConfig(): { config: WidgetConfig; isPending: boolean } {
  const query = useQuery({
    queryKey: widgetConfigKeys.all,
    queryFn: getWidgetConfig,
    retry: false,
    staleTime: 60_000,
  });
  return { config: query.data ?? DEFAULT_WIDGET_CONFIG, isPending: query.isPending };
}
