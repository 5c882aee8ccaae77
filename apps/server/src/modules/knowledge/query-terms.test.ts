import { describe, expect, it } from 'vitest';
import { analyseQuery } from './query-terms';

const words = (query: string) => analyseQuery(query).map((g) => g.word);

describe('reading a parent’s question', () => {
  it('keeps the subject and drops the words of asking', () => {
    expect(words('How much is tuition for middle school?')).toEqual(['tuition', 'middle', 'school']);
    expect(words("we really can't afford it, I'll ask")).toEqual(['afford']);
  });

  it('folds ordinals and finds school phrases with their alternatives', () => {
    expect(words('homework for a 7th grader')).toEqual(['homework', 'grade', '7']);
    const [aftercare] = analyseQuery('until what time is aftercare');
    expect(aftercare!.alternatives).toEqual(['aftercare', 'after-school care']);
    expect(analyseQuery('does my kid get OT')[0]!.alternatives).toEqual(['kid', 'child', 'student']);
  });

  it('bridges the words US, UK and Australian schools use for the same thing', () => {
    const alternatives = (query: string) => analyseQuery(query).map((g) => g.alternatives);
    // A plural finds its singular's entry.
    expect(alternatives('who gives the meds')).toEqual([
      ['who'],
      ['gives'],
      ['meds', 'medication', 'medicine'],
    ]);
    expect(alternatives('school jumpers')[1]).toEqual(['jumpers', 'sweater', 'pullover', 'jersey']);
    expect(alternatives('when are the inset days')[0]).toContain('training day');
    expect(alternatives('is there a PTA')[0]).toContain("parents' association");
    // A holiday is not a break: in a British school a break is the pause between lessons.
    expect(alternatives('holiday club')[0]).toEqual(['holiday', 'vacation']);
    // Off for evaluation, the words stay as typed.
    expect(analyseQuery('who gives the meds', () => [], { schoolThesaurus: false })[2]!.alternatives).toEqual(
      ['meds'],
    );
  });

  it('searches the words as typed when every word is filler', () => {
    expect(words('how does it go?')).toEqual(['how', 'does', 'it', 'go']);
    expect(words('how does it work?')).toEqual(['work']);
  });
});
