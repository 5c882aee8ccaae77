import {
  adminCurrentSupport,
  adminSpecialNeed,
  enrollFormErrors,
  type RecommendedResource,
  type SubmitLeadInput,
} from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../../db/errors';
import { BadInputError } from '../../http/errors';
import type { EmailService } from '../email/email.service';
import type { LeadsService, PublicFormLead } from '../leads/leads.service';
import type { ResourcesService } from '../resources/resources.service';
import type { WidgetService } from '../widget/widget.service';
import { welcomeEmail } from './welcome-email';

/** Why a honeypot submission is refused: worded for the rare person whose browser autofilled it. */
export const HONEYPOT_MESSAGE =
  'Your submission looks automated and was not accepted. Please clear any hidden fields or contact us directly.';

/** The public form as the leads service takes it; the first problem in the form's words otherwise. */
export function readPublicForm(input: SubmitLeadInput): PublicFormLead {
  const { leadData, children } = input;
  const problems = enrollFormErrors({
    parentName: leadData.parentName,
    email: leadData.email,
    phone: leadData.phone,
    timeline: leadData.timeline,
    children: children.map((c) => ({ name: c.name, age: c.age, special_needs: c.special_needs })),
  });
  const first = Object.values(problems)[0];
  if (first) throw new BadInputError(first);
  const supportOf = (value: string | string[] | null | undefined) =>
    (Array.isArray(value) ? value : (value ?? '').split(/[,;]/))
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => adminCurrentSupport(s) ?? s);
  return {
    email: leadData.email.trim().toLowerCase(),
    parentName: leadData.parentName.trim(),
    phone: leadData.phone.trim(),
    phoneConsent: leadData.phoneConsent === true || leadData.phoneConsent === 'yes',
    timeline: leadData.timeline.trim(),
    biggestConcerns: leadData.biggestConcerns?.trim() || null,
    visitorId: input.visitorId?.trim() || null,
    children: children.map((c, i) => ({
      name: c.name.trim(),
      age: Number(c.age),
      special_needs: [
        ...new Set(
          c.special_needs.map((need) => {
            const known = adminSpecialNeed(need);
            if (!known)
              throw new BadInputError(`Child ${i + 1}: unknown special need "${need.slice(0, 40)}"`);
            return known;
          }),
        ),
      ],
      current_support: supportOf(c.current_support),
    })),
  };
}

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
      const form = readPublicForm(input);
      const upserted = await leads.upsertFromPublicForm(form);
      const segmentIds = upserted.segmentIds ?? (await leads.segmentIdsOf(upserted.leadId));
      const recommended = await resources.recommend(
        segmentIds,
        { leadId: upserted.leadId, email: form.email, visitorId: form.visitorId },
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
            parentName: form.parentName,
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
