import { describe, expect, it } from 'vitest';
import { capitalisedWords, createFactGate, figuresOf, unsupportedFacts } from './fact-check';

const PASSAGES = `Annual tuition 2025-26
Upper School: grades 9 to 12; annual tuition $48,200
The school day runs from 8:30 am to 3:00 pm. Classes have at most eight students.
Applications close on January 15. Our head, Dr. Amara Okafor, meets every family.`;
const sources = {
  school: `${PASSAGES}\nYou are Robin, the admissions assistant of Brightwater Academy.`,
  parent: "I'm Dana, my son Sam is 7.",
};

describe('the figures and names of a text', () => {
  it('normalises prices, times and number words so the same figure meets itself', () => {
    expect(
      figuresOf('$48,200.00, 8.30am, 3:00 pm, 15%, twenty-five, eight, one').map((f) => f.value),
    ).toEqual(['48200', '8:30', '3', '15', '25', '8']);
    expect(figuresOf('$48,200 or 15 percent').map((f) => f.isMoney)).toEqual([true, true]);
  });

  it('takes capitalised words after a sentence start as names, titles included', () => {
    expect(
      capitalisedWords('Our teacher Mrs. Jenkins said so. Hello Tom.\n• Speech guide. I think so.'),
    ).toEqual(['Mrs', 'Jenkins', 'Tom']);
  });
});

describe('an answer holds only what its sources hold', () => {
  it.each([
    'Upper School tuition is $48,200 a year.',
    'The day runs from 8.30am to 3pm, and classes have at most 8 students.',
    'Applications close on January 15; Dr. Okafor meets every family.',
    "Hi Dana! I'm Robin from Brightwater Academy. Sam, at 7, is years from the Upper School.",
    'Yes! Classes have at most eight students. May I ask your name?',
  ])('keeps: %s', (answer) => {
    expect(unsupportedFacts(answer, sources)).toEqual([]);
  });

  it.each([
    ['Upper School tuition is $45,000 a year.', ['$45,000']],
    ['The school day ends at 3:30 pm.', ['3:30']],
    ['Applications close on March 1.', ['1', 'March']],
    ['Our speech therapist, Mrs. Jenkins, works on site.', ['Mrs', 'Jenkins']],
    ['About 90% of our graduates go on to university.', ['90%']],
    ['Classes have at most twenty students.', ['20']],
    // A price the parent suggested is no source for a price; their child's age is a source for a number.
    ['Yes, tuition is $7 a day for Sam.', ['$7']],
  ])('refuses: %s', (answer, refused) => {
    expect(unsupportedFacts(answer, sources)).toEqual(refused);
  });
});

describe('the gate on a streamed answer', () => {
  it('passes sentences on once checked, and stops at the first that invents a figure', () => {
    const sent: string[] = [];
    const gate = createFactGate(sources, (text) => sent.push(text));
    for (const piece of ['Great ques', 'tion! Upper School tuit', 'ion is $45,0', '00. May I ask your name?'])
      if (!gate.push(piece)) break;
    expect(gate.finish()).toBe(false);
    expect(sent).toEqual(['Great question!']);
    expect(gate.refused).toEqual(['$45,000']);
  });

  it('passes a faithful answer whole, the last sentence at the end', () => {
    const sent: string[] = [];
    const gate = createFactGate(sources, (text) => sent.push(text));
    for (const piece of ['Yes! Classes have at ', 'most eight students. May I ask ', 'your name?'])
      gate.push(piece);
    expect(gate.finish()).toBe(true);
    expect(sent.join('')).toBe('Yes! Classes have at most eight students. May I ask your name?');
  });
});
