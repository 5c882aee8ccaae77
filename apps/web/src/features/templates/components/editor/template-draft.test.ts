import type { EmailTemplate } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyTemplateDraft,
  labelFromKey,
  newVariable,
  tabOfField,
  templateDraftSchema,
  toTemplateBody,
  toTemplateDraft,
  withTag,
  type TemplateDraft,
} from './template-draft';

function makeDraft(overrides: Partial<TemplateDraft> = {}): TemplateDraft {
  return {
    ...emptyTemplateDraft(),
    name: 'Spring welcome',
    subject_template: 'Welcome, {{ name }}',
    content_html_template: '<p>Hello {{ name }}</p><a href="{{unsubscribe}}">Unsubscribe</a>',
    ...overrides,
  };
}

function makeTemplate(overrides: Partial<EmailTemplate> = {}): EmailTemplate {
  return {
    id: 't-1',
    name: 'Welcome',
    description: null,
    category: 'welcome',
    subject_template: 'Hi {{name}}',
    content_html_template: '<p>Hi {{name}}</p>',
    content_text_template: null,
    variables_schema: [
      { key: 'name', label: 'Name', type: 'text', required: true, default_value: null, description: null },
    ],
    segment_tags: ['Autism'],
    personalization_level: 'light',
    is_active: false,
    usage_count: 3,
    last_used_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    created_by: null,
    default_key: null,
    ...overrides,
  };
}

const problemsOf = (draft: TemplateDraft) => {
  const result = templateDraftSchema.safeParse(draft);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('template draft', () => {
  it('starts as a new, active newsletter of medium personalization, as spec 5.8 says', () => {
    const draft = emptyTemplateDraft();
    expect(draft.category).toBe('newsletter');
    expect(draft.personalization_level).toBe('medium');
    expect(draft.is_active).toBe(true);
  });

  it('sends blank optional texts as null, so the server generates the plain text', () => {
    const body = toTemplateBody(makeDraft({ description: '   ', content_text_template: ' \n ' }));
    expect(body.description).toBeNull();
    expect(body.content_text_template).toBeNull();
  });

  it('trims names, keys and labels but keeps the HTML and a default value exactly as typed', () => {
    const body = toTemplateBody(
      makeDraft({
        name: '  Spring  ',
        content_html_template: '  <p>x</p>\n',
        variables_schema: [
          { ...newVariable(' child_name '), label: ' Child ', default_value: ' your child ' },
        ],
      }),
    );
    expect(body.name).toBe('Spring');
    expect(body.content_html_template).toBe('  <p>x</p>\n');
    expect(body.variables_schema?.[0]).toMatchObject({
      key: 'child_name',
      label: 'Child',
      default_value: ' your child ',
    });
  });

  it('trims segment tags and ignores repeats, whatever their case', () => {
    expect(withTag(['Autism'], '  autism ')).toEqual(['Autism']);
    expect(withTag(['Autism'], '   ')).toEqual(['Autism']);
    expect(withTag(['Autism'], ' ADHD ')).toEqual(['Autism', 'ADHD']);
    expect(toTemplateBody(makeDraft({ segment_tags: [' A ', 'a', 'B'] })).segment_tags).toEqual(['A', 'B']);
  });

  it('refuses what the server refuses, in its words and at the field it concerns', () => {
    const problems = problemsOf(
      makeDraft({
        name: ' ',
        subject_template: '',
        content_html_template: '  ',
        variables_schema: [{ ...newVariable(''), label: '' }],
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        ['name', 'Template name is required'],
        ['subject_template', 'Subject template is required'],
        ['content_html_template', 'HTML template is required'],
        ['variables_schema.0.key', 'Variable key is required'],
        ['variables_schema.0.label', 'Display label is required'],
      ]),
    );
  });

  it('refuses a variable key that could reach an object prototype', () => {
    const problems = problemsOf(makeDraft({ variables_schema: [{ ...newVariable('constructor') }] }));
    expect(problems.map(([path]) => path)).toContain('variables_schema.0.key');
  });

  it('accepts a complete draft', () => {
    expect(problemsOf(makeDraft({ variables_schema: [newVariable('name')] }))).toEqual([]);
  });

  it('round-trips a saved template through the form unchanged', () => {
    const template = makeTemplate();
    const body = toTemplateBody(toTemplateDraft(template));
    expect(body).toEqual({
      name: template.name,
      description: null,
      category: 'welcome',
      subject_template: template.subject_template,
      content_html_template: template.content_html_template,
      content_text_template: null,
      variables_schema: template.variables_schema,
      segment_tags: ['Autism'],
      personalization_level: 'light',
      is_active: false,
    });
  });

  it('labels a detected placeholder from its key', () => {
    expect(labelFromKey('child_name')).toBe('Child Name');
    expect(newVariable('event_date')).toMatchObject({ key: 'event_date', label: 'Event Date', type: 'text' });
  });

  it('knows which tab holds each field', () => {
    expect(tabOfField('name')).toBe('content');
    expect(tabOfField('content_html_template')).toBe('content');
    expect(tabOfField('variables_schema')).toBe('variables');
    expect(tabOfField('segment_tags')).toBe('settings');
  });
});
