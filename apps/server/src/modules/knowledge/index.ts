// What other modules may use of knowledge besides its service (knowledge.service.ts): the search's
// scale from a probability of answering to a similarity (search-calibration.ts), for the chatbot
// to read the passages at least so likely to answer.
export { similarityOfProbability } from './search-calibration';
