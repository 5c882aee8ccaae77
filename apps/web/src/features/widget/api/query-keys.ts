/** Query keys of the widget settings feature. */
export const widgetKeys = {
  all: ['widget'] as const,
  settings: ['widget', 'settings'] as const,
  themes: ['widget', 'themes'] as const,
  history: ['widget', 'history'] as const,
  clearAnalyticsPreview: ['widget', 'clear-analytics-preview'] as const,
};
