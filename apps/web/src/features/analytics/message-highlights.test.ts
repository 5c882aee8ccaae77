import type { AnalyticsMessage } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { leadCreationMessageIndex, messageHighlights } from './message-highlights';

const user = (content: string): AnalyticsMessage => ({ role: 'user', content, timestamp: null });
const bot = (content: string): AnalyticsMessage => ({ role: 'assistant', content, timestamp: null });

describe('messageHighlights', () => {
  it('finds an email address', () => {
    expect(messageHighlights(user('It is harper.j@example.org'))).toEqual(['email']);
  });

  it('finds a name phrase in its three forms', () => {
    expect(messageHighlights(user('My name is Harper'))).toEqual(['name']);
    expect(messageHighlights(user('I’m Harper'))).toEqual(['name']);
    expect(messageHighlights(user("Hi, I'm Harper"))).toEqual(['name']);
    expect(messageHighlights(user('Just call me Harper'))).toContain('name');
  });

  it('finds special-needs words and child words', () => {
    expect(messageHighlights(user('My son has ADHD'))).toEqual(['special_needs', 'child']);
    expect(messageHighlights(user('She is dyslexic'))).toEqual(['special_needs']);
    expect(messageHighlights(user('Do you accept IEPs?'))).toEqual(['special_needs']);
    expect(messageHighlights(user('Our daughter is 7 years old'))).toEqual(['child']);
  });

  it('finds phone consent only when agreement comes with phone, text or call', () => {
    expect(messageHighlights(user('Yes, you can text me'))).toEqual(['phone_consent']);
    expect(messageHighlights(user('ok to call'))).toEqual(['phone_consent']);
    expect(messageHighlights(user('Yes please'))).toEqual([]);
    expect(messageHighlights(user('Do not call me'))).toContain('name');
    expect(messageHighlights(user('Do not call'))).toEqual([]);
  });

  it('finds a phone number but not a short number or an age', () => {
    expect(messageHighlights(user('Reach me on (555) 123-4567'))).toEqual(['phone']);
    expect(messageHighlights(user('+44 7700 900123'))).toEqual(['phone']);
    expect(messageHighlights(user('Grade 3 in 2026'))).toEqual(['child']);
  });

  it('never highlights the assistant', () => {
    expect(messageHighlights(bot('What is your email? My name is Lantern.'))).toEqual([]);
  });
});

describe('leadCreationMessageIndex', () => {
  const messages = [
    bot('Hello'),
    user('My email is harper@example.org'),
    bot('May we text you?'),
    user('Sure'),
    bot('Thanks!'),
    user('What time is the tour?'),
  ];

  it('is the last user message with an email, a phone number or an agreement word', () => {
    expect(leadCreationMessageIndex(messages, true)).toBe(3);
  });

  it('is none without a lead, or without such a message', () => {
    expect(leadCreationMessageIndex(messages, false)).toBe(-1);
    expect(leadCreationMessageIndex([user('Hello'), bot('Hi')], true)).toBe(-1);
  });
});
