import type { RelatedWordsOf } from './query-terms';
import { createWordNet } from './wordnet';

/**
 * A parent's other words for a question's word, from WordNet: the synonyms of its two most common
 * senses (broader and narrower terms can be asked for, but on the development questions they
 * cost more wrong matches than they bridged: bench/knowledge-eval/ablation.ts). Only words the
 * knowledge base holds can match, so the lexicon's rarer senses cost a lookup and nothing else.
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
