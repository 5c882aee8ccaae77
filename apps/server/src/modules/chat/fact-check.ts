import { NUMBER_WORDS, TENS } from './number-words';
import { sentencesOf } from './passage-units';

/**
 * The AI mode's check on its model: a number, price, percentage, time, date or name in the answer
 * must be in what the model was given. Prices and percentages only from the school's own words
 * (the passages, the persona, earlier answers): a parent's 'is it $100?' is no source for a price.
 * Other numbers and names may also come from the parent (their child's age, their names).
 * Capitalised words are names unless they start a sentence; any word the sources use (in any
 * case) passes, so the school's and the chatbot's names and the passages' own terms do.
 */

export type FactSources = {
  /** The passages and the school's words: the only sources of prices and percentages. */
  school: string;
  /** What the parent wrote, and the names the conversation knows. */
  parent: string;
};

const UNITS = NUMBER_WORDS.slice(0, 10);
const TEENS = NUMBER_WORDS.slice(10, 20);

/** 'twenty-five' -> '25', 'eight' -> '8'; 'one' stays a word ('one of our teachers' is no figure). */
function digitsForWords(text: string): string {
  const unit = UNITS.slice(2).join('|');
  return text
    .replace(
      new RegExp(`\\b(${TENS.slice(2).join('|')})[- ](${unit}|one)\\b`, 'gi'),
      (_, t: string, u: string) =>
        String(TENS.indexOf(t.toLowerCase()) * 10 + UNITS.indexOf(u.toLowerCase())),
    )
    .replace(new RegExp(`\\b(${TENS.slice(2).join('|')})\\b`, 'gi'), (t: string) =>
      String(TENS.indexOf(t.toLowerCase()) * 10),
    )
    .replace(new RegExp(`\\b(${TEENS.join('|')})\\b`, 'gi'), (t: string) =>
      String(TEENS.indexOf(t.toLowerCase()) + 10),
    )
    .replace(new RegExp(`\\b(${unit})\\b`, 'gi'), (u: string) => String(UNITS.indexOf(u.toLowerCase())));
}

type Figure = { text: string; value: string; isMoney: boolean };

const FIGURE =
  /([$£€¥]\s?)?(\d[\d,]*(?:\.\d+)?)(?::(\d{2}))?(\s?(?:%|percent\b|per cent\b|dollars\b|euros\b|pounds\b))?/gi;

/** The figures of a text, normalised: '$48,200' -> 48200, '8.30am' and '8:30' -> 8:30, '3:00' -> 3. */
export function figuresOf(text: string): Figure[] {
  const found: Figure[] = [];
  const normal = digitsForWords(text).replace(/\b(\d{1,2})\.(\d{2})\s?([ap]\.?m\b)/gi, '$1:$2 $3');
  for (const m of normal.matchAll(FIGURE)) {
    const [whole, currency, number, minutes, unit] = m;
    const plain = number!.replace(/,/g, '').replace(/\.0+$/, '').replace(/\.$/, '');
    const value = minutes && minutes !== '00' ? `${plain}:${minutes}` : plain;
    found.push({ text: whole.trim(), value, isMoney: Boolean(currency || unit) });
  }
  return found;
}

const wordSet = (text: string) =>
  new Set((text.toLowerCase().match(/[\p{L}]+/gu) ?? []).map((w) => w.replace(/['’]s$/, '')));

/** Capitalised words not at a sentence's start: names, places, months, products. */
export function capitalisedWords(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split(/\n+/))
    for (const sentence of sentencesOf(line.trim())) {
      const words = sentence.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
      for (const word of words.slice(1))
        if (/^\p{Lu}/u.test(word) && !/^I(?:['’]\w+)?$/.test(word)) names.push(word);
    }
  return names;
}

/** What in the answer its sources do not hold: the figures and names to refuse. Empty: the answer stands. */
export function unsupportedFacts(answer: string, sources: FactSources): string[] {
  const school = new Set(figuresOf(sources.school).map((f) => f.value));
  const anyone = new Set([...school, ...figuresOf(sources.parent).map((f) => f.value)]);
  const words = wordSet(`${sources.school}\n${sources.parent}`);
  const refused = figuresOf(answer)
    .filter((f) => !(f.isMoney ? school : anyone).has(f.value))
    .map((f) => f.text);
  for (const name of capitalisedWords(answer)) {
    const parts = name
      .replace(/['’]s$/, '')
      .split(/[-'’]/)
      .filter(Boolean);
    if (!parts.every((p) => words.has(p.toLowerCase()))) refused.push(name);
  }
  return refused;
}

/**
 * Passes the model's text on as it streams, a sentence at a time, each once checked; stops at the
 * first sentence holding a fact the sources do not. Without `emit` it only checks.
 */
export function createFactGate(sources: FactSources, emit?: (text: string) => void) {
  let pending = '';
  let sent = '';
  let refused: string[] = [];
  const release = (text: string) => {
    if (!text) return true;
    refused = unsupportedFacts(sent + text, sources);
    if (refused.length) return false;
    sent += text;
    emit?.(text);
    return true;
  };
  /** Where the complete sentences of the pending text end (a sentence is complete once the next begins). */
  const completeUpTo = () => {
    const lineStart = pending.lastIndexOf('\n') + 1;
    const tail = pending.slice(lineStart);
    const sentences = sentencesOf(tail);
    const end = sentences.length > 1 ? lineStart + tail.lastIndexOf(sentences.at(-1)!) : lineStart;
    // The space between sentences goes out with the next one: what was sent ends with a sentence.
    return pending.slice(0, end).trimEnd().length;
  };
  return {
    /** More of the model's text; false once a sentence was refused (stop reading). */
    push(delta: string): boolean {
      if (refused.length) return false;
      pending += delta;
      const cut = completeUpTo();
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      return release(ready);
    },
    /** The end of the text: the last sentence is checked too. */
    finish(): boolean {
      if (refused.length) return false;
      const rest = pending;
      pending = '';
      return release(rest);
    },
    get sent() {
      return sent;
    },
    get refused() {
      return refused;
    },
  };
}
