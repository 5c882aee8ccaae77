// Every module's tables, gathered for Drizzle and drizzle-kit. Modules own their tables.
export * from './stat-counters';
export * from '../modules/auth/auth.tables';
export * from '../modules/audit/audit.tables';
export * from '../modules/leads/leads.tables';
export * from '../modules/leads/email-status.tables';
export * from '../modules/chat/chat.tables';
export * from '../modules/analytics/analytics.tables';
export * from '../modules/segments/segments.tables';
export * from '../modules/jobs/jobs.tables';
export * from '../modules/widget/widget.tables';
export * from '../modules/email/email.tables';
export * from '../modules/resources/resources.tables';
export * from '../modules/knowledge/knowledge.tables';
export * from '../modules/webhooks/webhooks.tables';
export * from '../modules/templates/templates.tables';
export * from '../modules/campaigns/campaigns.tables';
export * from '../modules/campaigns/tracking/tracking.tables';
