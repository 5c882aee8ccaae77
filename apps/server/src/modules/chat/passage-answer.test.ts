import { describe, expect, it } from 'vitest';
import type { KnowledgePassage } from './offline-reply';
import { answerFrom, distinctiveTerms } from './passage-answer';
import { askedFigure, figureNamed, hasFigure, hasSpan, passageUnits } from './passage-units';
import { stem, termLocator } from './question-terms';

/** A chunk as ingestion writes it: headings as lines, a table's rows under its caption, prose. */
const FEES = `Tuition and fees
Annual tuition 2025-26
Lower School: grades K to 4; annual tuition $21,000
Middle School: grades 5 to 8; annual tuition $32,500
Upper School: grades 9 to 12; annual tuition $48,200

Tuition is due in two instalments, on August 1 and January 15. A non-refundable deposit of $1,500 secures a place.

Transport
Buses run on three routes from Oakton, Millbrook and Riverside. The bus fee is $1,200 a year.

School day
The school day runs from 8:30 am to 3:15 pm. Aftercare is available until 5:30 pm for $15 a day.

Uniform
Students wear the school uniform every day. The uniform includes:
Navy blazer with the school crest
Grey trousers or skirt`;

const PROSE = `Learning support
Our learning support team of four specialists works with students who have dyslexia, ADHD or other learning differences. Each student has a plan reviewed every term with the family.`;

const passage = (text: string, extra: Partial<KnowledgePassage> = {}): KnowledgePassage => ({
  text,
  document: 'Family Handbook',
  similarity: 0.8,
  ...extra,
});
const quote = (question: string, passages = [passage(FEES), passage(PROSE)]) =>
  answerFrom(question, passages)?.quote ?? null;

describe('reading a passage', () => {
  it('tells table rows, sentences, list items and headings apart, each under its label', () => {
    const units = passageUnits(FEES);
    expect(units.find((u) => u.text.startsWith('Upper School'))).toMatchObject({
      kind: 'row',
      label: 'Annual tuition 2025-26',
    });
    expect(units.find((u) => u.text.startsWith('The bus fee'))).toMatchObject({
      kind: 'sentence',
      label: 'Transport',
    });
    expect(units.find((u) => u.text.startsWith('Grey trousers'))).toMatchObject({
      kind: 'item',
      label: 'The uniform includes:',
    });
    // Headings are labels, never units of their own.
    expect(units.map((u) => u.text)).not.toContain('Transport');
    expect(units.map((u) => u.text)).not.toContain('Tuition and fees');
  });

  it('answers from a list item by the heading its lead-in sits under', () => {
    const text = `Uniform and Equipment
Uniform is available from the school shop.
Every pupil should bring:
- a named water bottle;
- a pencil case with pens and a ruler (Year 7 upwards also need a scientific calculator);`;
    const item = passageUnits(text).find((u) => u.text.startsWith('a pencil case'));
    expect(item).toMatchObject({ label: 'Every pupil should bring:', heading: 'Uniform and Equipment' });
    const terms = [
      { term: 'stationery', weight: 0.6, via: 'synonym' as const, words: ['equipment'] },
      { term: 'year', weight: 0.1, via: 'exact' as const },
      { term: '7', weight: 0.3, via: 'exact' as const },
    ];
    expect(answerFrom('what stationery does a year 7 need', [passage(text, { terms })])?.quote).toBe(
      'Every pupil should bring: a pencil case with pens and a ruler (Year 7 upwards also need a scientific calculator).',
    );
  });

  it('finds a phrase the question was bridged to only where the sentence holds all of it', () => {
    const text = `Term dates
Please do not stop a teacher at the door at the start of the day, as this is when students need them most.
Student-free days: Monday 25 January, Monday 26 April and Friday 5 November.`;
    const terms = [
      { term: 'pupil free days', weight: 0.8, via: 'synonym' as const, words: ['Student-free days'] },
      { term: 'year', weight: 0.2, via: null },
    ];
    expect(answerFrom('are there any pupil free days this year', [passage(text, { terms })])?.quote).toBe(
      'Student-free days: Monday 25 January, Monday 26 April and Friday 5 November.',
    );
  });

  it('does not cut a sentence after a title or inside "a.m."', () => {
    const units = passageUnits('Our head, Dr. Okafor, meets parents at 8 a.m. on Mondays. Tours run weekly.');
    expect(units.map((u) => u.text)).toEqual([
      'Our head, Dr. Okafor, meets parents at 8 a.m. on Mondays.',
      'Tours run weekly.',
    ]);
  });

  it('reads a Q&A line that holds its answer too (a PDF or web page joins them) as the answer under its question', () => {
    const text = `Admissions: your questions answered
Q: How do we start? A: Ring our Admissions Officer on extension 204. Tours run on the first Tuesday of each month.
Q: Is there a registration fee?
A: Yes, a registration fee of £150.`;
    const units = passageUnits(text);
    expect(units.map((u) => [u.text, u.label])).toEqual([
      ['Ring our Admissions Officer on extension 204.', 'How do we start?'],
      ['Tours run on the first Tuesday of each month.', 'How do we start?'],
      ['Yes, a registration fee of £150.', 'Is there a registration fee?'],
    ]);
    expect(quote('when are the tours', [passage(text)])).toContain('first Tuesday of each month');
  });

  it('reads a table header ending in a question mark as columns, not a Q&A question, and the prose after the table under its heading', () => {
    const text = `Other fees
Table 5: Fees in addition to tuition
Fee | Amount | When charged | Refundable?
Application fee: Amount: $175; When charged: With the application; Refundable?: No
Enrolment deposit: Amount: $2,500; When charged: With the signed contract; Refundable?: No
Technology fee (Grades 5-12): Amount: $640 per year; When charged: July invoice; Refundable?: No
Graduation fee (Grade 12): Amount: $225; When charged: January invoice; Refundable?: No

The technology fee covers a school-managed laptop on lease and a protective case.`;
    const units = passageUnits(text);
    expect(units.find((u) => u.text.startsWith('Graduation'))).toMatchObject({ kind: 'row', answers: false });
    expect(units.find((u) => u.text.startsWith('The technology fee covers'))).toMatchObject({
      label: 'Other fees',
    });
    const answer = quote('is there a fee for graduating', [passage(text)]);
    expect(answer).toContain('Graduation fee (Grade 12): Amount: $225');
    expect(answer).not.toContain('Application fee');
  });

  it('reads a two-column table’s header as columns, the rows under their caption, and the prose after a numbered caption’s table under the heading above it', () => {
    const text = `Discounts and tuition assistance
Table 6: Tuition reductions
Reduction | Amount
Second child enrolled at the same time: Amount: 10% off the lower tuition
Children of full-time staff: Amount: 40% off

Tuition assistance is based on need. Apply through ClearPath by February 5, 2027.`;
    const units = passageUnits(text);
    expect(units.find((u) => u.text.startsWith('Second child'))).toMatchObject({
      kind: 'row',
      label: 'Table 6: Tuition reductions',
    });
    expect(units.find((u) => u.text.startsWith('Apply through'))).toMatchObject({
      label: 'Discounts and tuition assistance',
    });
  });

  it('quotes a row under its table’s caption, not its column names', () => {
    const text = `Lunch
Hot lunch is prepared on site every day.
Table 9: Lunch plans
Plan | Days | Price for the year
Full lunch plan: Days: Monday to Friday; Price for the year: $1,480
Three-day plan: Days: Monday, Wednesday, Friday; Price for the year: $910
Single lunch: Days: Any day; Price for the year: $9.75`;
    expect(quote('how much is the three day lunch plan', [passage(text)])).toBe(
      'Table 9: Lunch plans — Three-day plan: Days: Monday, Wednesday, Friday; Price for the year: $910',
    );
  });

  it.each([
    ['classes', 'class'],
    ['offered', 'offer'],
    ['programmes', 'program'],
    ['buses', 'bus'],
    ['fees', 'fee'],
    ['scheduling', 'schedul'],
    ['bullied', 'bullying'],
    ['applied', 'apply'],
  ])('stems %s like %s', (a, b) => {
    expect(stem(a)).toBe(stem(b));
  });
});

describe('quoting the sentence or row that answers (no search terms given)', () => {
  it.each([
    [
      'how much is tuition for grade 3',
      'Annual tuition 2025-26 — Lower School: grades K to 4; annual tuition $21,000',
    ],
    [
      'What is the annual tuition in the upper school',
      'Upper School: grades 9 to 12; annual tuition $48,200',
    ],
    ['When is tuition due', 'Tuition is due in two instalments, on August 1 and January 15.'],
    ['how much is the bus', 'The bus fee is $1,200 a year.'],
    ['Is there a bus from Millbrook', 'Buses run on three routes from Oakton, Millbrook and Riverside.'],
    ['How much is aftercare', 'Aftercare is available until 5:30 pm for $15 a day.'],
    ['what is the deposit', 'A non-refundable deposit of $1,500 secures a place.'],
    ['can you help with dyslexia', 'who have dyslexia, ADHD or other learning differences'],
    ['what does the uniform include', 'The uniform includes: Navy blazer with the school crest'],
  ])('%s', (question, expected) => {
    expect(quote(question)).toContain(expected);
  });

  it('quotes at most a few sentences, never the whole passage or a bare heading', () => {
    const answer = quote('how much is tuition for grade 10')!;
    expect(answer).toContain('$48,200');
    expect(answer).not.toContain('$21,000');
    expect(answer.length).toBeLessThan(300);
  });

  it.each([
    'Do you have a robotics programme for students?',
    'What is the tuition for the equestrian programme?',
    'Is there a school bus from Springfield?',
    'How much is the school trip to Paris?',
    'How many students are in each class?',
  ])('does not answer what the passages do not say: %s', (question) => {
    expect(quote(question)).toBeNull();
  });
});

describe('with the search terms', () => {
  const fees = (terms: KnowledgePassage['terms'], highlights: string[] = []) =>
    passage(FEES, { terms, highlights });

  it('finds the row through a synonym the search matched', () => {
    const answer = answerFrom('What does the upper school cost?', [
      fees(
        [
          { term: 'upper', weight: 0.4, via: 'exact' },
          { term: 'school', weight: 0.1, via: 'exact' },
          { term: 'cost', weight: 0.5, via: 'synonym' },
        ],
        ['Upper', 'School', 'tuition', 'fee'],
      ),
    ]);
    expect(answer?.quote).toContain('Upper School: grades 9 to 12; annual tuition $48,200');
  });

  it('refuses when a distinctive word is unmatched, however much the rest overlaps', () => {
    const terms = [
      { term: 'equestrian', weight: 0.2, via: null },
      { term: 'tuition', weight: 0.45, via: 'exact' as const },
      { term: 'programme', weight: 0.35, via: 'exact' as const },
    ];
    expect(distinctiveTerms(terms).map((t) => t.term)).toEqual(['equestrian', 'tuition', 'programme']);
    expect(answerFrom('What is the tuition for the equestrian programme?', [fees(terms)])).toBeNull();
  });

  it('lets a generic word go unmatched', () => {
    const answer = answerFrom('What time does the school day end for students', [
      fees(
        [
          { term: 'school', weight: 0.05, via: 'exact' },
          { term: 'day', weight: 0.35, via: 'exact' },
          { term: 'end', weight: 0.55, via: 'related' },
          { term: 'students', weight: 0.05, via: null },
        ],
        ['runs'],
      ),
    ]);
    // ('$15 a day' names the day too: the sentence after it in its paragraph is shown with it.)
    expect(answer?.quote).toMatch(/^The school day runs from 8:30 am to 3:15 pm\./);
  });

  it('does not answer a word the school never uses through a WordNet neighbour alone', () => {
    const terms = (known: boolean) => [
      { term: 'dorm', weight: 0.7, via: 'related' as const, known },
      { term: 'students', weight: 0.3, via: 'exact' as const, known: true },
    ];
    const text = 'Students may use the homework room in the residence hall until 8 pm.';
    // 'dorm' is not in the knowledge base: 'residence hall' is WordNet's word, not the school's.
    expect(
      answerFrom('do you have a dorm for students', [
        passage(text, { terms: terms(false), highlights: ['residence', 'hall', 'Students'] }),
      ]),
    ).toBeNull();
    // A word the school does use elsewhere may be met by its neighbour here.
    expect(
      answerFrom('do you have a dorm for students', [
        passage(text, { terms: terms(true), highlights: ['residence', 'hall', 'Students'] }),
      ]),
    ).not.toBeNull();
  });

  it('does not answer a describing word the school never uses through a WordNet neighbour alone', () => {
    // 'haunted' is no noun, so no word the passage must match; it is still no evidence through 'taken up'.
    const terms = [
      { term: 'school', weight: 0.03, via: 'exact' as const, known: true, names: true },
      {
        term: 'haunted',
        weight: 0.97,
        via: 'related' as const,
        known: false,
        names: false,
        words: ['taken'],
      },
    ];
    const text = 'The deposit is taken off the final term’s fees in the student’s last year at the school.';
    expect(answerFrom('is the school haunted', [passage(text, { terms })])).toBeNull();
  });

  it('takes a bridging word only for the word it bridged', () => {
    const text = `Class sizes
Middle School classes have up to ten students.

Study at home
Evening preparation is kept short and purposeful.`;
    const terms = (words: boolean) => [
      { term: 'homework', weight: 0.6, via: 'related' as const, ...(words && { words: ['preparation'] }) },
      { term: 'grade', weight: 0.4, via: 'related' as const, ...(words && { words: ['classes'] }) },
    ];
    const ask = (words: boolean) =>
      answerFrom('is there homework in every grade', [
        passage(text, { terms: terms(words), highlights: ['classes', 'preparation'] }),
      ])?.quote;
    // 'classes' stands for 'grade' only: the class-size sentence does not say anything about homework.
    expect(ask(true)).toBe('Evening preparation is kept short and purposeful.');
    // Without the search's words (an older search), any bridging word stood for any bridged term.
    expect(ask(false)).toBe('Middle School classes have up to ten students.');
  });

  it('takes the figure asked for as the word that names it, below a sentence that names it too', () => {
    const contacts = `Contacts
Main phone number: (03) 5555 0192. The front office is open from 8:00 am.
- School nurse: Tess Nguyen, ext. 150
- Admissions: Jo Park, ext. 120`;
    // As the search weighs them: 'school' is in every passage of a school's handbook.
    const terms = (other: string, weight: number) => [
      { term: 'phone number', weight: 1 - weight, via: 'exact' as const },
      { term: other, weight, via: 'exact' as const },
    ];
    const ask = (question: string, other: string, weight: number) =>
      answerFrom(question, [passage(contacts, { terms: terms(other, weight) })])?.quote ?? null;
    const school = ask('whats the phone number for the school', 'school', 0.08);
    expect(school).toContain('(03) 5555 0192');
    expect(school).not.toContain('ext. 150');
    // No unit says 'phone number' and 'admissions': the admissions row's extension is that number.
    expect(ask('what is the phone number for admissions', 'admissions', 0.5)).toBe(
      'Contacts — Admissions: Jo Park, ext. 120',
    );
  });

  it('quotes the opening of a section whose heading names the whole question', () => {
    const text = `Late collection
A charge of £10 applies for each ten minutes after 6:00 pm. Repeated late pick-ups are discussed with the family.

Clubs
Clubs run until 5:00 pm.`;
    const terms = [
      { term: 'late', weight: 0.5, via: 'exact' as const },
      { term: 'collection', weight: 0.5, via: 'exact' as const },
    ];
    // The heading says what the section is about; its first sentence is the answer, though a
    // later one repeats one of the heading's words.
    expect(answerFrom('late collection?', [passage(text, { terms })])?.quote).toMatch(
      /^Late collection — A charge of £10 applies for each ten minutes after 6:00 pm\./,
    );
  });

  it('tries the next passage when the first does not hold the answer', () => {
    const answer = answerFrom('can you support dyslexia', [
      fees([
        { term: 'support', weight: 0.3, via: null },
        { term: 'dyslexia', weight: 0.7, via: null },
      ]),
      passage(PROSE, {
        terms: [
          { term: 'support', weight: 0.3, via: 'exact' },
          { term: 'dyslexia', weight: 0.7, via: 'exact' },
        ],
      }),
    ]);
    expect(answer?.passage.text).toBe(PROSE);
    expect(answer?.quote).toContain('dyslexia');
  });

  it('needs the quoted sentence itself to hold the heaviest word', () => {
    // 'crest' is matched by the passage but only in a list item the measure question cannot use.
    expect(
      answerFrom('how much does the crest cost', [
        fees(
          [
            { term: 'crest', weight: 0.7, via: 'exact' },
            { term: 'cost', weight: 0.3, via: 'synonym' },
          ],
          ['crest', 'fee'],
        ),
      ]),
    ).toBeNull();
  });
});

describe('the kind of answer a question asks for', () => {
  const SCHOOL = `Our classes
Every class has a lead teacher. Classes have at most nine students in the Lower School.
Each family pays a $450 materials fee each August.

Contact
The front office is open from 8:00 am to 4:30 pm.
Call the front office on (555) 014-2200 to report an absence.

Reports
Teachers write to families often. Written reports come home in December, March and June.

Questions and answers
Can my child bring a phone?
Phones stay in lockers during the day. Pupils in Year 7 and above may bring one. Smart watches are not allowed.

Uniform prices
Navy polo shirt, short sleeve: sizes XS to XL; price $28
Navy polo shirt, long sleeve: sizes XS to XL; price $32
Sweatshirt: sizes XS to XL; price $40`;
  const ask = (question: string) => answerFrom(question, [passage(SCHOOL)])?.quote ?? null;

  it('answers "how many" with a count, not a price', () => {
    expect(ask('how many students are in a lower school class')).toContain('at most nine students');
  });

  it('does not take a label\'s number for a count ("Grade 3", "Years 1 and 2")', () => {
    const devices = `Technology
Every student from Grade 3 upward receives a school-issued laptop, and Years 1 and 2 use classroom tablets.
The library is open from 8:00 am to 4:30 pm.`;
    const terms = [
      { term: 'laptops', weight: 0.5, via: 'synonym' as const, words: ['laptop'] },
      { term: 'library', weight: 0.5, via: 'exact' as const },
    ];
    const howMany = (text: string) =>
      answerFrom('how many laptops are in the library', [passage(text, { terms })])?.quote ?? null;
    expect(howMany(devices)).toBeNull();
    // With a count in the text, the same question is answered.
    expect(howMany(devices.replace('Every student', 'We have 40 laptops; every student'))).toContain(
      '40 laptops',
    );
  });

  it('holds a school year\'s number only as a label ("2nd grade" is not "two vans")', () => {
    const terms = [
      { term: 'grade', weight: 0.3, via: 'exact' as const },
      { term: '2', weight: 0.5, via: 'exact' as const },
      { term: 'class', weight: 0.2, via: 'exact' as const },
    ];
    const howMany = (text: string) =>
      answerFrom('how many kids are in a 2nd grade class', [passage(text, { terms })])?.quote ?? null;
    expect(
      howMany(`Transport
Our two vans meet the train each morning; a class trip or a grade assembly may change the time.`),
    ).toBeNull();
    expect(howMany(`Class sizes\nIn Grades 1 to 3 a class has at most nine children.`)).toContain(
      'nine children',
    );
    expect(howMany(`Class sizes\nSecond grade classes have eleven children.`)).toContain('eleven children');
  });

  it('takes the figure for the word "how" asks with ("how long is the winter break")', () => {
    const calendar = `Holidays
We close for winter break from Saturday, December 19, through Sunday, January 3.
If you would like to observe a class, please give the teacher 48 hours' notice so the visit can be planned around therapy.`;
    const terms = (word: string) => [
      ...(word ? [{ term: word, weight: 0.35, via: 'exact' as const }] : []),
      { term: 'long', weight: 0.45, via: null, names: false },
      { term: 'around', weight: 0.2, via: 'exact' as const, names: false },
    ];
    expect(
      answerFrom('how long is the winter break', [passage(calendar, { terms: terms('winter') })])?.quote,
    ).toContain('December 19, through Sunday, January 3');
    // About nothing the question names, a figure is no answer to 'how long'.
    expect(
      answerFrom('how long has the school been around', [passage(calendar, { terms: terms('') })]),
    ).toBeNull();
  });

  it('answers a phone question only with a phone number', () => {
    const terms = (via: 'synonym' | null) => [
      { term: 'phone number', weight: 0.5, via },
      { term: 'front', weight: 0.25, via: 'exact' as const },
      { term: 'office', weight: 0.25, via: 'exact' as const },
    ];
    const found = answerFrom("what's the phone number for the front office", [
      passage(SCHOOL, { terms: terms('synonym'), highlights: ['Call', 'front', 'office', 'Phones'] }),
    ]);
    expect(found?.quote).toBe('Call the front office on (555) 014-2200 to report an absence.');
    // The opening hours hold the office and figures, but no phone number.
    const hours = `Contact\nThe front office is open from 8:00 am to 4:30 pm.`;
    expect(
      answerFrom("what's the phone number for the front office", [
        passage(hours, { terms: terms('synonym'), highlights: ['front', 'office'] }),
      ]),
    ).toBeNull();
  });

  it('answers "when" only with a time or a date', () => {
    expect(ask('when do written reports come home')).toContain('December, March and June');
    expect(ask('when do teachers write to families')).toBeNull();
  });

  it('reads a phrase the search took as one term as the question’s subject, though its words ask nothing', () => {
    const admissions = passage(
      'Admissions decisions\nThe committee sends decisions for priority files by March 15 and for others by April 30.',
      { terms: [{ term: 'got in', weight: 1, via: 'synonym', words: ['decisions'] }] },
    );
    expect(quote('when do we find out if he got in', [admissions])).toContain('by March 15');
  });

  it('takes a span of time as saying when something starts and ends', () => {
    const hours = passage(
      'School hours\nThe school day runs from 8:15 am to 2:45 pm. Drop-off is at the front gate.',
      {
        terms: [
          { term: 'time', weight: 0.1, via: 'exact' },
          { term: 'school', weight: 0.1, via: 'exact' },
          { term: 'start', weight: 0.4, via: null },
          { term: 'end', weight: 0.4, via: null },
        ],
      },
    );
    expect(quote('what time does school start and end', [hours])).toBe(
      'The school day runs from 8:15 am to 2:45 pm.',
    );
    // Not when the question asks for no time: a span does not say whether the day ends early.
    expect(quote('does school end early', [hours])).toBeNull();
    expect(hasSpan('Term 1: Wednesday 27 January to Thursday 1 April')).toBe(true);
    expect(hasSpan('Hours: 1:15-3:15 pm')).toBe(true);
    expect(hasSpan('Grades 5-12')).toBe(false);
    expect(hasSpan('costs $5 to $10')).toBe(false);
  });

  it('quotes a Q&A answer whole, under its question', () => {
    expect(ask('can she bring her phone')).toBe(
      'Can my child bring a phone? Phones stay in lockers during the day. Pupils in Year 7 and above may bring one. Smart watches are not allowed.',
    );
  });

  it('shows the rows that answer equally, with their caption once', () => {
    expect(ask('how much is the navy polo shirt')).toBe(
      'Uniform prices — Navy polo shirt, short sleeve: sizes XS to XL; price $28 Navy polo shirt, long sleeve: sizes XS to XL; price $32',
    );
  });

  it('takes the figure from the next sentence only when that sentence goes on about this one', () => {
    const text = `Fees\nTuition is set by the board every spring. It is $18,000 for the year.\n\nTrips\nTrips are planned by each class. Families pay $40 for the autumn trip.`;
    expect(answerFrom('how much is tuition', [passage(text)])?.quote).toBe(
      'Tuition is set by the board every spring. It is $18,000 for the year.',
    );
    expect(answerFrom('how much are trips planned by each class', [passage(text)])).toBeNull();
  });

  it('narrows a very long sentence to the clauses that answer', () => {
    const long = `Costs\nThere are a few costs on top of tuition: new families pay a one-time fee of $600 in their first year, every family pays a books and materials fee of $450 each August, students in the upper grades take part in a three-day trip to the mountains each May that costs $375, and families who choose the monthly plan pay a $75 enrollment fee to our payment partner, which also handles refunds.`;
    const quote = answerFrom('how much is the books and materials fee', [passage(long)])!.quote;
    expect(quote).toContain('books and materials fee of $450 each August');
    expect(quote.length).toBeLessThan(320);
  });
});

describe('the paragraph around the quoted sentence', () => {
  const TRANSPORT = `Transport
Brightwater runs seven bus routes across the county. Buses pick students up at shared stops rather than at each home. Every bus has a trained monitor as well as the driver. Drivers are hired by the county.
Families who live outside the routes may use the shuttle from Oakton station.

Lunch
Lunch is cooked on site every day.`;

  it('shows the sentences next to the answer that name the question’s subject, up to the first that does not', () => {
    const answer = quote('where does the bus pick students up', [passage(TRANSPORT)]);
    // The sentence with the most of the question's words, with the one before it (what there is)
    // and the one after (how it works); 'Drivers are hired' names no bus, and the shuttle is
    // another paragraph.
    expect(answer).toBe(
      'Brightwater runs seven bus routes across the county. Buses pick students up at shared stops rather than at each home. Every bus has a trained monitor as well as the driver.',
    );
  });

  it('stays within the quote’s length', () => {
    const long = `Transport\n${Array.from({ length: 6 }, (_, i) => `Bus route ${i + 1} serves the ${'northern '.repeat(8)}villages every morning.`).join(' ')}`;
    const answer = quote('which villages does the bus serve', [passage(long)])!;
    expect(answer).toContain('Bus route 1 serves');
    expect(answer.length).toBeLessThanOrEqual(450);
  });

  it('shows the sentence before one that refers back to it, first', () => {
    const text = `Summer
Bridge is our five-week programme, from the last week of June to the end of July, Monday to Thursday. It combines reading and mathematics in small groups with art, outdoor games and swimming, so that students keep their skills over the summer holidays. Summer Bridge is open to current students and to students from other schools in the county, and it is often a good way for a new student to get to know our teachers, our therapists and the other children before joining us in September.`;
    const terms = [
      { term: 'run', weight: 0.2, via: 'exact' as const },
      { term: 'summer', weight: 0.43, via: 'exact' as const },
      { term: 'holidays', weight: 0.37, via: 'exact' as const },
    ];
    const answer = quote('do you run anything over the summer holidays', [passage(text, { terms })])!;
    // 'It combines...' is the sentence with most of the question; the one before says what 'it' is,
    // though it holds no word of the question.
    expect(answer).toMatch(/^Bridge is our five-week programme.*It combines/);
  });

  it('shows the answering sentence whole, leaving out neighbours there is no room for', () => {
    const text = `Keeping in touch
We think of parents as the other half of the teaching team, and we try to keep you informed without flooding your inbox. Every Sunday evening the school sends out the Oak Leaf, a short newsletter with the week's news and reminders, and younger children carry a notebook home each day so that their teachers can write short notes. Reports come three times a year, in December, March and June, and family conferences take place in November and April, with release days for conferences on November 19 and April 15.`;
    const terms = [
      { term: 'parent', weight: 0.26, via: 'exact' as const },
      { term: 'teacher', weight: 0.19, via: 'exact' as const },
      { term: 'conferences', weight: 0.55, via: 'exact' as const },
    ];
    const answer = quote('when are parent teacher conferences', [passage(text, { terms })])!;
    expect(answer).toContain('release days for conferences on November 19 and April 15.');
    expect(answer.length).toBeLessThanOrEqual(450);
  });
});

describe('what a passage must hold to answer', () => {
  const PAYING = `Paying tuition
Families choose one of three plans when they sign the contract. Plan C spreads tuition over ten monthly payments from July to April.`;
  const payTerms = (namesInstead: boolean) => [
    { term: 'pay', weight: 0.28, via: 'exact' as const, names: false },
    { term: 'monthly', weight: 0.25, via: 'exact' as const, names: false },
    { term: 'instead', weight: 0.47, via: null, names: namesInstead },
  ];

  it('may lack a word that only says how or what is done, never one that names a thing', () => {
    const ask = (names: boolean) =>
      answerFrom('is it possible to pay monthly instead of all at once', [
        passage(PAYING, { terms: payTerms(names), highlights: ['payments', 'monthly'] }),
      ])?.quote ?? null;
    // 'instead' (an adverb) is missing: the passage still answers, quoting the sentence that holds the rest.
    expect(ask(false)).toBe(
      'Paying tuition — Plan C spreads tuition over ten monthly payments from July to April.',
    );
    // Were the missing word a thing the question names, the passage would not answer.
    expect(ask(true)).toBeNull();
  });

  it('does not answer when the words it holds weigh less than half the question', () => {
    const terms = [
      { term: 'monthly', weight: 0.3, via: 'exact' as const, names: false },
      { term: 'quickly', weight: 0.7, via: null, names: false },
    ];
    expect(
      answerFrom('how quickly monthly', [passage(PAYING, { terms, highlights: ['monthly'] })]),
    ).toBeNull();
  });

  it('prefers the earlier sentence when two say as much', () => {
    const text = `Sibling discount
A sibling discount of 10% applies to each further child.

Financial aid
Aid is separate from the sibling discount.`;
    expect(answerFrom('what is the sibling discount', [passage(text)])?.quote).toBe(
      'A sibling discount of 10% applies to each further child.',
    );
  });

  it('prefers the sentence that holds the question’s words side by side', () => {
    const text = `Uniform
Students wear the blazer on assembly days, held on the first Monday of each month at the school.

Calendar
The first day of school is Wednesday, September 2.`;
    expect(answerFrom("when's the first day of school", [passage(text)])?.quote).toBe(
      'The first day of school is Wednesday, September 2.',
    );
  });

  it('quotes from the likelier passage when two sentences hold the same words', () => {
    const history = passage(`Our history\nIn 1998 eight students made one kindergarten class.`, {
      similarity: 0.62,
    });
    const classes = passage(`Class sizes\nEach kindergarten class has eight students and two teachers.`, {
      similarity: 0.71,
    });
    expect(answerFrom('how many students in a kindergarten class', [history, classes])?.quote).toBe(
      'Each kindergarten class has eight students and two teachers.',
    );
  });

  it('answers "how often" with how often, not with any number', () => {
    const text = `Therapies
Our four occupational therapy staff help with handwriting.
Occupational therapy takes place in one 45-minute session each week.`;
    expect(answerFrom('how often is occupational therapy', [passage(text)])?.quote).toBe(
      'Occupational therapy takes place in one 45-minute session each week.',
    );
  });
});

describe('a passage the search finds less likely than not to answer (under 0.7)', () => {
  const text = `School day\nThe school day runs from 8:30 am to 3:15 pm, and the gates open at 8:10 am.`;
  const ask = (similarity: number, terms: KnowledgePassage['terms']) =>
    answerFrom('what time does the school day normally start', [
      passage(text, { similarity, terms, highlights: ['school', 'day'] }),
    ])?.quote ?? null;
  const all = [
    { term: 'school', weight: 0.1, via: 'exact' as const, names: true },
    { term: 'day', weight: 0.9, via: 'exact' as const, names: true },
  ];
  // 'normally' (a describing word) is missing: the sentence holds 60% of the question.
  const most = [
    { term: 'school', weight: 0.1, via: 'exact' as const, names: true },
    { term: 'day', weight: 0.5, via: 'exact' as const, names: true },
    { term: 'normally', weight: 0.4, via: null, names: false },
  ];

  it('is quoted when its sentence holds nearly all the question', () => {
    expect(ask(0.62, all)).toContain('8:30 am to 3:15 pm');
  });

  it('is not quoted on the evidence a likelier passage needs', () => {
    expect(ask(0.85, most)).toContain('8:30 am to 3:15 pm');
    expect(ask(0.62, most)).toBeNull();
  });
});

describe('figures of a kind', () => {
  it.each([
    ['(03) 5555 0192', true],
    ['01632 960123', true],
    ['+61 3 5555 0192', true],
    ['(555) 0142-7710', true],
    ['555-014-2277', true],
    ['call ext. 204', true],
    ['2026-2027', false],
    ['$48,200 per year', false],
    ['8:15 am to 2:45 pm', false],
    ['Years 7 to 11', false],
    ['3.5 hours', false],
  ])('a phone number: %s -> %s', (text, expected) => {
    expect(hasFigure(text, ['phone'])).toBe(expected);
  });

  it('reads a query typed as a phrase ending in a figure’s name as asking for it', () => {
    expect(askedFigure('school start time')).toEqual({ kinds: ['time'], required: true });
    expect(askedFigure('pick up time for year 2')).toBeNull();
    expect(askedFigure('term dates?')).toEqual({ kinds: ['date'], required: true });
    expect(askedFigure('do you offer flexible hours')).toBeNull();
  });

  it('reads a contraction typed without its apostrophe as the asking word ("whens", "whos")', () => {
    expect(askedFigure('whens parents evening')).toEqual({ kinds: ['date', 'time'], required: true });
    expect(askedFigure('whos the head of learning support')).toEqual({ kinds: ['name'], required: false });
  });

  it('names a figure by the word for it', () => {
    expect(figureNamed('phone number')).toBe('phone');
    expect(figureNamed('extension')).toBe('phone');
    expect(figureNamed('cost')).toBe('money');
    expect(figureNamed('fees')).toBe('money');
    expect(figureNamed('time')).toBe('time');
    expect(figureNamed('tuition')).toBeNull();
  });
});

describe('a number in a passage', () => {
  const locate = termLocator([]);
  const number = (n: string) => ({ term: n, weight: 1, via: 'exact' as const });
  it('is a number of its own, not part of a section number, a price or a larger figure', () => {
    expect(locate('Year 2 students start at 8:30 am.', number('2'))).toBe(true);
    expect(locate('Our second campus', number('2'))).toBe(true);
    expect(locate('1.2 Our students', number('2'))).toBe(false);
    expect(locate('Lunch costs $7.50 a day', number('7'))).toBe(false);
    expect(locate('A$2,400 a year', number('2'))).toBe(false);
    expect(locate('Years 1 to 3', number('2'))).toBe(true);
  });
});
