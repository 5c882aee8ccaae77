/**
 * The Willow Creek School handbook: a fictional school's parent handbook as structured content
 * (headings in a row, prose, lists, tables, a Q&A section), rendered to every format by
 * handbook-documents.ts. The source of truth the ingestion coverage test counts words against.
 */
export type HandbookBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; caption: string; header: string[]; rows: string[][] }
  | { kind: 'qa'; question: string; answer: string }
  /** Prose a PDF sets in two columns (one paragraph each); other formats as paragraphs. */
  | { kind: 'columns'; paragraphs: string[] };

const TERM_EVENTS: string[][] = [
  ['New family orientation', 'Thursday, September 3, 2026', 'Parents and students, 9:00 am in the hall'],
  ['First day of school', 'Tuesday, September 8, 2026', 'Half day, dismissal at 12:15 pm'],
  ['Back to school evening', 'Thursday, September 17, 2026', 'Meet the teachers, 6:30 pm'],
  ['Picture day', 'Wednesday, September 30, 2026', 'Retakes on October 21'],
  ['Terry Fox Run', 'Friday, October 2, 2026', 'Whole school, along the river path'],
  ['Thanksgiving holiday (Canada)', 'Monday, October 12, 2026', 'School closed'],
  ['Parent conferences', 'Friday, October 23, 2026', 'No classes; booked through the portal'],
  ['Fall progress reports', 'Friday, November 6, 2026', 'Posted on the portal'],
  ['Remembrance Day assembly', 'Wednesday, November 11, 2026', '10:45 am, families welcome'],
  ['Staff training day', 'Friday, November 27, 2026', 'School closed for students'],
  ['Book fair', 'Monday, November 30 to Thursday, December 3, 2026', 'In the library after school'],
  ['Winter concert', 'Thursday, December 10, 2026', '6:00 pm at the Rivergate Theatre'],
  ['Winter break begins', 'Saturday, December 19, 2026', 'Classes resume January 4, 2027'],
  ['Classes resume', 'Monday, January 4, 2027', 'Full day'],
  ['Re-enrolment contracts due', 'Friday, January 29, 2027', 'With the $1,200 deposit'],
  ['Family Day', 'Monday, February 15, 2027', 'School closed'],
  ['Winter progress reports', 'Friday, February 19, 2027', 'Posted on the portal'],
  ['Open house for new families', 'Saturday, February 27, 2027', '10:00 am to noon'],
  ['Science fair', 'Thursday, March 4, 2027', 'Open to families from 1:30 pm'],
  ['March break', 'Monday, March 15 to Friday, March 26, 2027', 'Two weeks, school closed'],
  ['Good Friday and Easter Monday', 'April 2 and April 5, 2027', 'School closed'],
  ['Spring parent conferences', 'Friday, April 16, 2027', 'No classes; booked through the portal'],
  ['Earth Day cleanup', 'Thursday, April 22, 2027', 'Bring gloves and a water bottle'],
  ['Outdoor education week', 'Monday, May 10 to Friday, May 14, 2027', 'Grades 6 to 8 at Camp Kinross'],
  ['Victoria Day', 'Monday, May 24, 2027', 'School closed'],
  ['Grandparents morning', 'Friday, May 28, 2027', 'Primary and Junior classes, 9:30 am'],
  ['Sports day', 'Friday, June 4, 2027', 'Rain date June 7'],
  ['Reading Buddies picnic', 'Wednesday, June 9, 2027', 'On the back field at lunch'],
  ['Grade 8 celebration', 'Thursday, June 17, 2027', '5:00 pm in the gym'],
  ['Last day of school', 'Friday, June 25, 2027', 'Half day, dismissal at 11:45 am'],
];

export const WILLOW_CREEK: HandbookBlock[] = [
  { kind: 'heading', level: 1, text: 'Willow Creek School Parent Handbook 2026-2027' },
  {
    kind: 'paragraph',
    text: 'Willow Creek School is an independent day school at 48 Alder Lane in Rivergate for children from kindergarten to grade 8 who learn differently. Most of our 212 students have dyslexia, ADHD, a developmental language disorder or anxiety, and many have more than one of these. This handbook answers the questions families ask us most often, and the version on the parent portal is always the one that applies.',
  },
  { kind: 'heading', level: 2, text: 'Part 1: Joining Willow Creek' },
  { kind: 'heading', level: 3, text: 'How to Apply' },
  {
    kind: 'paragraph',
    text: 'Admission happens in steps, and most families finish the whole process in six to nine weeks. Our Director of Admissions, Priyanka Sethi, answers every enquiry within two school days and is glad to talk before you decide whether to apply.',
  },
  {
    kind: 'list',
    items: [
      'A telephone conversation with the admissions office',
      'A morning tour of the school with a current parent',
      'The online application with a non-refundable fee of $150',
      'Copies of recent psychoeducational and speech-language reports',
      'A visiting day in a class of the same age',
      'A meeting with the family and the learning support team',
    ],
  },
  {
    kind: 'paragraph',
    text: 'Decisions are sent by email within ten school days of the visiting day. A place is held for two weeks while the family signs the enrolment contract and pays the deposit. When a class is full we keep a short waiting list, and we call families on it in the order their files became complete.',
  },
  { kind: 'heading', level: 3, text: 'Who We Serve' },
  {
    kind: 'paragraph',
    text: 'Willow Creek is a good fit for students of average or above average reasoning ability whose main barrier to learning is a specific learning disability, an attention difficulty, a language disorder or anxiety. Autistic students who can learn in a group of ten with support do well with us. We cannot serve students who need a one-to-one aide for the whole day, and our admissions team will help those families find a school that can.',
  },
  { kind: 'heading', level: 2, text: 'Part 2: Fees and Payment' },
  { kind: 'heading', level: 3, text: 'Tuition' },
  {
    kind: 'paragraph',
    text: 'Tuition pays for teaching, classroom assistants, daily literacy tutoring, the therapies included in every programme and most classroom materials. Families choose a payment schedule when they sign the enrolment contract.',
  },
  {
    kind: 'table',
    caption: 'Table 1: Divisions, tuition and class sizes',
    header: ['Division', 'Grades', 'Annual tuition', 'Largest class', 'Staff ratio'],
    rows: [
      ['Primary', 'Kindergarten to grade 2', '$28,400', '8 students', '1 to 4'],
      ['Junior', 'Grades 3 to 5', '$30,900', '10 students', '1 to 5'],
      ['Intermediate', 'Grades 6 to 8', '$32,750', '12 students', '1 to 6'],
    ],
  },
  {
    kind: 'paragraph',
    text: 'Tuition may be paid in full by July 1, in two instalments due on July 1 and December 1, or in ten monthly instalments from July to April by pre-authorized debit. The monthly plan carries an administration charge of $240 a year. A family that pays in full by July 1 receives a discount of 1.5 percent.',
  },
  { kind: 'heading', level: 3, text: 'Other Fees' },
  {
    kind: 'table',
    caption: 'Table 2: Fees in addition to tuition',
    header: ['Fee', 'Amount', 'When charged'],
    rows: [
      ['Application fee', '$150', 'With the application'],
      ['Enrolment deposit', '$1,200', 'With the signed contract, credited to tuition'],
      ['New family fee', '$800', 'First year only'],
      ['Technology fee', '$450 a year', 'July invoice, grades 4 to 8'],
      ['Outdoor education week', '$620', 'October invoice, grades 6 to 8'],
    ],
  },
  {
    kind: 'paragraph',
    text: 'A second child enrolled at the same time receives 10 percent off the lower tuition, and each further child receives 15 percent off. Financial assistance is based on need: apply through the Family Aid Portal by February 12, 2027, and remember that awards must be renewed every year.',
  },
  { kind: 'heading', level: 2, text: 'Part 3: The School Day' },
  { kind: 'heading', level: 3, text: 'Hours' },
  {
    kind: 'table',
    caption: 'Table 3: Daily schedule',
    header: ['Division', 'Doors open', 'Classes begin', 'Dismissal', 'Friday dismissal'],
    rows: [
      ['Primary', '8:00 am', '8:25 am', '2:55 pm', '12:30 pm'],
      ['Junior', '8:00 am', '8:25 am', '3:10 pm', '12:30 pm'],
      ['Intermediate', '8:00 am', '8:40 am', '3:25 pm', '12:45 pm'],
    ],
  },
  {
    kind: 'paragraph',
    text: 'Every Friday ends early so that teachers can meet for case reviews and planning. Students who arrive after classes begin sign in at the front desk. Our after-school programme, the Creek Club, runs until 6:00 pm for $380 a month or $35 a day, and late pick-up after 6:00 pm is charged at $1 a minute.',
  },
  { kind: 'heading', level: 3, text: 'What to Bring' },
  {
    kind: 'list',
    items: [
      'A labelled water bottle',
      'Indoor shoes that stay at school',
      'A healthy snack and a packed lunch',
      'Weather-appropriate outdoor clothing',
    ],
  },
  { kind: 'heading', level: 2, text: 'Part 4: Learning Support and Therapies' },
  {
    kind: 'columns',
    paragraphs: [
      'Every student has an Individual Learning Profile written by the learning support team with the family in October and reviewed in March. It sets out goals, accommodations and the services the student receives, and families who hold a public school IEP should know that the profile is our own document and does not replace it.',
      'Speech-language therapy happens in small groups of two or three, twice a week for thirty minutes, and our four speech-language pathologists also teach vocabulary inside classrooms. Occupational therapy supports handwriting, fine motor skills and sensory regulation in the sensory room, once a week for forty minutes.',
      'Literacy tutoring follows a structured, multisensory sequence every day in groups of one to three. Math intervention is offered three times a week. Private therapy beyond the learning profile can be arranged with our staff for $110 per forty-five minute session, billed monthly.',
    ],
  },
  { kind: 'heading', level: 2, text: 'Part 5: Calendar' },
  {
    kind: 'paragraph',
    text: 'The dates below are final unless a change is posted on the portal. Snow closures are announced by 6:30 am by text message and on the school website.',
  },
  {
    kind: 'table',
    caption: 'Table 4: Key dates for 2026-2027',
    header: ['Event', 'Date', 'Details'],
    rows: TERM_EVENTS,
  },
  { kind: 'heading', level: 2, text: 'Part 6: Health and Safety' },
  {
    kind: 'paragraph',
    text: 'Our school nurse, Hannah Ostrowski, keeps and gives every medicine, including ADHD medication and pain relievers. A parent and the prescribing doctor sign the medication form, which is renewed every August, and the first dose of any new medicine is always given at home. Medicine arrives in its original pharmacy container, carried in by an adult.',
  },
  {
    kind: 'paragraph',
    text: 'Please keep your child at home after a fever of 38 degrees or higher until they have been well for 24 hours without medicine, and tell the office by 8:30 am through the portal. The whole campus is nut-free, and every child with an allergy has an action plan on file with the nurse.',
  },
  { kind: 'heading', level: 2, text: 'Frequently Asked Questions' },
  {
    kind: 'qa',
    question: 'Is there a school uniform?',
    answer: 'No, but children wear closed-toe shoes every day and the school T-shirt on field trips.',
  },
  {
    kind: 'qa',
    question: 'Does the school run buses?',
    answer:
      'Two school vans meet the 7:45 am train at Rivergate station and return for the 3:40 pm departure, for $1,650 a year.',
  },
  {
    kind: 'qa',
    question: 'Can parents observe a class?',
    answer:
      'Yes, with 48 hours notice to the teacher, so that the visit can be planned around therapy sessions.',
  },
];
