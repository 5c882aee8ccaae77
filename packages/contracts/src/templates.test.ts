import { describe, expect, it } from 'vitest';
import { templateDeleteConfirm, templateUsedTimes, templateVariablesDetected } from './templates';

describe('templates screen words', () => {
  it("counts in the spec's words, singular for one", () => {
    expect(templateVariablesDetected(0)).toBe('0 variables detected');
    expect(templateVariablesDetected(1)).toBe('1 variable detected');
    expect(templateVariablesDetected(3)).toBe('3 variables detected');
    expect(templateUsedTimes(1)).toBe('Used 1 time');
    expect(templateUsedTimes(12)).toBe('Used 12 times');
  });

  it('asks before deleting with the name quoted', () => {
    expect(templateDeleteConfirm('Welcome')).toBe(
      'Are you sure you want to delete "Welcome"? This action cannot be undone.',
    );
  });
});
