import { oneEditAway } from './spelling';

/**
 * A parent's question as search terms. Words of asking ("how much", "usually", "tell me") are
 * dropped: they say nothing about the subject, and in a handbook they are rare, so they would weigh
 * more than "tuition". Each remaining word keeps its school-vocabulary alternatives (kid -> child,
 * student; OT -> occupational therapy; aftercare -> after-school care; US and UK spellings), so a
 * parent's words meet the handbook's. Ordinals are folded ("7th grader" -> "grade 7").
 * PostgreSQL thesaurus dictionaries would do this too, but they are files on the server, which
 * PGlite and managed databases do not allow.
 */
export type QueryGroup = {
  word: string;
  /** The word (first) and its school-vocabulary alternatives. */
  alternatives: string[];
  /** Other words for it from a general lexicon (WordNet): weighed below the school's own. */
  related: string[];
  /** The word as the other country spells it ('colour', 'color'): searched only when the word is. */
  spellings?: string[];
};

/** A general lexicon's other words for a word (WordNet: synonyms, broader and narrower terms). */
export type RelatedWordsOf = (word: string) => string[];

const FILLER = new Set(
  (
    'how much many often get gets got getting happen happens happening possible really actually usually ' +
    // 'next' says when ('next year', 'next week'), as 'today' does, not what about.
    'know let ever still come see go goes going find want wants would could should might maybe today next also ' +
    'yesterday tomorrow tonight ' +
    'what whats there theres tell please thanks thank hi hello anyone someone exactly kind sort okay ok ' +
    'like able way lot lots bit thing things something anything just even im sure wondering wonder ask think ' +
    'question questions info decide help us we our you your me my i he she him her his they them their it its ' +
    'is are was were be been do does did can will the a an and or of to in on at for with about from ' +
    // Function words PostgreSQL's stop list keeps: they say how, not what ('sessions per week').
    'per each every via than such very any some other another same both either neither own into onto ' +
    // 'till' is 'until'; 'else' says only 'other'; contractions typed without their apostrophe.
    'till til else cant wont dont doesnt isnt arent didnt wasnt werent havent hasnt couldnt wouldnt ' +
    'shouldnt youre theyre hes shes thats whos whens hows wheres heres youll theyll stuff bc cuz coz ' +
    // 'you' and 'your' as texted ('do u guys use', 'ur school').
    'u ur ya guys ' +
    // 'the second one', 'is there one': a pronoun, not a subject.
    'one ones'
  ).split(' '),
);

/**
 * A misspelt asking word ('acutally', 'realy', 'wondring'): one edit (spelling.ts) from a filler
 * word of five letters or more. The search leaves it out when neither the knowledge base nor
 * English has it, as it leaves out the word spelt right.
 */
export function isMisspeltFiller(word: string): boolean {
  return (
    word.length >= 4 && /^[a-z]+$/.test(word) && oneEditAway(word).some((w) => w.length >= 5 && FILLER.has(w))
  );
}

/** Phrases first (longest wins), then words. Alternatives are plain English, stemmed by PostgreSQL. */
const PHRASES: [RegExp, string[]][] = [
  [/\bphone number\b|\bnumber to call\b/g, ['phone', 'telephone', 'call']],
  [/\bsnow days?\b/g, ['weather', 'closure', 'snow']],
  [/\bpull (?:him|her|them) out\b|\btake (?:him|her|them) out\b/g, ['withdraw', 'withdrawal']],
  // 'if he gets in', 'did she get in?': admitted (not 'get in touch', 'get in year 12').
  [
    /\b(?:got|get|gets) in\b(?!\s+(?:touch|year|years|grade|grades|the|a|an|to|on|at|with|for|class|time)\b)/g,
    ['admission decision', 'decision', 'accepted'],
  ],
  [/\bwaiting list\b|\bwait list\b|\bwaitlist\b/g, ['waiting list', 'waitlist']],
  [/\bafter[- ]?care\b|\bafter[- ]school care\b/g, ['after-school care', 'aftercare']],
  [/\bbefore[- ]?care\b|\bbefore[- ]school care\b/g, ['before-school care', 'breakfast club']],
  [
    /\bfinancial (?:aid|help|assistance)\b|\bhelp (?:with )?paying\b/g,
    ['financial aid', 'scholarship', 'bursary'],
  ],
  [/\bopen (?:house|day)\b/g, ['open house', 'tour', 'visit']],
  // 'come and see', 'look around': asking words on their own, a visit together.
  [
    /\bcome (?:and |to )?(?:see|look)\b|\blook (?:a)?round\b|\bshow (?:us|me) (?:a)?round\b/g,
    ['visit', 'tour', 'open house'],
  ],
  [/\bsign(?:ing|ed)? (?:him |her |them )?up\b/g, ['sign up', 'register', 'registration', 'enrol']],
  // What parents say for a deposit, a discount and the end of term ('break up for the summer').
  [/\bput(?:ting)? down\b/g, ['deposit']],
  [/\bmoney off\b/g, ['discount', 'reduction']],
  [/\bbreak(?:s|ing)? up\b/g, ['term ends', 'end of term', 'last day']],
  [
    /\bfind(?:ing)? out\b|\bhear back\b|\bhear from (?:you|the school)\b/g,
    ['notify', 'notified', 'let you know', 'inform', 'decision'],
  ],
  // The same things as US, UK and Australian schools and parents name them.
  [/\bfield trips?\b/g, ['excursion', 'trip', 'outing']],
  [/\bparents'? evenings?\b/g, ["parents' evening", 'parent-teacher conference', 'parent-teacher interview']],
  [
    /\binset days?\b|\b(?:pupil|student)[- ]free days?\b|\b(?:teacher|staff) training days?\b/g,
    ['inset day', 'training day', 'professional development', 'pupil-free day', 'student-free day'],
  ],
  [/\b(?:tummy|stomach) bugs?\b|\bthrowing up\b|\bthrew up\b/g, ['vomiting', 'diarrhoea', 'diarrhea']],
  [/\blost and found\b|\blost property\b/g, ['lost property', 'lost and found']],
  [/\bhome time\b/g, ['dismissal', 'end of the day', 'home time']],
  // A child picked up is collected in UK schools ('late collection').
  [
    /\bpick(?:s|ing|ed)?[- ](?:(?:him|her|them|my \w+) )?up\b/g,
    ['pick up', 'pick-up', 'pickup', 'collect', 'collection'],
  ],
  [/\bwrap[- ]?around care\b|\boshc\b/g, ['after-school care', 'before-school care', 'breakfast club']],
  [/\belementary school\b|\bprimary school\b/g, ['elementary', 'primary', 'lower school', 'junior school']],
  [
    /\bspecial (?:ed|education|educational needs|needs)\b/g,
    [
      'special education',
      'special educational needs',
      'learning support',
      'additional needs',
      'learning differences',
    ],
  ],
  [/\bterm dates\b|\bschool calendar\b/g, ['term dates', 'calendar', 'key dates']],
  [/\bmorning tea\b/g, ['morning tea', 'snack', 'recess']],
];

const SYNONYMS: Record<string, string[]> = {
  apply: ['application'],
  applying: ['application'],
  application: ['apply'],
  kid: ['child', 'student', 'pupil'],
  kids: ['children', 'students', 'pupils'],
  son: ['child', 'student', 'pupil'],
  daughter: ['child', 'student', 'pupil'],
  ot: ['occupational therapy'],
  pt: ['physical therapy'],
  slp: ['speech-language'],
  laptop: ['device', 'chromebook', 'computer'],
  computer: ['device', 'chromebook', 'laptop'],
  ipad: ['device', 'tablet'],
  vaccinated: ['immunisation', 'immunization', 'vaccination'],
  vaccines: ['immunisation', 'immunization', 'vaccination'],
  vaccinations: ['immunisation', 'immunization'],
  shots: ['immunisation', 'immunization'],
  afford: ['financial aid', 'scholarship'],
  sick: ['ill', 'absence', 'absent', 'attendance'],
  ill: ['sick', 'absence', 'attendance'],
  absent: ['absence', 'attendance', 'sick'],
  math: ['mathematics', 'maths'],
  maths: ['mathematics', 'math'],
  teacher: ['staff', 'teacher'],
  teachers: ['staff', 'teachers'],
  answer: ['reply', 'respond'],
  reply: ['answer', 'respond'],
  email: ['e-mail', 'message'],
  emails: ['e-mail', 'messages'],
  withdraw: ['withdrawal', 'leave'],
  leave: ['withdraw', 'withdrawal'],
  accepted: ['admission decision', 'offer'],
  cost: ['fee', 'price', 'tuition'],
  costs: ['fees', 'tuition'],
  price: ['fee', 'cost', 'tuition'],
  pay: ['payment', 'fee'],
  bus: ['transport', 'transportation'],
  transport: ['bus', 'transportation'],
  lunch: ['meal', 'food'],
  food: ['lunch', 'meal'],
  visit: ['tour', 'visit'],
  tour: ['visit'],
  uniform: ['dress code'],
  graduation: ['graduate', 'graduates'],
  college: ['university'],
  university: ['college'],
  tutoring: ['tutorial', 'tutor'],
  program: ['programme'],
  programs: ['programmes'],
  programme: ['program'],
  enroll: ['enrol', 'enrolment', 'enrollment'],
  enrol: ['enroll', 'enrollment', 'enrolment'],
  enrollment: ['enrolment'],
  enrolment: ['enrollment'],
  phone: ['mobile', 'cell'],
  cellphone: ['phone', 'mobile'],
  // The same things as US, UK and Australian schools and parents name them (nouns in the
  // singular: a plural finds its singular's entry).
  med: ['medication', 'medicine'],
  medicine: ['medication'],
  medication: ['medicine'],
  epipen: ['adrenaline', 'auto-injector', 'epinephrine'],
  puffer: ['inhaler', 'reliever'],
  inhaler: ['puffer', 'reliever'],
  // A parent's 'spot' in a class is the school's 'place' (a 'seat' in some US schools).
  spot: ['place', 'seat'],
  jumper: ['sweater', 'sweatshirt', 'pullover', 'jersey'],
  sweater: ['jumper', 'sweatshirt', 'pullover', 'jersey'],
  trainer: ['sneakers', 'sports shoes'],
  sneaker: ['trainers', 'sports shoes'],
  recess: ['break', 'playtime'],
  playtime: ['recess', 'break'],
  vacation: ['holiday'],
  holiday: ['vacation'],
  semester: ['term'],
  principal: ['head', 'headteacher', 'head teacher', 'headmaster', 'headmistress'],
  headteacher: ['principal', 'head'],
  headmaster: ['principal', 'headteacher', 'head'],
  headmistress: ['principal', 'headteacher', 'head'],
  preschool: ['nursery', 'pre-k', 'pre-kindergarten'],
  exam: ['examination', 'test', 'assessment'],
  test: ['assessment', 'exam'],
  iep: ['individualized education program', 'education plan', 'learning plan', 'ehcp'],
  ehcp: ['education health and care plan', 'education plan', 'iep'],
  aide: ['teaching assistant', 'learning support assistant'],
  canteen: ['cafeteria', 'dining hall', 'dining room', 'tuckshop'],
  cafeteria: ['canteen', 'dining hall', 'dining room'],
  tuckshop: ['canteen', 'cafeteria'],
  lunchbox: ['packed lunch'],
  excursion: ['field trip', 'trip', 'outing'],
  outing: ['trip', 'excursion'],
  bursary: ['financial aid', 'scholarship'],
  scholarship: ['bursary', 'financial aid'],
  extracurricular: ['clubs', 'activities', 'after-school'],
  pta: ["parents' association", 'parents association', 'parent council', 'pto'],
  pto: ['pta', "parents' association", 'parent council'],
  arvo: ['afternoon'],
  stationery: ['supplies', 'equipment'],
  supplies: ['stationery', 'equipment'],
  gym: ['pe', 'physical education', 'gymnasium'],
  pe: ['physical education', 'gym'],
  timetable: ['schedule'],
  schedule: ['timetable'],
  mobile: ['phone', 'cell'],
  carpool: ['drop-off', 'car line'],
  dismissal: ['pick-up', 'home time', 'end of the day'],
  elementary: ['primary', 'lower school', 'junior school'],
  primary: ['elementary', 'lower school', 'junior school'],
  snack: ['morning tea', 'recess'],
  autism: ['autistic', 'asd'],
  autistic: ['autism', 'asd'],
  asd: ['autism', 'autistic'],
  dyslexic: ['dyslexia'],
  dyslexia: ['dyslexic'],
  dyspraxic: ['dyspraxia', 'dcd'],
  dyspraxia: ['dyspraxic', 'dcd'],
  dyscalculic: ['dyscalculia'],
  therapist: ['therapy'],
  therapy: ['therapist'],
  // A deadline as UK schools write it.
  deadline: ['closing date'],
  // Months as parents shorten them ('sept 2027'); 'mar' and 'may' are words of their own.
  jan: ['january'],
  feb: ['february'],
  apr: ['april'],
  jun: ['june'],
  jul: ['july'],
  aug: ['august'],
  sep: ['september'],
  sept: ['september'],
  oct: ['october'],
  nov: ['november'],
  dec: ['december'],
};

/**
 * The other country's spelling of a word ('colour' and 'color', 'organise' and 'organize',
 * 'centre' and 'center', 'paediatric' and 'pediatric', 'licence' and 'license', 'counselling' and
 * 'counseling'), which PostgreSQL's stemmer keeps apart. Made-up spellings ('tutour') are left out
 * by the search: only words English has are searched.
 */
export function spellingVariants(word: string): string[] {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return [];
  const swaps: [RegExp, string][] = [
    [/our(s|ed|ing|ite|ites|able)?$/, 'or$1'],
    [/([^aeou])or(s|ed|ing|ite|ites|able)?$/, '$1our$2'],
    [/is(e|es|ed|ing|ation|ations)$/, 'iz$1'],
    [/iz(e|es|ed|ing|ation|ations)$/, 'is$1'],
    [/ys(e|es|ed|ing)$/, 'yz$1'],
    [/yz(e|es|ed|ing)$/, 'ys$1'],
    [/tre(s)?$/, 'ter$1'],
    [/ter(s)?$/, 'tre$1'],
    [/ae/, 'e'],
    [/oea$/, 'ea'],
    [/^oe/, 'e'],
    [/ence$/, 'ense'],
    [/ense$/, 'ence'],
    [/([aeiou][^aeiou]+[aeiou])ll(ed|ing|er|ers|or|ors)$/, '$1l$2'],
    [/([aeiou][^aeiou]+[aeiou])l(ed|ing|er|ers|or|ors)$/, '$1ll$2'],
  ];
  const variants = swaps.flatMap(([pattern, to]) => {
    const variant = word.replace(pattern, to);
    return variant !== word ? [variant] : [];
  });
  return [...new Set(variants)];
}

/** A word's school synonyms, or its singular's ('jumpers', 'meds'). */
const synonymsOf = (word: string) =>
  SYNONYMS[word] ?? (word.length > 3 && word.endsWith('s') ? SYNONYMS[word.slice(0, -1)] : undefined);

/** "7th grader", "grade seven" style ordinals -> "grade 7". */
function foldOrdinals(text: string): string {
  return text
    .replace(/\b(\d{1,2})(?:st|nd|rd|th)[- ]?grade(?:rs?)?\b/g, 'grade $1')
    .replace(/\b(\d{1,2})(?:st|nd|rd|th)\b/g, '$1');
}

/**
 * Prepositions of several words ('on top of the tuition', 'in addition to'): their nouns ('top',
 * 'addition') are not what the question is about.
 */
const COMPOUND_PREPOSITIONS =
  /\b(?:on top of|in addition to|as well as|instead of|because of|apart from|in front of|in case of|on behalf of|in terms of|with regard to|in regard to|in relation to)\b/g;

/** A time said from today, as 'yesterday' is ('last night', 'this morning'): when, not what about. */
const DEICTIC_TIMES = /\b(?:last|this) (?:night|morning|afternoon|evening)\b/g;

export function analyseQuery(
  query: string,
  relatedOf: RelatedWordsOf = () => [],
  options: { schoolThesaurus?: boolean } = {},
): QueryGroup[] {
  const thesaurus = options.schoolThesaurus ?? true;
  let text = foldOrdinals(query.toLowerCase().replace(/[’‘`]/g, "'"))
    .replace(COMPOUND_PREPOSITIONS, ' ')
    .replace(DEICTIC_TIMES, ' ');
  const groups: QueryGroup[] = [];
  for (const [pattern, alternatives] of thesaurus ? PHRASES : []) {
    text = text.replace(pattern, (typed) => {
      // 'pick him up' is 'pick up' wherever the handbook says whom ('pick your child up').
      const phrase = typed.replace(/ (?:him|her|them|my \w+)(?= )/g, '');
      groups.push({
        word: phrase,
        alternatives: [phrase, ...alternatives.filter((a) => a !== phrase)],
        related: [],
      });
      return ' ';
    });
  }
  const words = text.match(/[a-z0-9][a-z0-9'-]*/g) ?? [];
  const seen = new Set(groups.map((g) => g.word));
  for (const raw of words) {
    // Contractions: "can't" and "don't" say nothing of the subject; "I'll" must not read as "ill".
    if (/n't$/.test(raw)) continue;
    const word = raw.replace(/'(s|ll|re|ve|d|m)$/, '').replace(/'/g, '');
    if (!word || FILLER.has(word) || seen.has(word)) continue;
    seen.add(word);
    const alternatives = [word, ...((thesaurus && synonymsOf(word)) || [])];
    const related = /^[a-z]{3,}$/.test(word)
      ? relatedOf(word).filter((r) => !alternatives.includes(r) && !FILLER.has(r))
      : [];
    const spellings = thesaurus ? spellingVariants(word).filter((v) => !alternatives.includes(v)) : [];
    groups.push({ word, alternatives, related, ...(spellings.length ? { spellings } : {}) });
  }
  // Everything was filler ("how does it work?"): search the words as typed.
  if (!groups.length)
    for (const word of new Set(words)) groups.push({ word, alternatives: [word], related: [] });
  return groups.slice(0, 24);
}
