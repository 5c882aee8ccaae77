import { describe, expect, it } from 'vitest';
import { evidenceOf, highlightParts, bridgingWordFor, termsByWeight } from './search-result-match';

const marked = (text: string, words: string[]) =>
  highlightParts(text, words)
    .filter((part) => part.isMatch)
    .map((part) => part.text);

describe('highlighting the matched words', () => {
  it('marks whole words in any case, as the text writes them', () => {
    expect(marked('Tuition and tuition-free days; TUITION.', ['tuition'])).toEqual([
      'Tuition',
      'tuition',
      'TUITION',
    ]);
  });

  it('leaves words inside longer words alone', () => {
    expect(marked('Fees, feedback and coffees', ['fee', 'fees'])).toEqual(['Fees']);
  });

  it('keeps the whole text, in order', () => {
    const parts = highlightParts('Two sessions each week.', ['sessions', 'week']);
    expect(parts.map((part) => part.text).join('')).toBe('Two sessions each week.');
    expect(parts.filter((part) => part.isMatch)).toHaveLength(2);
  });

  it('reads regular expression characters as plain text', () => {
    expect(marked('Ask about C++ (or a+b) clubs', ['C++', 'a+b'])).toEqual(['C++', 'a+b']);
    expect(marked('anything', ['.*'])).toEqual([]);
  });

  it('prefers the longer of two overlapping words', () => {
    expect(marked('Our after school club', ['school', 'after school'])).toEqual(['after school']);
  });

  it('matches letters beyond English', () => {
    expect(marked('Café opens; cafés close', ['café'])).toEqual(['Café']);
  });

  it('returns the text untouched when nothing matched', () => {
    expect(highlightParts('No words', [])).toEqual([{ text: 'No words', isMatch: false }]);
    expect(highlightParts('No words', ['', '  '])).toEqual([{ text: 'No words', isMatch: false }]);
  });
});

describe('the question words of a result', () => {
  it('come heaviest first', () => {
    const terms = termsByWeight([
      { term: 'school', weight: 0.2, via: 'exact', known: true, names: true },
      { term: 'uniform', weight: 0.5, via: null, known: false, names: true },
      { term: 'fees', weight: 0.3, via: 'related', known: true, names: true },
    ]);
    expect(terms.map((t) => t.term)).toEqual(['uniform', 'fees', 'school']);
  });

  it('name the word that bridged the wording', () => {
    const math = { term: 'math', weight: 1, via: 'prefix' as const, known: true, names: true };
    expect(bridgingWordFor({ ...math, words: ['Mathematics'] }, [])).toBe('Mathematics');
    // An older server sent no words: the prefix's longer word is found among the highlights.
    expect(bridgingWordFor(math, ['Mathematics', 'club'])).toBe('Mathematics');
    const fees = { term: 'fees', weight: 1, via: 'related' as const, known: true, names: true };
    expect(bridgingWordFor({ ...fees, words: ['charges'] }, ['charges', 'tuition'])).toBe('charges');
    expect(bridgingWordFor(fees, ['charges'])).toBeNull();
    expect(bridgingWordFor({ ...fees, via: 'exact', words: ['Fees'] }, ['Fees'])).toBeNull();
    expect(bridgingWordFor({ ...fees, via: 'synonym', words: ['Fees'] }, [])).toBeNull();
  });

  it('are empty when an older server sent no evidence', () => {
    expect(evidenceOf({})).toEqual({ terms: [], highlights: [] });
  });
});
