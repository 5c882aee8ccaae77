import { describe, expect, it } from 'vitest';
import { extractFields } from './extract';
import { understand } from './intake';
import { questionParts, withoutAskingWords } from './questions';

describe('a message is a question by its meaning, not its punctuation', () => {
  it.each([
    // Plain questions, with and without the mark.
    'Do you offer speech therapy?',
    'what are your class sizes',
    'how much is tuition for grade 3',
    'fees for grade 3?',
    'any bus service',
    'Any openings in kindergarten',
    'Is tuition refundable',
    'Do students wear uniforms',
    'Where is the school',
    "What's the student teacher ratio",
    'When do applications open',
    'Who teaches the reading groups',
    'Is 7 too young for the Lower School',
    // A statement that ends in a question.
    'my daughter has dyslexia, is the school able to support her',
    'My son is on the spectrum, do you have a sensory room',
    'we are moving in March, can he start mid year',
    'She is 5 and very shy so do you have small classes',
    'My son has ADHD and is there any extra help in class',
    // A question after a statement in the same message.
    'My son is 7 and has ADHD. Do you have small classes',
    "I'm Maria. My son Diego is 8. What are your class sizes",
    'My son has ADHD do you have small classes',
    'we live in Oakton can we get a bus',
    'he is starting a new med next week can the first dose be at school',
    'she gets overwhelmed at lunch could her aide sit with her',
    // Indirect asks.
    'I was wondering if you offer speech therapy',
    'I was wondering about the fees',
    "I'd like to know about aftercare",
    'I would like to know how the application works',
    'I want to know the school hours',
    'can you tell me about the lunch program',
    'Could you let me know the tuition',
    'I wonder whether there is a waiting list',
    'I am curious about the reading program',
    'I have a question about uniforms',
    'do you know if there is parking',
    "I'd like some information on financial aid",
    'More info on the bus please',
    'hi! quick question, how early can I drop off',
    'Hello, what time does school start',
    // Imperative asks.
    'tell me about fees',
    'Please explain the admissions process',
    'Describe the after school program',
    'give me some info on the summer camp',
    'walk me through the application',
    // Questions inside run-on sentences, after a preposition, or after a comma.
    'until what time is the library open',
    'from what age do you take children',
    'we have twins, any discount for siblings',
    'if we pay monthly when is the first payment due',
    'my daughter has dyslexia what support will she get',
    'i wanted to check when applications close',
    'just checking the start date',
    // A question about anything, anyone or somewhere, inside a statement.
    'she has bad anxiety is there anything for that at school',
    'he gets overwhelmed in class is there somewhere quiet he can go',
    // A question about the school's people after a comma.
    'my son acts out a lot, do teachers take away recess',
    'she is shy, can other parents come to the first day',
    // Someone asked to do something, a "what's the" inside, a measure asked at the end.
    'if he has a seizure at school will someone call me',
    'if we enrol both girls whats the discount for the second',
    'if we add extra speech therapy to his plan how much',
    // Asked about the child inside a run-on, 'what if', and 'how quick' at the end.
    'she cant stand labels in her clothes does she have to wear the uniform',
    'he only eats three foods what if he doesnt like the lunch',
    'i think my son is being bullied who looks into it and how quick',
  ])('asks: %s', (text) => {
    expect(extractFields(text).isQuestion).toBe(true);
  });

  it.each([
    // Bare answers to the intake questions.
    'Sam',
    '7',
    'seven years old',
    'yes',
    'no',
    'sure',
    'none',
    'skip',
    'Dana Whitfield',
    'my name is Maria',
    "I'm Dana Whitfield",
    'This is Marcus Lee, father of two',
    'dana@example.org',
    'my email is dana.w@example.org',
    '(555) 010-2233',
    'Two kids: Ava 5 and Leo 9',
    'Ava and Leo',
    'next school year',
    'as soon as possible',
    'in a few months',
    'I am not sure yet',
    "we're just exploring",
    'yes you can text me',
    'do not text',
    "Don't text me please",
    // Statements about the child.
    'He turned 7 last week',
    'Ava has a speech delay',
    'Leo has ADHD',
    'Has ADHD and dyslexia',
    'My son is 7 and has ADHD.',
    'My son is 7 and is the youngest of three',
    'My son, who is 7, loves reading',
    'Leo struggles with reading and I worry about transitions',
    'When he was 3 he was diagnosed with autism',
    'Where we live there is no good school',
    'What he needs most is a calm classroom',
    'I hope the new term will be calmer for him',
    'He can read a little and write his name',
    'how she copes with change worries me',
    'she is 9, does gymnastics and swims',
    'he is 7, does well in maths',
    'That is what he needs most, a calm room',
    'Someone from your school called me yesterday',
    'my daughter is someone who needs a routine',
    'she loves art and so does he',
    'he reads well, as do they',
    // Small talk that asks nothing.
    'hello',
    'Thanks so much',
    "Can't wait to visit!",
    'Would love that, thank you',
    'Will do',
    'ok great',
  ])('does not ask: %s', (text) => {
    expect(extractFields(text).isQuestion).toBe(false);
  });
});

describe('the statement and the question of one sentence', () => {
  it.each([
    [
      'my daughter has dyslexia, is the school able to support her',
      'my daughter has dyslexia',
      'is the school able to support her',
    ],
    ['My son has ADHD do you have small classes', 'My son has ADHD', 'do you have small classes'],
    [
      "Hi, I'm Dana and I was wondering if you have a bus",
      "Hi, I'm Dana and",
      'I was wondering if you have a bus',
    ],
    ['Do you offer speech therapy?', '', 'Do you offer speech therapy?'],
    ['fees for grade 3?', '', 'fees for grade 3?'],
    ['My son has autism.', 'My son has autism.', null],
    [
      'whats the yearly cost for year 10, he has autism and adhd',
      'he has autism and adhd',
      'whats the yearly cost for year 10',
    ],
    [
      'is there a bus from Oakton, my son is 9 and we live near the station',
      'my son is 9 and we live near the station',
      'is there a bus from Oakton',
    ],
    // A second question after the comma stays part of the question.
    [
      'how much are fees, do you have a sibling discount',
      '',
      'how much are fees, do you have a sibling discount',
    ],
  ])('%s', (sentence, statement, question) => {
    const parts = questionParts(sentence);
    expect(parts.question).toBe(question);
    const told = [parts.statement, parts.after].filter(Boolean).join(', ');
    if (question) expect(told.replace(/\s+and$/, '')).toBe(statement.replace(/\s+and$/, ''));
  });

  it('reads the child from the statement part and keeps the question part out of the intake', () => {
    const ex = extractFields('my daughter has dyslexia, is the school able to support her');
    expect(ex.isQuestion).toBe(true);
    expect(ex.specialNeeds.map((n) => n.need)).toEqual(['Dyslexia']);
    expect(extractFields('Can you help kids with ADHD').specialNeeds).toEqual([]);
    // The statement may come after the question too.
    const after = extractFields('whats the yearly cost for year 10, he has autism and adhd');
    expect(after.isQuestion).toBe(true);
    expect(after.specialNeeds.map((n) => n.need).sort()).toEqual(['ADHD', 'Autism/ASD']);
    expect(extractFields("I'm worried about transitions, do you help with that").biggestConcerns).toBe(
      "I'm worried about transitions",
    );
  });

  it.each([
    ['I was wondering if you offer speech therapy', 'you offer speech therapy'],
    ['can you tell me about the lunch program', 'the lunch program'],
    ["I'd like to know about aftercare", 'aftercare'],
    ["I'd like some information on financial aid", 'financial aid'],
    ['tell me about fees', 'fees'],
    ['What time does school start', 'What time does school start'],
  ])('asking words out of the search: %s', (question, query) => {
    expect(withoutAskingWords(question)).toBe(query);
  });
});

describe('bare answers stay answers', () => {
  it('takes "Sam", "7" and "yes" as answers to the question asked, not as questions', () => {
    let u = understand('Sam', { parentName: 'Dana', email: 'd@example.org' }, { asked: 'childName' });
    expect(u.extraction.isQuestion).toBe(false);
    expect(u.context.children?.[0]?.name).toBe('Sam');
    u = understand('7', u.context, { asked: 'childAge', childIndex: 0 });
    expect(u.context.children?.[0]?.age).toBe(7);
    u = understand('yes', { ...u.context, phone: '555 010 2233' }, { asked: 'phoneConsent' });
    expect(u.context.phoneConsent).toBe(true);
  });
});
