import { readEnrolmentForm, type RecommendedResource, type SubmitLeadInput } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../../db/errors';
import { BadInputError } from '../../http/errors';
import type { EmailService } from '../email/email.service';
import type { LeadsService } from '../leads/leads.service';
import type { ResourcesService } from '../resources/resources.service';
import type { WidgetService } from '../widget/widget.service';
import { welcomeEmail } from './welcome-email';

/** Why a honeypot submission is refused: worded for the rare person whose browser autofilled it. */
export const HONEYPOT_MESSAGE =
  'Your submission looks automated and was not accepted. Please clear any hidden fields or contact us directly.';

export function createEnrollmentService(deps: {
  leads: LeadsService;
  resources: ResourcesService;
  email: EmailService;
  widget: WidgetService;
  log: FastifyBaseLogger;
}) {
  const { leads, resources, email, widget, log } = deps;

  return {
    /**
     * A parent's enrolment: the lead created or updated (one parent, one lead), scored and tagged,
     * up to three resources for its segments with download links, and a welcome email queued.
     */
    async submit(input: SubmitLeadInput, siteUrl: string): Promise<RecommendedResource[]> {
      if (input.website?.trim()) throw new BadInputError(HONEYPOT_MESSAGE);
      const { lead: form, problem } = readEnrolmentForm(input);
      if (problem !== null) throw new BadInputError(problem);
      const upserted = await leads.upsertFromPublicForm(form);
      const segmentIds = upserted.segmentIds ?? (await leads.segmentIdsOf(upserted.leadId));
      const recommended = await resources.recommend(
        segmentIds,
        { leadId: upserted.leadId, email: form.email, visitorId: form.visitor_id },
        'enrolment',
      );
      try {
        // A family that asked not to be emailed (never-contact, unsubscribed, bounced) gets none.
        if (!(await leads.mayEmail(upserted.leadId))) return recommended;
        const { school_name } = await widget.publicConfig();
        await email.queue(
          'welcome',
          welcomeEmail({
            to: form.email,
            parentName: form.parent_name,
            schoolName: school_name,
            resources: recommended,
            siteUrl,
          }),
        );
      } catch (error) {
        // The lead is saved; a failure to queue the email must not turn the parent away.
        log.error({ err: loggableError(error), leadId: upserted.leadId }, 'welcome email not queued');
      }
      return recommended;
    },
  };
}

export type EnrollmentService = ReturnType<typeof createEnrollmentService>;
