import { describe, expect, it } from 'vitest';
import { analyseQuery, isMisspeltFiller, spellingVariants } from './query-terms';

const words = (query: string) => analyseQuery(query).map((g) => g.word);

describe('reading a parent’s question', () => {
  it('keeps the subject and drops the words of asking', () => {
    expect(words('How much is tuition for middle school?')).toEqual(['tuition', 'middle', 'school']);
    expect(words("we really can't afford it, I'll ask")).toEqual(['afford']);
    // 'till' is 'until', 'else' only 'other', and a contraction typed without its apostrophe asks nothing.
    expect(words('what time does aftercare finish, i work till 5')).toEqual([
      'aftercare',
      'time',
      'finish',
      'work',
      '5',
    ]);
    expect(words('whens the open morning, hows it work')).toEqual(['open', 'morning', 'work']);
    // 'I think' hedges; it asks nothing.
    expect(words('i think my child is being bullied')).toEqual(['child', 'being', 'bullied']);
    // 'one' as a pronoun ('the second one').
    expect(words('is there any money off for the second one')).toEqual(['money off', 'second']);
    // 'you' and 'your' as texted.
    expect(words('what reading method do u guys use at ur school')).toEqual([
      'reading',
      'method',
      'use',
      'school',
    ]);
    expect(words('she cant stand the polo shirts, can she wear something else')).toEqual([
      'stand',
      'polo',
      'shirts',
      'wear',
    ]);
  });

  it('drops the nouns of a preposition of several words, and days said from today', () => {
    expect(words('is there a building fee on top of the tuition')).toEqual(['building', 'fee', 'tuition']);
    expect(words('can we pay monthly instead of all at once')).toEqual(['pay', 'monthly', 'all', 'once']);
    expect(words('he had a fever yesterday, when can he go back')).toEqual(['had', 'fever', 'when', 'back']);
    expect(words('she had a fever last night, can she come in this morning')).toEqual(['had', 'fever']);
    // 'top' as a thing is kept.
    expect(words('what colour is the PE top')).toEqual(['colour', 'pe', 'top']);
  });

  it('reads a shortened month as the month, and a deadline as a closing date', () => {
    const [sept] = analyseQuery('assessment days for sept 2027').filter((g) => g.word === 'sept');
    expect(sept!.alternatives).toEqual(['sept', 'september']);
    expect(analyseQuery('whats the deadline')[0]!.alternatives).toEqual(['deadline', 'closing date']);
    // 'may' and 'mar' are words of their own.
    expect(analyseQuery('may i visit')[0]?.alternatives ?? []).not.toContain('march');
  });

  it('reads a child picked up as collected, and teacher training days as INSET days', () => {
    const [pickUp] = analyseQuery('can our nanny pick him up from school');
    // Whom is left out of the phrase: the handbook says 'pick your child up'.
    expect(pickUp!.word).toBe('pick up');
    expect(pickUp!.alternatives).toEqual(expect.arrayContaining(['collect', 'collection']));
    expect(analyseQuery('are there teacher training days')[0]!.alternatives).toContain('inset day');
  });

  it('reads "get in" as admitted only where nothing follows that it gets into', () => {
    expect(words('if he gets in how much is the deposit')).toContain('gets in');
    expect(words('did she get in?')).toEqual(['get in']);
    expect(words('what certificate can she get in year 12')).toEqual(['certificate', 'year', '12']);
    expect(words('how do i get in touch with the nurse')).toEqual(['touch', 'nurse']);
  });

  it('knows an asking word misspelt, and not a subject misspelt', () => {
    for (const word of ['acutally', 'realy', 'wondring', 'usualy', 'posible', 'thier'])
      expect(isMisspeltFiller(word), word).toBe(true);
    for (const word of ['tution', 'scool', 'bus', 'hlep', 'kindergarden'])
      expect(isMisspeltFiller(word), word).toBe(false);
  });

  it('folds ordinals and finds school phrases with their alternatives', () => {
    expect(words('homework for a 7th grader')).toEqual(['homework', 'grade', '7']);
    const [aftercare] = analyseQuery('until what time is aftercare');
    expect(aftercare!.alternatives).toEqual(['aftercare', 'after-school care']);
    expect(analyseQuery('does my kid get OT')[0]!.alternatives).toEqual(['kid', 'child', 'student', 'pupil']);
  });

  it('bridges the words US, UK and Australian schools use for the same thing', () => {
    const alternatives = (query: string) => analyseQuery(query).map((g) => g.alternatives);
    // A plural finds its singular's entry.
    expect(alternatives('who gives the meds')).toEqual([
      ['who'],
      ['gives'],
      ['meds', 'medication', 'medicine'],
    ]);
    expect(alternatives('school jumpers')[1]).toEqual([
      'jumpers',
      'sweater',
      'sweatshirt',
      'pullover',
      'jersey',
    ]);
    expect(alternatives('when are the inset days')[0]).toContain('training day');
    expect(alternatives('is there a PTA')[0]).toContain("parents' association");
    expect(alternatives('can she carry her puffer')[1]).toContain('inhaler');
    expect(alternatives('how much to hold his spot')[1]).toContain('place');
    // What parents say for a deposit, a discount and the end of term.
    expect(alternatives('how much do we put down')[0]).toEqual(['put down', 'deposit']);
    expect(alternatives('any money off for the second one')[0]).toContain('discount');
    expect(alternatives('when do they break up for summer')[0]).toContain('end of term');
    // A holiday is not a break: in a British school a break is the pause between lessons.
    expect(alternatives('holiday club')[0]).toEqual(['holiday', 'vacation']);
    // Off for evaluation, the words stay as typed.
    expect(analyseQuery('who gives the meds', () => [], { schoolThesaurus: false })[2]!.alternatives).toEqual(
      ['meds'],
    );
  });

  it('reads asking words that together name a thing ("come and see" is a visit)', () => {
    expect(analyseQuery('can we come and see the school')[0]!.alternatives).toEqual([
      'come and see',
      'visit',
      'tour',
      'open house',
    ]);
    expect(words('can we look around')).toEqual(['look around']);
    expect(analyseQuery('how do i sign him up for clubs')[0]!.alternatives).toContain('register');
    expect(words('will we hear back')).toEqual(['hear back']);
    expect(analyseQuery('how do we find out about closures')[0]!.alternatives).toContain('notified');
  });

  it('spells a word as the other country does', () => {
    const pairs = [
      ['colour', 'color'],
      ['behaviour', 'behavior'],
      ['organise', 'organize'],
      ['organisation', 'organization'],
      ['centre', 'center'],
      ['paediatric', 'pediatric'],
      ['diarrhoea', 'diarrhea'],
      ['licence', 'license'],
      ['counselling', 'counseling'],
      ['cancelled', 'canceled'],
    ];
    for (const [uk, us] of pairs) {
      expect(spellingVariants(uk!)).toContain(us);
      if (!['paediatric', 'diarrhoea'].includes(uk!)) expect(spellingVariants(us!)).toContain(uk);
    }
    // No real word is taken for another: 'filled' is not 'filed', 'shoes' is not 'shes'.
    expect(spellingVariants('filled')).toEqual([]);
    expect(spellingVariants('shoes')).toEqual([]);
    expect(analyseQuery('uniform colour')[1]!.spellings).toEqual(['color']);
  });

  it('searches the words as typed when every word is filler', () => {
    expect(words('how does it go?')).toEqual(['how', 'does', 'it', 'go']);
    expect(words('how does it work?')).toEqual(['work']);
  });
});
