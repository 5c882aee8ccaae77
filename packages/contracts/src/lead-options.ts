/** Option lists of the admin forms (spec document 1, section 3). */
export const ADMIN_TIMELINES = [
  'Immediately',
  'Next semester',
  'Next school year',
  'Just exploring',
] as const;
export const DEFAULT_ADMIN_TIMELINE = 'Just exploring';

export const ADMIN_SPECIAL_NEEDS = [
  'Autism/ASD',
  'ADHD',
  'Learning Disabilities',
  'Dyslexia',
  'Speech/Language Delays',
  'Sensory Processing',
  'Anxiety/Depression',
  'Physical Disabilities',
  'Intellectual Disabilities',
  'Other',
] as const;

export const CURRENT_SUPPORT_OPTIONS = [
  'IEP',
  '504 Plan',
  'Speech therapy',
  'Occupational Therapy (OT)',
  'Physical Therapy (PT)',
  'Behavioral therapy',
  'Tutoring',
  'Shadow aide',
  'Special education services',
  'None currently',
] as const;

export const GRADES = [
  'Pre-K',
  'Kindergarten',
  ...Array.from({ length: 12 }, (_, i) => `${ordinal(i + 1)} Grade`),
] as readonly string[];

function ordinal(n: number): string {
  if (n === 1) return '1st';
  if (n === 2) return '2nd';
  if (n === 3) return '3rd';
  return `${n}th`;
}

export const CONVERSION_STATUSES = ['pending', 'contacted', 'interested', 'enrolled', 'lost'] as const;
/** The leads filter also offers not_interested (leads may carry it from older data). */
export const CONVERSION_STATUS_FILTERS = [...CONVERSION_STATUSES, 'not_interested'] as const;
export const EMAIL_STATUSES = ['subscribed', 'unsubscribed', 'bounced', 'complained'] as const;

/** Option lists of the public enrolment form. */
export const PUBLIC_SPECIAL_NEEDS = [
  'Autism / ASD',
  'ADHD / ADD',
  'Learning Differences',
  'Speech/Language',
  'Behavioral Support',
  'Anxiety/Depression',
  'Dyslexia',
  'Processing Disorders',
  'Sensory Processing',
  'Other',
] as const;
export const PUBLIC_TIMELINES = [
  'Immediately',
  'In a Few Months',
  'In Six Months',
  'Next Year',
  'Just Exploring',
] as const;

export const CHILD_AGE_MIN = 0;
export const CHILD_AGE_MAX = 25;
export const LEADS_PAGE_SIZE = 10;
export const DASHBOARD_RECENT_LEADS = 5;
