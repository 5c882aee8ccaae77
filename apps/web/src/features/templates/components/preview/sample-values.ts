import { extractTemplateVariables, TEMPLATE_SAMPLE_VARIABLES, type EmailTemplate } from '@lantern/contracts';

export type SampleField = { key: string; label: string; isRequired: boolean };

/** The values a preview can set: every declared variable, then every other placeholder the template uses. */
export function sampleFieldsOf(template: EmailTemplate): SampleField[] {
  const fields: SampleField[] = template.variables_schema.map((variable) => ({
    key: variable.key,
    label: variable.label,
    isRequired: variable.required,
  }));
  const declared = new Set(fields.map((field) => field.key));
  const used = extractTemplateVariables(
    template.subject_template,
    template.content_html_template,
    template.content_text_template,
  );
  for (const key of used) if (!declared.has(key)) fields.push({ key, label: key, isRequired: false });
  return fields;
}

/** Spec 3.10's sample data where it names the variable (child age 8, timeline 'Next semester'), else the default. */
export function initialSampleValues(template: EmailTemplate): Record<string, string> {
  const defaults = new Map(
    template.variables_schema.map((variable) => [variable.key, variable.default_value]),
  );
  const values: Record<string, string> = {};
  for (const { key } of sampleFieldsOf(template)) {
    const sample = Object.prototype.hasOwnProperty.call(TEMPLATE_SAMPLE_VARIABLES, key)
      ? TEMPLATE_SAMPLE_VARIABLES[key]
      : undefined;
    values[key] = sample ?? defaults.get(key) ?? '';
  }
  return values;
}
