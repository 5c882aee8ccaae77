// What other modules may use of leads besides its service (leads.service.ts): the read interface
// their SQL reads leads through (lead-columns.ts), and the change announcements the app wires to
// listeners (lead-changes.ts).
export { leadColumns, leadConditions, leadRuleColumns, leadsTable } from './lead-columns';
export type { CreatedLead, LeadsChangedListener, LeadsCreatedListener } from './lead-changes';
// Clearing analytics with "Also delete leads": handed to the widget module by the app.
export { countAllLeads, deleteAllLeads } from './lead-clearing';
