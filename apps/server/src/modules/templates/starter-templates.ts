import type { TemplateCategory, TemplatePersonalizationLevel, TemplateVariable } from '@lantern/contracts';

// The five starter templates POST /api/templates/create-defaults adds, one per category: written
// for parents of children with special needs in a warm, plain voice; one column that reads on a
// 320 px phone; real text (no image-only content), AA contrast, an unsubscribe link in each.
// Their plain text is derived from the HTML when sent (content_text_template is null).

export type StarterTemplate = {
  default_key: string;
  name: string;
  description: string;
  category: TemplateCategory;
  subject_template: string;
  content_html_template: string;
  content_text_template: null;
  variables_schema: TemplateVariable[];
  segment_tags: string[];
  personalization_level: TemplatePersonalizationLevel;
};

const variable = (
  key: string,
  label: string,
  extra: Partial<Omit<TemplateVariable, 'key' | 'label'>> = {},
): TemplateVariable => ({
  key,
  label,
  type: 'text',
  required: false,
  default_value: null,
  description: null,
  ...extra,
});

const FIRST_NAME = variable('first_name', "Parent's first name", {
  default_value: 'there',
  description: 'Used in the greeting: "Hello Sarah,"',
});
const CHILD_NAME = variable('child_name', "Child's name", { default_value: 'your child' });
const SCHOOL_NAME = variable('school_name', 'School name', { default_value: 'our school' });

// Colours: text #1f2937 on white (14.7:1), muted #4b5563 on #f3f4f6 (6.9:1), links and buttons
// #1d4ed8 (6.7:1 with white), header white on #1e3a8a (10.4:1): all above WCAG AA.
const STYLE = `
    body { margin: 0; padding: 0; background: #f3f4f6; -webkit-text-size-adjust: 100%; }
    .wrapper { width: 100%; background: #f3f4f6; }
    .card { width: 100%; max-width: 600px; background: #ffffff; }
    .header { background: #1e3a8a; color: #ffffff; padding: 20px 28px; font-family: Arial, Helvetica, sans-serif; font-size: 18px; font-weight: bold; }
    .content { padding: 28px; font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.6; color: #1f2937; word-break: break-word; }
    h1 { margin: 0 0 16px; font-size: 24px; line-height: 1.3; color: #111827; }
    h2 { margin: 24px 0 8px; font-size: 19px; line-height: 1.3; color: #111827; }
    p { margin: 0 0 16px; }
    ul, ol { margin: 0 0 16px; padding-left: 22px; }
    li { margin: 0 0 8px; }
    a { color: #1d4ed8; }
    .button { display: inline-block; background: #1d4ed8; color: #ffffff; text-decoration: none; font-weight: bold; padding: 12px 24px; border-radius: 6px; }
    .note { background: #eff6ff; border-left: 4px solid #1d4ed8; padding: 12px 16px; margin: 0 0 16px; }
    .footer { padding: 20px 28px; font-family: Arial, Helvetica, sans-serif; font-size: 13px; line-height: 1.5; color: #4b5563; }
    .footer a { color: #1d4ed8; }
    @media (max-width: 480px) {
      .header { padding: 16px !important; }
      .content { padding: 20px 16px !important; font-size: 16px !important; }
      .footer { padding: 16px !important; }
      h1 { font-size: 21px !important; }
      .button { display: block !important; text-align: center !important; }
    }`;

/** One column, a header with the school's name, the body, and a footer with the unsubscribe link. */
function layout(title: string, body: string, footer: string): string {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${title}</title>
    <style>${STYLE}
    </style>
  </head>
  <body>
    <table role="presentation" class="wrapper" width="100%" cellpadding="0" cellspacing="0" border="0">
      <tr>
        <td align="center">
          <table role="presentation" class="card" width="100%" cellpadding="0" cellspacing="0" border="0">
            <tr><td class="header">{{school_name}}</td></tr>
            <tr>
              <td class="content">
${body}
              </td>
            </tr>
            <tr>
              <td class="footer">
${footer}
              </td>
            </tr>
          </table>
        </td>
      </tr>
    </table>
  </body>
</html>
`;
}

const footer = (why: string, forward = false) =>
  `                <p>${why}</p>
                <p>${forward ? 'Know a family who might find this useful? <a href="{{forward}}">Forward this email</a>. ' : ''}Would you rather not hear from us? <a href="{{unsubscribe}}">Unsubscribe</a> at any time, and we will stop straight away.</p>`;

const newsletter: StarterTemplate = {
  default_key: 'newsletter',
  name: 'Family newsletter',
  description:
    'A monthly round-up for families: school news, one practical tip for home and a link to read more.',
  category: 'newsletter',
  subject_template: 'This month at {{school_name}}',
  personalization_level: 'light',
  segment_tags: [],
  variables_schema: [
    FIRST_NAME,
    SCHOOL_NAME,
    variable('month_name', 'Month', { default_value: 'this month', description: 'For example "March"' }),
    variable('highlights', 'News highlights', {
      type: 'html',
      required: true,
      description: 'Two or three short paragraphs or a list of what happened and what is coming up',
    }),
    variable('home_tip', 'Tip for home', {
      default_value:
        'A visual timetable on the fridge, with pictures for each part of the morning, can make getting ready for school calmer for everyone.',
    }),
    variable('newsletter_url', 'Link to the full newsletter', { type: 'url', required: true }),
  ],
  content_text_template: null,
  content_html_template: layout(
    'This month at {{school_name}}',
    `                <h1>Hello {{first_name}},</h1>
                <p>Here is a short round-up of {{month_name}} at {{school_name}}. It takes about two minutes to read.</p>
                <h2>What has been happening</h2>
                {{highlights}}
                <h2>A tip for home</h2>
                <p class="note">{{home_tip}}</p>
                <p>There is more news, with photos and dates for your diary, in the full newsletter.</p>
                <p><a class="button" href="{{newsletter_url}}">Read the full newsletter</a></p>
                <p>Thank you for being part of our community.<br>The team at {{school_name}}</p>`,
    footer('You are receiving this newsletter because you asked to hear from {{school_name}}.', true),
  ),
};

const welcome: StarterTemplate = {
  default_key: 'welcome',
  name: 'Welcome after an enquiry',
  description: 'Thanks a family for getting in touch and explains, step by step, what happens next.',
  category: 'welcome',
  subject_template: 'Thank you for getting in touch, {{first_name}}',
  personalization_level: 'medium',
  segment_tags: [],
  variables_schema: [
    FIRST_NAME,
    CHILD_NAME,
    SCHOOL_NAME,
    variable('child_age', "Child's age", { description: 'In years, for example 8' }),
    variable('visit_url', 'Link to book a visit', { type: 'url', required: true }),
    variable('contact_phone', 'Admissions phone number', { default_value: 'the school office' }),
  ],
  content_text_template: null,
  content_html_template: layout(
    'Welcome to {{school_name}}',
    `                <h1>Hello {{first_name}}, thank you for getting in touch</h1>
                <p>It was good to hear about {{child_name}}. Choosing a school is a big decision, and it matters to us that you feel listened to from the very first conversation.</p>
                <p>Every child at {{school_name}} learns in their own way, and our staff plan around each child: their strengths, what they find hard and what helps them feel settled.</p>
                <h2>What happens next</h2>
                <ol>
                  <li>A member of our admissions team will read your enquiry about {{child_name}} (age {{child_age}}) carefully.</li>
                  <li>We will call or email you within two working days to hear more and answer your questions.</li>
                  <li>If you would like to, you can visit us. Visits can be quiet and short, and your child is welcome to come too.</li>
                </ol>
                <p><a class="button" href="{{visit_url}}">Book a visit</a></p>
                <p>If anything is worrying you in the meantime, call {{contact_phone}} or simply reply to this email. There is no such thing as a silly question.</p>
                <p>Warm wishes,<br>The admissions team at {{school_name}}</p>`,
    footer('You are receiving this because you made an enquiry to {{school_name}}.'),
  ),
};

const resources: StarterTemplate = {
  default_key: 'resources',
  name: 'Free resource for your family',
  description: "Shares a free guide chosen for the family's child, with a short note on why it may help.",
  category: 'resources',
  subject_template: 'A free guide for you and {{child_name}}: {{resource_title}}',
  personalization_level: 'heavy',
  segment_tags: [],
  variables_schema: [
    FIRST_NAME,
    CHILD_NAME,
    SCHOOL_NAME,
    variable('child_age', "Child's age", { description: 'In years, for example 8' }),
    variable('special_needs', "Child's needs", {
      default_value: 'what you told us about your child',
      description: 'As the family described them, for example "ADHD and dyslexia"',
    }),
    variable('resource_title', 'Resource title', { required: true }),
    variable('resource_description', 'What the resource covers', {
      default_value: 'Practical ideas you can try at home, written by our teachers and therapists.',
    }),
    variable('resource_url', 'Download link', { type: 'url', required: true }),
  ],
  content_text_template: null,
  content_html_template: layout(
    '{{resource_title}}',
    `                <h1>Hello {{first_name}},</h1>
                <p>We thought of you and {{child_name}} when we put together <strong>{{resource_title}}</strong>.</p>
                <p>{{resource_description}}</p>
                <p class="note">We chose it because you mentioned {{special_needs}}, and the ideas in it work well for children around {{child_age}}. Take what is useful and leave the rest: you know your child best.</p>
                <p><a class="button" href="{{resource_url}}">Download the free guide</a></p>
                <p>It is free, with nothing to sign up for. If you would like to talk any of it through with someone from our team, just reply to this email.</p>
                <p>Warm wishes,<br>The team at {{school_name}}</p>`,
    footer('You are receiving this because you asked {{school_name}} for information or resources.', true),
  ),
};

const events: StarterTemplate = {
  default_key: 'events',
  name: 'Event invitation',
  description:
    'Invites families to an open morning or event, with the practical details and how to ask for adjustments.',
  category: 'events',
  subject_template: 'You are invited: {{event_name}} on {{event_date}}',
  personalization_level: 'light',
  segment_tags: [],
  variables_schema: [
    FIRST_NAME,
    SCHOOL_NAME,
    variable('event_name', 'Event name', { required: true, description: 'For example "Open morning"' }),
    variable('event_date', 'Date', { required: true, description: 'For example "Saturday 14 March"' }),
    variable('event_time', 'Time', { default_value: 'to be confirmed' }),
    variable('event_location', 'Place', { default_value: 'the main school building' }),
    variable('event_description', 'About the event', {
      default_value:
        'Meet our teachers and therapists, see the classrooms and ask anything you like about how we support children.',
    }),
    variable('rsvp_url', 'Link to reply or book a place', { type: 'url', required: true }),
  ],
  content_text_template: null,
  content_html_template: layout(
    '{{event_name}}',
    `                <h1>Hello {{first_name}}, you are invited</h1>
                <p>We would love to welcome you to <strong>{{event_name}}</strong> at {{school_name}}.</p>
                <p>{{event_description}}</p>
                <h2>The details</h2>
                <ul>
                  <li><strong>When:</strong> {{event_date}}, {{event_time}}</li>
                  <li><strong>Where:</strong> {{event_location}}</li>
                  <li><strong>Who can come:</strong> parents, carers and children are all welcome</li>
                </ul>
                <p class="note">If you or your child would find a quieter time, step-free access, ear defenders or a map of the building in advance helpful, tell us when you reply and we will arrange it.</p>
                <p><a class="button" href="{{rsvp_url}}">Reply and book a place</a></p>
                <p>We look forward to meeting you.<br>The team at {{school_name}}</p>`,
    footer('You are receiving this because you asked to hear about events at {{school_name}}.', true),
  ),
};

const general: StarterTemplate = {
  default_key: 'general',
  name: 'General update',
  description:
    'A simple, friendly message for anything else: a change of date, a reminder or a personal note.',
  category: 'general',
  subject_template: '{{headline}}',
  personalization_level: 'light',
  segment_tags: [],
  variables_schema: [
    FIRST_NAME,
    SCHOOL_NAME,
    variable('headline', 'Headline', {
      required: true,
      description: 'Also the subject line; keep it short and clear',
    }),
    variable('message', 'Message', {
      type: 'html',
      required: true,
      description: 'The body of the update: short paragraphs read best on a phone',
    }),
    variable('sender_name', 'Signed by', { default_value: 'The admissions team' }),
  ],
  content_text_template: null,
  content_html_template: layout(
    '{{headline}}',
    `                <h1>{{headline}}</h1>
                <p>Hello {{first_name}},</p>
                {{message}}
                <p>If you have any questions, just reply to this email and a member of our team will get back to you.</p>
                <p>With best wishes,<br>{{sender_name}}<br>{{school_name}}</p>`,
    footer('You are receiving this because you are in touch with {{school_name}} about admissions.'),
  ),
};

/** The starter set, one per category, in the order the categories are listed. */
export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  newsletter,
  welcome,
  resources,
  events,
  general,
];
