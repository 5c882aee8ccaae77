import { TEMPLATE_EXTRACT_DEBOUNCE_MS, type TemplateExtractRequest } from '@lantern/contracts';
import { useEffect, useState } from 'react';
import { extractVariables } from '../api/template-tools';

/**
 * The placeholder names the templates use, from POST /api/templates/extract-variables 500 ms after
 * the last edit (spec 7.6, 9). A failed call is only logged (spec 8.8): the last answer stays.
 */
export function useDetectedVariables({
  subject_template,
  content_html_template,
  content_text_template,
}: TemplateExtractRequest): string[] | null {
  const [detected, setDetected] = useState<string[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      extractVariables({ subject_template, content_html_template, content_text_template }, controller.signal)
        .then(setDetected)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('Failed to extract template variables', error);
        });
    }, TEMPLATE_EXTRACT_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [subject_template, content_html_template, content_text_template]);
  return detected;
}
