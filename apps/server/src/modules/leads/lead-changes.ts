import type { RuleLead } from '@lantern/contracts';
import type { DbOrTx } from './leads.repository';

/*
 * How the leads module tells the rest of the app that leads changed, without knowing who listens:
 * the app wires the listeners (segments re-tags the leads). They are called inside the transaction
 * that changed the leads, with its handle, so what follows from a lead's facts (its automatic
 * segments) commits or rolls back with them; on PGlite, which has one connection, a query outside
 * that transaction would wait for it.
 */

/** Leads already in the table were created or edited (their facts are in their rows). */
export type LeadsChangedListener = (leadIds: string[], tx: DbOrTx) => Promise<void>;

/** A brand-new lead with its facts as segment rules read them, so nothing needs reading back. */
export type CreatedLead = { id: string; lead: RuleLead };

/**
 * Brand-new leads were inserted (the enrolment form, the chat, an import batch); `now` is their
 * creation time. Answers the segments they joined, highest priority first.
 */
export type LeadsCreatedListener = (created: CreatedLead[], tx: DbOrTx, now: Date) => Promise<string[]>;
