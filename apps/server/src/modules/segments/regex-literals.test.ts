import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regexLiterals } from './regex-literals';

// The literals are a necessary condition: whenever the pattern matches a text (ignoring case), the
// lowered text begins with (anchored) or contains one of the lowered literals.

function holds(pattern: string, text: string): boolean {
  const literals = regexLiterals(pattern);
  if (!literals) return true;
  const lower = text.toLowerCase();
  return literals.alternatives.some((a) =>
    literals.anchored ? lower.startsWith(a.toLowerCase()) : lower.includes(a.toLowerCase()),
  );
}

describe('the literals a regular expression needs', () => {
  it('reads prefixes, groups of plain alternatives and escaped punctuation', () => {
    expect(regexLiterals('^(olivia|liam)\\.')).toEqual({
      anchored: true,
      alternatives: ['olivia.', 'liam.'],
    });
    expect(regexLiterals('@School\\.edu$')).toEqual({ anchored: false, alternatives: ['@School.edu'] });
    expect(regexLiterals('^Dr\\. ')).toEqual({ anchored: true, alternatives: ['Dr. '] });
    expect(regexLiterals('a.e')).toEqual({ anchored: false, alternatives: ['a'] });
    expect(regexLiterals('(ana|ben)[0-9]')).toEqual({ anchored: false, alternatives: ['ana', 'ben'] });
    // A character a quantifier follows is left out, and the run stops there.
    expect(regexLiterals('lo+pez')).toEqual({ anchored: false, alternatives: ['l'] });
    expect(regexLiterals('^smith?')).toEqual({ anchored: true, alternatives: ['smit'] });
    expect(regexLiterals('ab{2}c')).toEqual({ anchored: false, alternatives: ['a'] });
  });

  it('gives up whenever the pattern could match without them', () => {
    for (const pattern of [
      'sam|max', // alternation at the top
      '^(a|b)c|d',
      '(an)+', // a quantified group
      '(a*|b)c', // an alternative that is not plain text
      '(a|)b', // an empty alternative
      '((a)|b)', // a nested group
      '(a\\)|b)',
      '^$',
      '^[A-Z]',
      '\\d+',
      '.*',
      'x?',
      '^',
      'É', // not ASCII: its case variants are the locale's
      '\\s',
      '[|]a',
    ])
      expect(regexLiterals(pattern), pattern).toBeNull();
  });

  it('is a necessary condition, for random patterns and texts', () => {
    const token = fc.constantFrom(
      'a',
      'B',
      'an',
      'x',
      '.',
      '\\.',
      '@',
      '-',
      ' ',
      '*',
      '+',
      '?',
      '{2}',
      '{1,3}',
      '|',
      '(ab|cd)',
      '(an|b)',
      '[a-c]',
      '\\d',
      '$',
      '(x)',
      '^',
    );
    const pattern = fc.array(token, { minLength: 1, maxLength: 6 }).map((t) => t.join(''));
    const text = fc
      .array(fc.constantFrom('a', 'A', 'b', 'B', 'n', 'N', 'c', 'd', 'x', '.', '@', '-', ' ', '1', '22'), {
        maxLength: 10,
      })
      .map((t) => t.join(''));
    let checked = 0;
    fc.assert(
      fc.property(pattern, fc.array(text, { minLength: 5, maxLength: 20 }), (p, texts) => {
        let regex: RegExp;
        try {
          regex = new RegExp(p, 'is');
        } catch {
          return; // not a pattern the rules accept
        }
        for (const t of texts) {
          if (!regex.test(t)) continue;
          if (regexLiterals(p)) checked++;
          expect(holds(p, t), `${p} on ${JSON.stringify(t)}`).toBe(true);
        }
      }),
      { numRuns: 3000, seed: 25 },
    );
    expect(checked).toBeGreaterThan(100);
  });
});
