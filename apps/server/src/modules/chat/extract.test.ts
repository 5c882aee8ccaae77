import { describe, expect, it } from 'vitest';
import {
  extractFields,
  findBareAge,
  findChildren,
  findConsent,
  findEmail,
  findParentName,
  findPhone,
  findTimeline,
} from './extract';
import { understand } from './intake';

describe('email', () => {
  it.each([
    ['my email is Dana.W+school@Example.org', { email: 'dana.w+school@example.org' }],
    ['dana@example.co.uk.', { email: 'dana@example.co.uk' }],
    ['reach me at <sam_o@mail.example.com>', { email: 'sam_o@mail.example.com' }],
    ['dana@example', { invalidEmail: 'dana@example' }],
    ['dana@@example.com', { invalidEmail: 'dana@@example.com' }],
    ['dana@.com', { invalidEmail: 'dana@.com' }],
    ['dana@exa mple.com', { invalidEmail: 'dana@exa' }],
    ['call me @ 5pm', {}],
    ['no address here', {}],
  ])('%s', (text, expected) => {
    expect(findEmail(text)).toEqual(expected);
  });
});

describe('phone', () => {
  it.each([
    ['(555) 010-2233', '(555) 010-2233'],
    ['call 555.010.2233 after 5', '555.010.2233'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['my kids are 5 7 and 9', undefined],
    ['born in 2019, starting 2026', undefined],
    ['555-0102', undefined],
  ])('%s', (text, expected) => {
    expect(findPhone(text)).toBe(expected);
  });
});

describe("the parent's name", () => {
  it.each([
    ['My name is Dana Whitfield', 'Dana Whitfield'],
    ['my name is dana', 'Dana'],
    ["Hi, I'm Dana and my son has autism", 'Dana'],
    ['This is Marcus Lee, father of two', 'Marcus Lee'],
    ['Call me Jo', 'Jo'],
    ["I'm looking for a school for my son", undefined],
    ["I'm Worried about my daughter", undefined],
    ["I'm Sam's mom", undefined],
    ['This is great, thanks', undefined],
    ['my son is called Sam', undefined],
  ])('%s', (text, expected) => {
    expect(findParentName(text)).toBe(expected);
  });
});

describe('children and ages', () => {
  it.each([
    ['my son Sam is 7', [{ name: 'Sam', age: 7 }]],
    [
      'Two kids: Ava 5 and Leo 9',
      [
        { name: 'Ava', age: 5 },
        { name: 'Leo', age: 9 },
      ],
    ],
    [
      'Ava (5) and Leo (9)',
      [
        { name: 'Ava', age: 5 },
        { name: 'Leo', age: 9 },
      ],
    ],
    [
      'Sam, 7, and Leo, 12',
      [
        { name: 'Sam', age: 7 },
        { name: 'Leo', age: 12 },
      ],
    ],
    ['my 7 year old son Sam', [{ name: 'Sam', age: 7 }]],
    ['my 7-year-old daughter', [{ name: null, age: 7 }]],
    ['we have a 6 year old named Ella', [{ name: 'Ella', age: 6 }]],
    ['my son, Sam, is 7', [{ name: 'Sam', age: 7 }]],
    ['Ella, age 6', [{ name: 'Ella', age: 6 }]],
    ['I have a 6 year old', []],
    ['Mia is seven years old', [{ name: 'Mia', age: 7 }]],
    ['my daughter Ava', [{ name: 'Ava', age: null }]],
    ['his name is Noah', [{ name: 'Noah', age: null }]],
    ['he is 8', [{ name: null, age: 8 }]],
    ['She is in Grade 3', []],
    ['I have 2 kids', []],
    ['Since September 2019', []],
    ['I am Jane, 35', []],
    ['school day ends at 3', []],
  ])('%s', (text, expected) => {
    expect(findChildren(text)).toEqual(expected);
  });

  it('never takes the parent for a child', () => {
    expect(findChildren('Dana 32 here', 'Dana Whitfield')).toEqual([]);
  });

  it.each([
    ['7', 7],
    ['seven', 7],
    ['7 years old', 7],
    ['she is 12.', 12],
    ['42', null],
    ['7 apples', null],
  ])('a bare age: %s', (text, expected) => {
    expect(findBareAge(text)).toBe(expected);
  });
});

describe('special needs', () => {
  it.each([
    ['My son has autism', ['Autism/ASD']],
    ['He is on the spectrum and very anxious', ['Autism/ASD', 'Anxiety/Depression']],
    ['She was diagnosed with dyslexia and ADD', ['ADHD', 'Dyslexia']],
    ['Autism / ASD', ['Autism/ASD']],
    ['Learning Differences', ['Learning Disabilities']],
    ['He has a speech delay', ['Speech/Language Delays']],
    ['Sensory processing issues', ['Sensory Processing']],
    ['she uses a wheelchair', ['Physical Disabilities']],
    ['He needs behavioral support', ['Other']],
    ['Do you offer speech therapy?', []],
    ['Can you help kids with ADHD?', []],
    ["I'd like to add my daughter", []],
  ])('%s', (text, expected) => {
    expect(
      extractFields(text)
        .specialNeeds.map((n) => n.need)
        .sort(),
    ).toEqual([...expected].sort());
  });

  it('gives each need to the child named in its sentence', () => {
    const ex = extractFields('Ava has a speech delay. Leo has ADHD.', { childNames: ['Ava', 'Leo'] });
    expect(ex.specialNeeds).toEqual([
      { need: 'Speech/Language Delays', childName: 'Ava' },
      { need: 'ADHD', childName: 'Leo' },
    ]);
  });
});

describe('consent, timeline and questions', () => {
  it.each([
    ['yes you can text me', true],
    ['texting is fine', true],
    ['please don’t text me', false],
    ["please don't text me", false],
    ['do not text', false],
    ['my phone is 555 010 2233', undefined],
  ])('consent: %s', (text, expected) => {
    expect(findConsent(text)).toBe(expected);
  });

  it.each([
    ['as soon as possible', 'Immediately'],
    ['in a few months', 'In a Few Months'],
    ['next semester', 'In a Few Months'],
    ['in 6 months', 'In Six Months'],
    ['next school year', 'Next Year'],
    ["we're just exploring", 'Just Exploring'],
    ['I am not sure yet', 'Just Exploring'],
    ['hello', undefined],
  ])('timeline: %s', (text, expected) => {
    expect(findTimeline(text)).toBe(expected);
  });

  it.each([
    ['Do you offer speech therapy?', true],
    ['what are your class sizes', true],
    ['My son has autism. Do you have small classes?', true],
    ['My son has autism.', false],
    ['hello', false],
  ])('question: %s', (text, expected) => {
    expect(extractFields(text).isQuestion).toBe(expected);
  });
});

describe('bare answers to the last question', () => {
  it('reads a bare name, child names, an age and a yes', () => {
    let u = understand('dana whitfield', {}, { asked: 'name' });
    expect(u.context.parentName).toBe('Dana Whitfield');
    u = understand('Ava and Leo', u.context, { asked: 'childName', childIndex: 0 });
    expect(u.context.children).toEqual([
      { name: 'Ava', age: null, specialNeeds: [] },
      { name: 'Leo', age: null, specialNeeds: [] },
    ]);
    u = understand('5', u.context, { asked: 'childAge', childIndex: 0 });
    expect(u.context.children?.[0]?.age).toBe(5);
    u = understand('none', u.context, { asked: 'childNeeds', childIndex: 0 });
    expect(u.dialogue.done).toContain('needs:0');
    u = understand('(555) 010-2233', u.context, { asked: 'phone' });
    u = understand('sure', u.context, { asked: 'phoneConsent' });
    expect(u.context.phoneConsent).toBe(true);
  });

  it('does not take a greeting or a question for a name', () => {
    expect(understand('hello', {}, { asked: 'name' }).context.parentName).toBeUndefined();
    expect(understand('What do you mean?', {}, { asked: 'name' }).context.parentName).toBeUndefined();
  });

  it('kindly refuses a short phone number and lets a question be skipped', () => {
    const u = understand('555 0102', {}, { asked: 'phone' });
    expect(u.context.phone).toBeUndefined();
    expect(u.notes[0]).toContain('too short');
    expect(understand('skip', {}, { asked: 'phone' }).dialogue.done).toContain('phone');
  });
});
