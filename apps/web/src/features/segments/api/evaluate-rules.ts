import type { RuleGroup, RuleTestResult } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type EvaluateRulesInput = { inclusion_rules: RuleGroup | null; exclusion_rules: RuleGroup | null };

/** Counts the leads the rules would match, with up to 3 sample leads of each kind; saves nothing. */
export function evaluateRules(body: EvaluateRulesInput): Promise<RuleTestResult> {
  return api.post<RuleTestResult>('/api/segments/evaluate-rules', body);
}

export function useEvaluateRules() {
  return useMutation({ mutationFn: evaluateRules });
}
