import type { EmailTemplate } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { initialSampleValues, sampleFieldsOf } from './sample-values';

const template = {
  subject_template: 'News for {{ name }}',
  content_html_template:
    '<p>{{child_name}} is {$child_age}; starting {{ timeline }}. {{event_date}} {{constructor}}</p><a href="{{unsubscribe}}">x</a>',
  content_text_template: null,
  variables_schema: [
    {
      key: 'event_date',
      label: 'Event date',
      type: 'text',
      required: true,
      default_value: 'Friday',
      description: null,
    },
    {
      key: 'child_name',
      label: "Child's name",
      type: 'text',
      required: false,
      default_value: 'your child',
      description: null,
    },
  ],
} as unknown as EmailTemplate;

describe('preview sample values', () => {
  it('offers every declared variable first, then every other placeholder used, never a reserved name', () => {
    expect(sampleFieldsOf(template).map((field) => field.key)).toEqual([
      'event_date',
      'child_name',
      'name',
      'child_age',
      'timeline',
      'unsubscribe',
    ]);
  });

  it("fills the spec's sample data (child age 8, timeline 'Next semester'), then defaults", () => {
    const values = initialSampleValues(template);
    expect(values.child_age).toBe('8');
    expect(values.timeline).toBe('Next semester');
    expect(values.event_date).toBe('Friday');
    expect(values.name).toBeTruthy();
    expect(values.child_name).toBeTruthy();
    expect(Object.keys(values)).not.toContain('constructor');
  });
});
