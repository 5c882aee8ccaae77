import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { EmailService } from '../email/email.service';
import type { LeadsService } from '../leads/leads.service';
import type { ResourcesService } from '../resources/resources.service';
import type { WidgetService } from '../widget/widget.service';
import { enrollmentRoutes } from './enrollment.routes';
import { createEnrollmentService } from './enrollment.service';

/** The public enrolment form's submission and its welcome email. */
export async function registerEnrollmentModule(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    leads: LeadsService;
    resources: ResourcesService;
    email: EmailService;
    widget: WidgetService;
  },
) {
  const { config, leads, resources, email, widget } = deps;
  await app.register(enrollmentRoutes, {
    enrollment: createEnrollmentService({ leads, resources, email, widget, log: app.log }),
    submissionsPerMinute: config.enroll.submissionsPerMinute,
    publicUrl: config.publicUrl,
  });
}
